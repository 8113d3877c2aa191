"""Buttons, text fields and tooltips: small, drawn by code, keyboard-aware."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from . import art, fonts


@dataclass
class Button:
    """A clickable label (with optional icons drawn before the text)."""

    name: str
    """Stable identifier: tests and keyboard shortcuts find controls by it."""
    rect: pygame.Rect
    label: str
    action: Callable[[], None]
    enabled: bool = True
    selected: bool = False
    primary: bool = False
    icons: list[pygame.Surface] = field(default_factory=list)
    tooltip: str = ""
    hovered: bool = False
    text_size: int | None = None
    """The label's text size at the most (None: as the height allows); `same_text_size`
    sets it so that buttons shown together read alike."""
    line_height: int | None = None
    """The height of a one-line button like it, where this one is grown for more
    lines of its label (`grown_for`): its text size and margins are that one's."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Run the action on a left click inside; True if the event was used."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 \
                and self.rect.collidepoint(event.pos):
            if self.enabled:
                self.action()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        radius = max(3, r.h // 4)
        if not self.enabled:
            fill, edge, ink = (70, 74, 70), (95, 100, 95), (140, 140, 135)
        elif self.selected:
            fill, edge, ink = (240, 200, 90), (255, 240, 170), art.INK
        elif self.primary:
            fill, edge, ink = (196, 90, 50), (250, 170, 120), art.TEXT_LIGHT
        else:
            fill, edge, ink = (58, 86, 76), (120, 160, 140), art.TEXT_LIGHT
        if self.hovered and self.enabled:
            fill = (min(255, fill[0] + 25), min(255, fill[1] + 25), min(255, fill[2] + 25))
        pygame.draw.rect(surface, (0, 0, 0), r.move(0, max(1, r.h // 14)), border_radius=radius)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        pygame.draw.rect(surface, edge, r, max(1, r.h // 18), border_radius=radius)
        icon_w = sum(i.get_width() + 2 for i in self.icons)
        size = self.label_size()
        block = fonts.fit_lines(self.label, self._largest(), size, self._room(), True,
                                LABEL_SPACING)
        lines = [fonts.text(line, size, ink, True) for line in block.lines]
        x = r.centerx - (icon_w + max(line.get_width() for line in lines)) // 2
        for icon in self.icons:
            surface.blit(icon, (x, r.centery - icon.get_height() // 2))
            x += icon.get_width() + 2
        top = r.centery - (block.height - block.step + lines[-1].get_height()) // 2
        for i, line in enumerate(lines):
            surface.blit(line, (x, top + i * block.step))

    def label_size(self) -> int:
        """The label's text size: as large as the height allows (`text_size` at the
        most) and the width takes on its lines (one, or those a button grown for
        more holds: `grown_for`); a label too long for them even at the smallest
        wraps onto more lines, as large as they fit (the button's owner gives them
        room)."""
        largest = self._largest()
        lines = 1
        if self.line_height is not None:
            extra = self.rect.h - self.line_height
            lines += max(0, extra) // fonts.line_step(largest, LABEL_SPACING)
        return fonts.fit_size(self.label, largest, self._room(), lines, True)

    def shrunk(self) -> bool:
        """The label is set smaller than the button's height allows."""
        return self.label_size() < self._largest()

    def _largest(self) -> int:
        """The label's text size at the most: as the height allows (a one-line
        button's, `line_height`), `text_size` at the most."""
        most = max(9, int((self.line_height or self.rect.h) * 0.42))
        return min(most, self.text_size or most)

    def _room(self) -> int:
        """The width the label may take: the button's, less its icons and margins."""
        icon_w = sum(i.get_width() + 2 for i in self.icons)
        return self.rect.w - icon_w - 2 * max(6, (self.line_height or self.rect.h) // 4)


LABEL_SPACING = 1.2
"""A button label's line step, as a share of its text size (`fonts.fit_lines`'s)."""


def grown_for(label: str, width: int, height: int) -> int:
    """The height of a button `width` wide whose label takes, at the size a button
    `height` high sets it, as many lines as it needs (`height` for one line; each
    more adds a line of it): pass `height` as its `line_height`."""
    size = max(9, int(height * 0.42))
    block = fonts.fit_lines(label, size, size, width - 2 * max(6, height // 4), True,
                            LABEL_SPACING)
    step = fonts.line_step(size, LABEL_SPACING)
    more = len(block.lines) - 1
    return height + more * step + (step // 2 if more else 0)  # (and room around them)


def same_text_size(buttons: Sequence[Button]) -> None:
    """Buttons shown together (a menu's) take one text size: the smallest that one of
    them needs to fit, so a long label does not make its button look apart."""
    size = min(button.label_size() for button in buttons)
    for button in buttons:
        button.text_size = size


@dataclass
class TextField:
    """A one-line text input; it has the focus while `active`."""

    name: str
    rect: pygame.Rect
    value: str = ""
    active: bool = False
    max_length: int = 24
    placeholder: str = ""
    label: str = ""
    """Shown above the field, so it stays named once it holds text."""
    selected: bool = False
    """Ctrl+A selected the whole text: typing replaces it, Backspace clears it."""

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.active = self.rect.collidepoint(event.pos)
            self.selected = False
            return self.active
        if not self.active:
            return False
        if event.type == pygame.TEXTINPUT:
            kept = "" if self.selected else self.value
            self.value, self.selected = (kept + event.text)[: self.max_length], False
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_a \
                and event.mod & pygame.KMOD_CTRL:
            self.selected = bool(self.value)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.value, self.selected = "" if self.selected else self.value[:-1], False
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        pygame.draw.rect(surface, (250, 244, 228), r, border_radius=max(3, r.h // 5))
        pygame.draw.rect(surface, art.ACCENT if self.active else art.INK, r,
                         2 if self.active else 1, border_radius=max(3, r.h // 5))
        shown = self.value + ("|" if self.active and not self.selected else "")
        color = art.INK if self.value else (150, 140, 120)
        size = fonts.fit_size(shown or self.placeholder, max(9, int(r.h * 0.45)), r.w - 10, 1)
        label = fonts.text(_tail(shown, size, r.w - 10) if shown else self.placeholder, size,
                           color)
        spot = label.get_rect(midleft=(r.left + 6, r.centery))
        if self.selected:
            pygame.draw.rect(surface, art.ACCENT, spot.inflate(4, 2))
        surface.blit(label, spot)
        if self.label:
            size = fonts.fit_size(self.label, max(9, int(r.h * 0.32)), r.w, 1, True)
            caption = fonts.text(self.label, size, art.TEXT_DIM, True)
            surface.blit(caption, caption.get_rect(bottomleft=(r.left + 2, r.top - 2)))


def _tail(value: str, size: int, width: int) -> str:
    """The end of a typed `value` that fits `width` at `size`: a text longer than
    its field shows where the caret is, as a text field does, its start scrolled
    out of sight (and back into it as it is erased)."""
    face = fonts.font(size)
    start = 0
    while start < len(value) - 1 and face.size(value[start:])[0] > width:
        start += 1
    return value[start:]


@fonts.drawn_with_text
@lru_cache(maxsize=128)
def tooltip_surface(text: str, size: int) -> pygame.Surface:
    """A dark box with `text` wrapped in it, as wide as its longest line (22 ems
    at the most)."""
    lines = fonts.wrap(text, size, size * 22)
    width = max(fonts.font(size).size(line)[0] for line in lines)
    line_h = fonts.line_step(size)
    box = pygame.Surface((width + size, line_h * len(lines) + size), pygame.SRCALPHA)
    pygame.draw.rect(box, (20, 24, 22), box.get_rect(), border_radius=size // 2)
    pygame.draw.rect(box, art.ACCENT, box.get_rect(), 1, border_radius=size // 2)
    for i, line in enumerate(lines):
        box.blit(fonts.text(line, size, art.TEXT_LIGHT), (size // 2, size // 2 + i * line_h))
    return box


def draw_tooltip(surface: pygame.Surface, text: str, pos: tuple[int, int],
                 size: int) -> pygame.Rect:
    """The tooltip for `text` near `pos`, kept on screen; where it went."""
    box = tooltip_surface(text, size)
    spot = box.get_rect(topleft=(pos[0] + size, pos[1] + size))
    spot.clamp_ip(surface.get_rect())
    return surface.blit(box, spot)


def grown(width: int) -> int:
    """A button's `width` at 100 % text, grown with the text size (its label grows
    with it, in every language, rather than shrinking back to fit)."""
    return round(width * max(1.0, fonts.text_scale()))


def column(center_x: int, top: int, width: int, height: int, gap: int,
           count: int) -> list[pygame.Rect]:
    """`count` rectangles stacked downwards, centered on `center_x`."""
    return [pygame.Rect(center_x - width // 2, top + i * (height + gap), width, height)
            for i in range(count)]
