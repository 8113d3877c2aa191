"""Charts of a finished game, drawn with pygame: every player's VP over the
game (a line each, told apart by its line style and markers as well as the
seat's colour, so they read without colour), and what each player spent on
the buildings that brought their VP (colored materials, gray, pesos, workers).

The figures come from the game's record (its save document), replayed through
the engine: they are the game's own VP, decision by decision."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from ...game import Game
from ...rules import Build, apply, new_game
from ...saves import game_from_document
from . import art, fonts

DASHES: tuple[tuple[int, int], ...] = ((1, 0), (6, 4), (2, 3), (9, 3))
"""Each seat's line style in design pixels (drawn, gap): solid, dashed, dotted, long."""
MARKERS = ("circle", "square", "triangle", "diamond")
"""Each seat's point marker."""
COMPACT_BELOW = 110
"""A chart lower than this (design pixels) has no legend and no axis labels."""
SPENT = ("colored", "gray", "pesos", "workers")
"""What a building is paid with, as the spending bars show it."""
SPENT_COLORS: dict[str, tuple[int, int, int]] = {
    "colored": (196, 90, 50), "gray": (150, 150, 150), "pesos": (236, 190, 70),
    "workers": (120, 90, 60)}
SPENT_HATCH = {"colored": 0, "gray": 1, "pesos": 2, "workers": 3}
"""Each spending's hatching (none, /, \\, |): the bars read without colour too."""


@dataclass(frozen=True)
class GameCurve:
    """A finished game's VP, decision by decision, and what was spent on buildings."""

    vp: list[list[int]]
    """Every seat's VP at each position: 0 is the deal, i after the i-th decision."""
    round_ends: list[int]
    """The position at which each round of play ended (the last: the end of the
    game); the setup before round 1 is none (the log and Statistics count the
    game's rounds so)."""
    spent: list[dict[str, int]]
    """Per seat: the units of each `SPENT` kind handed over for buildings."""
    built: list[list[int]]
    """Per seat: the VP each building brought, in the order built."""

    @property
    def players(self) -> int:
        return len(self.vp[0])

    def by_round(self) -> list[list[int]]:
        """Every seat's VP at the deal and at the end of each round (`rounds` + 1 points)."""
        return [self.vp[0], *(self.vp[end] for end in self.round_ends)]

    @property
    def rounds(self) -> int:
        """The rounds the game was played in (its last round counts, however short)."""
        return len(self.round_ends)


def curve_of(record: dict[str, Any]) -> GameCurve:
    """The curve of the game in `record` (raises `saves.SaveError` if it cannot be
    replayed)."""
    return curve_of_game(game_from_document(record))


def curve_of_game(game: Game) -> GameCurve:
    """The curve of a finished `game`, replayed decision by decision."""
    state = new_game(game.rules, game.players, game.seed, game.ages)
    seats = range(game.players)
    vp = [[state.vp(s) for s in seats]]
    round_ends: list[int] = []
    spent = [dict.fromkeys(SPENT, 0) for _ in seats]
    built: list[list[int]] = [[] for _ in seats]
    colors = len(game.rules.names.materials) - 1  # (the last material is gray)
    for position, (seat, decision) in enumerate(game.history, start=1):
        before, rounds = state.vp(seat), state.round
        apply(state, seat, decision)
        vp.append([state.vp(s) for s in seats])
        if state.round != rounds and rounds > 0:  # (round 0: the setup)
            round_ends.append(position - 1)
        if isinstance(decision, Build):
            paid = decision.payment
            for kind, amount in zip(SPENT, (sum(paid[:colors]), *paid[colors:]), strict=True):
                spent[seat][kind] += amount
            built[seat].append(state.vp(seat) - before)
    round_ends.append(len(game.history))
    return GameCurve(vp, round_ends, spent, built)


def _dashed(surface: pygame.Surface, color: tuple[int, int, int], points: Sequence[
        tuple[float, float]], dash: tuple[int, int], width: int, scale: float) -> None:
    """A polyline in the dash pattern (design pixels, scaled)."""
    on, off = max(1.0, dash[0] * scale), dash[1] * scale
    if not off:
        if len(points) > 1:
            pygame.draw.lines(surface, color, False, points, width)
        return
    drawing, left = True, on
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        length = max(1e-6, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
        at = 0.0
        while at < length:
            step = min(left, length - at)
            if drawing:
                a, b = at / length, (at + step) / length
                pygame.draw.line(surface, color, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                                 (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width)
            at += step
            left -= step
            if left <= 0:
                drawing = not drawing
                left = on if drawing else off


def draw_marker(surface: pygame.Surface, kind: str, center: tuple[float, float], size: int,
                color: tuple[int, int, int]) -> None:
    """A seat's point marker (`MARKERS`), outlined in ink."""
    x, y = center
    if kind == "circle":
        pygame.draw.circle(surface, color, (x, y), size)
        pygame.draw.circle(surface, art.INK, (x, y), size, 1)
        return
    shapes: dict[str, list[tuple[float, float]]] = {
        "square": [(-1, -1), (1, -1), (1, 1), (-1, 1)],
        "triangle": [(0, -1.2), (1.1, 0.9), (-1.1, 0.9)],
        "diamond": [(0, -1.3), (1.3, 0), (0, 1.3), (-1.3, 0)]}
    points = [(x + dx * size, y + dy * size) for dx, dy in shapes[kind]]
    pygame.draw.polygon(surface, color, points)
    pygame.draw.polygon(surface, art.INK, points, 1)


@dataclass
class LineChart:
    """Where a drawn VP chart put its positions: a click on it names one."""

    area: pygame.Rect
    positions: list[int]
    """The game position of each point along the x axis."""

    def position_at(self, x: int) -> int | None:
        """The position whose point is nearest to `x` (None outside the chart)."""
        if not self.positions or not self.area.left <= x <= self.area.right:
            return None
        step = self.area.w / max(1, len(self.positions) - 1)
        return self.positions[min(len(self.positions) - 1, max(0, round((x - self.area.left)
                                                                         / step)))]


def draw_vp_chart(surface: pygame.Surface, rect: pygame.Rect, series: Sequence[Sequence[int]],
                  names: Sequence[str], px: Callable[[float], int], target: int | None = None,
                  positions: Sequence[int] | None = None, current: int | None = None,
                  x_label: str = "", first_number: int | None = None) -> LineChart:
    """Every seat's VP as a line over `series` (one list of seats' VP per point),
    in `rect`: the seat's colour, line style and marker, a legend of `names`, the
    VP goal as a line, a marker at the point of position `current` (a replay's
    place), the points numbered along the axis from `first_number` (a round's or
    a game's number; 0 is left bare) and `x_label` under them. Returns where the
    points are, for clicks."""
    surface.blit(art.panel(rect.size), rect)
    compact = rect.h < px(COMPACT_BELOW)  # (a replay's panel): no legend, no axis text
    size = px(12)
    line = fonts.line_step(size, 1.15)
    legend_h = 0 if compact else max(px(24), line + px(6))
    below = px(6) + (line if first_number is not None else 0) + (line if x_label else 0)
    margin = px(6) if compact else px(14) + fonts.font(size).size(str(_top_vp(series, target)))[0]
    plot = pygame.Rect(rect.left + margin, rect.top + (px(6) if compact else px(12)) + legend_h,
                       rect.w - margin - (px(6) if compact else px(16)),
                       rect.h - (px(12) if compact else px(18) + below) - legend_h)
    top_vp = _top_vp(series, target)
    scale = plot.h / top_vp
    step = plot.w / max(1, len(series) - 1)
    for value in range(0, top_vp + 1, 5 if top_vp <= 40 else 10):  # the VP axis
        y = plot.bottom - value * scale
        pygame.draw.line(surface, (70, 90, 80), (plot.left, y), (plot.right, y), 1)
        if not compact:
            label = fonts.text(str(value), size, art.TEXT_DIM)
            surface.blit(label, label.get_rect(midright=(plot.left - px(6), y)))
    if target:
        y = plot.bottom - target * scale
        _dashed(surface, art.ACCENT, [(plot.left, y), (plot.right, y)], (4, 4), 1, px(1))
    if not compact:
        _draw_x_axis(surface, plot, len(series), first_number, x_label, size, px)
    marks_every = max(1, len(series) // 24)
    for seat in range(len(names)):
        color = art.SEAT_COLORS[seat % len(art.SEAT_COLORS)]
        points = [(plot.left + i * step, plot.bottom - point[seat] * scale)
                  for i, point in enumerate(series)]
        _dashed(surface, color, points, DASHES[seat % len(DASHES)], max(2, px(3)), px(1))
        for i, point in enumerate(points):
            if i % marks_every == 0 or i == len(points) - 1:
                draw_marker(surface, MARKERS[seat % len(MARKERS)], point, max(3, px(4)), color)
        if compact:
            continue
        x = rect.left + px(16) + seat * (rect.w - px(32)) // max(1, len(names))
        legend_y = rect.top + px(8) + legend_h // 2
        draw_marker(surface, MARKERS[seat % len(MARKERS)], (x + px(8), legend_y), px(5), color)
        label = fonts.text(f"{names[seat]} {series[-1][seat]}", size, art.TEXT_LIGHT, True)
        surface.blit(label, label.get_rect(midleft=(x + px(18), legend_y)))
    spots = list(positions) if positions is not None else list(range(len(series)))
    if current is not None and spots:
        index = min(range(len(spots)), key=lambda i: abs(spots[i] - current))
        at = plot.left + index * step
        pygame.draw.line(surface, art.TEXT_LIGHT, (at, plot.top), (at, plot.bottom),
                         max(1, px(2)))
    return LineChart(plot, spots)


def _top_vp(series: Sequence[Sequence[int]], target: int | None) -> int:
    """The VP at the top of a chart's axis."""
    return max([target or 0, *(max(point) for point in series), 5])


TICK_STEPS = (1, 2, 5, 10, 20, 50, 100)
"""How many points apart the x axis's numbers may be (the first that leaves room)."""


def _draw_x_axis(surface: pygame.Surface, plot: pygame.Rect, points: int,
                 first_number: int | None, x_label: str, size: int,
                 px: Callable[[float], int]) -> None:
    """The points' numbers under `plot` (every few, as many as have room), and
    `x_label` under them."""
    y = plot.bottom + px(6)
    if first_number is not None and points:
        step = plot.w / max(1, points - 1)
        widest = fonts.font(size).size(str(first_number + points - 1))[0] + px(10)
        every = next((n for n in TICK_STEPS if n * step >= widest), TICK_STEPS[-1])
        for i in range(points):
            number = first_number + i
            if number > 0 and (number % every == 0 or every == 1):
                x = plot.left + i * step
                pygame.draw.line(surface, art.TEXT_DIM, (x, plot.bottom), (x, plot.bottom + px(3)))
                label = fonts.text(str(number), size, art.TEXT_DIM)
                surface.blit(label, label.get_rect(midtop=(x, y)))
        y += fonts.line_step(size, 1.15)
    if x_label:
        label = fonts.text(x_label, size, art.TEXT_DIM)
        surface.blit(label, label.get_rect(midtop=(plot.centerx, y)))


def draw_empty(surface: pygame.Surface, rect: pygame.Rect, heading: str, words: str,
               px: Callable[[float], int]) -> None:
    """A chart's panel with nothing to show yet: its `heading`, and `words` saying
    why (wrapped into the panel)."""
    surface.blit(art.panel(rect.size), rect)
    label = fonts.text(heading, px(17), art.ACCENT, True)
    surface.blit(label, (rect.left + px(14), rect.top + px(10)))
    y = rect.top + px(14) + fonts.line_step(px(17), 1.3)
    for line in fonts.wrap(words, px(15), rect.w - px(28)):
        surface.blit(fonts.text(line, px(15), art.TEXT_DIM), (rect.left + px(14), y))
        y += fonts.line_step(px(15), 1.3)


def draw_spending(surface: pygame.Surface, rect: pygame.Rect, curve: GameCurve,
                  names: Sequence[str], px: Callable[[float], int], heading: str,
                  labels: dict[str, str], vp_label: Callable[[int, int], str]) -> None:
    """Under `heading`, per player, one bar of what their buildings cost (`SPENT`
    kinds, hatched and coloured), with the VP and the number of buildings they
    brought; the key of the kinds (`labels`) at the bottom."""
    surface.blit(art.panel(rect.size), rect)
    size = px(13)
    title = fonts.text(heading, size, art.ACCENT, True)
    surface.blit(title, (rect.left + px(12), rect.top + px(6)))
    key_h = fonts.line_step(size, 1.2) + px(10)
    top = rect.top + px(10) + fonts.line_step(size, 1.2)
    most = max([sum(spent.values()) for spent in curve.spent] + [1])
    row = (rect.bottom - key_h - top) // max(1, len(names))
    name_w = max(px(130), *(fonts.font(size, True).size(name)[0] for name in names),
                 *(fonts.font(size - px(1)).size(vp_label(sum(built), len(built)))[0]
                   for built in curve.built))
    bar_left = rect.left + px(20) + name_w
    bar_w = rect.right - px(20) - bar_left
    for seat, name in enumerate(names):
        y = top + seat * row
        color = art.SEAT_COLORS[seat % len(art.SEAT_COLORS)]
        label = fonts.text(name, size, color, True)
        surface.blit(label, (rect.left + px(12), y))
        gained = fonts.text(vp_label(sum(curve.built[seat]), len(curve.built[seat])),
                            size - px(1), art.TEXT_DIM)
        surface.blit(gained, (rect.left + px(12), y + fonts.line_step(size, 1.15)))
        x = bar_left
        bar_h = max(px(10), row - px(8))
        for kind in SPENT:
            amount = curve.spent[seat][kind]
            if not amount:
                continue
            width = max(1, round(bar_w * amount / most))
            part = pygame.Rect(x, y, width, bar_h)
            pygame.draw.rect(surface, SPENT_COLORS[kind], part)
            _hatch(surface, part, SPENT_HATCH[kind], px(6))
            pygame.draw.rect(surface, art.INK, part, 1)
            text = fonts.text(str(amount), size, art.INK, True)
            if text.get_width() + px(4) < width and text.get_height() <= bar_h:
                surface.blit(text, text.get_rect(center=part.center))
            x += width
    x = rect.left + px(12)
    for kind in SPENT:  # the key
        label = fonts.text(labels[kind], size, art.TEXT_LIGHT)
        swatch = pygame.Rect(x, rect.bottom - px(6) - label.get_height(), px(16),
                             label.get_height())
        pygame.draw.rect(surface, SPENT_COLORS[kind], swatch)
        _hatch(surface, swatch, SPENT_HATCH[kind], px(5))
        pygame.draw.rect(surface, art.INK, swatch, 1)
        surface.blit(label, (swatch.right + px(6), swatch.top))
        x = swatch.right + px(16) + label.get_width()


def _hatch(surface: pygame.Surface, rect: pygame.Rect, kind: int, gap: int) -> None:
    """Hatch `rect`: 0 none, 1 rising lines, 2 falling lines, 3 upright lines."""
    if kind == 0 or rect.w < 3:
        return
    clip = surface.get_clip()
    surface.set_clip(rect)
    ink = (40, 40, 40)
    for offset in range(-rect.h, rect.w + rect.h, max(3, gap)):
        x = rect.left + offset
        if kind == 1:
            pygame.draw.line(surface, ink, (x, rect.bottom), (x + rect.h, rect.top), 1)
        elif kind == 2:
            pygame.draw.line(surface, ink, (x, rect.top), (x + rect.h, rect.bottom), 1)
        else:
            pygame.draw.line(surface, ink, (x, rect.top), (x, rect.bottom), 1)
    surface.set_clip(clip)


def draw_bars(surface: pygame.Surface, rect: pygame.Rect, heading: str,
              bars: Sequence[tuple[str, float, str]], px: Callable[[float], int]) -> None:
    """Under `heading`, one bar per (label, share from 0 to 1, text) with its text
    beside it (the share is said in words too, not by length alone)."""
    surface.blit(art.panel(rect.size), rect)
    size = px(15)
    label = fonts.text(heading, px(17), art.ACCENT, True)
    surface.blit(label, (rect.left + px(14), rect.top + px(10)))
    top = rect.top + px(16) + fonts.line_step(px(17), 1.3)
    said_h = fonts.line_step(size - px(2), 1.1)
    row = min(max(px(44), fonts.line_step(size) + said_h + px(8)),
              (rect.bottom - px(8) - top) // max(1, len(bars)))
    name_w = max([px(110), *(fonts.font(size).size(name)[0] for name, _, _ in bars)])
    bar_left = rect.left + px(24) + name_w
    bar_w = rect.right - px(20) - bar_left
    for index, (name, share, text) in enumerate(bars):
        y = top + index * row
        shown = fonts.text(name, size, art.TEXT_LIGHT)
        surface.blit(shown, (rect.left + px(14), y + px(2)))
        bar = pygame.Rect(bar_left, y, max(1, round(bar_w * share)), row - said_h - px(4))
        pygame.draw.rect(surface, art.SEAT_COLORS[0], bar)
        pygame.draw.rect(surface, art.INK, pygame.Rect(bar_left, y, bar_w, bar.h), 1)
        said = fonts.text(text, size - px(2), art.TEXT_DIM)
        surface.blit(said, (bar_left, bar.bottom + px(1)))
