"""Where everything goes on the table, for any window from 1280x720 to 3840x2160.

The table is designed on a 1280x720 grid and scaled; `TableLayout` holds the
panel rectangles (which never overlap) and the spots that animations fly
between.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pygame import Rect

from .edition import materials

BASE_W, BASE_H = 1280, 720
SEAT_COLUMN = (44, 466)
"""Design top and bottom of the opponents' column."""
SEAT_GAP = 7
"""Design gap between two opponents' panels."""
TALLEST_SEAT = 300
"""Design height of an opponent's panel at the most (with a single opponent)."""


@dataclass
class TableLayout:
    """Rectangles of the table's panels in window pixels."""

    size: tuple[int, int]
    scale: float
    top: Rect
    rows: Rect
    market: Rect
    log: Rect
    hand: Rect
    actions: Rect
    seats: dict[int, Rect] = field(default_factory=dict)

    def panels(self) -> dict[str, Rect]:
        """Every panel by name (for drawing and the no-overlap test)."""
        out = {"top": self.top, "rows": self.rows, "market": self.market, "log": self.log,
               "hand": self.hand, "actions": self.actions}
        out.update({f"seat{s}": r for s, r in self.seats.items()})
        return out

    def px(self, value: float) -> int:
        """A length of the 1280x720 design in window pixels."""
        return max(1, round(value * self.scale))

    def top_button(self, place: int) -> Rect:
        """The top bar's `place`-th button from the right (0: Menu, 1: Hint)."""
        width, gap = self.px(120), self.px(10)
        right = self.top.right - gap - place * (width + gap)
        return Rect(right - width, self.top.top + self.px(5), width, self.top.h - self.px(10))

    def card_size(self) -> tuple[int, int]:
        """Building cards in the rows."""
        return self.px(92), self.px(128)

    def row_card(self, row: int, index: int, count: int) -> Rect:
        """The card at `index` of a row of `count` cards, rows centered."""
        w, h = self.card_size()
        gap = self.px(8)
        label_w = self.px(26)
        area = self.rows.inflate(-self.px(12), -self.px(12))
        row_h = (area.h - self.px(8)) // 2
        total = count * w + max(0, count - 1) * gap
        left = area.left + label_w + (area.w - label_w - total) // 2
        top = area.top + row * (row_h + self.px(8)) + (row_h - h) // 2
        return Rect(left + index * (w + gap), top, w, h)

    def market_slot(self, name: str) -> Rect:
        """The spot of a material, "pesos", "workers" (the bank), "bag" or "pile"."""
        order = (*materials(), "pesos", "workers", "bag", "pile")
        i = order.index(name)
        inner = self.market.inflate(-self.px(16), -self.px(12))
        inner.top += self.px(22)
        inner.h -= self.px(22)
        slot_w = inner.w // len(order)
        return Rect(inner.left + i * slot_w, inner.top, slot_w, inner.h)

    def seat_anchor(self, seat: int) -> tuple[int, int]:
        """Where things flying to or from a seat land."""
        rect = self.seats[seat]
        return rect.centerx, rect.top + rect.h // 2


def _scaled(rect: tuple[float, float, float, float], sx: float, sy: float) -> Rect:
    x, y, w, h = rect
    return Rect(round(x * sx), round(y * sy), round(w * sx), round(h * sy))


def table_layout(size: tuple[int, int], players: int, you: int | None) -> TableLayout:
    """The table for a window of `size`; `you` (the seat at the screen) sits at the
    bottom, the other seats in turn order of seats along the left."""
    w, h = size
    sx, sy = w / BASE_W, h / BASE_H
    layout = TableLayout(
        size=size, scale=min(sx, sy),
        top=_scaled((0, 0, 1280, 36), sx, sy),
        rows=_scaled((324, 44, 632, 300), sx, sy),
        market=_scaled((324, 352, 632, 114), sx, sy),
        log=_scaled((964, 44, 308, 422), sx, sy),
        hand=_scaled((436, 474, 520, 238), sx, sy),
        actions=_scaled((964, 474, 308, 238), sx, sy),
    )
    first = you if you is not None else 0
    others = [(first + i) % players for i in range(1, players)] if you is not None \
        else list(range(players))
    top, bottom = SEAT_COLUMN
    slots = max(1, len(others))
    slot_h = min(TALLEST_SEAT, (bottom - top - SEAT_GAP * (slots - 1)) / slots)
    for i, seat in enumerate(others):
        layout.seats[seat] = _scaled((8, top + i * (slot_h + SEAT_GAP), 308, slot_h), sx, sy)
    if you is not None:
        layout.seats[you] = _scaled((8, 474, 420, 238), sx, sy)
    return layout
