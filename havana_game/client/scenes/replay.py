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

from ...rules import View
from ...saves import save_game
from ..profile.settings import config_dir
from ..session.replay import Replay, ReplayLink
from ..table.logbook import LogBook
from ..table.panel import text_height
from ..table.screen import TableScreen
from ..ui import charts
from ..ui.i18n import tr
from ..ui.widgets import Button
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

Entry = tuple[str, str, Callable[[], None], bool]
"""A replay button: name, label, action, enabled."""
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
        self.chart: charts.LineChart | None = None
        """Where the VP chart was drawn (a click on it jumps)."""
        super().__init__(app, self.link_)
        self.back_to = back_to

    @property
    def index(self) -> int:
        return self.link_.index

    # -- moving ----------------------------------------------------------------
    def forward(self) -> None:
        self.link_.step()
        self._build_buttons()

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
        self._build_buttons()

    def next_speed(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)] \
            if self.speed in SPEEDS else 1.0
        self._build_buttons()

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
        self._build_buttons()

    def text_log(self) -> list[str]:
        """The whole game's log in the current language, under the players' names."""
        names = self.replay.names
        book = LogBook(names.__getitem__)
        book.target = self.replay.view(0, 0)["target_vp"]
        return [", ".join(names), *book.lines(self.replay.events(0, self.replay.length, 0))]

    # -- the table's hooks -----------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.playing and not self.model.has_pending and not self.animator.busy:
            self.wait -= dt
            if self.wait <= 0:
                self.wait = 1.0 / self.speed
                self.forward()
                if self.index >= self.replay.length:
                    self.playing = False
                    self._build_buttons()

    def wake_in(self) -> float | None:
        """The table's, and while playing, the next step's time."""
        table = super().wake_in()
        if not self.playing or self.model.has_pending or self.animator.busy:
            return table
        step = max(0.0, self.wait)
        return step if table is None else min(table, step)

    def watching(self) -> str | None:
        """The chair shown is a player's, named (not "your")."""
        return self.replay.names[self.seat]

    def show_results(self) -> None:
        """A replay stays on the table at its end."""

    def on_escape(self) -> None:
        self.close()
        if self.back_to is not None:
            self.app.switch(self.back_to)
        else:
            self.app.show_menu()

    def handle_event(self, event: pygame.event.Event) -> None:
        keys: dict[int, Callable[[], None]] = {
            pygame.K_LEFT: self.back, pygame.K_RIGHT: self.forward,
            pygame.K_HOME: partial(self.jump, 0),
            pygame.K_END: partial(self.jump, self.replay.length),
            pygame.K_PAGEUP: self.round_back, pygame.K_PAGEDOWN: self.round_forward,
            pygame.K_SPACE: self.toggle_play}
        if event.type == pygame.KEYDOWN and event.key in keys:
            keys[event.key]()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.chart is not None \
                and self.chart.area.inflate(0, self.px(8)).collidepoint(event.pos):
            position = self.chart.position_at(event.pos[0])
            if position is not None:
                self.jump(position)
                return
        super().handle_event(event)

    def chart_area(self) -> pygame.Rect | None:
        """Where the VP chart goes: in the action panel, between the position's
        text and the replay's buttons."""
        bottom = next((b.rect.top for b in self.buttons if b.name == "start"), None)
        view = self.view
        if self.layout_ is None or bottom is None or view is None:
            return None
        px = self.layout_.px
        area = self.layout_.actions.inflate(-px(16), -px(12))
        top = area.top + text_height(self.layout_, self._prompt(view, "wait"), "")
        return pygame.Rect(area.left, top, area.w, bottom - px(6) - top)

    def _draw_static_clipped(self, surface: pygame.Surface) -> None:
        """The table, and the VP chart with the position shown marked."""
        super()._draw_static_clipped(surface)
        area = self.chart_area()
        if area is None or area.h < self.px(36):
            self.chart = None
            return
        self.chart = charts.draw_vp_chart(surface, area, self.replay.curve.vp,
                                          self.replay.names, self.px, current=self.index)

    def _build_buttons(self) -> None:
        super()._build_buttons()
        layout = self.layout_
        if layout is None:
            return
        self.buttons = [b for b in self.buttons if b.name == "menu"]
        px = layout.px
        area = layout.actions.inflate(-px(16), -px(12))
        gap, h = px(6), px(30)
        rows = [area.bottom - 3 * h - 2 * gap, area.bottom - 2 * h - gap, area.bottom - h]
        at_start, at_end = self.index <= 0, self.index >= self.replay.length
        transport: list[Entry] = [
            ("start", "|◀", partial(self.jump, 0), not at_start),
            ("back", "◀", self.back, not at_start),
            ("play", "❚❚" if self.playing else "▶▶", self.toggle_play, not at_end),
            ("forward", "▶", self.forward, not at_end),
            ("end", "▶|", partial(self.jump, self.replay.length), not at_end)]
        self.buttons += _row(area.left, rows[0], area.w, h, gap, transport)
        self.buttons += _row(area.left, rows[1], area.w, h, gap, [
            ("round_back", tr("replay.round_back"), self.round_back, not at_start),
            ("round_forward", tr("replay.round_forward"), self.round_forward, not at_end),
            ("speed", tr("replay.speed", n=f"{self.speed:g}"), self.next_speed, True)])
        self.buttons += _row(area.left, rows[2], area.w, h, gap, [
            ("seat", tr("replay.seat", name=self.replay.names[self.seat]), self.next_seat, True),
            ("export", tr("replay.export"), self.export, True)])
        for button in self.buttons:
            if button.name in ("start", "back", "play", "forward", "end"):
                button.tooltip = tr(f"replay.{button.name}")

    def _prompt(self, view: View, current: str) -> str:
        return "\n".join([
            tr("replay.position", i=self.index, n=self.replay.length, round=view["round"]),
            tr("replay.cards_of", name=self.replay.names[self.seat])])

    def _shown_hint(self) -> str:
        """The gold line under the top bar: what the last export did."""
        return self.message


def _row(left: int, top: int, width: int, height: int, gap: int,
         entries: list[Entry]) -> list[Button]:
    """Buttons sharing a row's width equally."""
    each = (width - gap * (len(entries) - 1)) // len(entries)
    return [Button(name, pygame.Rect(left + i * (each + gap), top, each, height), label,
                   action, enabled=enabled)
            for i, (name, label, action, enabled) in enumerate(entries)]
