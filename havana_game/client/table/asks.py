"""What the player asks the table: hints (the hard bot's suggestion, staged,
and its line while its question stands), taking a decision back, and the first
game's guide hints."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...rules import View
from ..ui.i18n import tr
from . import edition, guide
from .confirm import ask_take_back
from .framekey import staged_key
from .hints import HintService, hint_line
from .staging import mode

if TYPE_CHECKING:
    from .screen import TableScreen


class Asks:
    """The hints, take-backs and guide of the seat deciding at `table`."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        self.hints = HintService(searching=self.hints_allowed)
        self.hint_text = ""
        """What the last hint suggests, shown while its question stands."""
        self.hint_question: list[dict[str, Any]] | None = None
        """The legal decisions the hint answers (it stands while they do)."""
        self.hint_staged: tuple[Any, ...] | None = None
        """What the hint staged (its line stands while the staging is that)."""
        self.first_game_guide = True
        """The first game's guide hints show (not in the lesson, which says it all)."""

    def hints_allowed(self) -> bool:
        """Hints are for games against bots on this machine, and for LAN games
        whose host allows them."""
        table = self.table
        if table.link.leaving_note != "leave.local":
            return table.model.host_hints
        return any(s.kind == "bot" for s in table.model.seats)

    def takebacks_allowed(self) -> bool:
        """Take back is for one player at this screen against AIs in a local game
        (never hotseat or LAN), while the setting is on."""
        table = self.table
        here = table.link.human_seats
        return table.app.settings.takebacks and table.link.local_game \
            and len(here) == 1 and bool(table.model.seats) \
            and all(s.kind == "bot" for s in table.model.seats if s.seat not in here)

    def may_take_back(self) -> bool:
        view = self.table.view
        return view is not None and view["phase"] != "over" and self._decided(view) \
            and not self.table.flow.waiting_for_host(view) and not self.table.paused

    def _decided(self, view: View) -> bool:
        """This seat has a decision to take back: its opening pair lies face down,
        or the rounds have begun (every seat chose its pair before the first)."""
        viewer = self.table.viewer
        return view["round"] > 0 or (viewer is not None
                                     and bool(view["seats"][viewer]["has_face_down"]))

    def can_take_back(self) -> bool:
        table = self.table
        return table.view is not None and table.viewer is not None \
            and self.takebacks_allowed() and self.may_take_back()

    def take_back(self) -> None:
        """Take back (the button, Ctrl+Z): asked first (`confirm.Confirm`, No
        focused), done only on Yes; so only a confirmed one counts."""
        if self.can_take_back():
            ask_take_back(self.table, self.take_back_now)

    def take_back_now(self) -> None:
        """Ask the host to take back this player's last decision and the AIs'
        after it; the table then shows the game from before it."""
        table = self.table
        view = table.view
        if view is None or table.viewer is None or not self.can_take_back():
            return
        table.staging.clear()
        self.hint_text, self.hint_question = "", None  # a hint was for the moves taken back
        table.link.take_back(table.viewer, view["version"])

    def ask_hint(self) -> None:
        """Ask the hard bot, on this seat's view, what it would do."""
        table = self.table
        view = table.view
        if view is None or not table.flow.deciding() or not self.hints_allowed():
            return
        self.hints.ask(view)
        table.model.hints_used += 1
        if not table.app.settings.hints_ahead:
            table.app.settings.hints_ahead = True
            table.app.settings.save()
        table.link.hint_taken()  # kept with a local game's save
        self.hint_text, self.hint_question = tr("hint.thinking"), view["legal"]
        table.refresh()

    def take_hint(self) -> None:
        """A hint arrived: stage it on the table (if its question still stands) and
        say in one line what it gains."""
        table = self.table
        view = table.view
        # once the player has used a hint (in this game or the last one), their
        # decisions are searched as they come
        ahead = table.model.hints_used or table.app.settings.hints_ahead
        hint = self.hints.take(view if ahead and table.flow.deciding() else None)
        if hint is None or view is None:
            if hint is None and not self.hints.busy and self.hint_text == tr("hint.thinking"):
                self.hint_text = ""
            return
        if hint.question == view.get("legal") and table.flow.deciding():
            table.staging.adopt(view, hint.decision)
            self.hint_text = hint_line(hint, view, table.model.name)
            self.hint_staged = staged_key(table.staging)
            # ending the turn has its own button: Enter presses it; else Enter confirms
            table.focus = "end_turn" if hint.decision["kind"] == "end_turn" else None
        table.refresh()

    def shown_hint(self) -> str:
        """The hint's line while its question stands (the seat's legal decisions
        it was asked on) and what it staged is still staged; never under the
        pause menu."""
        table = self.table
        view = table.view
        if view is None or view.get("legal") != self.hint_question \
                or not table.flow.deciding() or table.paused:
            return ""
        if self.hint_text != tr("hint.thinking") \
                and staged_key(table.staging) != self.hint_staged:
            return ""  # the player undid or changed the suggestion
        return self.hint_text

    def dismiss_guide(self, key: str) -> None:
        """The player has read a first-game hint."""
        guide.dismiss(self.table.app.settings, key)
        self.table.refresh()

    def guide_hint(self) -> str | None:
        """The first game's guide hint shown now, if any."""
        table = self.table
        view = table.view
        if view is None or not self.first_game_guide:
            return None
        return guide.current_hint(table.app.settings, self.guide_topic(
            mode(view) if table.flow.deciding() else "wait"))

    def guide_topic(self, current: str) -> str:
        """What the first-game guide explains now: the decision mode, or the card
        whose options the seat is choosing among (Reciclaje, Contrabando)."""
        card = self.table.staging.act_card
        if current == "act" and card is not None and edition.card_key(card) in guide.HINTS:
            return edition.card_key(card)
        return current
