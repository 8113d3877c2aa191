"""What the table asks the player and the player asks the table: hints, taking
a decision back, the first game's guide, the pause menu's questions (leave,
concede, give a seat to a newcomer) and the notice while the host is
unreachable; the settings and rules screens opened from the pause menu."""

from __future__ import annotations

from functools import partial

from ..ui.i18n import set_language, tr
from . import edition, guide
from .flow import OFF_TABLE, TableFlow
from .framekey import FrameKey
from .hints import hint_line
from .pausemenu import PauseMenu
from .staging import mode


class TableAsks(TableFlow):
    """The table's questions, over its course of play."""

    def hints_allowed(self) -> bool:
        """Hints are for games against bots on this machine, and for LAN games
        whose host allows them."""
        if self.link.leaving_note != "leave.local":
            return self.model.host_hints
        return any(s.kind == "bot" for s in self.model.seats)

    def takebacks_allowed(self) -> bool:
        """Take back is for one player at this screen against AIs in a local game
        (never hotseat or LAN), while the setting is on."""
        here = self.link.human_seats
        return self.app.settings.takebacks and self.link.local_game \
            and len(here) == 1 and bool(self.model.seats) \
            and all(s.kind == "bot" for s in self.model.seats if s.seat not in here)

    def _may_take_back(self) -> bool:
        view = self.view
        return view is not None and view["phase"] != "over" \
            and not self._waiting_for_host(view) and not self.paused

    def take_back(self) -> None:
        """Ask the host to take back this player's last decision and the AIs'
        after it; the table then shows the game from before it."""
        view = self.view
        if view is None or self.viewer is None or not self.takebacks_allowed() \
                or not self._may_take_back():
            return
        self.staging.clear()
        self.hint_text, self.hint_question = "", None  # a hint was for the moves taken back
        self.link.take_back(self.viewer, view["version"])

    def ask_hint(self) -> None:
        """Ask the hard bot, on this seat's view, what it would do."""
        view = self.view
        if view is None or not self.deciding() or not self.hints_allowed():
            return
        self.hints.ask(view)
        self.model.hints_used += 1
        self.link.hint_taken()  # kept with a local game's save
        self.hint_text, self.hint_question = tr("hint.thinking"), view["legal"]
        self._build_buttons()

    def _take_hint(self) -> None:
        """A hint arrived: stage it on the table (if its question still stands) and
        say in one line what it gains."""
        hint = self.hints.take()
        view = self.view
        if hint is None or view is None:
            if hint is None and not self.hints.busy and self.hint_text == tr("hint.thinking"):
                self.hint_text = ""
            return
        if hint.question == view.get("legal") and self.deciding():
            self.staging.adopt(view, hint.decision)
            self.hint_text = hint_line(hint, view, self.model.name)
            self._hint_staged = FrameKey.staged_of(self.staging)
            # ending the turn has its own button: Enter presses it; else Enter confirms
            self.focus = "end_turn" if hint.decision["kind"] == "end_turn" else None
        self._build_buttons()

    def settings(self) -> None:
        """The settings screen, coming back to this table."""
        self.layers.drop(PauseMenu)
        self.mouse = OFF_TABLE  # no tooltip from before, until the mouse moves again
        seat = self.viewer
        language = None
        if self.hotseat and seat is not None:
            language = (partial(self.languages.of, seat),
                        partial(self.languages.chosen.__setitem__, seat))
        self.app.show("settings", back_to=self, seat_language=language)

    def dismiss_hint(self, key: str) -> None:
        """The player has read a first-game hint."""
        guide.dismiss(self.app.settings, key)
        self._build_buttons()

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

    def _shown_hint(self) -> str:
        """The hint's line while its question stands (the seat's legal decisions
        it was asked on) and what it staged is still staged; never under the
        pause menu."""
        view = self.view
        if view is None or view.get("legal") != self.hint_question or not self.deciding() \
                or self.paused:
            return ""
        if self.hint_text != tr("hint.thinking") \
                and FrameKey.staged_of(self.staging) != self._hint_staged:
            return ""  # the player undid or changed the suggestion
        return self.hint_text

    def _guide_hint(self) -> str | None:
        """The first game's guide hint shown now, if any."""
        if self.view is None or not self.first_game_guide:
            return None
        return guide.current_hint(self.app.settings, self._hint_topic(
            mode(self.view) if self.deciding() else "wait"))

    def _hint_topic(self, current: str) -> str:
        """What the first-game guide explains now: the decision mode, or the card
        whose options the seat is choosing among (Reciclaje, Contrabando)."""
        card = self.staging.act_card
        if current == "act" and card is not None and edition.card_key(card) in guide.HINTS:
            return edition.card_key(card)
        return current
