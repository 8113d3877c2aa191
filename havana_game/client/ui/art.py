"""The palette every screen draws with (from the presentation vocabulary,
havana_game/data/presentation.json), the seats' colors, and what every screen
is drawn on: the green felt and the panels, each drawn once per size."""

from __future__ import annotations

import random
from functools import lru_cache

import pygame

from ... import presentation

Color = presentation.Color

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
SEAT_COLORS: tuple[Color, ...] = presentation.seat_colors()


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
