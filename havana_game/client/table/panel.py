"""The action panel's text: the prompt, a refused decision's reason, and the
staged payment as icons."""

from __future__ import annotations

from typing import Any

import pygame

from ..ui import art, fonts
from ..ui.i18n import tr
from .choices import payment_icons
from .layout import TableLayout

PROMPT_SIZE, PROMPT_LINES = 14, 3
ERROR_SIZE, ERROR_LINES = 12, 2
PAYMENT_TOP = 70
"""Design pixels from the panel's top to the payment icons."""
MARGIN = 10


def text_height(layout: TableLayout, prompt: str, error: str | None) -> int:
    """How far below the panel's top its text reaches (the buttons start below)."""
    width = layout.actions.w - layout.px(2 * MARGIN)
    lines = len(fonts.wrap(prompt, layout.px(PROMPT_SIZE), width, True)[:PROMPT_LINES])
    height = layout.px(4) + fonts.line_step(layout.px(PROMPT_SIZE)) * lines + layout.px(6)
    if error:
        height += fonts.line_step(layout.px(ERROR_SIZE), 1.25) * len(
            fonts.wrap(tr("rejected", reason=error), layout.px(ERROR_SIZE), width,
                       True)[:ERROR_LINES])
    return height


def draw_panel(surface: pygame.Surface, layout: TableLayout, prompt: str, error: str | None,
               active: bool, payment: dict[str, Any] | None, letters: bool) -> None:
    """The panel, its prompt and error lines, and `payment` (a build decision) as icons."""
    area = layout.actions
    surface.blit(art.panel(area.size, active), area)
    width = area.w - layout.px(2 * MARGIN)
    x, y = area.left + layout.px(MARGIN), area.top + layout.px(8)
    for line in fonts.wrap(prompt, layout.px(PROMPT_SIZE), width, True)[:PROMPT_LINES]:
        surface.blit(fonts.text(line, layout.px(PROMPT_SIZE), art.TEXT_LIGHT, True), (x, y))
        y += fonts.line_step(layout.px(PROMPT_SIZE))
    if error:
        for line in fonts.wrap(tr("rejected", reason=error), layout.px(ERROR_SIZE), width,
                               True)[:ERROR_LINES]:
            surface.blit(fonts.text(line, layout.px(ERROR_SIZE), art.DANGER, True), (x, y))
            y += fonts.line_step(layout.px(ERROR_SIZE), 1.25)
    if payment is not None:
        _draw_payment(surface, layout, payment, letters)


def _draw_payment(surface: pygame.Surface, layout: TableLayout, decision: dict[str, Any],
                  letters: bool) -> None:
    icon = layout.px(22)
    area = layout.actions
    x, y = area.left + layout.px(MARGIN), area.top + layout.px(PAYMENT_TOP)
    for image, amount in payment_icons(decision, icon, letters):
        surface.blit(image, (x, y))
        label = fonts.text(f"×{amount}", layout.px(14), art.TEXT_LIGHT, True)
        surface.blit(label, (x + icon + layout.px(2), y + (icon - label.get_height()) // 2))
        x += icon + label.get_width() + layout.px(10)
