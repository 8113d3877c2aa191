"""Action cards: the blank every card is drawn on (`rounded_card`), the card
text's sizes and how a block of it is drawn, action card faces (number, emblem,
name, effect) and their back. Each face is drawn once per size and text; a
change of text size or language forgets them."""

from __future__ import annotations

from functools import lru_cache

import pygame

from ... import presentation
from . import fonts
from .art import GOLD, INK, PAPER, Color
from .emblems import emblem
from .i18n import LANGUAGE_LISTENERS
from .tokens import CLASSIC_MATERIALS

CARD_TINTS: dict[str, Color] = presentation.card_tints()


def rounded_card(size: tuple[int, int], fill: Color, edge: Color,
                 radius_share: float = 0.08) -> pygame.Surface:
    """A card's blank: `fill` with an `edge`, rounded corners and a shadow."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(2, int(min(w, h) * radius_share))
    pygame.draw.rect(surf, (0, 0, 0, 60), pygame.Rect(2, 3, w - 2, h - 3), border_radius=radius)
    body = pygame.Rect(0, 0, w - 2, h - 3)
    pygame.draw.rect(surf, fill, body, border_radius=radius)
    pygame.draw.rect(surf, edge, body, max(1, w // 60), border_radius=radius)
    return surf


NAME_SPACING = 1.15
"""Line spacing of card names (a share of their size)."""
SMALLEST_TEXT = 7
"""The smallest text on a card, in screen pixels: names and effects shrink to
fit down to it, never below (a tooltip has the whole text)."""


@fonts.drawn_with_text
@lru_cache(maxsize=512)
def action_card(index: int, key: str, number: int, size: tuple[int, int], name: str,
                effect: str | None, strip: int | None = None,
                materials: tuple[str, ...] = CLASSIC_MATERIALS) -> pygame.Surface:
    """An action card face: number in the corner, picture, `name`, and the `effect`
    text if given, each shrunk to fit (down to `SMALLEST_TEXT`; an effect that
    still does not fit is left out, never cut: the card's tooltip says it).
    Without an effect the name has the whole lower half. `strip`: the width left
    visible of a card overlapped by the next one in a fanned hand; the name then
    fills that strip (`_strip_name`) and the effect, which would be hidden, is
    left out."""
    w, h = size
    tint = CARD_TINTS[key]
    surf = rounded_card(size, PAPER, INK)
    band = _band(size, effect is not None)
    pygame.draw.rect(surf, tint, band, border_radius=max(2, w // 14))
    big = fonts.text(str(number), max(9, int(w * 0.3)), INK, True)
    surf.blit(big, (band.left + w // 16, band.top))
    picture = band.inflate(-w // 3, -h // 9).move(w // 8, h // 40)
    emblem(surf, key, picture, materials)
    area = text_area(size, effect is not None)
    top = area.top
    if strip is not None:
        edge = max(2, w // 24)
        low = pygame.Rect(edge, top, strip - 2 * edge, area.h)
        beside = min(strip, picture.left) - 2 * edge  # (the strip left of the picture)
        rise = band.top + big.get_height()
        high = pygame.Rect(edge, rise, beside, area.bottom - rise)
        boxes = [(low, False), (low, True)] + ([(high, True)] if beside > 0 else [])
        _strip_name(surf, name, boxes, max(SMALLEST_TEXT, int(w * 0.13)),
                    strip >= w * STRIP_ACROSS)
        return surf
    _card_text(surf, name, effect, area)
    return surf


def _band(size: tuple[int, int], effect: bool) -> pygame.Rect:
    """An action card's colored band (number and picture): less high with an effect."""
    w, h = size
    edge = max(2, w // 20)
    return pygame.Rect(edge, edge, w - 2 - 2 * edge, int(h * (0.42 if effect else 0.36)))


def text_area(size: tuple[int, int], effect: bool) -> pygame.Rect:
    """Where an action card of `size` sets its name (and `effect`): under its band."""
    w, h = size
    pad = max(3, w // 12)
    top = _band(size, effect).bottom + h // 40
    return pygame.Rect(pad, top, w - 2 - 2 * pad, h - 3 - pad - top)


def name_fits(name: str, size: tuple[int, int]) -> bool:
    """Whether an action card of `size` drawn without its effect (face up on a seat)
    holds `name` whole at the card's smallest print."""
    area = text_area(size, False)
    return fonts.fits(name, fonts.readable(SMALLEST_TEXT), area.w, area.h, True, NAME_SPACING)


def _card_text(surf: pygame.Surface, name: str, effect: str | None, area: pygame.Rect) -> None:
    """The name (up to two lines over the effect, else centered in `area`) and the
    effect text under it, which may reach nearer the card's edges."""
    w, h = surf.get_size()
    base = max(SMALLEST_TEXT, int(w * (0.11 if effect else 0.18)))
    room = 2 * fonts.line_step(base, NAME_SPACING) if effect else area.h
    title = fonts.fit_block(name, base, fonts.readable(SMALLEST_TEXT), area.w, room, True,
                            NAME_SPACING)
    top = area.top if effect else area.top + (room - len(title.lines) * title.step) // 2
    top = draw_block(surf, title, INK, True, (area.centerx, top))
    if effect:
        edge = max(3, w // 20)
        room = h - 3 - edge - top - 2
        text = fonts.fit_block(effect, max(SMALLEST_TEXT, int(w * 0.085)),
                               fonts.readable(SMALLEST_TEXT), w - 2 - 2 * edge, room)
        if text.height <= room:  # whole or not at all (the card's tooltip says it whole)
            draw_block(surf, text, (60, 50, 40), False, (area.centerx, top + 2))


STRIP_ACROSS = 0.55
"""An overlapped hand card's name runs across its visible strip if the strip is at
least this share of the card's width, else along it..."""
ALONG_GAIN = 1.25
"""...unless the other way sets it at least this much larger (a narrow strip at a
large text size: across it the name would be set at its smallest; along it, it may
rise from under the number beside the picture)."""


def _strip_name(surf: pygame.Surface, name: str, boxes: list[tuple[pygame.Rect, bool]],
                size: int, across: bool) -> None:
    """A card's name in the strip left visible of an overlapped card, in the best of
    `boxes` (a place, and whether the name runs along it, read upwards, as on the
    index of a fanned card, rather than across): one it fits whole, at the largest
    size, running `across` if that is the strip's way, unless running the other
    way sets it `ALONG_GAIN` larger."""
    floor = fonts.readable(SMALLEST_TEXT)

    def laid(box: tuple[pygame.Rect, bool]) -> tuple[bool, float, fonts.Block]:
        rect, along = box
        length, depth = (rect.h, rect.w) if along else (rect.w, rect.h)
        block = fonts.fit_block(name, size, floor, length, depth, True, NAME_SPACING)
        return block.height <= depth, block.size / (ALONG_GAIN if along == across else 1), block

    (rect, along), (_, _, title) = max(((box, laid(box)) for box in boxes),
                                       key=lambda item: item[1][:2])
    if not along:
        draw_block(surf, title, INK, True,
                   (rect.centerx, rect.top + (rect.h - len(title.lines) * title.step) // 2))
        return
    text = pygame.Surface((rect.h, len(title.lines) * title.step), pygame.SRCALPHA)
    draw_block(text, title, INK, True, (rect.h // 2, 0))
    turned = pygame.transform.rotate(text, 90)
    surf.blit(turned, turned.get_rect(center=rect.center))


def draw_block(surf: pygame.Surface, block: fonts.Block, color: Color, bold: bool,
               midtop: tuple[int, int]) -> int:
    """Draw `block`'s lines centered under `midtop`; returns the y below them."""
    x, y = midtop
    for line in block.lines:
        label = fonts.text(line, block.size, color, bold)
        surf.blit(label, label.get_rect(midtop=(x, y)))
        y += block.step
    return y


@fonts.drawn_with_text
@lru_cache(maxsize=16)
def card_back(size: tuple[int, int]) -> pygame.Surface:
    """The back of an action card."""
    w, h = size
    surf = rounded_card(size, (120, 40, 40), (60, 20, 20))
    inner = pygame.Rect(w // 10, w // 10, w - 2 - w // 5, h - 3 - w // 5)
    pygame.draw.rect(surf, (160, 70, 50), inner, max(1, w // 30), border_radius=max(2, w // 12))
    for i in range(-h, w, max(4, w // 8)):
        pygame.draw.line(surf, (140, 55, 45), (inner.left + i, inner.top),
                         (inner.left + i + inner.h, inner.bottom), 1)
    label = fonts.text("H", max(8, int(w * 0.4)), GOLD, True)
    surf.blit(label, label.get_rect(center=inner.center))
    return surf


LANGUAGE_LISTENERS.append(action_card.cache_clear)
