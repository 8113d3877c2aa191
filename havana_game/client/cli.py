"""`havana play` and `havana screenshot`; plain `havana` opens the menu (`run_menu`)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from ..bot_levels import BOT_LEVEL_NAMES
from ..editions import DEFAULT_EDITION, EDITIONS
from ..i18n import LANGUAGES
from .profile.settings import TEXT_SIZES

MIN_SIZE = (1280, 720)
"""The smallest window the table is laid out for (`app.MIN_SIZE`)."""
MAX_SIZE = (7680, 4320)


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1920x1080, not {text!r}") from None
    if not (MIN_SIZE[0] <= w <= MAX_SIZE[0] and MIN_SIZE[1] <= h <= MAX_SIZE[1]):
        raise argparse.ArgumentTypeError(
            f"size must be from {MIN_SIZE[0]}x{MIN_SIZE[1]} to {MAX_SIZE[0]}x{MAX_SIZE[1]}, "
            f"not {text}")
    return w, h


def _name(text: str) -> str:
    name = text.strip()
    if not 1 <= len(name) <= 32 or not name.isprintable():
        raise argparse.ArgumentTypeError("a name must be 1 to 32 printable characters")
    return name


def no_display() -> str | None:
    """Start the video system quietly; why no window can be shown, if it cannot (where
    there is no display SDL falls back to an invisible window, unless SDL_VIDEODRIVER
    asks for one)."""
    import pygame

    from .quiet import native_errors_hidden
    with native_errors_hidden():  # libwayland complains about XDG_RUNTIME_DIR
        pygame.display.init()
    if pygame.display.get_driver() in ("offscreen", "dummy") and \
            "SDL_VIDEODRIVER" not in os.environ:
        return "no display to open the game window on (is DISPLAY or WAYLAND_DISPLAY set?)"
    return None


def run_menu(args: argparse.Namespace | None = None) -> int:
    """Open the window on the title menu."""
    if reason := no_display():
        print(f"havana: {reason}", file=sys.stderr)
        return 2
    from .app import App
    return App().run()


def seat_kinds(players: int, humans: int, ai: str) -> list[str]:
    """"human" for the first `humans` seats, then one AI level per other seat (the
    last level repeats when fewer are given); ValueError on unknown or extra levels."""
    levels = [level.strip() for level in ai.split(",") if level.strip()] or ["random"]
    unknown = sorted(set(levels) - set(BOT_LEVEL_NAMES))
    if unknown:
        raise ValueError(f"unknown AI level(s) {', '.join(unknown)}; "
                         f"known: {', '.join(BOT_LEVEL_NAMES)}")
    if not 1 <= humans <= players:
        raise ValueError(f"--humans must be from 1 to --players ({players})")
    if len(levels) > players - humans:
        raise ValueError(f"{len(levels)} AI levels for {players - humans} AI seat(s) "
                         f"({players} players, {humans} human)")
    return ["human"] * humans + [levels[min(i, len(levels) - 1)]
                                 for i in range(players - humans)]


def _play(args: argparse.Namespace) -> int:
    try:
        kinds = seat_kinds(args.players, args.humans, args.ai)
    except ValueError as error:
        print(f"havana play: {error}", file=sys.stderr)
        return 2
    if reason := no_display():
        print(f"havana play: {reason}", file=sys.stderr)
        return 2
    from .app import App
    from .profile.settings import Settings
    from .session.link import DEFAULT_NAMES
    from .session.netlink import NetLink
    settings = Settings.load()
    settings.language = args.language or settings.language
    app = App(settings)
    first = args.name or app.settings.shown_name()
    names = [first, *DEFAULT_NAMES[1:]][: args.players]
    app.show("table", NetLink.local(kinds, names, seed=args.seed, edition=args.edition))
    return app.run()


def _screenshot(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .shots import render_screen
    render_screen(args.scene, args.players, args.seed, args.round, args.size, args.out,
                  args.language, args.edition, args.text_size)
    print(f"havana screenshot: {args.scene} saved to {args.out}")
    return 0


def register(sub: Any) -> None:
    """Add `play` and `screenshot` to the `havana` command."""
    play = sub.add_parser("play", help="start a local game directly",
                          description="Start a local game at once: you against AI seats, "
                                      "or several people at this screen (hotseat).")
    play.add_argument("--players", type=int, choices=(2, 3, 4), default=4,
                      help="players at the table")
    play.add_argument("--ai", default="random", metavar="LEVEL,...",
                      help="AI level per AI seat, comma separated; the last one repeats "
                           f"(levels: {', '.join(BOT_LEVEL_NAMES)})")
    play.add_argument("--humans", type=int, default=1,
                      help="human seats at this screen (2 or more: hotseat)")
    play.add_argument("--seed", type=int, default=None,
                      help="deal this game (the same seed gives the same game); "
                           "default: a random deal")
    play.add_argument("--language", choices=LANGUAGES, default=None,
                      help="text language; default: the one set in Settings")
    play.add_argument("--name", type=_name, default=None,
                      help="your name at the table; default: the one set in Settings")
    play.add_argument("--edition", choices=EDITIONS, default=DEFAULT_EDITION,
                      help="the rules and cards to play with")
    play.set_defaults(func=_play)
    shot = sub.add_parser("screenshot", help="render a screen offscreen to a PNG")
    shot.add_argument("--players", type=int, choices=(2, 3, 4), default=4,
                      help="players at the table")
    shot.add_argument("--seed", type=int, default=1, help="the game's seed")
    shot.add_argument("--size", type=_size, default=MIN_SIZE, metavar="WxH",
                      help=f"image size, at least {MIN_SIZE[0]}x{MIN_SIZE[1]}")
    shot.add_argument("--out", required=True, metavar="FILE.png", help="where to write it")
    shot.add_argument("--scene", choices=("table", "menu", "results"), default="table",
                      help="what to show")
    shot.add_argument("--round", type=int, default=3,
                      help="for the table: bots play until this round")
    shot.add_argument("--language", choices=LANGUAGES, default=None,
                      help="text language; default: the system locale's")
    shot.add_argument("--edition", choices=EDITIONS, default=DEFAULT_EDITION,
                      help="the rules and cards of the game shown")
    shot.add_argument("--text-size", type=float, choices=TEXT_SIZES, default=1.0,
                      help="the text-size setting (1.5: 150 %%)")
    shot.set_defaults(func=_screenshot)
