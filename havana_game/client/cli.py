"""`havana play` and `havana screenshot`; plain `havana` opens the menu (`run_menu`)."""

from __future__ import annotations

import argparse
import os
from typing import Any

from ..i18n import LANGUAGES


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError("size must look like 1280x720") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise argparse.ArgumentTypeError("size out of range")
    return w, h


def run_menu(args: argparse.Namespace | None = None) -> int:
    """Open the window on the title menu."""
    from .app import App
    return App().run()


def _play(args: argparse.Namespace) -> int:
    from ..ai import BOT_LEVELS
    from .app import App
    from .link import DEFAULT_NAMES
    from .netlink import NetLink
    from .scenes.table import TableScene
    levels = [level.strip() for level in args.ai.split(",") if level.strip()] or ["random"]
    unknown = sorted(set(levels) - set(BOT_LEVELS))
    if unknown:
        print(f"havana play: unknown AI level(s) {unknown}; known: {sorted(BOT_LEVELS)}")
        return 2
    humans = max(1, min(args.humans, args.players))
    kinds = ["human"] * humans + [levels[min(i, len(levels) - 1)]
                                  for i in range(args.players - humans)]
    app = App()
    names = [app.settings.shown_name(), *DEFAULT_NAMES[1:]][: args.players]
    app.switch(TableScene(app, NetLink.local(kinds, names)))
    return app.run()


def _screenshot(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .shots import render_screen
    render_screen(args.scene, args.players, args.seed, args.round, args.size, args.out,
                  args.language)
    print(f"havana screenshot: {args.scene} saved to {args.out}")
    return 0


def register(sub: Any) -> None:
    """Add `play` and `screenshot` to the `havana` command."""
    play = sub.add_parser("play", help="start a local game directly")
    play.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    play.add_argument("--ai", default="random",
                      help="AI level per AI seat, comma separated (e.g. easy,medium,hard)")
    play.add_argument("--humans", type=int, default=1,
                      help="human seats at this screen (2+ is hotseat)")
    play.set_defaults(func=_play)
    shot = sub.add_parser("screenshot", help="render a screen offscreen to a PNG")
    shot.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    shot.add_argument("--seed", type=int, default=1)
    shot.add_argument("--size", type=_size, default=(1280, 720))
    shot.add_argument("--out", required=True)
    shot.add_argument("--scene", choices=("table", "menu", "results"), default="table")
    shot.add_argument("--round", type=int, default=3)
    shot.add_argument("--language", choices=LANGUAGES,
                      help="text language (default: the system locale's)")
    shot.set_defaults(func=_screenshot)
