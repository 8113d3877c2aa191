"""The first-game guide: a short hint atop the game log the first time each kind
of decision comes up (choosing two cards, the number and turn order, building from
the ends, 5-for-1, phase 3). It never blocks play; "Got it" marks a hint seen for
good, and the Settings switch turns the guide off (or on again, from the start)."""

from __future__ import annotations

import pygame

from ...presentation import effects
from ..profile.settings import Settings
from ..ui import art, fonts
from ..ui.i18n import tr
from .layout import TableLayout

HINTS: dict[str, tuple[str, ...]] = {
    "choose": ("guide.choose",),
    "act": ("guide.order",),
    "build": ("guide.build", "guide.pay"),
    "cover": ("guide.cover",),
    **{key: (look.hint,) for key, look in effects().items() if look.hint},
}
"""Hint messages per decision mode, or per card effect whose options the seat is
choosing among (an effect's look names its hint: the 2024 edition's two-part
choices), shown one after the other."""
TEXT_SIZE = 14
"""Design size of the hint text."""
LOG_LEFT = 100
"""Design height of the log panel the hint leaves visible below it, at least."""


def current_hint(settings: Settings, mode: str) -> str | None:
    """The hint to show for decision `mode`, if the guide is on and one is unseen."""
    if not settings.guide:
        return None
    return next((key for key in HINTS.get(mode, ()) if key not in settings.guide_seen), None)


def dismiss(settings: Settings, key: str) -> None:
    """Mark hint `key` seen (saved at once)."""
    settings.guide_seen.append(key)
    settings.save()


def text_size(layout: TableLayout, key: str) -> int:
    """The hint's text size: `TEXT_SIZE`, or smaller if the hint and its button
    would otherwise leave less than `LOG_LEFT` of the log panel below them (large
    text, a long language)."""
    for size in range(layout.px(TEXT_SIZE), layout.px(TEXT_SIZE) // 2, -1):
        lines = fonts.wrap(tr(key), size, layout.log.w - layout.px(28))
        if _text_top(layout) + fonts.line_step(size) * len(lines) + layout.px(52 + 6) \
                <= layout.log.bottom - layout.px(LOG_LEFT):
            return size
    return layout.px(TEXT_SIZE) // 2


def hint_lines(layout: TableLayout, key: str) -> tuple[str, ...]:
    """The hint's text wrapped to the log panel."""
    return fonts.wrap(tr(key), text_size(layout, key), layout.log.w - layout.px(28))


def _text_top(layout: TableLayout) -> int:
    return layout.log.top + layout.px(14) + fonts.line_step(layout.px(16), 1.2)


def text_bottom(layout: TableLayout, key: str) -> int:
    """Where the hint's last line ends (it must stay above the button)."""
    step = fonts.line_step(text_size(layout, key))
    return _text_top(layout) + step * len(hint_lines(layout, key))


def hint_rect(layout: TableLayout, key: str) -> pygame.Rect:
    """The hint's panel: the top of the game log, as tall as the hint needs (the
    latest log lines stay visible below it)."""
    bottom = text_bottom(layout, key) + layout.px(10) + layout.px(32) + layout.px(10)
    return pygame.Rect(layout.log.left, layout.log.top, layout.log.w, bottom - layout.log.top)


def log_below(layout: TableLayout, key: str) -> pygame.Rect:
    """What is left of the log panel under the hint."""
    top = min(hint_rect(layout, key).bottom + layout.px(6), layout.log.bottom)
    return pygame.Rect(layout.log.left, top, layout.log.w, layout.log.bottom - top)


def button_rect(layout: TableLayout, key: str) -> pygame.Rect:
    """Where the "Got it" button goes: the bottom of the hint's panel."""
    area = hint_rect(layout, key)
    rect = pygame.Rect(0, 0, layout.px(150), layout.px(32))
    rect.midbottom = (area.centerx, area.bottom - layout.px(10))
    return rect


def draw_hint(surface: pygame.Surface, layout: TableLayout, key: str) -> None:
    """The hint panel at the top of the game log (the button is drawn with the others)."""
    area = hint_rect(layout, key)
    surface.blit(art.panel(area.size, True), area)
    title = fonts.text(tr("guide.title"), layout.px(16), art.ACCENT, True)
    surface.blit(title, (area.left + layout.px(14), area.top + layout.px(10)))
    size = text_size(layout, key)
    step = fonts.line_step(size)
    for i, line in enumerate(hint_lines(layout, key)):
        surface.blit(fonts.text(line, size, art.TEXT_LIGHT),
                     (area.left + layout.px(14), _text_top(layout) + i * step))
