"""Moving the keyboard (and gamepad) focus: the nearest control in an arrow's
direction, and the ring drawn round the focused one."""

from __future__ import annotations

import pygame

from . import art

ARROWS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
"""The arrow keys' directions on the screen."""
RING_DARK: art.Color = (18, 16, 14)
RING_LIGHT: art.Color = (255, 246, 205)
"""The focus ring's two tones: a dark outer one and a light inner one, so that
one of them stands out on every button colour and every background."""


def _gap(low: int, high: int, other_low: int, other_high: int) -> int:
    """How far apart two spans are along one axis (0 if they overlap)."""
    return max(0, other_low - high, low - other_high)


def nearest(origin: pygame.Rect, candidates: dict[str, pygame.Rect],
            direction: tuple[int, int]) -> str | None:
    """The control among `candidates` nearest to `origin` in `direction` (a unit
    step such as (1, 0)): ahead of it, favouring those in line with it; None if
    nothing lies that way."""
    dx, dy = direction
    best: tuple[float, str] | None = None
    for name, rect in candidates.items():
        if rect == origin:
            continue
        along = (rect.centerx - origin.centerx) * dx + (rect.centery - origin.centery) * dy
        if along <= 0:
            continue
        if dx:
            off = _gap(origin.top, origin.bottom, rect.top, rect.bottom)
            centers = abs(rect.centery - origin.centery)
        else:
            off = _gap(origin.left, origin.right, rect.left, rect.right)
            centers = abs(rect.centerx - origin.centerx)
        score = along + 3 * off + 0.3 * centers
        if best is None or score < best[0]:
            best = (score, name)
    return best[1] if best else None


def draw_ring(surface: pygame.Surface, rect: pygame.Rect, width: int, margin: int) -> None:
    """The focus ring round `rect`, `margin` pixels out: light inside, dark outside."""
    ring = rect.inflate(2 * margin, 2 * margin)
    outer = ring.inflate(2 * width, 2 * width)
    pygame.draw.rect(surface, RING_DARK, outer, width, border_radius=max(3, outer.h // 5))
    pygame.draw.rect(surface, RING_LIGHT, ring, width, border_radius=max(3, ring.h // 5))
