"""The table model: the seat views and events received from the host, applied
one update at a time so that animations can show each change."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from ...game import SEATED
from ...rules import View
from ..session.link import Message
from .seatstate import SeatState, changes, seat_states

SECRET_KEYS = ("cards", "card")
"""Event fields only a seat's private copy carries (its chosen/covered/taken card)."""
PRIVATE_KINDS = ("cards_chosen", "card_covered", "card_taken_back", "card_recycled")


def shown(events: list[dict[str, Any]], own: int | None) -> list[dict[str, Any]]:
    """The events a table shows: the public ones; with one player at this screen
    (`own`, never in hotseat), the card that player took back is named (its
    private copy replaces the public one)."""
    out: list[dict[str, Any]] = []
    for event in events:
        if is_public(event):
            out.append(event)
        elif own is not None and event["kind"] == "card_taken_back" \
                and event["data"].get("seat") == own and out and out[-1]["kind"] == event["kind"] \
                and out[-1]["data"].get("seat") == own:
            out[-1] = event
    return out


@dataclass
class Update:
    """One host step: the new view of each human seat and what happened."""

    version: int
    views: dict[int, View] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)


def seating_only(events: list[dict[str, Any]]) -> bool:
    """True for a view the host sent again only to tell who sat down (no decision
    led to it)."""
    return bool(events) and all(e["kind"] == SEATED for e in events)


def is_public(event: dict[str, Any]) -> bool:
    """False for the private copy of a secret event (kept out of logs and stories)."""
    return not (event["kind"] in PRIVATE_KINDS
                and any(key in event["data"] for key in SECRET_KEYS))


@dataclass
class TableModel:
    """What the screen knows: the latest applied views, the log, pending updates."""

    human_seats: list[int]
    names: list[str] = field(default_factory=list)
    views: dict[int, View] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)
    """Every public event applied so far, in order (log and results story)."""
    pending: dict[int, Update] = field(default_factory=dict)
    error: str | None = None
    """The last rejection reason, until the next update."""
    acks: dict[int, int] = field(default_factory=dict)
    """Decisions the host acknowledged, per seat."""
    ack_version: dict[int, int] = field(default_factory=dict)
    """The state version after each seat's last acknowledged decision."""
    late_views: bool = False
    """A late view was taken since the table last looked (it may change who decides)."""
    applied: int = -1
    """The version of the last update applied."""
    status: str = ""
    """Connection trouble to show ("reconnecting", a fatal error); empty when fine."""
    seats: list[SeatState] = field(default_factory=list)
    """Who plays each seat, as the host last said (empty for a `LocalLink`)."""
    notices: list[dict[str, Any]] = field(default_factory=list)
    """Seat changes for the log (`seatstate.changes`), until the table takes them."""
    host_hints: bool = False
    """The host allows hints (LAN games; local games always do)."""
    hints_used: int = 0
    """Hints the player asked for (the results screen says so)."""
    retold: bool = False
    """The host sent the game's history: `events` was replaced, until the table
    has rebuilt its log from it."""
    record: dict[str, Any] | None = None
    """The finished game's save document, from the host (for replays)."""
    reactions: list[tuple[int, str]] = field(default_factory=list)
    """Quick reactions the host told of: (seat, reaction), until the table shows them."""

    @property
    def own_seat(self) -> int | None:
        """The one seat played at this screen (None in hotseat)."""
        return self.human_seats[0] if len(self.human_seats) == 1 else None

    def feed(self, messages: list[Message]) -> None:
        """Take in messages from the link; view updates wait in `pending`."""
        for message in messages:
            kind = message.get("type")
            if kind == "view":
                view = message["view"]
                seat = message["seat"]
                if seating_only(message.get("events", [])):
                    self._seated(seat, view, message["events"])
                    continue
                if view["version"] <= self.applied:
                    self._late(seat, view)
                    continue
                update = self.pending.setdefault(view["version"], Update(view["version"]))
                update.views[seat] = view
                if seat == min(self.human_seats, default=seat) or not update.events:
                    update.events = shown(message.get("events", []), self.own_seat)
            elif kind == "error":
                text = str(message.get("message") or message.get("reason"))
                if message.get("fatal"):
                    self.status = text
                else:
                    self.error = text
            elif kind == "ack":
                seat = message["seat"]
                self.acks[seat] = self.acks.get(seat, 0) + 1
                self.ack_version[seat] = max(self.ack_version.get(seat, 0), message["version"])
            elif kind == "connection":
                self.status = "" if message["status"] == "connected" else message["status"]
            elif kind == "reaction":
                self.reactions.append((message["seat"], message["reaction"]))
            elif kind == "table":
                self.names = list(message.get("names", self.names))
                self.host_hints = bool(message.get("hints", False))
                if "seats" in message:
                    seats = seat_states(message, time.monotonic())
                    # the players at this screen taking their own seats is no news
                    self.notices += [e for e in changes(self.seats, seats,
                                                        message["status"] == "playing")
                                     if e["data"]["seat"] not in self.human_seats]
                    self.seats = seats
            elif kind == "history" and message["seat"] == min(self.human_seats):
                self._retell(message["version"], message["events"])
            elif kind == "record":
                self.record = message["record"]

    def _retell(self, version: int, events: list[dict[str, Any]]) -> None:
        """The whole game so far up to `version` (on joining or rejoining): it
        replaces the events known, and updates up to that version bring no new
        events (their views still apply). A history behind what was shown is a
        take-back: the table starts over from it."""
        if version < self.applied:
            self.views, self.pending, self.applied, self.ack_version = {}, {}, -1, {}
        self.events = shown(events, self.own_seat)
        for update in self.pending.values():
            if update.version <= version:
                update.events = []
        self.retold = True

    def _seated(self, seat: int, view: View, events: list[dict[str, Any]]) -> None:
        """Players sat down (the game's first view names every seat's player; a
        newcomer's seating comes with the view again): the events follow those of
        the update at that version, in the log too (`notices` if it was shown)."""
        late = view["version"] <= self.applied
        if late:
            self._late(seat, view)
        else:
            update = self.pending.setdefault(view["version"], Update(view["version"]))
            update.views.setdefault(seat, view)
        if seat != min(self.human_seats, default=seat):
            return
        if late:
            self.notices += events
            self.events += events
        else:
            update.events += events

    def _late(self, seat: int, view: View) -> None:
        """A seat's view of a step already shown (hotseat streams arrive apart):
        take the view if it is newer for that seat; its events were shown."""
        known = self.views.get(seat)
        if known is None or known["version"] < view["version"]:
            self.views[seat] = view
            self.late_views = True

    @property
    def has_pending(self) -> bool:
        return bool(self.pending)

    def pop(self) -> Update | None:
        """The oldest pending update, applied to the model (None if there is none)."""
        if not self.pending:
            return None
        update = self.pending.pop(min(self.pending))
        self.applied = update.version
        self.views.update(update.views)
        self.events.extend(update.events)
        self.error = None
        return update

    def view(self, seat: int | None = None) -> View | None:
        """The view of `seat`, or of any human seat for public data."""
        if seat is not None and seat in self.views:
            return self.views[seat]
        return next(iter(self.views.values()), None)

    def name(self, seat: int) -> str:
        """The seat's player as the host names it now (an open seat has no name)."""
        name = self.names[seat] if seat < len(self.names) else ""
        return name or f"Seat {seat + 1}"
