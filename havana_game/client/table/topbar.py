"""The top bar: the round and phase, the turn-order chips (shrunk to fit between
the title and the goal; a name too long for the bar left off its chip, which its
seat's color and number then name) and the VP goal."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...rules import View
from ..ui import art, fonts
from ..ui.i18n import tr, tr_name
from .canvas import Canvas, draw_label
from .layout import TableLayout


@dataclass
class Placed:
    """A text placed on the table: what it says, its font size, where it goes."""

    text: str
    size: int
    rect: pygame.Rect
    tip: str = ""
    """The chip's text with the seat's name, when `text` leaves the name off."""


TOP_TEXT, CHIP_TEXT, CHIP_FLOOR = 15, 13, 10
"""Design sizes of the top bar's title and goal, of the turn-order chips, and the
smallest the chips shrink to before the longest names are left off them."""


def top_bar(layout: TableLayout, view: View, names: list[str], buttons: int = 1) -> \
        tuple[Placed, list[Placed], Placed]:
    """The top bar's parts: the round and phase at the left, the goal before the
    bar's `buttons` buttons (Menu, Hint), and between them the round's turn-order
    chips, which shrink (down to `CHIP_FLOOR`) and then leave off the names that
    the bar has no room for."""
    rect, px = layout.top, layout.px
    phase = tr_name("phase", phase=view["phase"])
    text = tr("round_phase", n=view["round"], phase=phase) if view["round"] else phase
    room = px(380)
    size = fonts.fit_size(text, px(TOP_TEXT), room, 1, True)
    title = _placed(text, size, "midleft",
                    (rect.left + px(12), rect.centery))
    goal = _placed(tr("target", vp=view["target_vp"]), px(TOP_TEXT), "midright",
                   (layout.top_button(buttons - 1).left - px(20), rect.centery))
    area = pygame.Rect(title.rect.right + px(16), rect.top + px(6), 0, rect.h - px(12))
    area.w = goal.rect.left - px(16) - area.left
    return title, _chips(layout, view, names, area), goal


def _placed(text: str, size: int, anchor: str, pos: tuple[int, int]) -> Placed:
    rect = pygame.Rect((0, 0), fonts.font(size, True).size(text))
    setattr(rect, anchor, pos)
    return Placed(text, size, rect)


def _chips(layout: TableLayout, view: View, names: list[str], area: pygame.Rect) -> \
        list[Placed]:
    """The turn-order chips fitted into `area`, centered in it."""
    px = layout.px
    gap, inner = px(8), px(16)
    numbers = [(place, view["seats"][seat]["number"]) for place, seat
               in enumerate(view["order"])]
    full = [_chip_text(place, number, names[seat])
            for (place, number), seat in zip(numbers, view["order"], strict=True)]
    room = area.w - gap * max(0, len(full) - 1) - inner * len(full)
    sizes = range(px(CHIP_TEXT), min(px(CHIP_TEXT), px(CHIP_FLOOR)) - 1, -1)
    size = next((s for s in sizes if sum(_width(t, s) for t in full) <= room), sizes[-1])
    texts = list(full)
    for widest in sorted(range(len(full)), key=lambda i: -_width(full[i], size)):
        if sum(_width(t, size) for t in texts) <= room:
            break
        texts[widest] = _chip_text(*numbers[widest], "")  # (the longest names first)
    widths = [_width(t, size) + inner for t in texts]
    x = area.left + max(0, (area.w - sum(widths) - gap * (len(widths) - 1)) // 2)
    chips = []
    for text, whole, width in zip(texts, full, widths, strict=True):
        chips.append(Placed(text, size, pygame.Rect(x, area.top, width, area.h),
                            whole if text != whole else ""))
        x += width + gap
    return chips


def _chip_text(place: int, number: int | None, name: str) -> str:
    """How a turn-order chip reads: the seat's name (before the numbers are
    shown, else between its place and number); without one (""), its place and
    number, or only its place."""
    if number is None:
        return name or f"{place + 1}."
    return f"{place + 1}. {name}  {number:02d}" if name else f"{place + 1}. {number:02d}"


def _width(text: str, size: int) -> int:
    return fonts.font(size, True).size(text)[0]


def draw_top(surface: pygame.Surface, canvas: Canvas, view: View, names: list[str],
             buttons: int = 1) -> None:
    """Round and phase, the round's turn order (active seat highlighted), the goal
    (before the bar's `buttons` buttons)."""
    rect = canvas.layout.top
    pygame.draw.rect(surface, (22, 34, 30), rect)
    pygame.draw.line(surface, art.PANEL_EDGE, rect.bottomleft, rect.bottomright)
    title, chips, goal = top_bar(canvas.layout, view, names, buttons)
    draw_label(surface, title.text, title.size, title.rect.topleft, art.TEXT_LIGHT, True)
    for chip, seat in zip(chips, view["order"], strict=True):
        pygame.draw.rect(surface, art.SEAT_COLORS[seat], chip.rect,
                         border_radius=chip.rect.h // 2)
        if view["active"] == seat and view["phase"] in ("actions", "cover"):
            pygame.draw.rect(surface, (255, 255, 255), chip.rect, canvas.px(2),
                             border_radius=chip.rect.h // 2)
        draw_label(surface, chip.text, chip.size, chip.rect.center, art.INK, True, "center")
        if chip.tip:
            canvas.hovers.append((chip.rect, chip.tip))
    draw_label(surface, goal.text, goal.size, goal.rect.topleft, art.ACCENT, True)
