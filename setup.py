"""Builds the rules engine with mypyc (compiled C extensions) unless
HAVANA_PURE_PYTHON=1 is set; the engine's .py files stay the reference source."""

import os
from pathlib import Path

from setuptools import setup

ENGINE = sorted(str(p) for p in Path("havana_game/rules").glob("*.py") if p.name != "__init__.py")

if os.environ.get("HAVANA_PURE_PYTHON") == "1":
    setup()
else:
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(ENGINE, opt_level="3"))
