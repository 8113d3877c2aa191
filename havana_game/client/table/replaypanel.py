"""The replay's action panel (`table.buttons.Panel`): the position shown,
every player's VP over the game with a marker at the position
(`chart`, a click on it jumps there), and the replay's buttons: step, jump, play
at a speed, change chair, export. The gold line says what the last export did."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...rules import View
from ..ui import charts, fonts
from ..ui.i18n import tr
from ..ui.widgets import Button
from .layout import TableLayout
from .panel import draw_panel, text_height

if TYPE_CHECKING:
    from ..scenes.replay import ReplayScene

Entry = tuple[str, str, Callable[[], None], bool]
"""A replay button: name, label, action, enabled."""
TRANSPORT = ("start", "back", "play", "forward", "end")
"""The buttons that step or jump (each with a tooltip)."""


class ReplayPanel:
    """The panel of `scene`'s replay."""

    def __init__(self, scene: ReplayScene) -> None:
        self.scene = scene
        self.chart: charts.LineChart | None = None
        """Where the VP chart was drawn (a click on it jumps)."""

    def buttons(self, layout: TableLayout, modal: bool) -> list[Button]:
        """The menu, and unless a modal layer is up the replay's three rows."""
        scene = self.scene
        buttons = [Button("menu", layout.top_button(0), tr("menu"), scene.on_escape)]
        if modal:
            return buttons
        px = layout.px
        area = layout.actions.inflate(-px(16), -px(12))
        gap, h = px(6), px(30)
        rows = [area.bottom - 3 * h - 2 * gap, area.bottom - 2 * h - gap, area.bottom - h]
        replay, index = scene.replay, scene.index
        at_start, at_end = index <= 0, index >= replay.length
        buttons += _row(area.left, rows[0], area.w, h, gap, [
            ("start", "|◀", partial(scene.jump, 0), not at_start),
            ("back", "◀", scene.back, not at_start),
            ("play", "❚❚" if scene.playing else "▶▶", scene.toggle_play, not at_end),
            ("forward", "▶", scene.forward, not at_end),
            ("end", "▶|", partial(scene.jump, replay.length), not at_end)])
        buttons += _row(area.left, rows[1], area.w, h, gap, [
            ("round_back", tr("replay.round_back"), scene.round_back, not at_start),
            ("round_forward", tr("replay.round_forward"), scene.round_forward, not at_end),
            ("speed", tr("replay.speed", n=f"{scene.speed:g}"), scene.next_speed, True)])
        whose = tr("replay.seat", name=replay.names[scene.seat])
        last: list[Entry] = [("seat", whose, scene.next_seat, True),
                             ("export", tr("replay.export"), scene.export, True)]
        if sum(_needs(last, h)) + gap > area.w:  # a long name: the hand's title says whose
            last[0] = ("seat", tr("replay.seat_next"), scene.next_seat, True)
        buttons += _row(area.left, rows[2], area.w, h, gap, last)
        for button in buttons:
            if button.name in TRANSPORT:
                button.tooltip = tr(f"replay.{button.name}")
            elif button.name == "seat":
                button.tooltip = whose
        return buttons

    def prompt(self, view: View, current: str) -> str:
        """The position shown (whose cards: the seat button and the hand say it)."""
        scene = self.scene
        return tr("replay.position", i=scene.index, n=scene.replay.length, round=view["round"])

    def hint_line(self) -> str:
        """What the last export did."""
        return self.scene.message

    def chart_area(self, layout: TableLayout, view: View) -> pygame.Rect | None:
        """Where the VP chart goes: in the action panel, between the position's
        text and the replay's buttons."""
        bottom = next((b.rect.top for b in self.scene.buttons if b.name == "start"), None)
        if bottom is None:
            return None
        px = layout.px
        area = layout.actions.inflate(-px(16), -px(12))
        top = area.top + text_height(layout, self.prompt(view, "wait"), "")
        return pygame.Rect(area.left, top, area.w, bottom - px(6) - top)

    def draw(self, surface: pygame.Surface, layout: TableLayout, view: View,
             current: str) -> None:
        """The position's text, and the VP chart with the position shown marked."""
        scene = self.scene
        draw_panel(surface, layout, self.prompt(view, current), scene.model.error, False, None,
                   scene.app.settings.colorblind)
        area = self.chart_area(layout, view)
        if area is None or area.h < scene.px(36):
            self.chart = None
            return
        self.chart = charts.draw_vp_chart(surface, area, scene.replay.curve.vp,
                                          scene.replay.names, scene.px, current=scene.index)

    def jump_at(self, pos: tuple[int, int]) -> bool:
        """A click at `pos` on the chart jumps to the position under it; True if it did."""
        chart = self.chart
        if chart is None or not chart.area.inflate(0, self.scene.px(8)).collidepoint(pos):
            return False
        position = chart.position_at(pos[0])
        if position is None:
            return False
        self.scene.jump(position)
        return True


def _needs(entries: list[Entry], height: int) -> list[int]:
    """The width each entry's label takes on one line in a button of `height`,
    margins included (`Button.label_size` as the height allows)."""
    size = max(9, int(height * 0.42))
    return [fonts.font(size, True).size(label)[0] + 2 * max(6, height // 4)
            for _, label, _, _ in entries]


def _row(left: int, top: int, width: int, height: int, gap: int,
         entries: list[Entry]) -> list[Button]:
    """Buttons sharing a row's width: equally while every label fits its share,
    else each as much wider as its label needs (none set smaller than the rest)."""
    room = width - gap * (len(entries) - 1)
    needs = _needs(entries, height)
    each = room // len(entries)
    spare = (room - sum(needs)) // len(entries)
    widths = [each] * len(entries) if max(needs) <= each \
        else [need + spare for need in needs] if spare >= 0 \
        else [room * need // sum(needs) for need in needs]
    buttons, x = [], left
    for (name, label, action, enabled), each in zip(entries, widths, strict=True):
        buttons.append(Button(name, pygame.Rect(x, top, each, height), label, action,
                              enabled=enabled))
        x += each + gap
    return buttons
