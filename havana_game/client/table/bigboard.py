"""What the big screen's parts share: the board it draws (what its scene keeps),
its design size and smallest text, and its scaled lengths and text sizes."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from ...rules import View
from ..ui import art, fonts
from ..ui.i18n import tr
from ..ui.tween import Animator
from .canvas import draw_label
from .reactions import Bubbles

BASE_W, BASE_H = 1920, 1080
"""The display's design size."""
MIN_TEXT = 28
"""The smallest text on the display at 1920x1080, in pixels."""
MIN_SHRUNK = 12
"""The smallest text a free seat's link and code shrink to in a small window."""


@dataclass
class Board:
    """What the display shows, as its scene keeps it."""

    seats: list[dict[str, Any]] = field(default_factory=list)
    """The host's seats (`table` message): name, kind ("human", "bot", "open"), level."""
    view: View | None = None
    """The latest spectator view (None before the game starts)."""
    log: list[str] = field(default_factory=list)
    web: str = ""
    """The web seat page's link (with the join code)."""
    code: str = ""
    autostart: bool = False
    """The game starts by itself once every seat is taken (said in the waiting room)."""
    status: str = ""
    """Connection trouble or a refusal, shown in the top bar; "" when fine."""
    animator: Animator = field(default_factory=Animator)
    """The moves in flight (`motion_layout`), drawn over the board; VP count up."""
    hidden: set[str] = field(default_factory=set)
    """Buildings dealt into the rows and still in flight (not drawn there yet)."""
    bubbles: Bubbles = field(default_factory=Bubbles)
    """The seats' quick reactions shown."""


def scale_of(size: tuple[int, int]) -> float:
    """The display's scale in a window of `size` (1 at the design size)."""
    return min(size[0] / BASE_W, size[1] / BASE_H)


def px(s: float, value: float) -> int:
    """A length of the design at the scale `s`."""
    return max(1, round(value * s))


def text_size(s: float, value: float) -> int:
    """A text size of the design, never under `MIN_TEXT` at 1920x1080."""
    return px(s, max(MIN_TEXT, value))


def shrunk(s: float, value: float, look: float) -> int:
    """A text size of the display (`text_size`) `look` times as large, never smaller
    than 100 % shows it."""
    size = text_size(s, value)
    return max(fonts.readable(size), round(size * look))


@fonts.drawn_with_text  # (forgotten with the text size)
@lru_cache(maxsize=1024)
def text_width(words: str, size: int, bold: bool) -> int:
    """How wide `words` are at `size` (measured for every seat at every `seat_look`
    tried, each frame)."""
    return fonts.font(size, bold).size(words)[0]


def name_of(board: Board, seat: int) -> str:
    """The seat's player as the host names them ("Player 3" for a seat with no
    name: an open one, played meanwhile by a stand-in)."""
    info = board.seats[seat] if seat < len(board.seats) else {}
    return str(info.get("name") or f"{tr('player.default')} {seat + 1}")


def draw_lines(surface: pygame.Surface, lines: list[tuple[str, art.Color, bool]], size: int,
           area: pygame.Rect, s: float, center: bool = False) -> None:
    """Lines of (text, color, bold) from the top of `area`, as many as it holds."""
    step = fonts.line_step(size, 1.25)
    y = area.top
    for text, color, bold in lines:
        if y + step > area.bottom + step // 4:
            break
        anchor, x = ("midtop", area.centerx) if center else ("topleft", area.left)
        draw_label(surface, text, size, (x, y), color, bold, anchor)
        y += step


def fitted(text: str, size: int, floor: int, width: int, height: int, bold: bool = False,
           spacing: float = 1.25) -> tuple[int, tuple[str, ...]]:
    """(size, lines): `text` wrapped to `width` at the largest size from `size`
    down to `floor` whose lines, `spacing` apart, fit `height`; else at `floor`,
    all its lines (never cut: they then reach past `height`)."""
    for tried in range(size, min(size, floor) - 1, -1):
        lines = fonts.wrap(text, tried, width, bold)
        if len(lines) * fonts.line_step(tried, spacing) <= height and \
                all(fonts.font(tried, bold).size(line)[0] <= width for line in lines):
            return tried, lines
    return min(size, floor), fonts.wrap(text, min(size, floor), width, bold)
