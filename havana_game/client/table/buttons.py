"""The table's own buttons and its action panel's words: the top bar's (menu,
hint, take back), the log's, the results', the first game's guide's and those of
the seat's decision. A screen that shows a game differently (the replay) gives
the table another `Panel`."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Protocol

import pygame

from ...rules import View
from ..ui.i18n import tr, trn
from ..ui.widgets import Button
from . import guide
from .controls import ControlBuilder
from .layout import TableLayout
from .panel import draw_panel, text_height
from .prompt import prompt
from .staging import mode

if TYPE_CHECKING:
    from .screen import TableScreen


class Panel(Protocol):
    """What the table screen shows of its own besides the game: its buttons, the
    action panel's words, the gold line under the top bar."""

    def buttons(self, layout: TableLayout, modal: bool) -> list[Button]:
        """The buttons under the layers' (only the top bar's under a `modal` layer)."""
        ...

    def prompt(self, view: View, current: str) -> str:
        """The action panel's words for decision mode `current`."""
        ...

    def hint_line(self) -> str:
        """The gold line under the top bar ("": none)."""
        ...

    def draw(self, surface: pygame.Surface, layout: TableLayout, view: View,
             current: str) -> None:
        """The action panel, into the static table."""
        ...


class TableButtons:
    """The panel of a game being played at `table`."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table

    def buttons(self, layout: TableLayout, modal: bool) -> list[Button]:
        table = self.table
        asks = table.asks
        buttons = [Button("menu", layout.top_button(0), tr("menu"), table.on_escape)]
        if asks.hints_allowed():
            buttons.append(Button(
                "hint", layout.top_button(1), tr("hint.button"), asks.ask_hint,
                tooltip=tr("hint.tooltip"),
                enabled=table.flow.deciding() and not asks.hints.busy))
        if asks.takebacks_allowed():
            buttons.append(Button(
                "take_back", layout.top_button(len(buttons)), tr("takeback.button"),
                asks.take_back, tooltip=tr("takeback.tooltip"), enabled=asks.may_take_back()))
        return buttons if modal else buttons + self._own(layout)

    def _own(self, layout: TableLayout) -> list[Button]:
        """The table's own buttons: the log's, the results', the first game's guide's,
        and those of the seat's decision."""
        table, flow = self.table, self.table.flow
        px = layout.px
        buttons: list[Button] = []
        if flow.log_unread:
            log = layout.log
            buttons.append(Button(
                "log_newest", pygame.Rect(log.left + px(10), log.bottom - px(30), log.w - px(20),
                                          px(24)), trn("log.newer", flow.log_unread),
                flow.newest_log))
        view = table.view
        if view is None:
            return buttons
        area = layout.actions.inflate(-px(16), -px(12))
        bottom = pygame.Rect(area.left, area.bottom - px(32), area.w, px(32))
        current = mode(view)
        if current == "over":
            buttons.append(Button("results", bottom, tr("results.title"),
                                  table.show_results, primary=True))
            return buttons
        if not flow.deciding():
            return buttons
        hint = table.asks.guide_hint()
        if hint is not None:
            buttons.append(Button("guide", guide.button_rect(layout, hint), tr("guide.ok"),
                                  partial(table.asks.dismiss_guide, hint)))
        controller = table.controller
        half = (bottom.w - px(8)) // 2
        buttons.append(Button("undo", pygame.Rect(bottom.left, bottom.top, half, bottom.h),
                              tr("undo"), controller.undo, enabled=not table.staging.empty))
        confirm_label = tr("build") if current == "build" else tr("confirm")
        buttons.append(Button("confirm", pygame.Rect(bottom.right - half, bottom.top, half,
                                                     bottom.h), confirm_label, controller.confirm,
                              enabled=table.staging.decision(view) is not None, primary=True))
        top_y = area.top + text_height(layout, self.prompt(view, current), table.model.error)
        body = pygame.Rect(area.left, top_y, area.w, bottom.top - px(6) - top_y)
        assert table.viewer is not None
        builder = ControlBuilder(controller, px, table.model.names,
                                 table.app.settings.colorblind)
        return buttons + builder.build(view, current, view["seats"][table.viewer]["face_up"],
                                       body)

    def prompt(self, view: View, current: str) -> str:
        return prompt(view, current, self.table.staging, self.table.model.name)

    def hint_line(self) -> str:
        """The hint's line (`asks.Asks.shown_hint`)."""
        return self.table.asks.shown_hint()

    def draw(self, surface: pygame.Surface, layout: TableLayout, view: View,
             current: str) -> None:
        """The prompt, the error, and the staged building's payment."""
        table = self.table
        staging = table.staging
        payments = staging.payments(view) if current == "build" else []
        draw_panel(surface, layout, self.prompt(view, current), table.model.error,
                   current not in ("wait", "over"),
                   payments[staging.pay_index % len(payments)] if payments else None,
                   table.app.settings.colorblind)
