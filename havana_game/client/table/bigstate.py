"""A seat's public state on the big screen: its face-up cards, never smaller than
at 100 %, and beside them its numbers and words (materials; pesos, workers and
buildings built; its number in the turn order), each number saying what it
counts, on as many lines as they need rather than set smaller."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from ...rules import SeatView
from ..ui import art, fonts, tokens
from ..ui.cards import SMALLEST_TEXT, card_back, name_fits
from ..ui.i18n import tr, tr_name, trn
from .bigboard import px, shrunk, text_width
from .canvas import card_face, draw_label
from .edition import materials, rules

Piece = tuple[str, str]
"""A piece of a seat's state on its line: (icon name, count), or ("", words)."""


@dataclass(frozen=True)
class State:
    """A seat's numbers and words beside its face-up cards: each line's pieces
    (a material's, the pesos' or the workers' name and count, or words)."""

    lines: tuple[tuple[Piece, ...], ...]
    size: int
    step: int
    """From a line to the next: 40 design pixels, less in a short panel (`least`)."""
    icon: int

    @property
    def shown(self) -> int:
        """A line's height."""
        return max(self.icon, fonts.font(self.size).get_height())

    @property
    def least(self) -> int:
        """The closest the lines may be."""
        return self.shown + max(1, self.icon // 14)

    @property
    def height(self) -> int:
        """The lines' height, closest."""
        return (len(self.lines) - 1) * self.least + self.shown if self.lines else 0


def beside(info: SeatView, body: pygame.Rect, s: float,
            look: float) -> tuple[Widths, int, State]:
    """A seat's face-up cards' widths and height in its public state's room
    `body`, and its state's lines beside them. The cards are 100 design pixels
    high, larger as their print is (`print_scale`); narrower, as high, where the
    numbers need the width (ten pesos or more, a dozen stones) as they do at
    100 %; at a larger text as much wider as their print where the numbers take
    no more lines so; a card never so narrow that its name does not fit it."""
    size = shrunk(s, 28, 0.0)
    words = max(sum(_piece_width(piece, size, s, i > 0) for i, piece in enumerate(group))
                for group in _groups(info))
    wide = max(1, round(min(body.h, px(s, 100 * print_scale())) / 1.45))
    high = round(wide * 1.45)
    names = [tr_name("card", name=rules().cards[card].name) for card in info["face_up"]]

    widest = max(wide, body.w // WIDEST_SHARE)

    def widths(least: int) -> Widths:
        """Both cards `least` wide, a face-up one wider where its name needs it (wider
        than a card's shape where a panel short of height makes it low)."""
        first, second = (next((w for w in range(least, widest) if name_fits(name, (w, high))),
                              widest) for name in (*names, "", "")[:2])
        return first, second
    narrow = widths(max(1, min(wide, (body.w - words - px(s, 26)) // 2)))
    plain = _state_lines(info, body, s, look, narrow)
    grown = widths(min(wide, round(min(narrow) * print_scale())))
    if grown != narrow:
        state = _state_lines(info, body, s, look, grown)
        if len(state.lines) <= len(plain.lines):
            return grown, high, state
    return narrow, high, plain


WIDEST_SHARE = 3
"""A face-up card on the big screen is at most this share of its panel's width."""


Widths = tuple[int, int]
"""A seat's two face-up cards' widths (the first card's, then the second's)."""


def print_scale() -> float:
    """How much larger the print on a card is at the text-size setting than at 100 %
    (its floor, `SMALLEST_TEXT` screen pixels, rounds up to a design size)."""
    return fonts.scaled(fonts.readable(SMALLEST_TEXT)) / SMALLEST_TEXT


def _groups(info: SeatView) -> list[list[Piece]]:
    """A seat's state by lines, as at 100 %: its materials; pesos, workers and
    the buildings built; its number in the turn order (pieces as `State` has them)."""
    number = tr("display.number", number=f"{info['number']:02d}") \
        if info["number"] is not None else ""
    return [[(m, str(info["materials"][m])) for m in materials()],
            [("pesos", str(info["pesos"])), ("workers", str(info["workers"])),
             ("", trn("display.built", len(info["built"])))],
            [("", number)] if number else []]


def _state_lines(info: SeatView, body: pygame.Rect, s: float, look: float,
                 cards: Widths) -> State:
    """A seat's materials; pesos, workers and the buildings built; its number in
    the turn order: one line each if they fit beside the face-up cards (`cards`
    their widths), else wrapped onto more (`_balanced`)."""
    icon, size = px(s, 28), shrunk(s, 28, look)
    width = body.right - _words_left(body, cards, s)
    lines = tuple(line for group in _groups(info) for line in _balanced(group, size, s, width))
    state = State(lines, size, max(px(s, 40), fonts.line_step(size, 1.1)), icon)
    if info["number"] is not None and replace(state, step=state.least).height > body.h:
        state = replace(state, lines=_number_joined(lines, size, s, width))
    if len(state.lines) > 1:
        room = (body.h - state.shown) // (len(state.lines) - 1)
        state = replace(state, step=max(state.least, min(state.step, room)))
    return state


def _number_joined(lines: tuple[tuple[Piece, ...], ...], size: int, s: float,
                   width: int) -> tuple[tuple[Piece, ...], ...]:
    """`lines` with the last one (the seat's number in the turn order) moved to
    the end of the nearest line above that has room for it: a panel too low for
    its lines keeps the number (it says what it is, wherever it stands)."""
    *above, number = lines
    for row in reversed(range(len(above))):
        joined = (*above[row], *number)
        if sum(_piece_width(piece, size, s, i > 0) for i, piece in enumerate(joined)) <= width:
            return (*above[:row], joined, *above[row + 1:])
    return lines


def _balanced(group: list[Piece], size: int, s: float, width: int) -> list[tuple[Piece, ...]]:
    """A group of a seat's state on as few lines of `width` as hold it, as evenly
    filled as can be (five materials: three, then two); else a piece a line, words
    wider than `width` wrapped."""
    def wide(line: list[Piece]) -> int:
        return sum(_piece_width(piece, size, s, i > 0) for i, piece in enumerate(line))
    for count in range(1, len(group) + 1):
        each = -(-len(group) // count)
        lines = [group[i:i + each] for i in range(0, len(group), each)]
        if all(wide(line) <= width for line in lines):
            return [tuple(line) for line in lines]
    return [line for piece in group for line in
            ([(piece,)] if piece[0] or wide([piece]) <= width else
             [(("", words),) for words in fonts.wrap(piece[1], size, width)])]


def _words_left(body: pygame.Rect, cards: Widths, s: float) -> int:
    """Where a seat's state's lines begin, right of its two face-up cards."""
    return body.left + sum(cards) + px(s, 20)


def _piece_width(piece: Piece, size: int, s: float, after: bool) -> int:
    """How wide a piece of a seat's state is on its line (`after` another one)."""
    kind, words = piece
    if kind:
        return px(s, 28) + px(s, 4) + text_width(words, size, True) + px(s, 6)
    return (px(s, 8) if after else 0) + text_width(words, size, False)


def public_state(surface: pygame.Surface, info: SeatView, body: pygame.Rect, s: float,
                  look: float) -> None:
    """Face-up cards (a back for a secret one), never smaller than at 100 %
    (`beside`); beside them the materials; pesos, workers and the buildings
    built; the seat's number in the turn order, each number said what it counts
    (the materials' by their icons), lines wrapped rather than anything made
    smaller than 100 % shows it (`seat_look` makes the panel's texts smaller
    where they do not fit at the text-size setting)."""
    widths, card_h, state = beside(info, body, s, look)
    cards = list(info["face_up"])
    for i, card_w in enumerate(widths):
        slot = pygame.Rect(body.left + i * (widths[0] + px(s, 6)), body.top, card_w, card_h)
        if i < len(cards):
            surface.blit(card_face(cards[i], slot.size, detail=False), slot)
        elif info["has_face_down"]:
            surface.blit(card_back(slot.size), slot)
        else:
            pygame.draw.rect(surface, art.PANEL_EDGE, slot, 1, border_radius=px(s, 5))
    left = _words_left(body, widths, s)
    for row, pieces in enumerate(state.lines):
        x, y = left, body.top + row * state.step
        for kind, words in pieces:
            if not kind:
                x += px(s, 8) if x > left else 0
                label = draw_label(surface, words, state.size, (x, y + state.icon // 2),
                                   art.TEXT_LIGHT, False, "midleft")
                x = label.right
                continue
            surface.blit(tokens.resource_icon(kind, state.icon), (x, y))
            label = draw_label(surface, words, state.size,
                               (x + state.icon + px(s, 4), y + state.icon // 2),
                               art.TEXT_LIGHT, True, "midleft")
            x = label.right + px(s, 6)
