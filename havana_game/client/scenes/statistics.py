"""The Statistics screen: this profile's figures (`client.profile.stats`) over the games
finished at this screen, and the most recent of those games."""

from __future__ import annotations

import time
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ..profile import pastgames, stats
from ..session.replay import open_replay
from ..table.logtext import building_name
from ..ui import art, charts, fonts
from ..ui.i18n import tr, tr_name, trn
from ..ui.widgets import Button
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

RECENT = 5
"""Past games listed under the figures."""
TOP = 184
HEADING = 28
LINE = 23
GAP = 12
"""Design heights: the columns' top, a heading, a line, the gap after a section."""


def tally_text(tally: stats.Tally) -> str:
    """"5 played, 3 won (60%)"."""
    share = round(100 * tally.won / tally.played) if tally.played else 0
    return tr("stats.tally", played=tally.played, won=tally.won, share=share)


def game_line(game: stats.GameRecord) -> str:
    """A past game in one line: date, then each player's VP, winners starred; a
    conceded game says so, and the hints and take-backs it took are counted."""
    date = time.strftime("%Y-%m-%d", time.localtime(game.finished))
    seats = [f"{'★ ' if s.won else ''}{s.name} {s.vp}" for s in game.seats]
    parts = [date, ", ".join(seats)]
    if game.conceded:
        parts.append(tr("stats.game_conceded"))
    if game.hints:
        parts.append(trn("stats.game_hints", game.hints))
    if game.takebacks:
        parts.append(trn("stats.game_takebacks", game.takebacks))
    return " · ".join(parts)


class StatisticsScene(Scene):
    """Reads the statistics once, when opened."""

    def __init__(self, app: App, back_to: Scene | None = None) -> None:
        super().__init__(app, back_to)
        self.games = stats.load()
        self.summary = stats.summarize(self.games)
        self.message = ""
        self.showing_charts = False
        """Charts instead of the figures: VP per game, and wins by opponent level."""

    def toggle_charts(self) -> None:
        self.showing_charts = not self.showing_charts
        self.relayout()

    def vp_per_game(self) -> list[list[int]]:
        """The VP of the player at this screen in each game, oldest first (the
        first seat played here; conceded games left out, as in the figures)."""
        return [[next(seat.vp for seat in game.seats if seat.here)] for game in self.games
                if not game.conceded and any(seat.here for seat in game.seats)]

    def recent(self) -> list[stats.GameRecord]:
        """The past games listed, the latest first (as many as the window holds)."""
        room = (self.size[1] - self.px(90) - self.px(self.recent_top() + 28)) // self.px(LINE)
        return list(reversed(self.games))[:max(0, min(RECENT, room))]

    def recent_top(self) -> float:
        """Design height of the past games' heading: under the taller column."""
        summary = self.summary
        left = len(summary.by_players) + len(summary.by_level)
        right = len(summary.cards) + len(summary.buildings)
        return TOP + 2 * (HEADING + GAP) + LINE * max(left, right)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        px = self.px
        cx = size[0] // 2
        self.buttons = [Button("back", pygame.Rect(cx - px(200), size[1] - px(70), px(180),
                                                   px(46)), tr("back"), self.on_escape,
                               primary=True),
                        Button("charts", pygame.Rect(cx + px(20), size[1] - px(70), px(180),
                                                     px(46)),
                               tr("stats.figures" if self.showing_charts else "results.charts"),
                               self.toggle_charts, enabled=bool(self.games))]
        if self.showing_charts:
            return
        y = self.recent_top() + HEADING
        for index, game in enumerate(self.recent()):
            if game.replay:
                self.buttons.append(Button(
                    f"replay{index}", pygame.Rect(px(1000), px(y + LINE * index) - px(2),
                                                  px(90), px(LINE - 2)),
                    tr("stats.replay"), partial(self.replay, game)))

    def replay(self, game: stats.GameRecord) -> None:
        """Replay a past game from the chair of the first player at this screen."""
        assert game.replay is not None
        try:
            past = pastgames.load(game.replay)
        except pastgames.PastGameError as error:
            self.message = tr("replay.broken", problem=str(error))
            return
        seat = next((i for i, s in enumerate(game.seats) if s.here), 0)
        self.message = open_replay(self.app, past.record, past.names, seat, self)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.title(surface, tr("menu.stats"))
        summary = self.summary
        if not summary.total.played:
            self.note(surface, tr("stats.none"), 200, art.TEXT_DIM)
            return
        self.note(surface, tally_text(summary.total), 95, art.ACCENT, 22)
        if self.showing_charts:
            self._draw_charts(surface)
            return
        self.note(surface, tr("stats.vp", average=f"{summary.average_vp:.1f}",
                              best=summary.best_vp, rounds=f"{summary.average_rounds:.1f}"),
                  130, art.TEXT_LIGHT, 16)
        self.note(surface, tr("stats.help", conceded=summary.conceded, hints=summary.hints,
                              takebacks=summary.takebacks), 156, art.TEXT_DIM, 14)
        left = [(tr("stats.by_players"), [
                    (trn("stats.players", count), tally_text(tally))
                    for count, tally in summary.by_players.items()]),
                (tr("stats.by_level"), [
                    (tr_name("ai_level", level=level), tally_text(tally))
                    for level, tally in summary.by_level.items()])]
        right = [(tr("stats.cards"), [(tr_name("card", name=name), str(n))
                                      for name, n in summary.cards]),
                 (tr("stats.buildings"), [(building_name(ident), str(n))
                                          for ident, n in summary.buildings])]
        self._column(surface, left, 190, TOP)
        self._column(surface, right, 690, TOP)
        self._recent(surface, self.recent_top())
        if self.message:
            self.note(surface, self.message, 610, art.DANGER, 14)

    def _draw_charts(self, surface: pygame.Surface) -> None:
        """VP per game over time (left), the share of games won against each AI
        level (right)."""
        px = self.px
        top, bottom = px(140), self.buttons[0].rect.top - px(16)
        half = (self.size[0] - px(100)) // 2
        series = self.vp_per_game()
        left = pygame.Rect(px(40), top, half, bottom - top)
        if len(series) > 1:
            charts.draw_vp_chart(surface, left, series, [tr("stats.chart_you")], px,
                                 x_label=tr("stats.chart_games", count=len(series)),
                                 first_number=1)
        else:  # (a line needs two games)
            charts.draw_empty(surface, left, tr("stats.chart_you"),
                              trn("stats.chart_later", len(series)), px)
        levels = [(tr_name("ai_level", level=level), tally.won / tally.played, tally_text(tally))
                  for level, tally in self.summary.by_level.items()]
        right = pygame.Rect(px(60) + half, top, half, bottom - top)
        if levels:
            charts.draw_bars(surface, right, tr("stats.by_level"), levels, px)
        else:
            charts.draw_empty(surface, right, tr("stats.by_level"), tr("stats.no_ai"), px)

    def _column(self, surface: pygame.Surface, sections: list[tuple[str, list[tuple[str, str]]]],
                x: float, y: float) -> None:
        """Headed sections of label/value lines from design point (x, y)."""
        px = self.px
        width = 400
        for heading, lines in sections:
            label = fonts.text(heading, px(17), art.ACCENT, True)
            surface.blit(label, (px(x), px(y)))
            y += HEADING
            for name, value in lines:
                shown = fonts.fit(name, px(15), px(width - 170))
                surface.blit(fonts.text(shown, px(15), art.TEXT_LIGHT), (px(x + 12), px(y)))
                text = fonts.text(value, px(15), art.TEXT_DIM)
                surface.blit(text, text.get_rect(topright=(px(x + width), px(y))))
                y += LINE
            y += GAP

    def _recent(self, surface: pygame.Surface, y: float) -> None:
        px = self.px
        label = fonts.text(tr("stats.recent"), px(17), art.ACCENT, True)
        surface.blit(label, (px(190), px(y)))
        y += HEADING
        for game in self.recent():
            line = fonts.fit(game_line(game), px(15), px(790))
            surface.blit(fonts.text(line, px(15), art.TEXT_LIGHT), (px(202), px(y)))
            y += LINE
