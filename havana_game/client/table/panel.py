"""The action panel's text: the prompt, a refused decision's reason, and the
staged payment as icons."""

from __future__ import annotations

from typing import Any

import pygame

from ..ui import art, fonts
from ..ui.i18n import tr
from .choices import payment_icons
from .layout import TableLayout

PROMPT_SIZE, PROMPT_LINES, PROMPT_FLOOR = 14, 3, 12
"""The prompt's design size, the lines it fills before it is set smaller, and the
smallest it is set (below that it takes more lines, the controls less room)."""
ERROR_SIZE, ERROR_FLOOR = 12, 9
"""A refused decision's reason: its design size, and the smallest it is set to
leave the controls `CONTROLS_ROOM`."""
CONTROLS_ROOM = 26
"""Design height the decision's controls keep under the text, at the least: a row
of them (`controls.ROW_H`)."""
PAYMENT_TOP = 70
"""Design pixels from the panel's top to the payment icons."""
MARGIN = 10


def prompt_block(layout: TableLayout, prompt: str, floor: int = PROMPT_FLOOR) -> fonts.Block:
    """The prompt's lines, whole: at its size in up to `PROMPT_LINES` lines, else
    at the largest size down to `floor` that keeps it to those lines, else in as
    many lines as it takes at that floor (never cut short)."""
    width = layout.actions.w - layout.px(2 * MARGIN)
    smallest = layout.px(floor)
    for size in range(layout.px(PROMPT_SIZE), smallest - 1, -1):
        lines = fonts.wrap(prompt, size, width, True)
        if len(lines) <= PROMPT_LINES or size == smallest:
            return fonts.Block(lines, size, fonts.line_step(size))
    raise AssertionError("unreachable: the floor's wrapping is returned")


def error_block(layout: TableLayout, error: str, size: int) -> fonts.Block:
    """A refused decision's reason at design `size`, wrapped (all of it)."""
    width = layout.actions.w - layout.px(2 * MARGIN)
    scaled = layout.px(size)
    return fonts.Block(fonts.wrap(tr("rejected", reason=error), scaled, width, True), scaled,
                       fonts.line_step(scaled, 1.25))


def text_blocks(layout: TableLayout, prompt: str, error: str | None) -> tuple[
        fonts.Block, fonts.Block | None]:
    """The prompt's and the error's lines, whole, as large as they can be while
    the controls keep `CONTROLS_ROOM` under them: the error set smaller first,
    then the prompt, a size below its floor at the most (the smallest of both if
    even they leave less)."""
    if not error:
        return prompt_block(layout, prompt), None
    room = layout.actions.h - layout.px(12 + 38 + CONTROLS_ROOM + 10)
    tries = [(floor, size) for floor in (PROMPT_SIZE, PROMPT_FLOOR, PROMPT_FLOOR - 1)
             for size in range(ERROR_SIZE, ERROR_FLOOR - 1, -1)]
    for prompt_size, size in tries:
        blocks = prompt_block(layout, prompt, prompt_size), error_block(layout, error, size)
        if sum(len(b.lines) * b.step for b in blocks) <= room:
            break
    return blocks


def text_height(layout: TableLayout, prompt: str, error: str | None) -> int:
    """How far below the panel's top its text reaches (the buttons start below)."""
    blocks = [b for b in text_blocks(layout, prompt, error) if b is not None]
    return layout.px(4) + sum(len(b.lines) * b.step for b in blocks) + layout.px(6)


def draw_panel(surface: pygame.Surface, layout: TableLayout, prompt: str, error: str | None,
               active: bool, payment: dict[str, Any] | None, letters: bool) -> None:
    """The panel, its prompt and error lines, and `payment` (a build decision) as icons."""
    area = layout.actions
    surface.blit(art.panel(area.size, active), area)
    x, y = area.left + layout.px(MARGIN), area.top + layout.px(8)
    for block, color in zip(text_blocks(layout, prompt, error), (art.TEXT_LIGHT, art.DANGER),
                            strict=True):
        if block is None:
            continue
        for line in block.lines:
            surface.blit(fonts.text(line, block.size, color, True), (x, y))
            y += block.step
    if payment is not None:
        _draw_payment(surface, layout, payment, letters, max(y, area.top + layout.px(PAYMENT_TOP)))


def _draw_payment(surface: pygame.Surface, layout: TableLayout, decision: dict[str, Any],
                  letters: bool, y: int) -> None:
    """The payment's icons from height `y` (under the prompt)."""
    icon = layout.px(22)
    x = layout.actions.left + layout.px(MARGIN)
    for image, amount in payment_icons(decision, icon, letters):
        surface.blit(image, (x, y))
        label = fonts.text(f"×{amount}", layout.px(14), art.TEXT_LIGHT, True)
        surface.blit(label, (x + icon + layout.px(2), y + (icon - label.get_height()) // 2))
        x += icon + label.get_width() + layout.px(10)
