"""Building cards: where a face's parts go (`building_parts`: picture, name,
cost icons) and the face itself, with a façade different for every building,
its victory points, the Architect's mark and its cost. Each face is drawn once
per size and text; a change of text size or language forgets them."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

import pygame

from . import fonts
from .art import INK
from .cards import NAME_SPACING, SMALLEST_TEXT, draw_block, rounded_card
from .i18n import LANGUAGE_LISTENERS
from .tokens import CLASSIC_MATERIALS, resource_icon, star


def _skyline(surf: pygame.Surface, rect: pygame.Rect, seed: str, vp: int) -> None:
    """A little façade for a building card, different for every building."""
    rng = random.Random(seed)
    pygame.draw.rect(surf, (150, 200, 230), rect, border_radius=max(2, rect.w // 20))
    pygame.draw.circle(surf, (250, 230, 150), (rect.right - rect.w // 5, rect.top + rect.h // 4),
                       max(2, rect.h // 8))
    colors = [(235, 200, 150), (230, 160, 140), (180, 210, 190), (240, 225, 190), (200, 170, 210)]
    body_w = int(rect.w * (0.45 + 0.06 * min(vp, 7)))
    body_h = int(rect.h * (0.45 + 0.06 * min(vp, 8)))
    body = pygame.Rect(0, 0, min(body_w, rect.w - 4), min(body_h, rect.h - 4))
    body.midbottom = rect.midbottom
    fill = rng.choice(colors)
    pygame.draw.rect(surf, fill, body)
    roof = rng.randrange(3)
    if roof == 0:
        pygame.draw.polygon(surf, (170, 80, 60), [(body.left - 2, body.top), (body.centerx,
                            body.top - rect.h // 5), (body.right + 2, body.top)])
    elif roof == 1:
        pygame.draw.circle(surf, (210, 190, 120), (body.centerx, body.top), max(2, body.w // 5))
        pygame.draw.rect(surf, fill, (body.left, body.top, body.w, body.h))
    else:
        pygame.draw.rect(surf, (150, 120, 100), (body.left - 2, body.top - 3, body.w + 4, 4))
    cols = max(1, body.w // max(6, rect.w // 8))
    rows = max(1, body.h // max(6, rect.h // 5))
    win = max(2, rect.w // 18)
    for i in range(cols):
        for j in range(rows):
            x = body.left + (i + 0.5) * body.w / cols - win / 2
            y = body.top + (j + 0.35) * body.h / rows
            pygame.draw.rect(surf, (70, 90, 120), (x, y, win, win * 1.4))
    pygame.draw.rect(surf, INK, rect, 1, border_radius=max(2, rect.w // 20))


@dataclass(frozen=True)
class BuildingParts:
    """Where a building card's parts go: the picture, the name under it and the
    cost icons (two per row) at the bottom."""

    picture: pygame.Rect
    title: fonts.Block
    name_top: int
    icon_size: int
    cost_top: int

    @property
    def name_bottom(self) -> int:
        return self.name_top + self.title.height


def building_parts(name: str, cost: tuple[int, ...], size: tuple[int, int]) -> BuildingParts:
    """The parts of a building card of `size`: the cost icons keep their size
    (`w * 0.2`) for every cost, the picture gives way to them and to the name
    (down to 22 % of the card's height; for a name that needs more lines than
    that leaves, down to its VP star's height: see `name_fits`)."""
    w, h = size
    room = _NameRoom(size, cost)
    title = fonts.fit_block(name, room.size, room.floor, room.width, room.usual, True,
                            NAME_SPACING)
    if title.height > room.usual:
        title = fonts.fit_block(name, room.size, room.floor, room.width, room.most, True,
                                NAME_SPACING)
    name_h = title.height
    space = h - 3 - 2 * room.pad - int(h * 0.22) - name_h - 4
    icon_size = max(6, min(int(w * 0.2), space // room.rows - 1))
    cost_top = h - 3 - room.pad - (icon_size + 1) * room.rows
    picture = pygame.Rect(room.pad, room.pad, room.width,
                          min(int(h * 0.42), cost_top - name_h - 4 - room.pad))
    return BuildingParts(picture, title, picture.bottom + 2, icon_size, cost_top)


def name_fits(name: str, cost: tuple[int, ...], size: tuple[int, int]) -> bool:
    """Whether a building card of `size` has room for `name` whole, at the smallest
    text, the picture given way (else a panel shows the building another way)."""
    room = _NameRoom(size, cost)
    return fonts.fits(name, room.floor, room.width, room.most, True, NAME_SPACING)


class _NameRoom:
    """The room a building card of `size` gives its name: its width, the height of
    the usual two lines (three at the smallest text), the most height it can
    give (the picture down to its VP star, the cost icons at their size), and the
    name's design size and smallest size."""

    def __init__(self, size: tuple[int, int], cost: tuple[int, ...]) -> None:
        w, h = size
        self.pad = max(2, w // 16)
        self.width = w - 2 - 2 * self.pad
        self.size, self.floor = max(SMALLEST_TEXT, int(w * 0.1)), fonts.readable(SMALLEST_TEXT)
        self.usual = max(2 * fonts.line_step(self.size, NAME_SPACING),
                         3 * fonts.line_step(self.floor, NAME_SPACING))
        self.rows = max(1, (sum(1 for n in cost if n) + 1) // 2)
        self.most = max(self.usual, h - 3 - 2 * self.pad - star_size(w) - 6
                        - self.rows * (int(w * 0.2) + 1))


def star_size(width: int) -> int:
    """The side of the VP star on a building card `width` pixels wide."""
    return max(10, int(width * 0.3))


@fonts.drawn_with_text
@lru_cache(maxsize=256)
def building_card(ident: str, name: str, vp: int, architect: bool, cost: tuple[int, ...],
                  size: tuple[int, int], letters: bool = False,
                  cost_names: tuple[str, ...] = (*CLASSIC_MATERIALS, "pesos", "workers")
                  ) -> pygame.Surface:
    """A building card: picture, name, VP badge, Architect mark, cost icons."""
    w, h = size
    surf = rounded_card(size, (250, 244, 228), INK)
    face = building_parts(name, cost, size)
    picture = face.picture
    _skyline(surf, picture, ident, vp)
    badge = star_size(w)
    icon = star(badge)
    surf.blit(icon, (picture.left - 1, picture.top - 1))
    number = fonts.text(str(vp), max(7, int(badge * 0.45)), INK, True)
    surf.blit(number, number.get_rect(center=(picture.left - 1 + badge // 2,
                                               picture.top - 1 + badge // 2 + 1)))
    if architect:
        mark = pygame.Rect(picture.right - badge, picture.top, badge, badge)
        pygame.draw.circle(surf, (40, 60, 110), mark.center, badge // 2)
        label = fonts.text("A", max(7, int(badge * 0.55)), (255, 255, 255), True)
        surf.blit(label, label.get_rect(center=mark.center))
    draw_block(surf, face.title, INK, True, (picture.centerx, face.name_top))
    entries = [(cost_names[i], n) for i, n in enumerate(cost) if n]
    side = face.icon_size
    for i, (kind, amount) in enumerate(entries):
        x = picture.left + (i % 2) * picture.w // 2
        y = face.cost_top + (i // 2) * (side + 1)
        surf.blit(resource_icon(kind, side, letters), (x, y))
        label = fonts.text(f"{amount}", max(7, int(side * 0.8)), INK, True)
        surf.blit(label, (x + side + 2, y + (side - label.get_height()) // 2))
    return surf


LANGUAGE_LISTENERS.append(building_card.cache_clear)


ROOM_COLUMNS = 3
"""Cost entries side by side on a big screen's building card."""


@dataclass(frozen=True)
class RoomParts:
    """Where a big screen's building card (`draw_room_building`) puts its parts:
    a façade strip (as high as the card leaves it, never lower than the VP star)
    with the star at its left and the Architect's mark at its right, the name
    under it in whole words, the cost (icon and number,
    `ROOM_COLUMNS` to a line) at the bottom."""

    strip: pygame.Rect
    lines: tuple[str, ...]
    size: int
    """The name's and the numbers' text size."""
    step: int
    icon: int
    cost_top: int

    @property
    def name_bottom(self) -> int:
        return self.strip.bottom + 2 + len(self.lines) * self.step


def room_parts(name: str, cost: tuple[int, ...], size: tuple[int, int],
               text: int) -> RoomParts:
    """The parts of a big screen's building card of `size` with text of `text`
    pixels: the name wrapped in whole words (`room_name`); the façade strip as
    high as the VP star that holds a number of that size, higher where the name
    and the cost leave it room."""
    w, h = size
    pad = max(2, text // 8)
    inner = w - 2 - 2 * pad
    icon = max(6, round(text * 1.1))
    rows = max(1, -(-sum(1 for n in cost if n) // ROOM_COLUMNS))
    cost_top = h - 3 - pad - rows * (icon + 2)
    badge = max(6, round(text * 1.6))
    shown, lines = room_name(name, text, inner, cost_top - 3 * pad - 2 - badge)
    step = fonts.line_step(shown, 1.1)
    room = h - 3 - 2 * pad - 3 * step - 2 * (icon + 2) - 2 * pad  # (three lines, two of cost)
    high = min(max(badge, room), cost_top - pad - 2 - len(lines) * step - pad)
    strip = pygame.Rect(pad, pad, inner, max(badge, high))
    return RoomParts(strip, lines, shown, step, icon, cost_top)


def room_name(name: str, text: int, width: int, height: int) -> tuple[int, tuple[str, ...]]:
    """(size, lines): a building's name in whole words (`fonts.wrap_whole`) at the
    largest size up to `text` whose lines fit `width` x `height` (a larger
    text-size setting gives it more lines and the picture less), never smaller
    than `text` shows at 100 %; at that size, smaller only if a word of it is
    wider than the card (`fonts.fit_whole`)."""
    for size in range(text, min(text, fonts.readable(text)) - 1, -1):
        lines = fonts.wrap_whole(name, size, width)
        if len(lines) * fonts.line_step(size, 1.1) <= height and \
                all(fonts.font(size).size(line)[0] <= width for line in lines):
            return size, lines
    return fonts.fit_whole(name, min(text, fonts.readable(text)), width)


def draw_room_building(surface: pygame.Surface, rect: pygame.Rect, ident: str, name: str,
                       vp: int, architect: bool, cost: tuple[int, ...], text: int,
                       letters: bool = False,
                       cost_names: tuple[str, ...] = (*CLASSIC_MATERIALS, "pesos", "workers")
                       ) -> None:
    """A building card for a big screen, drawn into `rect` of `surface` (its texts
    placed on the screen itself, where a text audit sees them): the same façade,
    star, mark and icons as `building_card`, but the name, the VP and the cost
    numbers all in text of `text` pixels, the name in whole words on up to three
    lines (more at a larger text size, `room_name`)."""
    face = room_parts(name, cost, rect.size, text)
    surface.blit(rounded_card(rect.size, (250, 244, 228), INK), rect)
    strip = face.strip.move(rect.topleft)
    _skyline(surface, strip, ident, vp)
    badge = max(6, round(text * 1.6))
    surface.blit(star(badge), (strip.left, strip.top))
    number = fonts.text(str(vp), text, INK, True)
    surface.blit(number, number.get_rect(center=(strip.left + badge // 2,
                                                 strip.top + badge // 2 + 1)))
    if architect:
        mark = pygame.Rect(strip.right - badge, strip.top, badge, badge)
        pygame.draw.circle(surface, (40, 60, 110), mark.center, badge // 2)
        label = fonts.text("A", text, (255, 255, 255), True)
        surface.blit(label, label.get_rect(center=mark.center))
    block = fonts.Block(face.lines, face.size, face.step)
    draw_block(surface, block, INK, False, (strip.centerx, strip.bottom + 2))
    entries = [(cost_names[i], n) for i, n in enumerate(cost) if n]
    cell = strip.w // ROOM_COLUMNS
    for i, (kind, amount) in enumerate(entries):
        x = strip.left + (i % ROOM_COLUMNS) * cell
        y = rect.top + face.cost_top + (i // ROOM_COLUMNS) * (face.icon + 2)
        surface.blit(resource_icon(kind, face.icon, letters), (x, y))
        label = fonts.text(f"{amount}", text, INK, True)
        surface.blit(label, label.get_rect(midleft=(x + face.icon + 2, y + face.icon // 2)))
