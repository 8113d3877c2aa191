"""Fonts covering Latin and Cyrillic (DejaVu, shipped in assets/fonts), and a
cache of rendered text so nothing is rendered twice."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parents[2] / "assets"
FONT_FILES = {False: ASSETS / "fonts" / "DejaVuSans.ttf",
              True: ASSETS / "fonts" / "DejaVuSans-Bold.ttf"}


_scale = 1.0
"""The text-size setting: every font is this much larger than asked for."""


def set_text_scale(scale: float) -> None:
    """Make all text `scale` times its design size; cached text is forgotten."""
    global _scale
    _scale = scale
    for cached in (text, wrap, fit_size):
        cached.cache_clear()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A font of `size` pixels times the text-size setting; pygame's default font
    if the TTF is missing."""
    return _face(max(6, round(size * _scale)), bold)


@lru_cache(maxsize=64)
def _face(size: int, bold: bool) -> pygame.font.Font:
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
    """The largest font size up to `size` (down to 60 % of its unscaled design
    size) at which `value` wraps into at most `lines` lines of `width` (names on
    cards and buttons, whose box is fixed, in every language and text size): with
    whole words if any such size exists, else with words broken by hyphens."""
    smallest = max(1, int(size * 0.6 / _scale))
    sizes = range(size, smallest - 1, -1)
    for whole_words in (True, False):
        for candidate in sizes:
            face = font(candidate, bold)
            fits = face.size(value)[0] <= width if lines == 1 and whole_words else \
                len(_wrap(face, value, width)) <= lines
            if fits and (not whole_words or all(
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
