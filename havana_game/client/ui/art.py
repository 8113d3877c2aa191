"""Everything drawn by code: materials (a distinct shape per color), coins,
workers, action cards, building cards and the table. Surfaces are cached by
their arguments, so each is drawn once per size."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from ... import presentation
from ...rules.ruleset import CARD_KEYS
from . import fonts
from .i18n import LANGUAGE_LISTENERS, tr_name

Color = presentation.Color

# The palette, the materials' colors and shapes, the seats' colors and the cards'
# tints come from the presentation vocabulary (havana_game/data/presentation.json).
INK: Color = presentation.palette("ink")
PAPER: Color = presentation.palette("paper")
GOLD: Color = presentation.palette("gold")
TEXT_LIGHT: Color = presentation.palette("text_light")
TEXT_DIM: Color = presentation.palette("text_dim")
ACCENT: Color = presentation.palette("accent")
HIGHLIGHT: Color = presentation.palette("highlight")
DANGER: Color = presentation.palette("danger")
PANEL: Color = presentation.palette("panel")
PANEL_EDGE: Color = presentation.palette("panel_edge")
BADGE: Color = presentation.palette("badge")
"""A seat's tag (a bot, an absent player), drawn in INK."""

MATERIAL_COLORS: dict[str, Color] = presentation.material_colors()
MATERIAL_SHAPES: dict[str, str] = presentation.material_shapes()
"""Each edition's four colors take the classic slots' shapes (the 2024 edition's
green and white those of brown and blue), so shape alone tells the slots apart;
colorblind letters tell the colors apart."""
SEAT_COLORS: tuple[Color, ...] = presentation.seat_colors()

CARD_TINTS: dict[str, Color] = presentation.card_tints()
WHITE_EDGE: Color = (62, 66, 76)
"""The edge of the 2024 edition's white material (the fill is near the cards' cream)."""


def _polygon(center: tuple[float, float], radius: float, sides: int,
             turn: float = 0.0) -> list[tuple[float, float]]:
    cx, cy = center
    return [(cx + radius * math.cos(turn + 2 * math.pi * i / sides),
             cy + radius * math.sin(turn + 2 * math.pi * i / sides)) for i in range(sides)]


def material(name: str, size: int, letter: bool = False) -> pygame.Surface:
    """A material token: red square brick, yellow triangle, brown (or green)
    hexagon, blue (or white) diamond, gray round rubble; `letter` adds its letter
    in the current language for colorblind players."""
    return _material(name, size, tr_name("letter", material=name) if letter else "")


@fonts.drawn_with_text
@lru_cache(maxsize=256)
def _material(name: str, size: int, letter: str) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    color = MATERIAL_COLORS[name]
    dark: Color = tuple(max(0, c - 70) for c in color)  # type: ignore[assignment]
    edge = max(1, size // 14)
    if name == "white":  # a white token on a cream card: a dark, thicker edge shows it
        dark, edge = WHITE_EDGE, max(2, size // 9)
    r = size / 2
    c = (r, r)
    shape = MATERIAL_SHAPES[name]
    if shape == "brick":
        rect = pygame.Rect(0, 0, int(size * 0.82), int(size * 0.82))
        rect.center = (int(r), int(r))
        pygame.draw.rect(surf, color, rect, border_radius=max(1, size // 10))
        pygame.draw.line(surf, dark, (rect.left, rect.centery), (rect.right - 1, rect.centery),
                         edge)
        pygame.draw.rect(surf, dark, rect, edge, border_radius=max(1, size // 10))
    elif shape == "triangle":
        points = _polygon(c, r * 0.95, 3, -math.pi / 2)
        points = [(x, y + r * 0.12) for x, y in points]
        pygame.draw.polygon(surf, color, points)
        pygame.draw.polygon(surf, dark, points, edge)
    elif shape == "hexagon":
        points = _polygon(c, r * 0.92, 6)
        pygame.draw.polygon(surf, color, points)
        pygame.draw.polygon(surf, dark, points, edge)
    elif shape == "diamond":
        points = _polygon(c, r * 0.95, 4, -math.pi / 2)
        pygame.draw.polygon(surf, color, points)
        pygame.draw.polygon(surf, dark, points, edge)
        shine = (200, 230, 255) if name == "blue" else (190, 190, 180)
        pygame.draw.line(surf, shine, points[3], c, max(1, size // 12))
    else:
        rng = random.Random(size)
        points = [(r + r * 0.85 * (0.8 + 0.2 * rng.random()) * math.cos(a),
                   r + r * 0.85 * (0.8 + 0.2 * rng.random()) * math.sin(a))
                  for a in (2 * math.pi * i / 9 for i in range(9))]
        pygame.draw.polygon(surf, color, points)
        pygame.draw.polygon(surf, dark, points, edge)
    if letter:
        label = fonts.text(letter, max(7, int(size * 0.5)), (255, 255, 255), True)
        outline = fonts.text(letter, max(7, int(size * 0.5)), (0, 0, 0), True)
        spot = label.get_rect(center=(int(r), int(r) + (size // 10 if shape == "triangle"
                                                       else 0)))
        surf.blit(outline, spot.move(1, 1))
        surf.blit(label, spot)
    return surf


@fonts.drawn_with_text
@lru_cache(maxsize=64)
def coin(size: int) -> pygame.Surface:
    """A gold peso coin."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size // 2
    pygame.draw.circle(surf, (160, 120, 30), (r, r), r)
    pygame.draw.circle(surf, GOLD, (r, r), max(1, r - max(1, size // 10)))
    pygame.draw.circle(surf, (250, 220, 120), (r - r // 4, r - r // 4), max(1, r // 4))
    label = fonts.text("$", max(7, int(size * 0.62)), (120, 80, 10), True)
    surf.blit(label, label.get_rect(center=(r, r)))
    return surf


@lru_cache(maxsize=64)
def worker(size: int) -> pygame.Surface:
    """A worker: a wooden figure."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    wood, dark = (205, 160, 100), (110, 75, 40)
    head = (size // 2, int(size * 0.24))
    pygame.draw.circle(surf, wood, head, max(2, size // 5))
    pygame.draw.circle(surf, dark, head, max(2, size // 5), max(1, size // 16))
    body = [(size * 0.18, size * 0.95), (size * 0.35, size * 0.45), (size * 0.65, size * 0.45),
            (size * 0.82, size * 0.95)]
    pygame.draw.polygon(surf, wood, body)
    pygame.draw.polygon(surf, dark, body, max(1, size // 16))
    return surf


@lru_cache(maxsize=64)
def star(size: int, color: Color = GOLD) -> pygame.Surface:
    """A victory-point star."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size / 2
    points = []
    for i in range(10):
        radius = r * (0.95 if i % 2 == 0 else 0.42)
        angle = -math.pi / 2 + math.pi * i / 5
        points.append((r + radius * math.cos(angle), r + radius * math.sin(angle)))
    pygame.draw.polygon(surf, color, points)
    pygame.draw.polygon(surf, (120, 85, 20), points, max(1, size // 14))
    return surf


def resource_icon(name: str, size: int, letter: bool = False) -> pygame.Surface:
    """The icon of any cost entry: a material, pesos or workers."""
    if name == "pesos":
        return coin(size)
    if name == "workers":
        return worker(size)
    if name == "vp":
        return star(size)
    return material(name, size, letter)


def rounded_card(size: tuple[int, int], fill: Color, edge: Color,
                 radius_share: float = 0.08) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(2, int(min(w, h) * radius_share))
    pygame.draw.rect(surf, (0, 0, 0, 60), pygame.Rect(2, 3, w - 2, h - 3), border_radius=radius)
    body = pygame.Rect(0, 0, w - 2, h - 3)
    pygame.draw.rect(surf, fill, body, border_radius=radius)
    pygame.draw.rect(surf, edge, body, max(1, w // 60), border_radius=radius)
    return surf


CLASSIC_MATERIALS = ("red", "yellow", "brown", "blue", "gray")


def _measure(rect: pygame.Rect) -> tuple[int, int, int, int]:
    """An emblem's center, radius and line width."""
    r = min(rect.w, rect.h) // 2
    return rect.centerx, rect.centery, r, max(1, r // 8)


def _sun(surf: pygame.Surface, rect: pygame.Rect, names: tuple[str, ...]) -> None:
    cx, cy, r, line = _measure(rect)
    pygame.draw.circle(surf, (250, 200, 80), (cx - r // 3, cy - r // 4), r // 2)
    pygame.draw.arc(surf, INK, rect.inflate(-r // 2, -r), math.pi, 2 * math.pi, line)


def _coin(surf: pygame.Surface, rect: pygame.Rect, names: tuple[str, ...]) -> None:
    icon = coin(max(6, _measure(rect)[2]))
    surf.blit(icon, icon.get_rect(center=rect.center))


def _worker(surf: pygame.Surface, rect: pygame.Rect, names: tuple[str, ...]) -> None:
    r = _measure(rect)[2]
    icon = worker(max(6, r + r // 2))
    surf.blit(icon, icon.get_rect(center=rect.center))


def _shield(surf: pygame.Surface, rect: pygame.Rect, names: tuple[str, ...]) -> None:
    cx, cy, r, line = _measure(rect)
    points = [(cx - r, cy - r * 0.7), (cx + r, cy - r * 0.7), (cx + r * 0.8, cy + r * 0.2),
              (cx, cy + r), (cx - r * 0.8, cy + r * 0.2)]
    pygame.draw.polygon(surf, (90, 110, 180), points)
    pygame.draw.polygon(surf, INK, points, line)


def _materials(surf: pygame.Surface, rect: pygame.Rect, names: tuple[str, ...]) -> None:
    cx, cy, r, _ = _measure(rect)
    size = max(6, int(r * 0.9))
    for i, name in enumerate(names):
        icon = material(name, size)
        spot = (cx + (i - 1) * size * 0.8, cy + (i % 2) * r // 3)
        surf.blit(icon, icon.get_rect(center=spot))


def _crossed(surf: pygame.Surface, rect: pygame.Rect, names: tuple[str, ...]) -> None:
    cx, cy, r, line = _measure(rect)
    pygame.draw.rect(surf, (200, 120, 80), (cx - r // 2, cy - r // 2, r, r))
    pygame.draw.line(surf, DANGER, (cx - r, cy - r), (cx + r, cy + r), line * 2)
    pygame.draw.line(surf, DANGER, (cx + r, cy - r), (cx - r, cy + r), line * 2)


def _arrows(surf: pygame.Surface, rect: pygame.Rect, names: tuple[str, ...]) -> None:
    cx, cy, r, line = _measure(rect)
    box = rect.inflate(-r // 2, -r // 2)
    pygame.draw.arc(surf, (60, 140, 70), box, 0.3, math.pi - 0.3, line * 2)
    pygame.draw.arc(surf, (60, 140, 70), box, math.pi + 0.3, 2 * math.pi - 0.3, line * 2)
    heads = ((box.left + r // 8, cy - r // 6, 1), (box.right - r // 8, cy + r // 6, -1))
    for x, y, dx in heads:
        pygame.draw.polygon(surf, (60, 140, 70), [(x - r // 4, y), (x + r // 4, y),
                                                 (x, y + dx * r // 3)])


def _glass(surf: pygame.Surface, rect: pygame.Rect, names: tuple[str, ...]) -> None:
    cx, cy, r, line = _measure(rect)
    glass = [(cx - r * 0.6, cy - r * 0.8), (cx + r * 0.6, cy - r * 0.8),
             (cx + r * 0.4, cy + r), (cx - r * 0.4, cy + r)]
    pygame.draw.polygon(surf, (230, 240, 250), glass)
    pygame.draw.rect(surf, (120, 200, 120), (cx - r * 0.5, cy - r * 0.2, r, r * 0.6))
    pygame.draw.line(surf, INK, (cx + r * 0.2, cy - r), (cx + r * 0.6, cy + r * 0.3), line)


def _bar(surf: pygame.Surface, rect: pygame.Rect) -> None:
    """A thief's mask across the picture."""
    cx, cy, r, _ = _measure(rect)
    pygame.draw.rect(surf, INK, (cx - r, cy - r // 2, 2 * r, max(2, r // 3)))


def _lid(surf: pygame.Surface, rect: pygame.Rect) -> None:
    cx, _, r, _ = _measure(rect)
    pygame.draw.rect(surf, INK, (cx - r // 2, rect.top, r, max(2, r // 3)))


def _bowl(surf: pygame.Surface, rect: pygame.Rect) -> None:
    r, line = _measure(rect)[2:]
    pygame.draw.arc(surf, INK, rect.inflate(-r // 3, -r // 3).move(0, r // 2),
                    math.pi, 2 * math.pi, line * 2)


def _compass(surf: pygame.Surface, rect: pygame.Rect) -> None:
    cx, cy, r, line = _measure(rect)
    pygame.draw.line(surf, INK, (cx + r // 2, cy + r), (cx + r, cy - r // 2), line)
    pygame.draw.line(surf, INK, (cx + r, cy + r), (cx + r, cy - r // 2), line)


def _ring(surf: pygame.Surface, rect: pygame.Rect) -> None:
    cx, cy, r, line = _measure(rect)
    pygame.draw.circle(surf, INK, (cx, cy), r, line)


def _frame(surf: pygame.Surface, rect: pygame.Rect) -> None:
    r, line = _measure(rect)[2:]
    pygame.draw.rect(surf, INK, rect.inflate(-r // 4, -r // 4), line)


PICTURES: dict[str, Callable[[pygame.Surface, pygame.Rect, tuple[str, ...]], None]] = {
    "sun": _sun, "coin": _coin, "worker": _worker, "shield": _shield, "materials": _materials,
    "crossed": _crossed, "arrows": _arrows, "glass": _glass,
}
"""An emblem's picture, by the name an effect's look gives (`presentation.EffectLook`);
it is handed the edition's materials of the look's slots."""
MARKS: dict[str, Callable[[pygame.Surface, pygame.Rect], None]] = {
    "bar": _bar, "lid": _lid, "bowl": _bowl, "compass": _compass, "ring": _ring, "frame": _frame,
}
"""What an emblem may have drawn over its picture."""

presentation.check_effects(CARD_KEYS, PICTURES, MARKS)


def _emblem(surf: pygame.Surface, key: str, rect: pygame.Rect,
            materials: tuple[str, ...] = CLASSIC_MATERIALS) -> None:
    """The picture of an action card (effect key), in the edition's `materials`
    (four colors, gray), as the effect's look says (`presentation.effect`)."""
    look = presentation.effect(key)
    PICTURES[look.picture](surf, rect, tuple(materials[i] for i in look.slots))
    if look.mark:
        MARKS[look.mark](surf, rect)


def set_text_size(scale: float) -> None:
    """Apply the text-size setting: fonts, and the card faces drawn with them."""
    fonts.set_text_scale(scale)
    forget_text()


def forget_text() -> None:
    """Drop the cached card faces (after a change of text size or language)."""
    action_card.cache_clear()
    building_card.cache_clear()


LANGUAGE_LISTENERS.append(forget_text)


NAME_SPACING = 1.15
"""Line spacing of card names (a share of their size)."""
SMALLEST_TEXT = 7
"""The smallest text on a card, in screen pixels: names and effects shrink to
fit down to it, never below (a tooltip has the whole text)."""


@lru_cache(maxsize=512)
def action_card(index: int, key: str, number: int, size: tuple[int, int], name: str,
                effect: str | None, strip: int | None = None,
                materials: tuple[str, ...] = CLASSIC_MATERIALS) -> pygame.Surface:
    """An action card face: number in the corner, picture, `name`, and the `effect`
    text if given, each shrunk to fit (down to `SMALLEST_TEXT`; an effect that
    still does not fit ends with an ellipsis). Without an effect the name has the
    whole lower half. `strip`: the width left visible of a card overlapped by the
    next one in a fanned hand; the name then fills that strip (`_strip_name`)
    and the effect, which would be hidden, is left out."""
    w, h = size
    tint = CARD_TINTS[key]
    surf = rounded_card(size, PAPER, INK)
    band = pygame.Rect(max(2, w // 20), max(2, w // 20), w - 2 - 2 * max(2, w // 20),
                       int(h * (0.42 if effect else 0.36)))
    pygame.draw.rect(surf, tint, band, border_radius=max(2, w // 14))
    big = fonts.text(str(number), max(9, int(w * 0.3)), INK, True)
    surf.blit(big, (band.left + w // 16, band.top))
    _emblem(surf, key, band.inflate(-w // 3, -h // 9).move(w // 8, h // 40), materials)
    pad = max(3, w // 12)
    top = band.bottom + h // 40
    area = pygame.Rect(pad, top, w - 2 - 2 * pad, h - 3 - pad - top)
    if strip is not None:
        edge = max(2, w // 24)
        _strip_name(surf, name, pygame.Rect(edge, top, strip - 2 * edge, area.h),
                    max(SMALLEST_TEXT, int(w * 0.13)), strip >= w * STRIP_ACROSS)
        return surf
    _card_text(surf, name, effect, area)
    return surf


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
        text = fonts.fit_block(effect, max(SMALLEST_TEXT, int(w * 0.085)),
                               fonts.readable(SMALLEST_TEXT), w - 2 - 2 * edge,
                               h - 3 - edge - top - 2)
        draw_block(surf, text, (60, 50, 40), False, (area.centerx, top + 2))


STRIP_ACROSS = 0.55
"""An overlapped hand card's name runs across its visible strip if the strip is at
least this share of the card's width, else along it."""


def _strip_name(surf: pygame.Surface, name: str, area: pygame.Rect, size: int,
                across: bool) -> None:
    """A card's name in `area`, the strip left visible of an overlapped card:
    `across` it, or else along it, read upwards, as on the index of a fanned card."""
    floor = fonts.readable(SMALLEST_TEXT)
    if across:
        title = fonts.fit_block(name, size, floor, area.w, area.h, True, NAME_SPACING)
        draw_block(surf, title, INK, True,
                   (area.centerx, area.top + (area.h - len(title.lines) * title.step) // 2))
        return
    title = fonts.fit_block(name, size, floor, area.h, area.w, True, NAME_SPACING)
    text = pygame.Surface((area.h, len(title.lines) * title.step), pygame.SRCALPHA)
    draw_block(text, title, INK, True, (area.h // 2, 0))
    turned = pygame.transform.rotate(text, 90)
    surf.blit(turned, turned.get_rect(center=area.center))


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
        return self.name_top + len(self.title.lines) * self.title.step


def building_parts(name: str, cost: tuple[int, ...], size: tuple[int, int]) -> BuildingParts:
    """The parts of a building card of `size`: the cost icons keep their size
    (`w * 0.2`) for every cost, the picture gives way to them and to the name
    (down to 22 % of the card's height)."""
    w, h = size
    pad = max(2, w // 16)
    inner_w = w - 2 - 2 * pad
    base, floor = max(SMALLEST_TEXT, int(w * 0.1)), fonts.readable(SMALLEST_TEXT)
    room = max(2 * fonts.line_step(base, NAME_SPACING), 3 * fonts.line_step(floor, NAME_SPACING))
    title = fonts.fit_block(name, base, floor, inner_w, room, True, NAME_SPACING)
    name_h = len(title.lines) * title.step
    rows = max(1, (sum(1 for n in cost if n) + 1) // 2)
    room = h - 3 - 2 * pad - int(h * 0.22) - name_h - 4
    icon_size = max(6, min(int(w * 0.2), room // rows - 1))
    cost_top = h - 3 - pad - (icon_size + 1) * rows
    picture = pygame.Rect(pad, pad, inner_w, min(int(h * 0.42), cost_top - name_h - 4 - pad))
    return BuildingParts(picture, title, picture.bottom + 2, icon_size, cost_top)


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
    badge = max(10, int(w * 0.3))
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


FELT_GRAIN = (240, 135)
"""The most texels across and down the felt's grain has."""


@lru_cache(maxsize=4)
def table_background(size: tuple[int, int]) -> pygame.Surface:
    """Green felt with a soft vignette and faint tiles, drawn once per window size
    (its grain at most `FELT_GRAIN` wide, then scaled: as fine on a 4K screen as
    on a 1080p one, and as quick to make)."""
    w, h = size
    grain = max(8, w // FELT_GRAIN[0], h // FELT_GRAIN[1])
    small = pygame.Surface((max(1, w // grain), max(1, h // grain)))
    rng = random.Random(7)
    sw, sh = small.get_size()
    for y in range(sh):
        for x in range(sw):
            dx, dy = (x - sw / 2) / sw, (y - sh / 2) / sh
            fade = 1.0 - 0.9 * (dx * dx + dy * dy)
            noise = rng.randint(-5, 5)
            small.set_at((x, y), (int(24 * fade) + noise // 2 + 10, int(78 * fade) + noise + 12,
                                  int(60 * fade) + noise // 2 + 10))
    surf = pygame.transform.smoothscale(small, size)
    return surf.convert() if pygame.display.get_surface() else surf


@lru_cache(maxsize=64)
def panel(size: tuple[int, int], highlight: bool = False) -> pygame.Surface:
    """A rounded panel, gold-edged when `highlight`; opaque with a color key for
    the corners, so blitting it is cheap."""
    surf = pygame.Surface(size)
    key = (255, 0, 255)
    surf.fill(key)
    radius = max(4, min(size) // 14)
    pygame.draw.rect(surf, PANEL, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, ACCENT if highlight else PANEL_EDGE, surf.get_rect(),
                     max(2, min(size) // 60) if highlight else 1, border_radius=radius)
    surf.set_colorkey(key, pygame.RLEACCEL)
    return surf.convert() if pygame.display.get_surface() else surf
