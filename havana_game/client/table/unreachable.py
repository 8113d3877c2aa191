"""The notice over the table while the host does not answer: for how long (it
wakes the table each second to say so), that the seat is kept, and Leave."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from ..ui.i18n import tr
from ..ui.widgets import Button
from .layers import Overlay
from .overlays import draw_pause, unreachable_button

if TYPE_CHECKING:
    from .screen import TableScreen


class UnreachableNotice(Overlay):
    """Shown since `since` (monotonic seconds)."""

    rank = 3
    modal = True

    def __init__(self, table: TableScreen, since: float) -> None:
        self.table = table
        self.since = since

    def wake_in(self) -> float | None:
        return 1.0 - (time.monotonic() - self.since) % 1.0

    def notice(self) -> tuple[str, str]:
        """For how long the host has not answered, and that the seat is kept."""
        seconds = int(time.monotonic() - self.since)
        note = "unreachable.hosted" if self.table.link.hosting else "unreachable.note"
        return tr("unreachable.title"), tr(note, time=f"{seconds // 60}:{seconds % 60:02d}")

    def buttons(self) -> list[Button]:
        return [unreachable_button(self.table.size, self.table.px, self.table.leave_now)]

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        draw_pause(surface, self.table.buttons, self.notice(), self.table.px)
        return [surface.get_rect()]
