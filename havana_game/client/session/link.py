"""The client's one door to a host: everything the table learns arrives through
`Link.poll()` as messages, and every decision leaves through `Link.send()`.

Messages: `{"type": "view", "seat", "view", "events"}`, `{"type": "history",
"seat", "version", "events"}` (the whole game so far, on joining), `{"type":
"error", "seat", "reason", "message", "fatal"}`, `{"type": "table", "names"}`
(with "status" and "seats" from a host), `{"type": "ack", "seat", "version"}`,
`{"type": "connection", "status"}`, `{"type": "record", "record"}` (the finished
game's save document, for replays), `{"type": "reaction", "seat", "reaction"}` (a
seat's quick reaction, once however many seats play at this screen).
Games with players use `NetLink` (the `net/` protocol, also for local games);
`LocalLink` runs the engine and bots synchronously in this process with the
same per-seat filtering (`view_for`, `Event.visible_to`), for reproducible
screenshots, the benchmark and tests.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from ...ai import BOT_LEVELS, make_bot
from ...content import find_edition
from ...editions import DEFAULT_EDITION
from ...game import Game
from ...rules import Event, IllegalDecision, View, from_json, view_for
from ..table.logtext import error_text

Message = dict[str, Any]
DEFAULT_NAMES = ("Ana", "Benito", "Carmen", "Diego")


class Link(Protocol):
    """What a table needs from a host connection. Every link is a `BaseLink`,
    which does nothing where a link has nothing to do."""

    human_seats: list[int]
    """The seats played at this screen (several in hotseat)."""
    names: list[str]
    keeps_stats: bool
    """Games finished here count in the profile's statistics (not a screenshot's)."""
    local_game: bool
    """A game saved on this machine (vs AI or hotseat): it may be conceded, and
    its decisions taken back."""
    host_role: bool
    """A seat at this screen holds a LAN table's host role (it may hand seats on)."""
    hints: int
    """Hints asked for in this game so far (kept with a local game's save)."""
    takebacks: int
    """Take-backs the host carried out in this game so far."""
    reactions: tuple[str, ...]
    """The quick reactions the host relays (none: the table offers none)."""

    @property
    def pauses(self) -> bool:
        """The game waits while the pause menu is up (a LAN game goes on)."""
        ...

    @property
    def hosting(self) -> bool:
        """The LAN table is hosted by this client (in a process of its own)."""
        ...

    @property
    def leaving_note(self) -> str:
        """What leaving this table means, as a message key (`leave.local`,
        `leave.lan`, `leave.hosting`)."""
        ...

    def poll(self) -> list[Message]:
        """Messages received since the last call (never blocks)."""
        ...

    def send(self, seat: int, decision: dict[str, Any]) -> None:
        """Propose `decision` (JSON form) for `seat`; the answer comes via `poll`."""
        ...

    def close(self) -> None:
        """Let go of the host (the table's screen is gone)."""
        ...

    def leave(self) -> None:
        """The player leaves the table for the menu (a table hosted here closes)."""
        ...

    def take_back(self, seat: int, version: int) -> None:
        """Ask the host to take back `seat`'s last decision, made before `version`."""
        ...

    def react(self, seat: int, reaction: str) -> bool:
        """Send `seat`'s quick reaction (one of `reactions`); False if it was not
        sent (the host does not relay it, or it comes faster than the host allows)."""
        ...

    def open_seat(self, seat: int) -> None:
        """Host role: hand `seat` to whoever joins next."""
        ...

    def hint_taken(self) -> None:
        """The player asked for a hint (counted with the save)."""
        ...

    def forget_save(self) -> None:
        """The players gave the game up: nothing is kept to resume it."""
        ...


class BaseLink(Link):
    """A `Link` with nothing of its own to do beyond `poll` and `send`: not a
    local game, no host role, nothing saved, leaving is closing."""

    keeps_stats = False
    local_game = False
    host_role = False
    hints = 0
    takebacks = 0
    reactions: tuple[str, ...] = ()

    @property
    def pauses(self) -> bool:
        return True

    @property
    def hosting(self) -> bool:
        return False

    @property
    def leaving_note(self) -> str:
        return "leave.local"

    def close(self) -> None:
        """Nothing to release."""

    def leave(self) -> None:
        self.close()

    def take_back(self, seat: int, version: int) -> None:
        """No host to take anything back."""

    def react(self, seat: int, reaction: str) -> bool:
        """No table to tell."""
        return False

    def open_seat(self, seat: int) -> None:
        """No seats to hand on."""

    def hint_taken(self) -> None:
        """No save to count it in."""

    def forget_save(self) -> None:
        """No save to forget."""


class LocalLink(BaseLink):
    """The engine and its bots in this process, one filtered view stream per
    human seat."""

    def __init__(self, kinds: Sequence[str], names: Sequence[str], seed: int | None = None,
                 ages: Sequence[int | None] | None = None,
                 edition: str = DEFAULT_EDITION) -> None:
        """`kinds`: "human" or a bot level, one per seat; the game plays `edition`."""
        self.seed = random.randrange(1 << 30) if seed is None else seed
        known_ages = ages if ages and all(a is not None for a in ages) else None
        self.game = Game.new(find_edition(edition), len(kinds), self.seed, known_ages)
        self.names = list(names)
        self.human_seats = [s for s, kind in enumerate(kinds) if kind == "human"]
        self.bots = {s: make_bot(kind, self.seed * 7 + s) for s, kind in enumerate(kinds)
                     if kind != "human"}
        self._outbox: list[Message] = [{"type": "table", "names": self.names}]
        self._broadcast([])

    def view(self, seat: int) -> View:
        return view_for(self.game.state, seat)

    def _broadcast(self, events: list[Event]) -> None:
        for seat in self.human_seats:
            self._outbox.append({
                "type": "view", "seat": seat, "view": self.view(seat),
                "events": [{"kind": e.kind, "data": e.data} for e in events
                           if e.visible_to(seat)],
            })

    def run_bots(self) -> None:
        """Let bots decide until a human must (or the game is over)."""
        while True:
            deciders = [s for s in self.game.state.deciders() if s in self.bots]
            if not deciders:
                return
            seat = deciders[0]
            choice = self.bots[seat].decide(self.view(seat))
            self._broadcast(self.game.play(seat, from_json(choice, self.game.rules.names)))

    def poll(self) -> list[Message]:
        self.run_bots()
        out, self._outbox = self._outbox, []
        return out

    def send(self, seat: int, decision: dict[str, Any]) -> None:
        try:
            events = self.game.play(seat, from_json(decision, self.game.rules.names))
        except IllegalDecision as error:
            self._outbox.append({"type": "error", "seat": seat, "reason": error.reason,
                                 "message": error_text(error.reason), "fatal": False})
            return
        self._outbox.append({"type": "ack", "seat": seat, "version": self.game.state.version})
        self._broadcast(events)

    def close(self) -> None:
        self._outbox.clear()


LEVEL_ORDER = ("easy", "medium", "hard", "expert", "random")


def ai_levels() -> list[str]:
    """Bot levels available, easiest first."""
    known = [level for level in LEVEL_ORDER if level in BOT_LEVELS]
    return known + sorted(set(BOT_LEVELS) - set(known))
