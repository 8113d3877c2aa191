"""Fonts covering Latin and Cyrillic (DejaVu, shipped in assets/fonts), and a
cache of rendered text so nothing is rendered twice."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parents[2] / "assets"
FONT_FILES = {False: ASSETS / "fonts" / "DejaVuSans.ttf",
              True: ASSETS / "fonts" / "DejaVuSans-Bold.ttf"}


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A font of `size` pixels; pygame's default font if the TTF is missing."""
    size = max(6, int(size))
    path = FONT_FILES[bold]
    if path.exists():
        return pygame.font.Font(str(path), size)
    fallback = pygame.font.Font(None, int(size * 1.3))
    fallback.bold = bold
    return fallback


@lru_cache(maxsize=2048)
def text(value: str, size: int, color: tuple[int, int, int] = (20, 20, 20),
         bold: bool = False) -> pygame.Surface:
    """`value` rendered antialiased; cached by all its arguments."""
    return font(size, bold).render(value, True, color)


@lru_cache(maxsize=4096)
def wrap(value: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """Split `value` into lines that fit `width` pixels (cached)."""
    return _wrap(font(size, bold), value, width)


@lru_cache(maxsize=1024)
def fit_size(value: str, size: int, width: int, lines: int, bold: bool = False) -> int:
    """The largest font size up to `size` (down to 60 % of it) at which `value`
    wraps into at most `lines` lines of `width` (card names, whose box is fixed, in
    every language): with whole words if any such size exists, else with words
    broken by hyphens."""
    smallest = max(6, size * 3 // 5)
    sizes = range(size, smallest - 1, -1)
    for whole_words in (True, False):
        for candidate in sizes:
            face = font(candidate, bold)
            if len(_wrap(face, value, width)) <= lines and (not whole_words or all(
                    face.size(word)[0] <= width for word in value.split())):
                return candidate
    return smallest


def _wrap(face: pygame.font.Font, value: str, width: int) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in value.split("\n"):
        line = ""
        for word in (p for w in paragraph.split() for p in _pieces(face, w, width)):
            candidate = f"{line} {word}".strip()
            if line and face.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return tuple(lines)


def _pieces(face: pygame.font.Font, word: str, width: int) -> list[str]:
    """`word`, broken with hyphens into pieces no wider than `width` if it is wider
    (a long card name on a small card); a single letter is never broken."""
    pieces: list[str] = []
    while len(word) > 1 and face.size(word)[0] > width:
        cut = len(word) - 1
        while cut > 1 and face.size(word[:cut] + "-")[0] > width:
            cut -= 1
        pieces.append(word[:cut] + "-")
        word = word[cut:]
    return [*pieces, word]


def fit(value: str, size: int, width: int, bold: bool = False) -> str:
    """`value`, shortened with an ellipsis if it is wider than `width`."""
    face = font(size, bold)
    if face.size(value)[0] <= width:
        return value
    while value and face.size(value + "…")[0] > width:
        value = value[:-1]
    return value + "…"
