"""Builds the rules engine with mypyc (compiled C extensions, about twice as fast).

Compiling is an optional speed-up: with HAVANA_PURE_PYTHON=1, or when compiling
fails (no C compiler, no Python headers, mypyc refusing the sources), the package
installs with the pure-Python engine, which plays exactly the same games, and one
line says so; the engine's .py files stay the reference source either way.
"""

import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ENGINE = sorted(str(p) for p in Path("havana_game/rules").glob("*.py") if p.name != "__init__.py")
SHARED_LIBRARY = "havana_game.rules"
"""mypyc's shared library of the engine: `havana_game/rules__mypyc.*.so`, one stable
name (mypyc's default is a hash of the sources, at the top of the tree)."""


def remove_compiled_engine() -> None:
    """Delete the compiled modules an earlier editable build left beside the engine's
    sources: a pure-Python install runs the sources."""
    for pattern in ("havana_game/rules/*.so", "havana_game/rules/*.pyd",
                    f"{SHARED_LIBRARY.replace('.', '/')}__mypyc.*"):
        for compiled in Path().glob(pattern):
            compiled.unlink()


def pure_engine(reason: str) -> None:
    """Install the pure-Python engine after all, and say why in one line."""
    remove_compiled_engine()
    sys.stderr.write(f"havana: could not compile the rules engine ({reason}); installing the "
                     "pure-Python engine instead (same games, about half the speed; "
                     "HAVANA_PURE_PYTHON=1 skips compiling)\n")


def first_line(error: BaseException) -> str:
    """The error's first line, its middle left out when long (a compiler's command)."""
    line = (str(error).strip().splitlines() or [type(error).__name__])[0]
    return line if len(line) <= 120 else f"{line[:60]} ... {line[-50:]}"


class OptionalBuildExt(build_ext):
    """Builds every compiled module or none: on a failure the ones already built are
    removed and the install goes on with the pure-Python engine."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 - compilers fail in many ways
            for extension in self.extensions:
                name = self.get_ext_fullname(extension.name)
                Path(self.build_lib, self.get_ext_filename(name)).unlink(missing_ok=True)
            pure_engine(first_line(error))


def compiled_engine() -> list[Extension]:
    """The engine's extensions; none (and one line why) when mypyc cannot make them."""
    try:
        from mypyc.build import mypycify

        return mypycify(ENGINE, opt_level="3", group_name=SHARED_LIBRARY)
    except SystemExit as error:  # mypyc's way out, after printing the type errors
        reason = error.code if isinstance(error.code, str) else "type errors, listed above"
        pure_engine(f"mypyc: {reason}")
    except Exception as error:  # noqa: BLE001 - mypy not installed, or failing
        pure_engine(f"mypyc: {first_line(error)}")
    return []


if os.environ.get("HAVANA_PURE_PYTHON") == "1":
    remove_compiled_engine()
    setup()
else:
    setup(ext_modules=compiled_engine(), cmdclass={"build_ext": OptionalBuildExt})
