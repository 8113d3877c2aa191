"""The web seat page's logic modules (havana_game/web: staging, option labels, log
lines; no DOM) are tested in Node (tests/web/*.test.mjs): run here when Node.js is
installed (/usr/bin/node: Debian's nodejs on CI), skipped otherwise."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

NODE = Path("/usr/bin/node")
ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(not NODE.exists(), reason="no Node.js at /usr/bin/node")
def test_the_pages_logic_passes_its_node_tests() -> None:
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "web").glob("*.test.mjs"))
    assert files
    done = subprocess.run([str(NODE), "--test", *files], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
