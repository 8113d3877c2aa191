"""Fonts covering Latin and Cyrillic (DejaVu, shipped inside the package in
havana_game/assets/fonts with their licence), and a cache of rendered text so
nothing is rendered twice."""

from __future__ import annotations

import io
import math
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import _lru_cache_wrapper, lru_cache
from importlib import resources
from typing import Any, TypeVar

import pygame

FONTS = resources.files("havana_game").joinpath("assets", "fonts")
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
"""The font file of regular (False) and bold (True) text, in `FONTS`."""


_scale = 1.0
"""The text-size setting: every font is this much larger than asked for."""


def set_text_scale(scale: float) -> None:
    """Make all text `scale` times its design size; cached text is forgotten."""
    global _scale
    _scale = scale
    for cached in _CACHES:
        cached.cache_clear()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A font of `size` pixels times the text-size setting; pygame's default font
    if the TTF is missing."""
    return _face(max(6, round(size * _scale)), bold)


@lru_cache(maxsize=64)
def _face(size: int, bold: bool) -> pygame.font.Font:
    data = _font_file(bold)
    if data is not None:
        return pygame.font.Font(io.BytesIO(data), size)
    fallback = pygame.font.Font(None, int(size * 1.3))
    fallback.bold = bold
    return fallback


@lru_cache(maxsize=2)
def _font_file(bold: bool) -> bytes | None:
    """The font file's bytes (read through importlib.resources, so they load from
    an installed wheel or a bundled app alike); None, and one line on standard
    error, when it is missing or unreadable: the game goes on in pygame's own font."""
    name = FONT_FILES[bold]
    try:
        return FONTS.joinpath(name).read_bytes()
    except OSError as error:
        print(f"havana: the font {name} cannot be read ({error.strerror or error}); "
              "text is drawn in a plainer font (reinstall the game to get it back)",
              file=sys.stderr)
        return None


@lru_cache(maxsize=2048)
def text(value: str, size: int, color: tuple[int, int, int] = (20, 20, 20),
         bold: bool = False) -> pygame.Surface:
    """`value` rendered antialiased; cached by all its arguments."""
    return font(size, bold).render(value, True, color)


@lru_cache(maxsize=4096)
def wrap(value: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """Split `value` into lines that fit `width` pixels (cached)."""
    return _wrap(font(size, bold), value, width, "any")


def scaled(size: int) -> int:
    """The pixel height of text of design `size` at the current text size."""
    return max(6, round(size * _scale))


def line_step(size: int, spacing: float = 1.3) -> int:
    """The distance from one line of text of design `size` to the next, at the
    current text size (a line spacing in unscaled sizes makes lines collide
    at large text sizes)."""
    return max(1, round(scaled(size) * spacing))


def text_scale() -> float:
    """The text-size setting now in effect."""
    return _scale


def readable(pixels: int) -> int:
    """The smallest design size that is at least `pixels` high on the screen at
    the current text size (a floor for text shrunk to fit a small card)."""
    return max(1, math.ceil(pixels / _scale))


@dataclass(frozen=True)
class Block:
    """A text fitted into a box: its lines, their design size and line step."""

    lines: tuple[str, ...]
    size: int
    step: int

    @property
    def height(self) -> int:
        """The pixels its lines take, one `step` each (more than the box's height when
        the text did not fit it even at the floor size: the caller makes room)."""
        return len(self.lines) * self.step


BREAKS = ("none", "good", "any")
"""How words may be broken, best first: never, between syllables, anywhere."""
WHOLE_WORDS_DOWN_TO = 0.8
"""`fit_block` breaks words between syllables rather than shrink a text below this
share of its size."""

Pass = tuple[str, range]
"""How words may be broken (`BREAKS`), at which sizes (largest first)."""


def _layouts(value: str, passes: list[Pass], width: int, bold: bool) -> Iterator[
        tuple[int, tuple[str, ...]]]:
    """(size, lines) of `value` wrapped to `width`, trying `passes` in order."""
    for breaks, sizes in passes:
        for size in sizes:
            face = font(size, bold)
            lines = _wrap(face, value, width, breaks)
            if all(face.size(line)[0] <= width for line in lines):
                yield size, lines


@lru_cache(maxsize=1024)
def fit_size(value: str, size: int, width: int, lines: int, bold: bool = False) -> int:
    """The largest font size up to `size` (down to 60 % of its unscaled design
    size) at which `value` wraps into at most `lines` lines of `width` (names on
    buttons, whose box is fixed, in every language and text size): with whole
    words if any such size exists, else with words broken by hyphens."""
    smallest = max(1, int(size * 0.6 / _scale))
    sizes = range(size, smallest - 1, -1)
    if lines == 1:
        return next((s for s in sizes if font(s, bold).size(value)[0] <= width), smallest)
    passes = [(breaks, sizes) for breaks in BREAKS]
    return next((s for s, wrapped in _layouts(value, passes, width, bold)
                 if len(wrapped) <= lines), smallest)


@lru_cache(maxsize=2048)
def fit_block(value: str, size: int, floor: int, width: int, height: int, bold: bool = False,
              spacing: float = 1.2) -> Block:
    """`value` fitted into a box of `width` x `height` pixels: at the largest
    design size from `size` down to `floor` at which it fits: with whole words
    down to `WHOLE_WORDS_DOWN_TO` of `size`, then with words broken between
    syllables, then with whole words again, then broken anywhere; if it does not
    fit even at `floor`, all its lines at `floor`, taller than the box (never cut)."""
    sizes = range(size, min(size, floor) - 1, -1)
    large = [s for s in sizes if s >= size * WHOLE_WORDS_DOWN_TO] or [size]
    passes = [("none", range(size, large[-1] - 1, -1)), ("good", sizes),
              ("none", sizes), ("any", sizes)]
    for fitted, lines in _layouts(value, passes, width, bold):
        step = line_step(fitted, spacing)
        if len(lines) * step <= height:
            return Block(lines, fitted, step)
    smallest = sizes[-1]
    return Block(_wrap(font(smallest, bold), value, width, "any"), smallest,
                 line_step(smallest, spacing))


SHRINK_BEFORE_WRAP = 0.8
"""A player's name (or a line with names in it) is set no smaller than this share
of its design size (`fit_lines`' usual floor) before it wraps onto another line."""


def fit_lines(value: str, size: int, floor: int, width: int, bold: bool = False,
              spacing: float = 1.2) -> Block:
    """`value` (a player's name, a line about one) in `width`: on one line, set
    smaller down to `floor` if need be; else wrapped onto two lines, three...:
    as few as it takes, the caller making room for them (it is never cut)."""
    step = line_step(size, spacing)
    lines = 1
    while (block := fit_block(value, size, floor, width, lines * step, bold, spacing)).height \
            > lines * step:
        lines += 1
    return block


@lru_cache(maxsize=1024)
def fits(value: str, size: int, width: int, height: int, bold: bool = False,
         spacing: float = 1.2) -> bool:
    """Whether `value` fits a box of `width` x `height` at design `size`, its words
    broken anywhere if need be (as `fit_block` sets it at its floor)."""
    face = font(size, bold)
    return len(_wrap(face, value, width, "any")) * line_step(size, spacing) <= height


def _wrap(face: pygame.font.Font, value: str, width: int, breaks: str) -> tuple[str, ...]:
    """`value` in lines of `width`; words wider than that are broken as `breaks`
    allows (`BREAKS`), else left whole (and too wide)."""
    lines: list[str] = []
    for paragraph in value.split("\n"):
        line = ""
        for word in (p for w in paragraph.split() for p in _pieces(face, w, width, breaks)):
            candidate = f"{line} {word}".strip()
            if line and face.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return tuple(lines)


VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüÿáíóúãõœæ" "аеёиоуыэюя")
LIQUIDS = frozenset("rlрл")
"""Consonants that stay with the consonant before them ("fr", "хр")."""
NO_SYLLABLE_START = frozenset("hьъй")
"""Letters a break never goes before ("sh", "ch"; the Russian signs and "й")."""


def _good_break(word: str, cut: int) -> bool:
    """A hyphen after `word[:cut]` falls between syllables, by a simple rule that
    holds in all four languages: before a consonant that a vowel follows
    ("Telohra-nitel", "Refresh-ment", but not "Ref-resh"), or before a consonant
    and a liquid after a vowel ("Re-fresh"); two letters at least on each side."""
    if cut < 2 or len(word) - cut < 2:
        return False
    before, first, second = (c.lower() for c in word[cut - 1:cut + 2])
    if not (before.isalpha() and first.isalpha()) or first in VOWELS \
            or first in NO_SYLLABLE_START:
        return False
    if second in VOWELS:
        return before in VOWELS or first not in LIQUIDS
    return before in VOWELS and second in LIQUIDS and first not in LIQUIDS


def _pieces(face: pygame.font.Font, word: str, width: int, breaks: str) -> list[str]:
    """`word`, broken with hyphens into pieces no wider than `width` if it is wider
    (a long card name on a small card) and `breaks` allows it: at the last
    syllable break that fits, else ("any") at the last letter that fits; a single
    letter is never broken."""
    pieces: list[str] = []
    while breaks != "none" and len(word) > 1 and face.size(word)[0] > width:
        fitting = [cut for cut in range(len(word) - 1, 0, -1)
                   if face.size(word[:cut] + "-")[0] <= width]
        good = [cut for cut in fitting if _good_break(word, cut)]
        if not good and breaks == "good":
            break
        cut = (good or fitting or [1])[0]
        pieces.append(word[:cut] + "-")
        word = word[cut:]
    return [*pieces, word]


@lru_cache(maxsize=1024)
def wrap_whole(value: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """`value` in lines of `width` pixels with its words whole: a line breaks
    between words, or after a hyphen a word has of its own ("Capitães-" /
    "Generais"); a word wider than `width` stays whole, and too wide (a caller
    picks the size at which none is)."""
    face = font(size, bold)
    lines: list[str] = []
    line = ""
    for word in value.split():
        for i, piece in enumerate(re.findall(r"[^-]+-*|-+", word)):
            glue = "" if i else " "
            candidate = f"{line}{glue}{piece}" if line else piece
            if line and face.size(candidate)[0] > width:
                lines.append(line)
                line = piece
            else:
                line = candidate
    return (*lines, line) if line else tuple(lines)


def fit_whole(value: str, size: int, width: int, bold: bool = False) -> tuple[int, tuple[str, ...]]:
    """(size, lines): `value` wrapped in whole words (`wrap_whole`) at the largest
    size up to `size` at which no word of it is wider than `width`."""
    for fitted in range(size, 6, -1):
        lines = wrap_whole(value, fitted, width, bold)
        if all(font(fitted, bold).size(line)[0] <= width for line in lines):
            return fitted, lines
    return 6, wrap_whole(value, 6, width, bold)


Cached = TypeVar("Cached", bound="_lru_cache_wrapper[Any]")

_CACHES: list[_lru_cache_wrapper[Any]] = [text, wrap, wrap_whole, fit_size, fit_block, fits]
"""What a change of text size makes stale."""


def drawn_with_text(cached: Cached) -> Cached:
    """Mark a cached drawing that has text on it (a letter on a token, a tooltip,
    a card face): a change of text size forgets it, as it forgets the text itself."""
    _CACHES.append(cached)
    return cached
