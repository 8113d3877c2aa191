"""The recap's panel over the table (`recap.Recap`): it goes when its seconds
run out, when the seat no longer decides, or on a click or a key. A key or a
click that comes just after its seconds ran out was meant for it (the player was
reading it): for `LATE` seconds it still only dismisses the recap, so Esc does
not open the pause menu instead, nor a click on the panel pick what lies under it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .layers import Overlay
from .recap import Recap

if TYPE_CHECKING:
    from .screen import TableScreen

DISMISSING_KEYS = (pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_RETURN)
"""Keys that only dismiss the recap (any other key also does what it does)."""
LATE = 0.6
"""Seconds after the recap left the screen by itself that input is still its own."""


class RecapBox(Overlay):
    """A recap shown to the seat deciding at `table`."""

    def __init__(self, table: TableScreen, recap: Recap) -> None:
        self.table = table
        self.recap = recap

    def close(self) -> None:
        self.table.layers.remove(self)

    @property
    def shown(self) -> bool:
        """On the screen: its seconds have not run out."""
        return self.recap.left > 0

    def update(self, dt: float) -> None:
        self.recap.left -= dt
        if self.recap.left <= -LATE or not self.table.flow.deciding():
            self.close()

    def wake_in(self) -> float | None:
        left = self.recap.left
        return max(0.0, left if left > 0 else left + LATE)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The panel while shown, unless the pause menu is over it."""
        layout = self.table.layout_
        if layout is None or self.table.paused or not self.shown:
            return []
        return [self.recap.draw(surface, layout)]

    def handle(self, event: pygame.event.Event) -> bool:
        """A key or a click ends the recap; True if that is all it does (a click
        on the recap's panel, or a key that only dismissed it)."""
        if event.type == pygame.KEYDOWN:
            self.close()
            return event.key in DISMISSING_KEYS
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            layout = self.table.layout_
            on_panel = layout is not None and self.recap.rect(layout).collidepoint(event.pos)
            if event.type == pygame.MOUSEBUTTONUP or on_panel:
                self.close()
            return on_panel
        return False
