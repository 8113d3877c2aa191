"""Every screen in every language and text size, at 1280x720 and 1920x1080, and
every text of the catalogs drawn where the game draws it (`client/textpieces.py`:
prompts, refusals, log and recap lines, hints, questions, tooltips, lesson steps):
the texts without room (cut short by an ellipsis or by lines left out, off the
window, overlapping another text, across a button's or a picture's edge) and
buttons whose words shrink back at a larger text size, as
`tests/test_client_text_room.py` checks.

    python3 tools/text_audit.py [LANGUAGE ...]
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from havana_game.client.profile.settings import TEXT_SIZES  # noqa: E402
from havana_game.client.shots import text_problems  # noqa: E402
from havana_game.i18n import LANGUAGES  # noqa: E402

SIZES = ((1280, 720), (1920, 1080))


def main(languages: list[str]) -> int:
    """Print each problem found; 1 if any."""
    os.environ["HAVANA_CONFIG_DIR"] = tempfile.mkdtemp()
    failed = False
    for language in languages or LANGUAGES:
        for text_size in TEXT_SIZES:
            for size in SIZES:
                for name, problems in text_problems(size, language, text_size).items():
                    for problem in problems:
                        failed = True
                        print(f"{language} {text_size:.0%} {size[0]}x{size[1]} {name}: {problem}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
