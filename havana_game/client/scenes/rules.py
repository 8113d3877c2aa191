"""The rules for players, in pages: how to play, the round, the classic action
cards with their effects, then the 2024 edition's differences and its cards.
Left/right arrows or the buttons turn the pages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ...content import find_edition
from ...rules import Ruleset
from ..table.canvas import card_face
from ..ui import art, fonts
from ..ui.i18n import card_meaning, tr, tr_name
from ..ui.widgets import Button
from .base import Scene

if TYPE_CHECKING:
    from ..app import App


@dataclass(frozen=True)
class CardPage:
    """The reference of an edition's cards, with a closing note."""

    edition: str
    note: str


PAGES: tuple[tuple[str, ...] | CardPage, ...] = (
    ("rules.goal", "rules.setup", "rules.order"),
    ("rules.turn", "rules.build", "rules.supply", "rules.cover"),
    ("rules.keys",),
    CardPage("classic", "rules.cards.note"),
    ("rules.e2024", "rules.e2024.cards"),
    CardPage("edition2024", "rules.e2024.cards.note"),
)
"""Each page: the sections of a text page (each a `<key>.title` heading and a
`<key>` paragraph), or an edition's card reference."""
PAGE_COUNT = len(PAGES)
TEXT_WIDTH = 900
"""Design width of the text column."""
CARD_ROWS = 7
"""Cards per column on the card page."""
SECTION_GAP = 12
"""Design gap between two sections of a text page."""
CARD_ROW_MOST = 90
"""Design height of a row of the card page at the most (on tall windows)."""


class RulesScene(Scene):
    """One page at a time; `text_bottom` is where the page's text ended (design
    pixels, for the layout tests), which must stay above the buttons."""

    page = 0
    text_bottom = 0

    def __init__(self, app: App, back_to: Scene | None = None,
                 edition: str | None = None) -> None:
        """From a game, the rules open at the cards of its `edition`."""
        super().__init__(app, back_to)
        if edition is not None:
            self.page = next((n for n, page in enumerate(PAGES)
                              if isinstance(page, CardPage) and page.edition == edition), 0)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        bottom = size[1] - self.px(70)
        cx = size[0] // 2
        self.buttons = [
            Button("back", pygame.Rect(self.px(40), bottom, self.px(160), self.px(44)),
                   tr("back"), self.on_escape, primary=True),
            Button("prev", pygame.Rect(cx - self.px(230), bottom, self.px(180), self.px(44)),
                   tr("rules.prev"), lambda: self.turn(-1), enabled=self.page > 0),
            Button("next", pygame.Rect(cx + self.px(50), bottom, self.px(180), self.px(44)),
                   tr("rules.next"), lambda: self.turn(1), enabled=self.page < PAGE_COUNT - 1),
        ]

    @property
    def buttons_top(self) -> int:
        """The design height where the buttons start."""
        return round(self.size[1] / self.scale) - 70

    def turn(self, step: int) -> None:
        """Show the page `step` pages on, if there is one."""
        self.page = max(0, min(PAGE_COUNT - 1, self.page + step))
        self.relayout()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.turn(-1 if event.key == pygame.K_LEFT else 1)
            return
        super().handle_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        page_content = PAGES[self.page]
        title = tr("rules.cards.title") + " · " + tr_name("edition", edition=page_content.edition) \
            if isinstance(page_content, CardPage) else tr("rules.title")
        self.title(surface, title, 20)
        y = 20 + _step(34, 1.25)
        page = fonts.text(tr("rules.page", page=self.page + 1, pages=PAGE_COUNT),
                          self.px(14), art.TEXT_DIM)
        surface.blit(page, page.get_rect(midtop=(self.size[0] // 2, self.px(y))))
        y += _step(14) + 8
        self.text_bottom = self._draw_cards(surface, page_content, y) \
            if isinstance(page_content, CardPage) else \
            self._draw_sections(surface, page_content, y)

    def _draw_sections(self, surface: pygame.Surface, keys: tuple[str, ...], y: float) -> int:
        left = (self.size[0] - self.px(TEXT_WIDTH)) // 2
        bottom = round(y)
        size = self._body_size(keys, y)
        for key in keys:
            heading = fonts.text(tr(f"{key}.title"), self.px(19), art.ACCENT, True)
            surface.blit(heading, (left, self.px(y)))
            bottom = self._paragraph(surface, tr(key), left, y + _step(19, 1.3), TEXT_WIDTH,
                                     size)
            y = bottom + SECTION_GAP
        return bottom

    def _body_size(self, keys: tuple[str, ...], top: float) -> int:
        """The paragraphs' design size: 16, or smaller if the page would otherwise
        run into the buttons (large text, a long language)."""
        def height(size: int) -> float:
            return sum(_step(19, 1.3) + SECTION_GAP + _step(size) * len(
                fonts.wrap(tr(key), self.px(size), self.px(TEXT_WIDTH))) for key in keys)
        return next((size for size in range(16, 11, -1)
                     if top + height(size) - SECTION_GAP <= self.buttons_top - 8), 12)

    def _paragraph(self, surface: pygame.Surface, text: str, left: int, y: float, width: int,
                   size: int) -> int:
        """Draw `text` wrapped to design `width` from design height `y`; returns the
        design height below it."""
        for line in fonts.wrap(text, self.px(size), self.px(width)):
            surface.blit(fonts.text(line, self.px(size), art.TEXT_LIGHT), (left, self.px(y)))
            y += _step(size)
        return round(y)

    def _draw_cards(self, surface: pygame.Surface, page: CardPage, top: float) -> int:
        """An edition's cards in two columns of `CARD_ROWS`, their rows as tall as the
        room above the buttons allows; the effects' text shrinks until it fits its row."""
        ruleset = find_edition(page.edition)
        cards = ruleset.cards
        face_w, face_h, col_w = 50, 70, 600
        row_h = min(CARD_ROW_MOST, (self.buttons_top - 12 - top) / CARD_ROWS)
        text_w = col_w - face_w - 24
        size = self._effect_size(ruleset, row_h - _step(15, 1.25), text_w)
        left = (self.size[0] - self.px(2 * col_w)) // 2
        bottom = 0.0
        for i, card in enumerate(cards):
            x = left + self.px(col_w * (i // CARD_ROWS))
            y = top + row_h * (i % CARD_ROWS)
            surface.blit(card_face(i, (self.px(face_w), self.px(face_h)), detail=False,
                                   ruleset=ruleset), (x, self.px(y)))
            name = fonts.text(tr_name("card", name=card.name), self.px(15), art.ACCENT, True)
            spot = surface.blit(name, (x + self.px(face_w + 10), self.px(y)))
            meaning = card_meaning(card.name)  # a 2024 card's Spanish name, in the player's words
            if meaning:
                room = self.px(col_w - face_w - 24) - spot.w - self.px(8)
                said = f"({meaning})"
                words = fonts.text(said, fonts.fit_size(said, self.px(13), room, 1),
                                   art.TEXT_DIM)
                surface.blit(words, words.get_rect(bottomleft=(spot.right + self.px(8),
                                                               spot.bottom - self.px(1))))
            end = self._paragraph(surface, tr_name("effect", name=card.name),
                                  x + self.px(face_w + 10), y + _step(15, 1.25), text_w, size)
            bottom = max(bottom, end, y + face_h)
        note_left = left + self.px(col_w)
        return max(round(bottom), self._paragraph(surface, tr(page.note), note_left,
                                                  top + row_h * (len(cards) - CARD_ROWS) + 10,
                                                  col_w - 24, size))

    def _effect_size(self, ruleset: Ruleset, room: float, width: int) -> int:
        """The largest size (13 down to 10) at which every card's effect fits `room`
        design pixels of height in `width`."""
        texts = [tr_name("effect", name=card.name) for card in ruleset.cards]
        return next((size for size in range(13, 9, -1)
                     if max(len(fonts.wrap(t, self.px(size), self.px(width))) for t in texts)
                     * _step(size) <= room), 10)


def _step(size: float, spacing: float = 1.35) -> float:
    """The design height of a line of text of design `size` at the current text size."""
    return size * spacing * fonts.text_scale()
