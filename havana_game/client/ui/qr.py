"""QR codes for links (the web seat page's URL) as pygame surfaces, made with
`segno` and cached: a phone's camera opens the link, nothing to type."""

from __future__ import annotations

import re
from functools import lru_cache

import pygame

from . import fonts

QUIET = 4
"""Modules of white border around the code (the QR standard's quiet zone)."""
DARK, LIGHT = (0, 0, 0), (255, 255, 255)


def matrix(url: str) -> tuple[tuple[bool, ...], ...]:
    """The code's modules for `url`, row by row, True for dark, without the border."""
    import segno

    code = segno.make(url, error="m", micro=False)
    return tuple(tuple(bool(module) for module in row) for row in code.matrix)


def modules(url: str) -> int:
    """The code's width in modules, its quiet zone included."""
    return len(matrix(url)) + 2 * QUIET


@lru_cache(maxsize=32)
def surface(url: str, size: int) -> pygame.Surface:
    """The QR code of `url` at most `size` pixels wide and high: whole pixels per
    module (sharp for a camera), dark on white with its quiet zone."""
    rows = matrix(url)
    count = len(rows) + 2 * QUIET
    cell = max(1, size // count)
    image = pygame.Surface((count * cell, count * cell))
    image.fill(LIGHT)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                image.fill(DARK, ((x + QUIET) * cell, (y + QUIET) * cell, cell, cell))
    return image


def link_lines(url: str, size: int, width: int) -> list[str]:
    """`url` as text of `size` on as few lines of `width` as it takes, broken
    after its separators ("http://192.168.1.20:" / "7733/#code=" / "K7QP2-M3XYZ")."""
    lines: list[str] = []
    for piece in re.findall(r".+?(?:[/:#=]+|$)", url):
        if lines and fonts.text(lines[-1] + piece, size).get_width() <= width:
            lines[-1] += piece
        else:
            lines += fonts.wrap(piece, size, width)
    return lines
