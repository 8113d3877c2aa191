"""The table screen: a game in progress, seen by the human seat(s) at this
screen. It composes its parts, none built on another: the course of play
(`flow`), what the player asks (`asks`: hints, take-backs, the first game's
guide), the staged choice (`controller`), its own buttons and action panel
(`panel`, `buttons.TableButtons` unless a screen gives another), the input
router (`input`), the drawing (`drawing`) and the layers over the table
(`layers`). The table scene (`scenes/table.py`), the tutorial and the replay
screen are this."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from ...rules import View
from ..scenes.base import Scene
from ..session.link import Link
from ..ui.i18n import set_language
from ..ui.tween import Animator
from . import edition
from .asks import Asks
from .buttons import Panel, TableButtons
from .confirm import Confirm
from .controller import TableController
from .curtain import Curtain, SeatLanguages
from .drawing import TableDrawing
from .flow import TableFlow
from .input import TableInput
from .layers import LayerStack
from .layout import TableLayout
from .model import TableModel
from .pausemenu import PauseMenu
from .recap import Recap
from .recapbox import RecapBox
from .staging import Staging

OFF_TABLE = (-1, -1)
"""Where the mouse is taken to be when it is not known (back from another screen)."""


class TableScreen(Scene):
    """A game in progress at this screen, through `link`."""

    def __init__(self, app: Any, link: Link) -> None:
        super().__init__(app)
        self.link = link
        self.model = TableModel(list(link.human_seats), names=list(link.names),
                                hints_used=link.hints)
        self.animator = Animator(speed=app.settings.animation_speed)
        self.languages = SeatLanguages(app.settings)
        """Each hotseat player's language."""
        self.pad_of: dict[int, int] = {}
        """In hotseat, the gamepad (SDL instance id) each player lifted their
        curtain with: only that pad plays for them, and it plays for no one else."""
        self.layout_: TableLayout | None = None
        self.mouse = (0, 0)
        self.watching: str | None = None
        """The name of the player whose chair the screen shows without being them
        (a replay), or None: the players at the screen see their own chair."""
        self.layers = LayerStack()
        """What lies over the table for a while: the recap, the pause menu..."""
        self.asks = Asks(self)
        self.flow = TableFlow(self)
        self.controller = TableController(self.flow)
        self.input = TableInput(self)
        self.drawing = TableDrawing(self)
        self.panel: Panel = TableButtons(self)

    @property
    def view(self) -> View | None:
        return self.flow.view

    @property
    def viewer(self) -> int | None:
        """The seat whose chair the screen shows."""
        return self.flow.viewer

    @property
    def staging(self) -> Staging:
        """The seat's staged, unconfirmed choice."""
        return self.controller.staging

    @property
    def curtain(self) -> int | None:
        """The seat the screen must be passed to, while the hotseat curtain is up."""
        layer = self.layers.find(Curtain)
        return layer.seat if layer is not None else None

    @property
    def paused(self) -> bool:
        """The pause menu, or a question (`confirm.Confirm`), is up."""
        return self.layers.find(PauseMenu) is not None or self.layers.find(Confirm) is not None

    @property
    def recap(self) -> Recap | None:
        """What the others did since the deciding player's last decision, while shown."""
        box = self.layers.find(RecapBox)
        return box.recap if box is not None and box.shown else None

    def refresh(self) -> None:
        """Something the buttons show changed: lay them out again. A layer that
        hides the table puts up its own only; else the panel's (only the top
        bar's under a modal layer), then the layers' that input reaches."""
        layout, top = self.layout_, self.layers.top()
        if layout is None:
            self.buttons = []
        elif top is not None and top.hides_table:
            self.buttons = top.buttons()
        else:
            self.buttons = self.panel.buttons(layout, self.layers.modal()) \
                + self.layers.buttons()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.flow.lay_out(size)
        self.drawing.static = None
        self.refresh()

    def update(self, dt: float) -> None:
        self.flow.update(dt)
        self.input.tidy_focus()

    def wake_in(self) -> float | None:
        return self.flow.wake_in()

    def draw(self, surface: pygame.Surface) -> None:
        self.drawing.draw(surface)

    def handle_event(self, event: pygame.event.Event) -> None:
        """In this order, each stopping the event if it takes it: the mouse is
        followed; a hotseat gamepad that may not play now is ignored; the layers
        over the table, top first (down to a modal one); the table's own input
        (`input.TableInput.handle`: a click too soon on a new prompt, Space, H,
        Ctrl+Z, the log's wheel, a right click, a drag); the screen's keys and
        buttons (Tab, arrows, Esc, Pause, Enter, a button); and a left click on
        no button picks the table thing under it. A key held down after its
        press put up or took off a layer repeats nothing (`input.TableInput.repeated`)."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.input.repeated(event):
            return
        layers = len(self.layers)
        self._route(event)
        self.input.note_layers(event, layers)

    def _route(self, event: pygame.event.Event) -> None:
        if not self.input.reaches(event) or self.layers.handle(event) \
                or self.input.handle(event):
            return
        before = len(self.buttons)
        super().handle_event(event)
        self.input.click_table(event, before)

    def controls(self) -> dict[str, pygame.Rect]:
        """Buttons plus the clickable table things drawn in the last frame, by name."""
        return {t.name: rect for t, rect in self.input.targets().items()} | super().controls()

    def focus_order(self) -> list[str]:
        """Tab starts at this player's decision (`input.TableInput.focus_first`)."""
        return self.input.focus_first(super().focus_order())

    def choosable(self, name: str) -> bool:
        return self.input.choosable(name)

    def activate(self, name: str) -> bool:
        """Enter or Space on a focused control: a table thing is staged as a click
        would stage it (Enter on one already staged confirms a complete decision),
        a button pressed; then the focus moves on (`input.TableInput.focus_after`)."""
        view = self.view
        complete = view is not None and self.staging.decision(view) is not None
        picked = self.input.pick(name)
        if picked:
            return True
        if picked is None and not super().activate(name):
            return False
        self.input.focus_after(complete)
        return True

    def on_escape(self) -> None:
        self.input.on_escape()

    def on_pause(self) -> None:
        self.input.on_pause()

    def on_enter(self) -> None:
        """Enter with nothing focused confirms the staged decision; under a modal
        layer (the pause menu, a question), it presses that layer's primary button
        instead (Resume, No)."""
        if self.layers.modal():
            primary = next((b for b in self.layers.buttons() if b.primary and b.enabled), None)
            if primary is not None:
                primary.action()
            return
        self.controller.confirm()

    def settings(self) -> None:
        """The settings screen, coming back to this table."""
        self.layers.drop(PauseMenu)
        self.mouse = OFF_TABLE  # no tooltip from before, until the mouse moves again
        seat = self.viewer
        language = None
        if self.flow.hotseat and seat is not None:
            language = (partial(self.languages.of, seat),
                        partial(self.languages.chosen.__setitem__, seat))
        self.app.show("settings", back_to=self, seat_language=language)

    def rules(self) -> None:
        """The rules screen, at the cards of this game's edition, coming back to
        this table."""
        self.layers.drop(PauseMenu)
        self.mouse = OFF_TABLE
        self.app.show("rules", back_to=self, edition=edition.rules().name)

    def leave_now(self) -> None:
        """Leave the table for the menu (a table hosted here closes, saved)."""
        set_language(self.app.settings.language)
        self.link.leave()
        self.app.show_menu()

    def show_results(self) -> None:
        """The results screen of the game shown."""
        set_language(self.app.settings.language)
        self.app.show("results", self.model, self.link)

    def close(self) -> None:
        self.flow.close()
