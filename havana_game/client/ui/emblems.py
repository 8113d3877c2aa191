"""Action cards' emblems: the pictures (`PICTURES`) and the marks drawn over
them (`MARKS`) an effect's look names (`presentation.effect`); every effect of
the rules must have a look that names both, checked on import
(`presentation.PresentationError` otherwise)."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ... import presentation
from ...rules.ruleset import CARD_KEYS
from .art import DANGER, INK
from .tokens import CLASSIC_MATERIALS, coin, material, worker


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


def emblem(surf: pygame.Surface, key: str, rect: pygame.Rect,
           materials: tuple[str, ...] = CLASSIC_MATERIALS) -> None:
    """The picture of an action card (effect key), in the edition's `materials`
    (four colors, gray), as the effect's look says (`presentation.effect`)."""
    look = presentation.effect(key)
    PICTURES[look.picture](surf, rect, tuple(materials[i] for i in look.slots))
    if look.mark:
        MARKS[look.mark](surf, rect)
