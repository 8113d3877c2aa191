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
from ..ui.widgets import Button, grown
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

RECENT = 5
"""Past games listed under the figures."""
Sections = list[tuple[str, list[tuple[str, str]]]]
"""A column's headed sections of (label, value) lines."""
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

    def recent(self) -> list[tuple[stats.GameRecord, fonts.Block, float]]:
        """The past games listed, the latest first (as many as the window holds):
        each with its line (`game_line`; set smaller, then wrapped when long names
        make it too long; where the window has no room for its lines, smaller still
        in the room left) and the design height at which it starts."""
        px = self.px
        y = self.recent_top() + HEADING
        listed = []
        for game in list(reversed(self.games))[:RECENT]:
            text, left = game_line(game), self.size[1] - px(90) - px(y)
            block = fonts.fit_lines(text, px(15), int(px(15) * fonts.SHRINK_BEFORE_WRAP), px(790))
            if px(self.line_height()) + block.height - block.step > left:
                block = fonts.fit_block(text, px(15), fonts.readable(px(9)), px(790),
                                        left - px(self.line_height()) + block.step)
            height = self.line_height() + (block.height - block.step) / self.scale
            if px(y + height) > self.size[1] - px(90):
                break
            listed.append((game, block, y))
            y += height
        return listed

    def line_height(self) -> float:
        """Design height of a line of the columns and the past games (taller with
        larger text)."""
        return fonts.line_step(self.px(15), LINE / 15) / self.scale

    def notes(self) -> list[tuple[str, float, tuple[int, int, int], float]]:
        """The lines under the title: (text, design size, color, design height at
        which it starts), each under the one before however many lines it wraps to."""
        summary = self.summary
        texts: list[tuple[str, float, tuple[int, int, int]]] = [
                 (tally_text(summary.total), 22, art.ACCENT),
                 (tr("stats.vp", average=f"{summary.average_vp:.1f}", best=summary.best_vp,
                     rounds=f"{summary.average_rounds:.1f}"), 16, art.TEXT_LIGHT),
                 (tr("stats.help", conceded=summary.conceded, hints=summary.hints,
                     takebacks=summary.takebacks), 14, art.TEXT_DIM)]
        y, out = 95.0, []
        for text, size, color in texts:
            out.append((text, size, color, y))
            lines = fonts.wrap(text, self.px(size), self.px(900))
            y += len(lines) * fonts.line_step(self.px(size), 1.4) / self.scale
        return out

    def columns_top(self) -> float:
        """Design height of the columns: under the notes."""
        text, size, _, y = self.notes()[-1]
        lines = fonts.wrap(text, self.px(size), self.px(900))
        return max(TOP, y + len(lines) * fonts.line_step(self.px(size), 1.4) / self.scale + GAP)

    def sections(self) -> tuple[Sections, Sections]:
        """The left and the right column's headed sections of label/value lines."""
        summary = self.summary
        left = [(tr("stats.by_players"), [
                    (trn("stats.players", count), tally_text(tally))
                    for count, tally in summary.by_players.items()]),
                (tr("stats.by_level"), [
                    (tr_name("ai_level", level=level), tally_text(tally))
                    for level, tally in summary.by_level.items()]
                 or [(tr("stats.no_ai"), "")])]
        right = [(tr("stats.cards"), [(tr_name("card", name=name), str(n))
                                      for name, n in summary.cards]),
                 (tr("stats.buildings"), [(building_name(ident), str(n))
                                          for ident, n in summary.buildings])]
        return left, right

    def recent_top(self) -> float:
        """Design height of the past games' heading: under the taller column."""
        left, right = self.sections()
        top = self.columns_top()
        return top + max(self._column(None, left, 190, top), self._column(None, right, 690, top))

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
        line = self.line_height()
        for index, (game, _, y) in enumerate(self.recent()):
            if game.replay:
                self.buttons.append(Button(
                    f"replay{index}", pygame.Rect(px(1000), px(y) - px(2),
                                                  grown(px(90)), px(line - 2)),
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
        notes = self.notes()
        for text, size, color, y in notes if not self.showing_charts else notes[:1]:
            self.note(surface, text, y, color, size)
        if self.showing_charts:
            self._draw_charts(surface)
            return
        left, right = self.sections()
        top = self.columns_top()
        self._column(surface, left, 190, top)
        self._column(surface, right, 690, top)
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

    def _column(self, surface: pygame.Surface | None, sections: Sections, x: float,
                y: float) -> float:
        """Headed sections of label/value lines from design point (x, y): a label
        and its value that do not share a line take two (the value under it, to
        the right), a label wider than the column wraps; the design height they
        take (drawn onto `surface`, or only measured without one)."""
        px = self.px
        width = 400
        start = y
        step = px(self.line_height())
        heading_step = max(HEADING, fonts.line_step(px(17), 1.35) / self.scale)
        for heading, lines in sections:
            if surface is not None:
                surface.blit(fonts.text(heading, px(17), art.ACCENT, True), (px(x), px(y)))
            y += heading_step
            for name, value in lines:
                value_w = fonts.font(px(15)).size(value)[0]
                one_line = fonts.font(px(15)).size(name)[0] + px(12) + value_w <= px(width - 12)
                words = (name,) if one_line else fonts.wrap(name, px(15), px(width - 12))
                if surface is not None:
                    for i, line in enumerate(words):
                        surface.blit(fonts.text(line, px(15), art.TEXT_LIGHT),
                                     (px(x + 12), px(y) + i * step))
                    text = fonts.text(value, px(15), art.TEXT_DIM)
                    below = 0 if one_line else len(words) * step
                    surface.blit(text, text.get_rect(topright=(px(x + width), px(y) + below)))
                y += (len(words) + (0 if one_line else 1)) * step / self.scale
            y += GAP
        return y - start

    def _recent(self, surface: pygame.Surface, y: float) -> None:
        px = self.px
        label = fonts.text(tr("stats.recent"), px(17), art.ACCENT, True)
        surface.blit(label, (px(190), px(y)))
        for _, block, top in self.recent():
            for i, line in enumerate(block.lines):
                surface.blit(fonts.text(line, block.size, art.TEXT_LIGHT),
                             (px(202), px(top) + i * block.step))
