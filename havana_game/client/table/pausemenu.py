"""The pause menu over the table (`overlays` draws it) and the questions it asks
first: leave the table, concede the game, hand a seat to a newcomer."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..profile import stats
from ..ui.i18n import tr
from ..ui.widgets import Button
from . import edition
from .layers import Overlay
from .overlays import confirm_buttons, draw_pause, pause_buttons

if TYPE_CHECKING:
    from .screen import TableScreen

LEAVE, CONCEDE, GIVE = "leave", "concede", "give"
"""The questions the menu asks before doing it."""


class PauseMenu(Overlay):
    """The pause menu; `asking` the question it asks instead, if any."""

    rank = 2
    modal = True

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        self.asking: str | None = None
        self.seat: int | None = None
        """The seat a give question is about."""

    def ask(self, question: str, seat: int | None = None) -> None:
        """Turn into `question` (LEAVE, CONCEDE, GIVE `seat`)."""
        self.asking, self.seat = question, seat
        self.table.refresh()
        self.table.set_focus("leave_stay")  # Enter alone answers No

    def stay(self) -> None:
        """No to the question: back to the menu."""
        self.asking = self.seat = None
        self.table.refresh()
        self.table.set_focus(None)

    def close(self) -> None:
        self.table.layers.remove(self)
        self.table.refresh()

    def may_concede(self) -> bool:
        """A local game still running may be conceded."""
        view = self.table.view
        return self.table.link.local_game and view is not None and view["phase"] != "over"

    def concede_now(self) -> None:
        """End the game here: it counts as lost in the statistics and is not kept
        to resume."""
        table = self.table
        view, model = table.view, table.model
        if view is not None:
            stats.add(stats.record_of(
                view, model.events, [model.name(s) for s in range(view["players"])],
                stats.levels_of(model.seats, view["players"]), model.human_seats,
                [card.name for card in edition.rules().cards], model.hints_used,
                takebacks=table.link.takebacks, conceded=True))
        table.link.forget_save()
        table.leave_now()

    def seats_to_give(self) -> dict[int, str]:
        """The host role's seats to hand to a newcomer during a LAN game: bots' and
        absent players' (seat -> name)."""
        table = self.table
        view, model = table.view, table.model
        if not table.link.host_role or view is None or view["phase"] == "over" \
                or table.link.local_game:
            return {}  # (nobody can join a local game's host: it listens on 127.0.0.1)
        return {s.seat: s.name for s in model.seats
                if s.seat not in model.human_seats and (s.kind == "bot" or s.away)}

    def give_now(self) -> None:
        """Hand the seat asked about to whoever joins next (its old token stops working)."""
        if self.seat is not None:
            self.table.link.open_seat(self.seat)
        self.close()

    def question(self) -> tuple[str, str] | None:
        """The question asked (title, text), if any."""
        if self.asking == LEAVE:
            return tr("leave.title"), tr(self.table.link.leaving_note)
        if self.asking == CONCEDE:
            return tr("concede.title"), tr("concede.note")
        if self.asking == GIVE and self.seat is not None:
            name = self.table.model.name(self.seat)
            return tr("give.title", name=name), tr("give.note", name=name)
        return None

    def buttons(self) -> list[Button]:
        """Yes and No under a question, or else the menu's buttons."""
        table = self.table
        size, px = table.size, table.px
        if self.asking == LEAVE:
            return confirm_buttons(size, px, table.leave_now, self.stay)
        if self.asking == GIVE:
            return confirm_buttons(size, px, self.give_now, self.stay,
                                   ("give.confirm", "leave.stay"))
        if self.asking == CONCEDE:
            return confirm_buttons(size, px, self.concede_now, self.stay,
                                   ("concede.confirm", "concede.stay"))
        actions = {"resume": table.on_escape, "settings": table.settings, "rules": table.rules,
                   "leave": lambda: self.ask(LEAVE)}
        if self.may_concede():
            actions["concede"] = lambda: self.ask(CONCEDE)
        return pause_buttons(size, px, actions, self.seats_to_give(),
                             lambda seat: self.ask(GIVE, seat), paused=table.link.pauses)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        draw_pause(surface, self.table.buttons, self.question(), self.table.px)
        return [surface.get_rect()]
