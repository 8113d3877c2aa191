"""The buttons of the action panel for each kind of decision: which face-up card
to carry out and its options, a Tax Collector pick, building (end the turn, the
next payment), which card to cover. Sizes are design pixels (`TableLayout.px`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from ...rules import View
from ..ui.i18n import tr
from ..ui.widgets import Button, grown_for
from .choices import option_label
from .controller import TableController
from .logtext import card_name
from .staging import Staging
from .targets import FaceUpCard

ROW_H = 26
"""Height of one row of option buttons."""
ROW_GAP = 5
"""Space between two rows (and two columns) of buttons."""
END_TURN_H = 30
PAY_NEXT_W, PAY_NEXT_H = 40, 28
ICON = 16
"""Material icons inside option buttons."""


Entry = tuple[str, str, list[pygame.Surface], Callable[[], None], bool]
"""An option panel button to be: its name, label, icons, action, whether staged."""


def _nothing() -> None:
    """(A button measured, never shown.)"""


def _pages(heights: list[int], room: int, pager: int, gap: int) -> list[list[int]]:
    """Rows of `heights` (indexes) by page: all on one if they fit in `room`, else
    as many a page as fit above the page buttons (`pager` high with its gap)."""
    if sum(heights) + gap * (len(heights) - 1) <= room:
        return [list(range(len(heights)))]
    pages: list[list[int]] = [[]]
    used = 0
    for i, height in enumerate(heights):
        if pages[-1] and used + gap + height > room - pager:
            pages.append([])
        used = height if not pages[-1] else used + gap + height
        pages[-1].append(i)
    return pages


class ControlBuilder:
    """Lays out the decision buttons in `body` for the seat at the screen."""

    def __init__(self, controller: TableController, px: Callable[[float], int],
                 names: list[str], letters: bool) -> None:
        self.controller = controller
        self.px = px
        self.names = names
        self.letters = letters
        self.buttons: list[Button] = []

    @property
    def staging(self) -> Staging:
        return self.controller.staging

    def build(self, view: View, current: str, face_up: list[int],
              body: pygame.Rect) -> list[Button]:
        """The buttons for decision mode `current`."""
        self.buttons = []
        if current == "build":
            self._build(view, body)
        elif current == "act":
            self._act(view, face_up, body)
        elif current == "tax":
            self._options(view, list(enumerate(self.staging.options(view))), body)
        elif current == "cover":
            self._cover(face_up, body)
        return self.buttons

    def _grid(self, body: pygame.Rect, count: int) -> list[pygame.Rect]:
        """`count` button rectangles in two columns from the top of `body`."""
        h, gap = self.px(ROW_H), self.px(ROW_GAP)
        w = (body.w - gap) // 2
        return [pygame.Rect(body.left + (i % 2) * (w + gap), body.top + (i // 2) * (h + gap), w, h)
                for i in range(count)]

    def _face_up_buttons(self, prefix: str, face_up: list[int], body: pygame.Rect,
                         enabled: set[int] | None, selected: int | None) -> None:
        for card, rect in zip(face_up, self._grid(body, len(face_up)), strict=True):
            self.buttons.append(Button(f"{prefix}:{card}", rect, card_name(card),
                                       partial(self.controller.pick, FaceUpCard(card)),
                                       enabled=enabled is None or card in enabled,
                                       selected=selected == card))

    def _act(self, view: View, face_up: list[int], body: pygame.Rect) -> None:
        """Which face-up card to carry out, then its options below."""
        self._face_up_buttons("act", face_up, body, {d["card"] for d in view["legal"]},
                              self.staging.act_card)
        options = list(enumerate(self.staging.options(view)))
        if self.staging.taking_back(view):  # the cards are shown in the hand's place
            options = [(i, d) for i, d in options if d.get("target") is None]
        if options:
            shift = (len(face_up) + 1) // 2 * self.px(ROW_H + ROW_GAP)
            below = pygame.Rect(body.left, body.top + shift, body.w, body.h - shift)
            if self.staging.puts(view):
                self._lay_out(self._recycling(view, options), below)
            else:
                self._options(view, options, below)

    def _recycling(self, view: View, options: list[tuple[int, dict[str, Any]]]) -> \
            list[Entry]:
        """Reciclaje in two steps, as on the phone page: first the hand card to put
        down (a button each; an option that puts none down as itself), then the
        card to take back among the options that put it down, and a button back to
        the first step. A staged option (a hint's) shows its step."""
        put = self.staging.put_down(view)
        if put is None:
            return [(f"put:{card}", card_name(card), [], partial(self.controller.choose_put, card),
                     False) for card in self.staging.puts(view)] + \
                [self._entry(view, index, d) for index, d in options if d.get("put") is None]
        back: Entry = ("put_back", f"◀ {card_name(put)}", [],
                       partial(self.controller.choose_put, None), True)
        return [self._entry(view, index, d, taken_only=True)
                for index, d in options if d.get("put") == put] + [back]

    def _entry(self, view: View, index: int, decision: dict[str, Any],
               taken_only: bool = False) -> Entry:
        """Option `index`'s button: its name, label, icons, action, whether staged."""
        text, icons = option_label(view, decision, self.names, self.px(ICON), self.letters)
        if taken_only:  # (the card put down is on the button before)
            text = tr("option.recycle_same", card=card_name(decision["put"])) \
                if decision["target"] == decision["put"] \
                else tr("option.card", card=card_name(decision["target"]))
        return (f"option:{index}", text, icons, partial(self.controller.pick_option, index),
                self.staging.option == index)

    def _options(self, view: View, options: list[tuple[int, dict[str, Any]]],
                 body: pygame.Rect) -> None:
        """One button per option (each with its index among the staged card's
        options)."""
        self._lay_out([self._entry(view, index, decision) for index, decision in options],
                      body)

    def _lay_out(self, entries: list[Entry], body: pygame.Rect) -> None:
        """The buttons of `entries`, every label at a one-line button's text size:
        in a grid of two columns where each label takes one line of half the width,
        else in rows where a longer label takes the row and grows for its lines
        (`_rows`); paged when they do not all fit."""
        h, gap = self.px(ROW_H), self.px(ROW_GAP)
        half = (body.w - gap) // 2
        halves = [not Button("", pygame.Rect(0, 0, half, h), text, _nothing, icons=icons).shrunk()
                  for _, text, icons, _, _ in entries]
        if not all(halves):
            self._rows(entries, halves, body)
            return
        room = (body.h + gap) // (h + gap) * 2
        per_page = max(1, room if len(entries) <= room else room - 1)
        pages = max(1, -(-len(entries) // per_page))
        self.controller.option_page %= pages
        first = self.controller.option_page * per_page
        rects = self._grid(body, per_page + 1)
        for (name, text, icons, action, selected), rect in zip(
                entries[first:first + per_page], rects, strict=False):
            self.buttons.append(Button(name, rect, text, action, icons=icons, selected=selected))
        if pages > 1:  # the last slot: back a page, and the page number going on
            self._pager(rects[per_page], pages)

    def _rows(self, entries: list[Entry], halves: list[bool], body: pygame.Rect) -> None:
        """`entries` in reading order, two a row where both labels take one line of
        half the width (`halves`), else one across the row, as high as its label's
        lines (at a one-line button's text size); as many rows a page as fit above
        the page buttons."""
        h, gap = self.px(ROW_H), self.px(ROW_GAP)
        half = (body.w - gap) // 2
        rows: list[list[tuple[int, int, int]]] = []  # (entry, width, height)
        for i, (_, text, icons, _, _) in enumerate(entries):
            if halves[i]:
                if rows and len(rows[-1]) == 1 and rows[-1][0][1] == half:
                    rows[-1].append((i, half, h))
                else:
                    rows.append([(i, half, h)])
            else:
                rows.append([(i, body.w, grown_for(
                    text, body.w - sum(icon.get_width() + 2 for icon in icons), h))])
        heights = [max(height for _, _, height in row) for row in rows]
        pages = _pages(heights, body.h, h + gap, gap)
        self.controller.option_page %= len(pages)
        top = body.top
        for r in pages[self.controller.option_page]:
            for column, (i, width, _) in enumerate(rows[r]):
                name, text, icons, action, selected = entries[i]
                rect = pygame.Rect(body.left + column * (half + gap), top, width, heights[r])
                self.buttons.append(Button(name, rect, text, action, icons=icons,
                                           selected=selected, line_height=h))
            top += heights[r] + gap
        if len(pages) > 1:
            self._pager(pygame.Rect(body.left, top, half, h), len(pages))

    def _pager(self, slot: pygame.Rect, pages: int) -> None:
        """In `slot`: back a page, and the page number going on."""
        back = pygame.Rect(slot.left, slot.top, slot.w // 3, slot.h)
        self.buttons += [
            Button("page_back", back, "◀", self.controller.previous_page),
            Button("page", pygame.Rect(back.right + self.px(4), slot.top,
                                       slot.right - back.right - self.px(4), slot.h),
                   f"{self.controller.option_page + 1}/{pages} ▶", self.controller.next_page)]

    def _build(self, view: View, body: pygame.Rect) -> None:
        """End the turn; flip through the payments of the staged building."""
        end_turn = next(d for d in view["legal"] if d["kind"] == "end_turn")
        self.buttons.append(Button("end_turn", pygame.Rect(body.left,
                                                           body.bottom - self.px(END_TURN_H),
                                                           body.w, self.px(END_TURN_H)),
                                   tr("end_turn"), partial(self.controller.send, end_turn)))
        if len(self.staging.payments(view)) > 1:
            self.buttons.append(Button("pay_next", pygame.Rect(
                body.right - self.px(PAY_NEXT_W), body.top, self.px(PAY_NEXT_W),
                self.px(PAY_NEXT_H)), "▶", self.controller.next_payment))

    def _cover(self, face_up: list[int], body: pygame.Rect) -> None:
        """Which face-up card the new one covers."""
        self._face_up_buttons("cover", face_up, body, None, self.staging.covered)
