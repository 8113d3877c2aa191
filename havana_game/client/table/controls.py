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
from ..ui.widgets import Button
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
            self._options(view, options, pygame.Rect(body.left, body.top + shift, body.w,
                                                     body.h - shift))

    def _options(self, view: View, options: list[tuple[int, dict[str, Any]]],
                 body: pygame.Rect) -> None:
        """One button per option (each with its index among the staged card's
        options), paged when they do not all fit."""
        room = (body.h + self.px(ROW_GAP)) // self.px(ROW_H + ROW_GAP) * 2
        per_page = max(1, room if len(options) <= room else room - 1)
        pages = max(1, -(-len(options) // per_page))
        self.controller.option_page %= pages
        first = self.controller.option_page * per_page
        rects = self._grid(body, per_page + 1)
        for (index, decision), rect in zip(options[first:first + per_page], rects,
                                           strict=False):
            text, icons = option_label(view, decision, self.names, self.px(ICON), self.letters)
            self.buttons.append(Button(f"option:{index}", rect, text,
                                       partial(self.controller.pick_option, index), icons=icons,
                                       selected=self.staging.option == index))
        if pages > 1:  # the last slot: back a page, and the page number going on
            slot = rects[per_page]
            back = pygame.Rect(slot.left, slot.top, slot.w // 3, slot.h)
            self.buttons += [
                Button("page_back", back, "◀", self.controller.previous_page),
                Button("page", pygame.Rect(back.right + self.px(4), slot.top,
                                           slot.right - back.right - self.px(4), slot.h),
                       f"{self.controller.option_page + 1}/{pages} ▶",
                       self.controller.next_page)]

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
