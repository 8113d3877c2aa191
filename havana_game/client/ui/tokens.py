"""The table's pieces, drawn by code: material tokens (a distinct shape per
color, and a letter for colorblind players), peso coins, workers and
victory-point stars; each drawn once per size."""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from ... import presentation
from . import fonts
from .art import GOLD, Color
from .i18n import tr_name

MATERIAL_COLORS: dict[str, Color] = presentation.material_colors()
MATERIAL_SHAPES: dict[str, str] = presentation.material_shapes()
"""Each edition's four colors take the classic slots' shapes (the 2024 edition's
green and white those of brown and blue), so shape alone tells the slots apart;
colorblind letters tell the colors apart."""
WHITE_EDGE: Color = (62, 66, 76)
"""The edge of the 2024 edition's white material (the fill is near the cards' cream)."""
CLASSIC_MATERIALS = ("red", "yellow", "brown", "blue", "gray")
"""The classic edition's materials in their slots' order (four colors, gray)."""


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
