"""The compiled engine never runs older than its sources."""

import os

import pytest

from havana_game import refuse_stale_compiled_engine


def test_a_compiled_module_older_than_its_source_is_refused(tmp_path):
    source = tmp_path / "engine.py"
    compiled = tmp_path / "engine.cpython-311-x86_64-linux-gnu.so"
    compiled.write_bytes(b"")
    source.write_text("")
    os.utime(compiled, (1_000_000, 1_000_000))
    with pytest.raises(ImportError, match="pip install -e"):
        refuse_stale_compiled_engine(tmp_path)
    os.utime(compiled, None)
    os.utime(source, (1_000_000, 1_000_000))
    refuse_stale_compiled_engine(tmp_path)

