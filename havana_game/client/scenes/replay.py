"""A finished game's replay on the table: step forward (animated, with the log)
and back, jump to the start, the end or a round, play at a chosen speed, show
any player's cards (the game is over: nothing is secret), and export the game
as its save file and as a readable text log.

Keys: Left/Right step, Home/End, Page Up/Page Down a round, Space plays or
pauses, Esc goes back. Above the buttons, every player's VP over the game, with
a marker at the position shown: a click on it jumps there."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...saves import save_game
from ..profile.settings import config_dir
from ..session.replay import Replay, ReplayLink
from ..table.logbook import LogBook
from ..table.replaypanel import ReplayPanel
from ..table.screen import TableScreen
from ..ui.i18n import tr
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

SPEEDS = (0.5, 1.0, 2.0, 4.0)
"""Playback speeds: decisions per second."""


class ReplayScene(TableScreen):
    """The table of a replay at one position, seen from one seat's chair."""

    def __init__(self, app: App, replay: Replay, index: int = 0, seat: int = 0,
                 back_to: Scene | None = None, speed: float = 1.0) -> None:
        self.replay = replay
        self.seat = seat
        self.playing = False
        self.speed = speed
        self.wait = 0.0
        """Seconds until the next decision while playing."""
        self.message = ""
        self.link_: ReplayLink = ReplayLink(replay, seat, index)
        super().__init__(app, self.link_)
        self.back_to = back_to
        self.watching = replay.names[seat]  # the chair shown is a player's, named
        self.flow.ends_in_results = False  # a replay stays on the table at its end
        self.replay_panel = ReplayPanel(self)
        self.panel = self.replay_panel

    @property
    def index(self) -> int:
        return self.link_.index

    # -- moving ----------------------------------------------------------------
    def forward(self) -> None:
        self.link_.step()
        self.refresh()

    def jump(self, index: int, seat: int | None = None) -> None:
        """Show position `index` (from `seat`'s chair) at once: a fresh table."""
        index = max(0, min(self.replay.length, index))
        scene = ReplayScene(self.app, self.replay, index, self.seat if seat is None else seat,
                            self.back_to, self.speed)
        self.app.switch(scene)

    def back(self) -> None:
        self.jump(self.index - 1)

    def round_back(self) -> None:
        starts = [i for i in self.replay.round_starts if i < self.index]
        self.jump(starts[-1] if starts else 0)

    def round_forward(self) -> None:
        starts = [i for i in self.replay.round_starts if i > self.index]
        self.jump(starts[0] if starts else self.replay.length)

    def toggle_play(self) -> None:
        self.playing = not self.playing and self.index < self.replay.length
        self.wait = 0.0
        self.refresh()

    def next_speed(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)] \
            if self.speed in SPEEDS else 1.0
        self.refresh()

    def next_seat(self) -> None:
        self.jump(self.index, (self.seat + 1) % self.replay.game.players)

    def export(self) -> None:
        """Write the game's save file and its log as text into the exports folder."""
        folder = config_dir() / "exports"
        stem = folder / time.strftime("havana-%Y%m%d-%H%M%S")
        save = stem.with_suffix(".havana-save.json")
        text = stem.with_suffix(".txt")
        try:
            save_game(self.replay.game, save)
            text.write_text("\n".join(self.text_log()) + "\n", "utf-8")
        except OSError as error:
            self.message = tr("replay.export_failed", problem=error.strerror or str(error))
        else:
            self.message = tr("replay.exported", path=str(folder))
        self.refresh()

    def text_log(self) -> list[str]:
        """The whole game's log in the current language, under the players' names."""
        names = self.replay.names
        book = LogBook(names.__getitem__)
        book.target = self.replay.view(0, 0)["target_vp"]
        return [", ".join(names), *book.lines(self.replay.events(0, self.replay.length, 0))]

    # -- the screen ------------------------------------------------------------
    def update(self, dt: float) -> None:
        """The table's, and while playing, the next step when its time comes."""
        super().update(dt)
        if self.playing and not self.model.has_pending and not self.animator.busy:
            self.wait -= dt
            if self.wait <= 0:
                self.wait = 1.0 / self.speed
                self.forward()
                if self.index >= self.replay.length:
                    self.playing = False
                    self.refresh()

    def wake_in(self) -> float | None:
        """The table's, and while playing, the next step's time."""
        table = super().wake_in()
        if not self.playing or self.model.has_pending or self.animator.busy:
            return table
        step = max(0.0, self.wait)
        return step if table is None else min(table, step)

    def on_escape(self) -> None:
        self.close()
        if self.back_to is not None:
            self.app.switch(self.back_to)
        else:
            self.app.show_menu()

    def handle_event(self, event: pygame.event.Event) -> None:
        """The replay's keys and a click on the chart, before the table's input."""
        keys: dict[int, Callable[[], None]] = {
            pygame.K_LEFT: self.back, pygame.K_RIGHT: self.forward,
            pygame.K_HOME: partial(self.jump, 0),
            pygame.K_END: partial(self.jump, self.replay.length),
            pygame.K_PAGEUP: self.round_back, pygame.K_PAGEDOWN: self.round_forward,
            pygame.K_SPACE: self.toggle_play}
        if event.type == pygame.KEYDOWN and event.key in keys:
            keys[event.key]()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 \
                and self.replay_panel.jump_at(event.pos):
            return
        super().handle_event(event)
