"""A check that every text on a screen has room: while a frame is drawn onto a
`TracedSurface`, each text `fonts.text` rendered and where it was put are
recorded; `problems` then names each text that runs off the window, into
another text, or across a button's edge. Used by the layout tests and
`tools/text_audit.py` (every screen, language and text size)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pygame

from . import buildings, cards, fonts


@dataclass
class Placed:
    """A text drawn: its words and where its ink went."""

    value: str
    ink: pygame.Rect


@dataclass
class TextLog:
    """The texts rendered (by surface identity) and those placed in this frame."""

    rendered: dict[int, tuple[pygame.Surface, str]] = field(default_factory=dict)
    placed: list[Placed] = field(default_factory=list)
    images: list[pygame.Rect] = field(default_factory=list)
    """Where the other pictures (icons, cards, panels) drawn in this frame went."""
    names_cut: dict[str, bool] = field(default_factory=dict)
    """Names fitted onto cards (`fonts.fit_block`, bold), and whether they overran the
    room their card gave them (drawn over its other parts, or cut off at its edge)."""
    wrapped: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Texts `fonts.wrap` split into lines in this frame, and their lines (a frame
    that draws some of a text's lines and not the others has cut it short)."""
    fitted: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Texts `fonts.fit_block` set in more than one line in this frame (a name on
    a seat's panel), and their lines."""
    one_line: set[str] = field(default_factory=set)
    """Texts wrapped or fitted onto a single line in this frame (a name on a seat's
    panel that the log's lines about that seat begin with)."""

    def record(self, source: pygame.Surface, where: pygame.Rect) -> None:
        known = self.rendered.get(id(source))
        ink = source.get_bounding_rect().move(where.topleft).clip(where)
        if known is None or known[0] is not source:
            if ink.w and ink.h:
                self.images.append(ink)
        elif ink.w and ink.h and known[1].strip():
            self.placed.append(Placed(known[1], ink))

    def clear(self) -> None:
        self.placed.clear()
        self.images.clear()
        self.names_cut.clear()
        self.wrapped.clear()
        self.fitted.clear()
        self.one_line.clear()


class TracedSurface(pygame.Surface):
    """A surface that tells `log` where texts are blitted onto it (and onto its copies)."""

    log: TextLog

    def blit(self, source: Any, dest: Any = (0, 0), area: Any = None,
             special_flags: int = 0) -> pygame.Rect:
        where = super().blit(source, dest, area, special_flags)
        if area is None and isinstance(source, pygame.Surface):
            self.log.record(source, where)
        return where

    def copy(self) -> TracedSurface:
        twin = traced(self.get_size(), self.log)
        super(TracedSurface, twin).blit(self, (0, 0))
        return twin


def traced(size: tuple[int, int], log: TextLog) -> TracedSurface:
    surface = TracedSurface(size)
    surface.log = log
    return surface


@contextmanager
def recording(log: TextLog) -> Iterator[None]:
    """Record every text `fonts.text` renders into `log` (the cache emptied so
    that each text is rendered, and so recorded, again)."""
    real: Callable[..., pygame.Surface] = fonts.text
    real_block: Callable[..., fonts.Block] = fonts.fit_block
    real_wrap: Callable[..., tuple[str, ...]] = fonts.wrap
    real_whole: Callable[..., tuple[str, ...]] = fonts.wrap_whole

    def fit_block(value: str, size: int, floor: int, width: int, height: int,
                  bold: bool = False, spacing: float = 1.2) -> fonts.Block:
        block = real_block(value, size, floor, width, height, bold, spacing)
        if bold:  # a name on a card (an effect is drawn whole or not at all)
            log.names_cut[value] = block.height > height  # (the last fitting of it counts)
        if len(block.lines) > 1:
            log.fitted[value] = block.lines
        else:
            log.one_line.add(value)
        return block

    def wrap(value: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
        lines = real_wrap(value, size, width, bold)
        if len(lines) > 1:
            log.wrapped[value] = lines  # (the last wrapping of it counts)
        else:
            log.one_line.add(value)
        return lines

    def wrap_whole(value: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
        lines = real_whole(value, size, width, bold)
        if len(lines) > 1:
            log.wrapped[value] = lines
        else:
            log.one_line.add(value)
        return lines

    def text(value: str, size: int, color: tuple[int, int, int] = (20, 20, 20),
             bold: bool = False) -> pygame.Surface:
        surface = real(value, size, color, bold)
        log.rendered[id(surface)] = (surface, value)
        return surface
    _forget_text()
    fonts.text, fonts.fit_block, fonts.wrap, fonts.wrap_whole = \
        text, fit_block, wrap, wrap_whole  # type: ignore[assignment]
    try:
        yield
    finally:
        fonts.text, fonts.fit_block, fonts.wrap, fonts.wrap_whole = \
            real, real_block, real_wrap, real_whole  # type: ignore[assignment]
        _forget_text()


def _forget_text() -> None:
    """Drop the cached text and card faces, so that the next frame renders them anew."""
    fonts.text.cache_clear()
    cards.action_card.cache_clear()
    buildings.building_card.cache_clear()


SLACK = 1
"""Pixels of overlap forgiven (antialiasing at the ink's edge)."""


def problems(log: TextLog, window: pygame.Rect, buttons: list[pygame.Rect]) -> list[str]:
    """What is wrong with the texts of the frame `log` saw, in `window` among
    `buttons`: a text cut short (a wrapped text whose first line was drawn and not
    all the others; a name that overran its card: no text is shortened with an
    ellipsis, whatever a tooltip shows), off the window, overlapping another text,
    or crossing the edge of a button or a picture (neither inside nor outside it)."""
    drawn = {p.value for p in log.placed}
    whole = {value for value, lines in log.wrapped.items()
             if all(line in drawn for line in lines if line)}
    begun = {lines[0] for value, lines in (*log.wrapped.items(), *log.fitted.items())
             if all(line in drawn for line in lines if line)} | (log.one_line & drawn)
    """(a first line another text shown whole begins with, or is, is that text's)"""
    found = [f"lines left out: {value!r}" for value, lines in log.wrapped.items()
              if value not in whole and lines[0] in drawn and lines[0] not in begun]
    found += [f"cut on a card: {value!r}" for value, cut in log.names_cut.items()
              if cut]
    shown = [p for p in log.placed if p.ink.w > 0]
    for p in shown:
        if not window.contains(p.ink):
            found.append(f"off the window: {p.value!r} at {tuple(p.ink)}")
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            overlap = a.ink.clip(b.ink)
            if a.value != b.value and overlap.w > SLACK and overlap.h > SLACK:
                found.append(f"overlap: {a.value!r} and {b.value!r} at {tuple(overlap)}")
    for p in shown:
        for kind, boxes in (("button", buttons), ("picture", log.images)):
            for box in boxes:
                overlap = p.ink.clip(box)
                if overlap.w > SLACK and overlap.h > SLACK and not box.contains(p.ink):
                    found.append(f"across a {kind}'s edge: {p.value!r} at {tuple(p.ink)}, "
                                 f"{kind} {tuple(box)}")
    return list(dict.fromkeys(found))


def shrunk_labels(buttons: list[Any]) -> list[str]:
    """Buttons (`widgets.Button`) whose label is set smaller than the same button
    sets it at 100 % text: at a larger text size a button grows with its words
    rather than shrink them back (a single glyph, an arrow, is left as drawn)."""
    found = []
    for button in buttons:
        if len(button.label.strip()) < 2:
            continue
        nominal = max(9, int((button.line_height or button.rect.h) * 0.42))  # (at 100 %)
        shown = fonts.font(button.label_size(), True).get_height()
        at_100 = fonts.font(max(1, round(nominal / fonts.text_scale())), True).get_height()
        if shown < at_100:
            found.append(f"label shrunk: {button.label!r} in a button of {button.rect.size}")
    return found
