"""The table's input router: what keys, clicks, drags and gamepads do on the
table once the layers over it have had them (`screen.TableScreen.handle_event`
says the order): hints, take-backs, skipping, the log's wheel, picks of table
things (staged by the controller), the pause menu coming and going, the click
guard on a new prompt, and the order Tab takes over the table's controls."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from .controller import DRAG_DISTANCE
from .pausemenu import PauseMenu
from .staging import mode
from .targets import Target, by_name

if TYPE_CHECKING:
    from .screen import TableScreen

DECISION_THINGS: dict[str, tuple[str, ...]] = {
    "choose": ("hand:",), "cover": ("faceup:", "hand:"), "act": ("faceup:",), "build": ("end:",)}
"""The table things (by name prefix) each decision step is about: Tab starts there."""
TOP_BUTTONS = ("menu", "hint", "take_back")
"""The top bar's buttons: not a prompt's, so never guarded against early clicks
(nor visited by the arrows while the seat decides: Esc, H and Ctrl+Z are theirs)."""
REPEAT_GAP = 0.5
"""Seconds: a key's repeats while held come closer than this (`App` sets 0.4 s
then 0.04 s)."""


class TableInput:
    """What input does at `table`."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        self.press_guarded = False
        """A left button press was ignored: so is its release."""
        self.held: tuple[int, float, int] | None = None
        """A key whose press put a layer up or took one off, when it last came and
        how many layers it left: while it is held down, its repeats do nothing (Esc
        held on the recap does not go on to open the pause menu)."""

    # -- keys held down ------------------------------------------------------------------
    def repeated(self, event: pygame.event.Event) -> bool:
        """`event` is a repeat of the held key (within `REPEAT_GAP` of the last):
        ignored. Letting the key go, pressing another, or a layer coming or going
        by itself (a new recap) ends the hold."""
        if self.held is None or event.type not in (pygame.KEYDOWN, pygame.KEYUP):
            return False
        code, last, layers = self.held
        if len(self.table.layers) != layers:
            self.held = None
            return False
        if event.type == pygame.KEYUP and event.key != code:
            return False  # (Ctrl let go before Z)
        now = time.monotonic()
        if event.type == pygame.KEYDOWN and event.key == code and now - last < REPEAT_GAP:
            self.held = (code, now, layers)
            return True
        self.held = None
        return False

    def note_layers(self, event: pygame.event.Event, layers_before: int) -> None:
        """A key press that put a layer up or took one off is held (`repeated`)."""
        if event.type == pygame.KEYDOWN and len(self.table.layers) != layers_before:
            self.held = (event.key, time.monotonic(), len(self.table.layers))

    # -- the pause menu ------------------------------------------------------------------
    def on_escape(self) -> None:
        """Esc: No to the pause menu's question, else undo what is staged, else
        the pause menu or back from it."""
        menu = self.table.layers.find(PauseMenu)
        if menu is not None and menu.asking is not None:
            menu.stay()
        elif not self.table.staging.empty:
            self.table.controller.undo()
        else:
            self.toggle_pause()

    def on_pause(self) -> None:
        """Pause (a gamepad's Start): the pause menu, or back from it, whatever is staged."""
        menu = self.table.layers.find(PauseMenu)
        if menu is not None and menu.asking is not None:
            menu.stay()
        else:
            self.toggle_pause()

    def toggle_pause(self) -> None:
        """The pause menu comes, or goes."""
        layers = self.table.layers
        menu = layers.find(PauseMenu)
        if menu is None:
            layers.push(PauseMenu(self.table))
        else:
            layers.remove(menu)
        self.table.refresh()

    # -- events ------------------------------------------------------------------------------
    def reaches(self, event: pygame.event.Event) -> bool:
        """Whether `event` is for this screen now: in hotseat, a gamepad a player
        claimed plays only for them (Start, the pause menu, is anyone's)."""
        pad: int | None = getattr(event, "pad", None)
        table = self.table
        if pad is None or event.type != pygame.KEYDOWN or event.key == pygame.K_PAUSE \
                or not table.flow.hotseat or table.paused:
            return True
        seat = table.curtain if table.curtain is not None else table.viewer
        owner = next((s for s, p in table.pad_of.items() if p == pad), None)
        return owner == seat if owner is not None else seat not in table.pad_of

    def handle(self, event: pygame.event.Event) -> bool:
        """The table's own keys, wheel and drags, and clicks too soon on a new
        prompt; True if `event` was taken."""
        table = self.table
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1 \
                and self.too_soon(event):
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEWHEEL and table.layout_ \
                and table.layout_.log.collidepoint(table.mouse):
            flow = table.flow
            flow.log_scroll = max(0, flow.log_scroll + event.y)
            if flow.log_scroll == 0:
                flow.newest_log()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            table.controller.undo()
            return True
        layout, viewer = table.layout_, table.viewer
        own_panel = layout.seats.get(viewer) if layout and viewer is not None else None
        return table.controller.drag_event(event, self.targets(), own_panel,
                                           table.px(DRAG_DISTANCE))

    def _key(self, event: pygame.event.Event) -> bool:
        """Space skips the animations unless it is for a focused control; H asks
        for a hint, Ctrl+Z takes back (not under the pause menu)."""
        table = self.table
        if event.key == pygame.K_SPACE and table.focus not in table.controls():
            table.flow.skip()
            return True
        if event.key == pygame.K_h and not table.paused:
            table.asks.ask_hint()
            return True
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL and not table.paused:
            table.asks.take_back()
            return True
        return False

    def too_soon(self, event: pygame.event.Event) -> bool:
        """A left click on the prompt's controls within `App.click_guard` seconds
        of their appearing (or the release of a press that was): meant for the
        prompt before, so ignored. The top bar's buttons always take clicks."""
        table = self.table
        if event.type == pygame.MOUSEBUTTONUP and self.press_guarded:
            self.press_guarded = False
            return True
        if table.paused or not table.flow.deciding() \
                or time.monotonic() - table.flow.asked_at >= table.app.click_guard \
                or any(b.rect.collidepoint(event.pos) for b in table.buttons
                       if b.name in TOP_BUTTONS):
            return False
        self.press_guarded = event.type == pygame.MOUSEBUTTONDOWN
        return True

    def click_table(self, event: pygame.event.Event, buttons_before: int) -> None:
        """A left click on no button (and the buttons as they were, `buttons_before`
        of them) on a hand card, a face-up card or a row end stages that choice."""
        table = self.table
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1 or table.paused \
                or buttons_before != len(table.buttons) \
                or any(b.rect.collidepoint(event.pos) for b in table.buttons):
            return
        target = next((t for t, rect in reversed(self.targets().items())
                       if rect.collidepoint(event.pos)), None)
        if target is not None:
            table.controller.pick(target)

    # -- the table's controls --------------------------------------------------------------
    def targets(self) -> dict[Target, pygame.Rect]:
        """The table things the last frame drew, while the seat decides and no
        modal layer (the pause menu, a question) lies over them."""
        table = self.table
        canvas = table.drawing.canvas
        if canvas is None or not table.flow.deciding() or table.layers.modal():
            return {}
        return dict(canvas.targets)

    def click_target(self, name: str) -> None:
        """Stage the choice a click on the table thing called `name` ("hand:5") means."""
        target = by_name(name, self.targets())
        assert target is not None, f"{name} is not on the table now"
        self.table.controller.pick(target)

    def pick(self, name: str) -> bool | None:
        """Enter or Space on the table thing `name`: staged as a click would stage it
        (Enter on one already staged confirms a complete decision); None if `name`
        is no table thing, else whether that sent the decision."""
        table = self.table
        target = by_name(name, self.targets())
        if target is None:
            return None
        view = table.view
        if view is not None and table.staging.decision(view) is not None \
                and name in self._staged_names():
            table.controller.confirm()
            return True
        table.controller.pick(target)
        return False

    def focus_after(self, was_complete: bool) -> None:
        """After a control was carried out: the focus to Confirm when that completed
        the decision; when the focused control went away, to the first choosable one."""
        table = self.table
        view = table.view
        controls = table.controls()
        if not was_complete and view is not None and table.flow.deciding() \
                and table.staging.decision(view) is not None and "confirm" in controls:
            table.set_focus("confirm")
        elif table.focus not in controls:  # (none while the others play: Enter confirms)
            table.set_focus(next((n for n in table.focus_order() if table.choosable(n)), None)
                            if table.flow.deciding() else None)

    def _staged_names(self) -> set[str]:
        """The table things (by name) the staged decision is made of."""
        staging = self.table.staging
        names = {f"hand:{card}" for card in staging.cards}
        names |= {f"faceup:{card}" for card in (staging.act_card, staging.covered)
                  if card is not None}
        if staging.end is not None:
            names.add(f"end:{staging.end[0]}:{staging.end[1]}")
        return names

    def choosable(self, name: str) -> bool:
        """What the arrows visit: under a modal layer, its buttons only; while the
        seat decides, the table things a pick would stage now (not those it would
        explain away, an opponent's card) and the buttons but the top bar's (Esc,
        H and Ctrl+Z are theirs: an arrow never lands on Take back); else any
        button."""
        table = self.table
        return self.actionable(name) and (name not in TOP_BUTTONS or table.layers.modal()
                                          or not table.flow.deciding())

    def actionable(self, name: str) -> bool:
        """What the focus may be on: under a modal layer, its buttons only; else
        the enabled buttons and the table things a pick would stage now."""
        table = self.table
        if table.layers.modal():
            return name in self._layer_buttons()
        target = by_name(name, self.targets())
        if target is not None:
            return not table.controller.refusal(target)
        return name in table.controls()

    def tidy_focus(self) -> None:
        """The focus lets go of what can no longer be acted on (a card of a
        decision sent, a button gone, the table under a question): no ring is
        ever on something Enter would not carry out."""
        table = self.table
        if table.focus is not None and not self.actionable(table.focus):
            table.set_focus(None)

    def _layer_buttons(self) -> list[str]:
        """The enabled buttons of the layers input reaches, by name."""
        return [b.name for b in self.table.layers.buttons() if b.enabled]

    def focus_first(self, order: list[str]) -> list[str]:
        """Tab's path over the table, through what can be acted on now only (under a
        modal layer, its buttons): this player's decision first (the things the
        step is about, then the action panel's buttons), then the rest of `order`."""
        table = self.table
        order = [name for name in order if self.actionable(name)]
        view = table.view
        if view is None or table.layout_ is None or not table.flow.deciding() \
                or table.layers.modal():
            return order
        things = DECISION_THINGS.get(mode(view), ())
        controls = table.controls()
        panel = table.layout_.actions
        first = [name for name in order if name.startswith(things)]
        first += [name for name in order if name not in first and panel.contains(controls[name])]
        return first + [name for name in order if name not in first]
