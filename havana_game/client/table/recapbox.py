"""The recap's panel over the table (`recap.Recap`): it goes when its seconds
run out, when the seat no longer decides, or on a click or a key."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .layers import Overlay
from .recap import Recap

if TYPE_CHECKING:
    from .screen import TableScreen

DISMISSING_KEYS = (pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_RETURN)
"""Keys that only dismiss the recap (any other key also does what it does)."""


class RecapBox(Overlay):
    """A recap shown to the seat deciding at `table`."""

    def __init__(self, table: TableScreen, recap: Recap) -> None:
        self.table = table
        self.recap = recap

    def close(self) -> None:
        self.table.layers.remove(self)

    def update(self, dt: float) -> None:
        self.recap.left -= dt
        if self.recap.left <= 0 or not self.table.flow.deciding():
            self.close()

    def wake_in(self) -> float | None:
        return max(0.0, self.recap.left)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The panel, unless the pause menu is over it."""
        layout = self.table.layout_
        if layout is None or self.table.paused:
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
