"""Havana, the card game: rules engine, AI, pygame client and command line.

The rules engine is compiled with mypyc when the package is installed (see
setup.py). An editable install (the package inside its source tree, beside
pyproject.toml) keeps the compiled modules beside their sources, so an engine
source edited after the last build would silently not run: importing the package
refuses that and says how to rebuild. An installed wheel is never checked: its
files are unpacked in any order, so their times say nothing. With HAVANA_PURE_PYTHON=1 in the
environment the engine is imported from its sources even where compiled modules
exist (CI runs the engine tests both ways).
"""

import os
import sys
from importlib.abc import MetaPathFinder
from importlib.machinery import (
    EXTENSION_SUFFIXES,
    SOURCE_SUFFIXES,
    FileFinder,
    ModuleSpec,
    SourceFileLoader,
)
from pathlib import Path

RULES = Path(__file__).parent / "rules"
SOURCE_TREE = Path(__file__).parent.parent / "pyproject.toml"
"""Present when this package runs from its source tree (an editable install or a
checkout), absent in an installed wheel or a bundled app."""

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # every command starts quietly


def refuse_stale_compiled_engine(rules: Path = RULES) -> None:
    """Raise ImportError if a compiled module in `rules` is older than its source."""
    for source in rules.glob("*.py"):
        for compiled in (*rules.glob(f"{source.stem}.*.so"), *rules.glob(f"{source.stem}.*.pyd")):
            if compiled.stat().st_mtime < source.stat().st_mtime:
                raise ImportError(
                    f"the compiled rules engine is older than havana_game/rules/{source.name}; "
                    "rebuild it with `python3 -m pip install -e .` (or delete "
                    "havana_game/rules/*.so to run the pure-Python engine)")


class EngineSources(MetaPathFinder):
    """Finds the engine's modules among their .py sources only."""

    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> ModuleSpec | None:
        if not fullname.startswith("havana_game.rules."):
            return None
        return FileFinder(str(RULES), (SourceFileLoader, SOURCE_SUFFIXES)).find_spec(fullname)


def engine_kind() -> str:
    """"compiled" or "pure Python": which rules engine this process runs."""
    from .rules import engine

    return ("compiled" if (engine.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
            else "pure Python")


if os.environ.get("HAVANA_PURE_PYTHON") == "1":
    sys.meta_path.insert(0, EngineSources())
elif SOURCE_TREE.exists():
    refuse_stale_compiled_engine()
