"""The notice over the table once the host closed it on purpose (`closed`): said
plainly, with no retrying (that is the unreachable host's notice, after a crash),
and one way on: back to the menu (a guest's seat is kept to rejoin later)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..ui.i18n import tr
from ..ui.widgets import Button
from .layers import Overlay
from .overlays import BUTTON_W, _column, draw_pause

if TYPE_CHECKING:
    from .screen import TableScreen

MENU = "closed_menu"


class ClosedNotice(Overlay):
    """"The host closed the table", over everything; Enter, Esc or the button
    go back to the menu."""

    rank = 4
    modal = True

    def __init__(self, table: TableScreen) -> None:
        self.table = table

    def buttons(self) -> list[Button]:
        table = self.table
        place = _column(table.size, table.px, 2 * BUTTON_W // 3, 1)
        return [Button(MENU, place(0), tr("closed.menu"), table.leave_now, primary=True)]

    def handle(self, event: pygame.event.Event) -> bool:
        """Enter, Space, Esc and Pause go to the menu; every other key does nothing
        (Tab and the arrows reach the one button); the left mouse button clicks it."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return event.button != 1
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
                         pygame.K_DOWN):
            return False
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE,
                         pygame.K_PAUSE):
            self.table.leave_now()
        return True

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        draw_pause(surface, [], (tr("closed.title"), tr("closed.note")), self.table.px)
        for button in self.table.buttons:
            if button.name == MENU:
                button.draw(surface)
        return [surface.get_rect()]
