"""Write the web seat page's copy of the presentation vocabulary
(`havana_game/data/presentation.json`), so the page and the desktop client show
the game alike from one source: `havana_game/web/presentation.js` (the whole
vocabulary as an ES module: card effects' looks, payment weights, decision modes,
each event's log line, ...) and `havana_game/web/presentation.css` (the materials' and
seats' colors as CSS variables). tests/test_web_presentation.py checks that the
files are what this writes.

    python tools/web_presentation.py          # write both files
    python tools/web_presentation.py --check  # exit 1 if either is out of date
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from havana_game import presentation

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "havana_game" / "web"
HEADER = ("Written by tools/web_presentation.py from havana_game/data/presentation.json: "
          "do not edit.")


def _hex(color: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*color)


def javascript() -> str:
    """presentation.js: the vocabulary as `PRESENTATION`, a line per section."""
    sections = ",\n".join(
        f"  {json.dumps(name)}: {json.dumps(value, ensure_ascii=False, sort_keys=True)}"
        for name, value in sorted(presentation.vocabulary().items()))
    return f"// {HEADER}\n\nexport const PRESENTATION = {{\n{sections},\n}};\n"


def stylesheet() -> str:
    """presentation.css: `--<material>` and `--seat<i>` colors."""
    colors = [*presentation.material_colors().items(),
              *((f"seat{i}", color) for i, color in enumerate(presentation.seat_colors()))]
    lines = [f"  --{name}: {_hex(color)};" for name, color in colors]
    return f"/* {HEADER} */\n:root {{\n" + "\n".join(lines) + "\n}\n"


def files() -> dict[Path, str]:
    """Each written file and what it must hold."""
    return {WEB / "presentation.js": javascript(), WEB / "presentation.css": stylesheet()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check the files")
    args = parser.parse_args(argv)
    stale = [path for path, text in files().items()
             if not path.exists() or path.read_text("utf-8") != text]
    if args.check:
        for path in stale:
            print(f"{path.relative_to(ROOT)} is out of date: python tools/web_presentation.py")
        return 1 if stale else 0
    for path in stale:
        path.write_text(files()[path], "utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
