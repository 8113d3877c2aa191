"""Results: ranking, VP, buildings built and a short story of each player's game;
and, a button away, the game's charts: every player's VP over the rounds, and
what each spent on the buildings that brought it (`charts`)."""

from __future__ import annotations

import time
from typing import Any

import pygame

from ...rules import View
from ...saves import SaveError
from ..profile import pastgames, stats
from ..session.link import Link
from ..session.localgame import Setup
from ..session.replay import open_replay
from ..table.canvas import building_face
from ..table.edition import rules
from ..table.logtext import building_name, building_vp, names_text, story
from ..table.model import TableModel
from ..ui import art, charts, fonts, tokens
from ..ui.i18n import tr, tr_name, trn
from ..ui.widgets import Button
from .base import Scene

RECORD_WAIT = 1.0
"""Seconds the results wait for the game's record (for replays) at most."""


def ranking(view: View) -> list[int]:
    """Seats best first, as the engine ranked them at the end of the game."""
    return list(view["ranking"])


class ResultsScene(Scene):
    """Shown when the host reports the end of the game."""

    def __init__(self, app: Any, model: TableModel, link: Link) -> None:
        super().__init__(app)
        self.model = model
        self.link = link
        self.final = model.view()
        self.message = ""
        self.takebacks: int = link.takebacks
        """Decisions the player took back in this game (the results say so)."""
        self.local = link.local_game
        """A game on this machine (Play again keeps its setup)."""
        if link.keeps_stats:
            self._await_record()
        link.close()
        self.names = [model.name(s) for s in range(self.final["players"])] if self.final else []
        self.showing_charts = False
        """The charts are shown instead of the players' rows."""
        self._curve: charts.GameCurve | None = None
        if link.keeps_stats and self.final is not None and self.final["phase"] == "over":
            self._record(self.final)
            app.settings.hints_ahead = model.hints_used > 0  # (`Settings.hints_ahead`)
            app.settings.save()

    def _await_record(self) -> None:
        """The host sends the game's record right after the final view: take it
        in if it has not come yet (a local host answers at once)."""
        deadline = time.monotonic() + RECORD_WAIT
        while self.model.record is None and time.monotonic() < deadline:
            self.model.feed(self.link.poll())
            time.sleep(0.01)

    def _record(self, view: View) -> None:
        """Count the game in the profile's statistics, and keep it for replays."""
        levels = stats.levels_of(self.model.seats, view["players"])
        replay = pastgames.keep(self.model.record, self.names) if self.model.record else None
        stats.add(stats.record_of(
            view, self.model.events, self.names, levels, self.model.human_seats,
            [card.name for card in rules().cards], self.model.hints_used, replay,
            self.takebacks))

    def replay(self) -> None:
        if self.model.record is not None:
            seat = min(self.model.human_seats, default=0)
            self.message = open_replay(self.app, self.model.record, self.names, seat, self)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        bottom = size[1] - self.px(80)
        cx, w, h, gap = size[0] // 2, self.px(200), self.px(48), self.px(20)
        self.buttons = [
            Button("menu", pygame.Rect(cx - 2 * w - gap * 3 // 2, bottom, w, h),
                   tr("results.menu"), self.on_escape),
            Button("charts", pygame.Rect(cx - w - gap // 2, bottom, w, h),
                   tr("results.rows" if self.showing_charts else "results.charts"),
                   self.toggle_charts, enabled=self.curve() is not None),
            Button("replay", pygame.Rect(cx + gap // 2, bottom, w, h), tr("results.replay"),
                   self.replay, enabled=self.model.record is not None),
            Button("again", pygame.Rect(cx + w + gap * 3 // 2, bottom, w, h),
                   tr("results.again"), self.again, primary=True),
        ]

    def curve(self) -> charts.GameCurve | None:
        """The game's VP and spending, from its record (None without one)."""
        if self._curve is None and self.model.record is not None:
            try:
                self._curve = charts.curve_of(self.model.record)
            except SaveError:
                self.model.record = None  # (said by the disabled Charts and Replay)
        return self._curve

    def toggle_charts(self) -> None:
        """The charts, or the players' rows again."""
        self.showing_charts = not self.showing_charts
        self.relayout()

    def on_enter(self) -> None:
        """Enter starts nothing here (two quick presses at the end of a game lost
        the results): Play again is its button, or N; a button Tab reached takes
        Enter as everywhere."""

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n \
                and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.again()
            return
        super().handle_event(event)

    def again(self) -> None:
        """A new game: a local game's setup again (also after a resume)."""
        view = self.final
        setup = None
        if self.local and view is not None:
            by_seat = {s.seat: s for s in self.model.seats}
            kinds = ["human" if seat in self.model.human_seats or seat not in by_seat
                     else by_seat[seat].level or "human" for seat in range(view["players"])]
            setup = Setup(kinds, self.names, view["ruleset"])
        self.app.show("new_game", setup)

    def draw_content(self, surface: pygame.Surface) -> None:
        view = self.final
        self.title(surface, tr("results.title"), 24)
        self.note(surface, tr("results.keys"), self.size[1] / self.scale - 28, art.TEXT_DIM, 13)
        if view is None:
            return
        scale = fonts.text_scale()
        y = 24 + 34 * 1.2 * scale
        winners = names_text([self.model.name(s) for s in view["winners"]])
        self.note(surface, trn("results.winner", len(view["winners"]), names=winners), y,
                  art.ACCENT, 22)
        y += 22 * 1.35 * scale
        if view["end_reason"]:
            reason = tr_name("end_reason", reason=view["end_reason"])
            if self.model.hints_used:
                reason += " · " + trn("results.hints", self.model.hints_used)
            if self.takebacks:
                reason += " · " + trn("results.takebacks", self.takebacks)
            self.note(surface, reason, y, art.TEXT_DIM, 14)
        top = self.px(y + 14 * 1.35 * scale + 10)
        gap = self.px(8)
        curve = self.curve()
        if self.showing_charts and curve is not None:
            bottom = self.buttons[0].rect.top - gap
            area = pygame.Rect(self.px(60), top, self.size[0] - self.px(120), bottom - top)
            self._draw_charts(surface, curve, area)
            return
        row_h = min(self.px(118), (self.buttons[0].rect.top - gap - top) // view["players"] - gap)
        width = self.px(1100)
        left = (self.size[0] - width) // 2
        area = self._built_area(pygame.Rect(left, top, width, row_h))
        as_cards = all(self._cards_fit(len(info["built"]), area) for info in view["seats"])
        for place, seat in enumerate(ranking(view)):
            box = pygame.Rect(left, top + place * (row_h + gap), width, row_h)
            self._draw_row(surface, box, place, seat, as_cards)
        if self.message:  # (its lines upwards from the buttons)
            lines = fonts.wrap(self.message, self.px(14), self.size[0] - self.px(40))
            bottom = self.buttons[0].rect.top - gap
            for line in reversed(lines):
                label = fonts.text(line, self.px(14), art.DANGER)
                bottom = surface.blit(label, label.get_rect(midbottom=(self.size[0] // 2,
                                                                       bottom))).top

    def _draw_charts(self, surface: pygame.Surface, curve: charts.GameCurve,
                     area: pygame.Rect) -> None:
        """VP over the rounds above, what each player spent below."""
        assert self.final is not None
        upper = area.h * 3 // 5
        charts.draw_vp_chart(surface, pygame.Rect(area.left, area.top, area.w, upper - self.px(6)),
                             curve.by_round(), self.names, self.px, self.final["target_vp"],
                             x_label=tr("results.chart_rounds", rounds=curve.rounds),
                             first_number=0)
        labels = {kind: tr(f"results.spent.{kind}") for kind in charts.SPENT}
        charts.draw_spending(surface, pygame.Rect(area.left, area.top + upper, area.w,
                                                  area.h - upper), curve, self.names, self.px,
                             tr("results.spent.title"), labels,
                             lambda vp, count: trn("results.score", count, vp=vp))

    def _built_area(self, box: pygame.Rect) -> pygame.Rect:
        """Where a row `box` shows the player's buildings."""
        return pygame.Rect(box.left + self.px(660), box.top + self.px(8), self.px(430),
                           box.h - self.px(16))

    def _cards_fit(self, count: int, area: pygame.Rect) -> bool:
        """`count` building cards fit side by side in `area` without covering each other."""
        return count * (int(area.h / 1.39) + self.px(4)) <= area.w + self.px(4)

    def _draw_row(self, surface: pygame.Surface, box: pygame.Rect, place: int, seat: int,
                  as_cards: bool) -> None:
        """One player's row: rank, name, score, the story of their game (shrunk to
        fit the row) and their buildings (`as_cards`, or as a list of names)."""
        view = self.final
        assert view is not None
        info = view["seats"][seat]
        surface.blit(art.panel(box.size, seat in view["winners"]), box)
        pygame.draw.rect(surface, art.SEAT_COLORS[seat], (box.left + self.px(8),
                         box.top + self.px(8), self.px(8), box.h - self.px(16)))
        rank = fonts.text(f"{place + 1}.", self.px(30), art.ACCENT, True)
        surface.blit(rank, (box.left + self.px(26), box.top + self.px(10)))
        x, y = box.left + self.px(80), box.top + self.px(8)
        size = self.px(22)
        name = fonts.fit_lines(self.model.name(seat), size, int(size * fonts.SHRINK_BEFORE_WRAP),
                               self._built_area(box).left - self.px(12) - x, True, 1.15)
        for i, line in enumerate(name.lines):
            surface.blit(fonts.text(line, name.size, art.TEXT_LIGHT, True), (x, y + i * name.step))
        y += name.height
        vp = fonts.text(trn("results.score", len(info["built"]), vp=info["vp"]),
                        self.px(18), art.ACCENT, True)
        surface.blit(vp, (x, y))
        y += fonts.line_step(self.px(18), 1.2)
        text = "  ·  ".join(story(self.model.events, seat, info["built"]))
        block = fonts.fit_block(text, self.px(14), fonts.readable(self.px(10)), self.px(560),
                                box.bottom - self.px(4) - y, spacing=1.15)
        for i, line in enumerate(block.lines):
            surface.blit(fonts.text(line, block.size, art.TEXT_LIGHT), (x, y + i * block.step))
        area = self._built_area(box)
        if as_cards:
            self._draw_built(surface, info["built"], area)
        else:
            self._draw_built_names(surface, info["built"], area)

    def _draw_built(self, surface: pygame.Surface, built: list[str], area: pygame.Rect) -> None:
        """The buildings as cards side by side (every player's, when all of them
        fit so: one look for every row; else every row lists names)."""
        h = area.h
        w = int(h / 1.39)
        for i, ident in enumerate(built):
            surface.blit(building_face(ident, (w, h), self.app.settings.colorblind),
                         (area.left + i * (w + self.px(4)), area.top))

    def _names_grid(self, count: int, area: pygame.Rect) -> tuple[int, int, int]:
        """The line height, the rows and the column width of `count` names in `area`."""
        line = max(self.px(21), fonts.line_step(self.px(13), 1.15))
        rows = max(1, area.h // line)
        return line, rows, area.w // max(1, -(-count // rows))

    def _names_size(self, area: pygame.Rect) -> int:
        """One text size for every row's names, small enough for the longest in its
        column (every player's buildings look alike)."""
        assert self.final is not None
        sizes = [self.px(13)]
        for info in self.final["seats"]:
            line, _, width = self._names_grid(len(info["built"]), area)
            sizes += [fonts.fit_size(building_name(ident), self.px(13),
                                     width - line - self.px(6), 1) for ident in info["built"]]
        return min(sizes)

    def _draw_built_names(self, surface: pygame.Surface, built: list[str],
                          area: pygame.Rect) -> None:
        """Columns of "star VP, name" lines, the biggest first."""
        if not built:
            return
        line, rows, width = self._names_grid(len(built), area)
        size = self._names_size(area)
        for i, ident in enumerate(sorted(built, key=building_vp, reverse=True)):
            x = area.left + (i // rows) * width
            y = area.top + (i % rows) * line
            icon = tokens.star(line - self.px(3))
            surface.blit(icon, (x, y))
            number = fonts.text(str(building_vp(ident)), self.px(10), art.INK, True)
            surface.blit(number, number.get_rect(center=(x + icon.get_width() // 2,
                                                         y + icon.get_height() // 2 + 1)))
            surface.blit(fonts.text(building_name(ident), size, art.TEXT_LIGHT),
                         (x + line + self.px(2), y + (line - fonts.line_step(size, 1.0)) // 2))
