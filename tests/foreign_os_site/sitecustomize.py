"""Applies `tests/foreign_os.py` in every Python process a foreign-OS test run
starts (this folder is first on PYTHONPATH there; see that file)."""

import os

if os.environ.get("HAVANA_FOREIGN_OS"):
    import importlib.util
    from pathlib import Path

    _spec = importlib.util.spec_from_file_location(
        "havana_foreign_os", Path(__file__).resolve().parent.parent / "foreign_os.py")
    assert _spec is not None and _spec.loader is not None
    _module = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(_module)
    _module.apply(os.environ["HAVANA_FOREIGN_OS"])
