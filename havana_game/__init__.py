"""Havana, the card game: rules engine, AI, pygame client and command line.

The rules engine is compiled with mypyc when the package is installed (see
setup.py). An editable install keeps the compiled modules beside their sources, so
an engine source edited after the last build would silently not run: importing the
package refuses that and says how to rebuild.
"""

from pathlib import Path


def refuse_stale_compiled_engine(rules: Path = Path(__file__).parent / "rules") -> None:
    """Raise ImportError if a compiled module in `rules` is older than its source."""
    for source in rules.glob("*.py"):
        for compiled in rules.glob(f"{source.stem}.*.so"):
            if compiled.stat().st_mtime < source.stat().st_mtime:
                raise ImportError(
                    f"the compiled rules engine is older than havana_game/rules/{source.name}; "
                    "rebuild it with `python3 -m pip install -e .` (or delete "
                    "havana_game/rules/*.so to run the pure-Python engine)")


refuse_stale_compiled_engine()
