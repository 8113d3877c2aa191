"""The table's input: keys, clicks and drags on the table (staged by the
controller), the buttons of the top bar, the pause menu and the action panel,
and the order Tab takes over them."""

from __future__ import annotations

import time
from functools import partial
from typing import TYPE_CHECKING, cast

import pygame

from ...rules import View
from ..ui.i18n import tr, trn
from ..ui.widgets import Button
from . import guide
from .controller import DRAG_DISTANCE
from .controls import ControlBuilder
from .flow import TableFlow
from .layout import TableLayout
from .panel import text_height
from .pausemenu import PauseMenu
from .prompt import prompt
from .staging import mode
from .targets import Target, by_name

if TYPE_CHECKING:
    from .screen import TableScreen

DECISION_THINGS: dict[str, tuple[str, ...]] = {
    "choose": ("hand:",), "cover": ("faceup:", "hand:"), "act": ("faceup:",), "build": ("end:",)}
"""The table things (by name prefix) each decision step is about: Tab starts there."""
TOP_BUTTONS = ("menu", "hint", "take_back")
"""The top bar's buttons: not a prompt's, so never guarded against early clicks."""


class TableInput(TableFlow):
    """The table's buttons and what input does."""

    def send(self) -> None:
        """Confirm: send the staged decision."""
        self.controller.confirm()

    def undo(self) -> None:
        self.controller.undo()

    def skip(self) -> None:
        """Finish all animations and catch up with the host."""
        assert self.events is not None
        self.events.skip()
        while self.model.has_pending:
            self._apply_next()
        self.events.skip()

    def on_escape(self) -> None:
        """Esc: No to the pause menu's question, else undo what is staged, else
        the pause menu or back from it."""
        menu = self.layers.find(PauseMenu)
        if menu is not None and menu.asking is not None:
            menu.stay()
        elif not self.staging.empty:
            self.undo()
        else:
            self.toggle_pause()

    def on_pause(self) -> None:
        """Pause (a gamepad's Start): the pause menu, or back from it, whatever is staged."""
        menu = self.layers.find(PauseMenu)
        if menu is not None and menu.asking is not None:
            menu.stay()
        else:
            self.toggle_pause()

    def toggle_pause(self) -> None:
        """The pause menu comes, or goes."""
        menu = self.layers.find(PauseMenu)
        if menu is None:
            self.layers.push(PauseMenu(cast("TableScreen", self)))
        else:
            self.layers.remove(menu)
        self._build_buttons()

    def on_enter(self) -> None:
        self.send()

    def _pad_may_play(self, pad: int) -> bool:
        """Whether gamepad `pad` may play now: in hotseat, a pad a player claimed
        plays only for them (Start, the pause menu, is anyone's)."""
        seat = self.curtain if self.curtain is not None else self.viewer
        if not self.hotseat or self.paused:
            return True
        owner = next((s for s, p in self.pad_of.items() if p == pad), None)
        return owner == seat if owner is not None else seat not in self.pad_of

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        pad: int | None = getattr(event, "pad", None)
        if pad is not None and event.type == pygame.KEYDOWN and event.key != pygame.K_PAUSE \
                and not self._pad_may_play(pad):
            return
        if self.layers.handle(event):
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1 \
                and self._too_soon(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE \
                and self.focus not in self.controls():
            self.skip()  # Space skips the animations unless it is for a focused control
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and not self.paused:
            self.asks.ask_hint()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z \
                and event.mod & pygame.KMOD_CTRL and not self.paused:
            self.asks.take_back()
            return
        if event.type == pygame.MOUSEWHEEL and self.layout_ \
                and self.layout_.log.collidepoint(self.mouse):
            self.log_scroll = max(0, self.log_scroll + event.y)
            if self.log_scroll == 0:
                self.newest_log()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.undo()
            return
        own_panel = self.layout_.seats.get(self.viewer) if self.layout_ and self.viewer \
            is not None else None
        if self.controller.drag_event(event, self.targets(), own_panel, self.px(DRAG_DISTANCE)):
            return
        before = len(self.buttons)
        super().handle_event(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.paused \
                and before == len(self.buttons) and not any(
                    b.rect.collidepoint(event.pos) for b in self.buttons):
            self._click_table(event.pos)

    def _too_soon(self, event: pygame.event.Event) -> bool:
        """A left click on the prompt's controls within `App.click_guard` seconds
        of their appearing (or the release of a press that was): meant for the
        prompt before, so ignored. The top bar's buttons always take clicks."""
        if event.type == pygame.MOUSEBUTTONUP and self._press_guarded:
            self._press_guarded = False
            return True
        if self.paused or not self.deciding() \
                or time.monotonic() - self._asked_at >= self.app.click_guard \
                or any(b.rect.collidepoint(event.pos) for b in self.buttons
                       if b.name in TOP_BUTTONS):
            return False
        self._press_guarded = event.type == pygame.MOUSEBUTTONDOWN
        return True

    def targets(self) -> dict[Target, pygame.Rect]:
        """The table things the last frame drew, while the seat decides."""
        return dict(self.canvas.targets) if self.canvas is not None and self.deciding() else {}

    def _click_table(self, pos: tuple[int, int]) -> None:
        """A click on a hand card, a face-up card or a row end stages that choice."""
        target = next((t for t, rect in reversed(self.targets().items())
                       if rect.collidepoint(pos)), None)
        if target is not None:
            self.controller.pick(target)

    def activate(self, name: str) -> bool:
        """Enter or Space on a focused control: a table thing is staged as a click
        would stage it (Enter on one already staged confirms a complete decision),
        a button pressed. When that completes the decision the focus goes to
        Confirm; when the focused control went away, to the first choosable one."""
        view = self.view
        complete = view is not None and self.staging.decision(view) is not None
        target = by_name(name, self.targets())
        if target is not None and complete and name in self._staged_names():
            self.send()
            return True
        if target is not None:
            self.controller.pick(target)
        elif not super().activate(name):
            return False
        view = self.view
        controls = self.controls()
        if not complete and view is not None and self.deciding() \
                and self.staging.decision(view) is not None and "confirm" in controls:
            self.set_focus("confirm")
        elif self.focus not in controls:  # (none while the others play: Enter confirms)
            self.set_focus(next((n for n in self.focus_order() if self.choosable(n)), None)
                           if self.deciding() else None)
        return True

    def _staged_names(self) -> set[str]:
        """The table things (by name) the staged decision is made of."""
        staging = self.staging
        names = {f"hand:{card}" for card in staging.cards}
        names |= {f"faceup:{card}" for card in (staging.act_card, staging.covered)
                  if card is not None}
        if staging.end is not None:
            names.add(f"end:{staging.end[0]}:{staging.end[1]}")
        return names

    def choosable(self, name: str) -> bool:
        """Buttons (the enabled ones are the controls) and the table things a pick
        would stage now, not those it would explain away (an opponent's card)."""
        target = by_name(name, self.targets())
        return target is None or not self.controller.refusal(target)

    def click_target(self, name: str) -> None:
        """Stage the choice a click on the table thing called `name` ("hand:5") means."""
        target = by_name(name, self.targets())
        assert target is not None, f"{name} is not on the table now"
        self.controller.pick(target)

    def _build_buttons(self) -> None:
        self.buttons = []
        layout = self.layout_
        if layout is None:
            return
        top = self.layers.top()
        if top is not None and top.hides_table:
            self.buttons = top.buttons()
            return
        self.buttons.append(Button("menu", layout.top_button(0), tr("menu"), self.on_escape))
        if self.asks.hints_allowed():
            self.buttons.append(Button(
                "hint", layout.top_button(1), tr("hint.button"), self.asks.ask_hint,
                tooltip=tr("hint.tooltip"), enabled=self.deciding() and not self.asks.hints.busy))
        if self.asks.takebacks_allowed():
            self.buttons.append(Button(
                "take_back", layout.top_button(len(self.buttons)), tr("takeback.button"),
                self.asks.take_back, tooltip=tr("takeback.tooltip"),
                enabled=self.asks.may_take_back()))
        if self.layers.modal():
            self.buttons += self.layers.buttons()
            return
        self.buttons += self._table_buttons(layout)
        self.buttons += self.layers.buttons()

    def _table_buttons(self, layout: TableLayout) -> list[Button]:
        """The table's own buttons: the log's, the results', the first game's guide's,
        and those of the seat's decision."""
        px = layout.px
        buttons: list[Button] = []
        if self.log_unread:
            log = layout.log
            buttons.append(Button(
                "log_newest", pygame.Rect(log.left + px(10), log.bottom - px(30), log.w - px(20),
                                          px(24)), trn("log.newer", self.log_unread),
                self.newest_log))
        view = self.view
        if view is None:
            return buttons
        area = layout.actions.inflate(-px(16), -px(12))
        bottom = pygame.Rect(area.left, area.bottom - px(32), area.w, px(32))
        current = mode(view)
        if current == "over":
            buttons.append(Button("results", bottom, tr("results.title"),
                                  self.show_results, primary=True))
            return buttons
        if not self.deciding():
            return buttons
        hint = self.asks.guide_hint()
        if hint is not None:
            buttons.append(Button("guide", guide.button_rect(layout, hint), tr("guide.ok"),
                                  partial(self.asks.dismiss_guide, hint)))
        half = (bottom.w - px(8)) // 2
        buttons.append(Button("undo", pygame.Rect(bottom.left, bottom.top, half, bottom.h),
                              tr("undo"), self.undo, enabled=not self.staging.empty))
        confirm_label = tr("build") if current == "build" else tr("confirm")
        buttons.append(Button("confirm", pygame.Rect(bottom.right - half, bottom.top, half,
                                                     bottom.h), confirm_label, self.send,
                              enabled=self.staging.decision(view) is not None, primary=True))
        top_y = area.top + text_height(layout, self._prompt(view, current), self.model.error)
        body = pygame.Rect(area.left, top_y, area.w, bottom.top - px(6) - top_y)
        assert self.viewer is not None
        builder = ControlBuilder(self.controller, px, self.model.names,
                                 self.app.settings.colorblind)
        return buttons + builder.build(view, current, view["seats"][self.viewer]["face_up"], body)

    def focus_order(self) -> list[str]:
        """Tab starts at this player's decision (the things the step is about, then
        the action panel's buttons), then goes on over the rest in reading order."""
        order = super().focus_order()
        view = self.view
        if view is None or self.layout_ is None or not self.deciding():
            return order
        things = DECISION_THINGS.get(mode(view), ())
        controls = self.controls()
        panel = self.layout_.actions
        first = [name for name in order if name.startswith(things)]
        first += [name for name in order if name not in first and panel.contains(controls[name])]
        return first + [name for name in order if name not in first]

    def controls(self) -> dict[str, pygame.Rect]:
        """Buttons plus the clickable table things drawn in the last frame, by name."""
        return {t.name: rect for t, rect in self.targets().items()} | super().controls()

    def _prompt(self, view: View, current: str) -> str:
        return prompt(view, current, self.staging, self.model.name)
