"""A question over the table before something that cannot be taken lightly
(taking a decision back): No is focused, so Enter alone answers No; Yes needs Y,
a click, or the focus moved onto it with an arrow or Tab first. Esc, N and Pause
answer No; the question takes every other key but Tab and the arrows (which move
between its two answers), so nothing under it happens meanwhile."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ..ui.i18n import tr
from ..ui.widgets import Button
from .layers import Overlay
from .overlays import confirm_buttons, draw_pause

if TYPE_CHECKING:
    from .screen import TableScreen

YES, NO = "leave_confirm", "leave_stay"
"""The answers' buttons (named as the pause menu's, which `draw_pause` draws)."""
PASSING_KEYS = (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)
"""Keys the table's screen gets under the question: they move the focus between
its answers (`input.TableInput.focus_first` keeps it there)."""


class Confirm(Overlay):
    """The question `keys` (title, note, yes label, no label) over `table`; `yes`
    is done on Yes."""

    rank = 2
    modal = True

    def __init__(self, table: TableScreen, keys: tuple[str, str, str, str],
                 yes: Callable[[], None]) -> None:
        self.table = table
        self.keys = keys
        self.yes = yes
        self.focus_before = table.focus

    def open(self) -> None:
        """Ask: over the table, No focused."""
        table = self.table
        table.layers.push(self)
        table.refresh()
        table.set_focus(NO)

    def close(self) -> None:
        """Gone, the focus back where it was (if that is still there)."""
        table = self.table
        table.layers.remove(self)
        table.refresh()
        table.set_focus(self.focus_before if self.focus_before in table.controls() else None)

    def answer_yes(self) -> None:
        self.close()
        self.yes()

    def buttons(self) -> list[Button]:
        table = self.table
        return confirm_buttons(table.size, table.px, self.answer_yes, self.close,
                               (self.keys[2], self.keys[3]))

    def handle(self, event: pygame.event.Event) -> bool:
        """Y answers Yes, Esc, N and Pause No; Enter and Space press the focused
        answer (No unless the focus was moved); Tab and the arrows move the focus;
        every other key does nothing, nor does any mouse button but the left."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return event.button != 1  # (a right click would undo under it)
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in PASSING_KEYS:
            return False
        if event.key == pygame.K_y:
            self.answer_yes()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.answer_yes() if self.table.focus == YES else self.close()
        elif event.key in (pygame.K_ESCAPE, pygame.K_n, pygame.K_PAUSE):
            self.close()
        return True

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        draw_pause(surface, self.table.buttons, (tr(self.keys[0]), tr(self.keys[1])),
                   self.table.px)
        return [surface.get_rect()]


def ask_take_back(table: TableScreen, take_back: Callable[[], None]) -> None:
    """Ask before taking the last decision back (unless the question is up)."""
    if table.layers.find(Confirm) is None:
        Confirm(table, ("takeback.title", "takeback.note", "takeback.confirm", "concede.stay"),
                take_back).open()
