"""Builds the rules engine with mypyc (compiled C extensions, about twice as fast).

Compiling is an optional speed-up: with HAVANA_PURE_PYTHON=1, or when compiling
fails (no C compiler, for example), the package installs with the pure-Python
engine, which plays exactly the same games; the engine's .py files stay the
reference source either way.
"""

import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ENGINE = sorted(str(p) for p in Path("havana_game/rules").glob("*.py") if p.name != "__init__.py")


class OptionalBuildExt(build_ext):
    """Builds every compiled module or none: on any failure the ones already built
    are removed and the install goes on with the pure-Python engine."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 - compilers fail in many ways
            for extension in self.extensions:
                Path(self.get_ext_fullpath(extension.name)).unlink(missing_ok=True)
            reason = str(error).splitlines()[0][:160] if str(error) else type(error).__name__
            sys.stderr.write(
                f"havana: could not compile the rules engine ({reason}); installing the "
                "pure-Python engine instead (same games, about half the speed; set "
                "HAVANA_PURE_PYTHON=1 to skip compiling)\n")


if os.environ.get("HAVANA_PURE_PYTHON") == "1":
    setup()
else:
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(ENGINE, opt_level="3"),
          cmdclass={"build_ext": OptionalBuildExt})
