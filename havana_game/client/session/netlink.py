"""The table's link to a host over the protocol in `net/`: one
`ClientConnection` per human seat at this screen (several in hotseat), for LAN
games and for local games alike (those run `net.local`'s host in-process).

Host messages are passed on in the table's form: views tagged with their seat,
seat names from the table status, errors with a readable text.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from net.messages import (
    HOST_MESSAGES,
    Ack,
    Closed,
    Error,
    GameOver,
    Handlers,
    History,
    Joined,
    Reaction,
    TableStatus,
    ViewUpdate,
)

from ...editions import DEFAULT_EDITION
from ..table.logtext import error_text
from . import lanseats, localgame
from .lanhost import HostedTable
from .link import BaseLink, Message

NEWS: Handlers[list[Message]] = Handlers(HOST_MESSAGES)
"""What the table hears of each host message: `handler(link, seat, message)`;
other types it does not hear."""


class NetLink(BaseLink):
    """Human seats at this screen, each through its own connection."""

    def __init__(self, connections: dict[int, Any], names: Sequence[str] = (),
                 local_host: Any = None, fixed_names: bool = False,
                 hosted: HostedTable | None = None) -> None:
        self.connections = connections
        self.human_seats = sorted(connections)
        self.names = list(names)
        self.local_host = local_host
        """A `net.local.LocalHost` this link owns (stopped on close)."""
        self.hosted = hosted
        """A LAN table this client hosts in a process of its own (`lanhost`): it
        outlives this link, and stops when the game ends or the player leaves it."""
        self._ended_hosted: HostedTable | None = None
        self.fixed_names = fixed_names
        """Keep `names` (chosen in the new-game screen) over the host's seat names."""
        self.status = "connected"
        self.host_closed = False
        self._table: Message | None = None
        """The seats as the host last told them (`table`, as the table hears it)."""
        """The host closed the table on purpose (`closed`): no retrying, the
        player is told so and goes back to the menu."""
        self._early: list[Message] = []
        self.slot: Path | None = None
        """The save slot of a local game (`localgame`), which keeps its seat tokens
        and round for Continue and the Saved games screen."""
        self._tokens: dict[int, str] = {}
        self._round = 0
        self._ended_slot: Path | None = None
        self.lan_seat: tuple[str, int] | None = None
        """(table id, seat) of a LAN seat this player holds, remembered on disk for
        Rejoin until its game ends or the host refuses the token."""
        self.host_role = False
        """A seat at this screen holds the table's host role."""
        self.keeps_stats = True
        self.local_game = False
        """A local game (vs AI or hotseat) on an in-process host."""
        self.takebacks = 0
        """Take-backs the host carried out in this game (kept with the save)."""
        self.hints = 0
        """Hints asked for in this game (kept with the save)."""
        self.levels: list[str | None] = []
        """A local game's seats: AI level, or None for a player (for its save)."""
        self.edition = DEFAULT_EDITION
        self._takeback_seqs: set[int] = set()

    @classmethod
    def local(cls, kinds: Sequence[str], names: Sequence[str],
              ages: Sequence[int | None] = (), seed: int | None = None,
              edition: str = DEFAULT_EDITION) -> NetLink:
        """Start an in-process host for these seats ("human" or a bot level) playing
        `edition`, saved as it goes, and join every human seat; `ages` break
        turn-order ties, `seed` fixes the deal (tests, `havana play --seed`)."""
        host, slot = localgame.start(kinds, ages, seed, edition, names)
        link = cls._joined(host, slot,
                           {s: None for s, kind in enumerate(kinds) if kind == "human"}, names)
        link.levels = [None if kind == "human" else kind for kind in kinds]
        link.edition = edition
        return link

    @classmethod
    def resume(cls, slot: Path | None = None) -> NetLink | None:
        """Continue the local game saved in `slot` (default: the latest played),
        taking the seats back with their tokens."""
        if slot is None:
            games = localgame.saved_games()
            if not games:
                return None
            slot = games[0].folder
        found = localgame.resume(slot)
        if found is None:
            return None
        host, session = found
        tokens = {int(s): t for s, t in session["tokens"].items()}
        link = cls._joined(host, slot, tokens, session["names"])
        link.takebacks = int(session.get("takebacks", 0))
        link.hints = int(session.get("hints", 0))
        link.levels, link.edition = session["levels"], session["edition"]
        return link

    @classmethod
    def _joined(cls, host: Any, slot: Path, seats: dict[int, str | None],
                names: Sequence[str]) -> NetLink:
        """Connect every human seat (a taken-back seat numbers its commands on from
        the host's `joined.last_seq`)."""
        from net.client import ClientConnection
        connections = {}
        for seat, token in seats.items():
            conn = ClientConnection("127.0.0.1", host.port)
            conn.join(host.code, names[seat], seat=seat, token=token)
            connections[seat] = conn
        link = cls(connections, names, local_host=host, fixed_names=True)
        link.slot, link.local_game = slot, True
        link._tokens = {seat: token for seat, token in seats.items() if token is not None}
        return link

    def replay(self, messages: list[Message]) -> None:
        """Messages a lobby already read from the connections, delivered first."""
        self._early.extend(messages)

    def poll(self) -> list[Message]:
        out, self._early = self._early, []
        for seat, conn in self.connections.items():
            for message in conn.poll():
                out.extend(self.translate(seat, message))
        return out

    def translate(self, seat: int, message: dict[str, Any]) -> list[Message]:
        """One host message in the table's terms (`NEWS`; none for bookkeeping
        messages), or a change of the connection's status."""
        if message["type"] == "connection":
            self.status = message["status"]
            return [{"type": "connection", "status": message["status"]}]
        handler = NEWS.get(message["type"])
        return [] if handler is None else handler(self, seat, message)

    @NEWS.on(Joined)
    def _joined_seat(self, seat: int, message: dict[str, Any]) -> list[Message]:
        if self.slot is not None and message.get("token"):
            self._tokens[seat] = message["token"]
            self._save_session()
        return []

    @NEWS.on(ViewUpdate)
    def _view(self, seat: int, message: dict[str, Any]) -> list[Message]:
        if message["view"]["phase"] == "over":
            self._game_over()
        elif message["view"]["round"] != self._round:
            self._round = message["view"]["round"]
            self._save_session()
            if self.hosted is not None:
                self.hosted.note(round=self._round)
        return [{"type": "view", "seat": seat, "view": message["view"],
                 "events": message.get("events", [])}]

    @NEWS.on(History)
    def _history(self, seat: int, message: dict[str, Any]) -> list[Message]:
        return [{"type": "history", "seat": seat, "version": message["version"],
                 "events": message["events"]}]

    @NEWS.on(TableStatus)
    def _table_status(self, seat: int, message: dict[str, Any]) -> list[Message]:
        if not self.fixed_names:
            self.names = [s["name"] for s in message["seats"]]
        if self.hosted is not None:
            self.hosted.note(names=self.names, edition=message.get("edition"),
                             levels=[s["level"] if s["kind"] == "bot" else None
                                     for s in message["seats"]])
        self.host_role = any(c.is_host for c in self.connections.values())
        self._table = {"type": "table", "names": self.names, "status": message["status"],
                       "seats": message["seats"], "hints": message.get("hints", False)}
        return [self._table]

    @NEWS.on(Error)
    def _error(self, seat: int, message: dict[str, Any]) -> list[Message]:
        if message.get("reason") in ("wrong_token", "kicked") and self.lan_seat is not None:
            lanseats.forget(*self.lan_seat)
        return [{"type": "error", "seat": seat, "reason": message.get("reason"),
                 "message": error_text(message.get("reason")),
                 "fatal": message.get("fatal", False)}]

    @NEWS.on(Closed)
    def _closed(self, seat: int, message: dict[str, Any]) -> list[Message]:
        """The host closed the table on purpose (its connections end, unretried)."""
        self.host_closed = True
        stopped: list[Message] = []
        if self._table is not None:  # no stand-in bot is coming: no countdown goes on
            seats = [{**info, "standin_in": None} for info in self._table["seats"]]
            stopped.append({**self._table, "seats": seats})
        return [*stopped, {"type": "closed", "reason": message["reason"],
                           "saved": message["saved"]}]

    @NEWS.on(Reaction)
    def _reaction(self, seat: int, message: dict[str, Any]) -> list[Message]:
        """A seat's quick reaction, once (every seat at this screen is told)."""
        if seat != self.human_seats[0]:
            return []
        return [{"type": "reaction", "seat": message["seat"], "reaction": message["reaction"]}]

    @NEWS.on(GameOver)
    def _record(self, seat: int, message: dict[str, Any]) -> list[Message]:
        """The game's record, once (every seat at this screen gets it)."""
        if seat != self.human_seats[0]:
            return []
        return [{"type": "record", "record": message["record"]}]

    @NEWS.on(Ack)
    def _ack(self, seat: int, message: dict[str, Any]) -> list[Message]:
        if message["seq"] not in self._takeback_seqs:
            return [{"type": "ack", "seat": seat, "version": message["version"]}]
        self._takeback_seqs.discard(message["seq"])
        self.takebacks += 1
        self._save_session()
        return []

    def _game_over(self) -> None:
        """The game ended: nothing is left to resume or rejoin."""
        if self.slot is not None:
            localgame.forget(self.slot)
            self._ended_slot, self.slot = self.slot, None
        if self.lan_seat is not None:
            lanseats.forget(*self.lan_seat)
        if self.hosted is not None:
            self._ended_hosted, self.hosted = self.hosted, None

    def forget_save(self) -> None:
        """The players gave the local game up: its save slot goes."""
        if self.slot is not None:
            self._ended_slot, self.slot = self.slot, None
            localgame.forget(self._ended_slot)

    @property
    def pauses(self) -> bool:
        """A local game waits while the pause menu is up; a LAN game goes on."""
        return self.local_game

    @property
    def hosting(self) -> bool:
        return self.hosted is not None

    @property
    def leaving_note(self) -> str:
        """What leaving this table means, as a message key: a local game is saved;
        a LAN guest keeps the seat to rejoin; the LAN host's leaving closes the
        table for everyone, saved to resume."""
        if self.slot is not None:
            return "leave.local"
        return "leave.hosting" if self.hosted is not None else "leave.lan"

    def leave(self) -> None:
        """The player leaves the table: as `close`, and a table hosted here closes
        (saved in its folder, to resume from Saved games)."""
        hosted = self.hosted
        self.close()
        if hosted is not None:
            hosted.stop()

    def open_seat(self, seat: int) -> None:
        """Host role: hand `seat` to whoever joins next."""
        next(c for c in self.connections.values() if c.is_host).open_seat(seat)

    def _save_session(self) -> None:
        if self.slot is not None and set(self._tokens) == set(self.connections):
            localgame.write_session(self.slot, self.local_host.code, self.names,
                                    self._tokens, self._round, self.takebacks, self.levels,
                                    self.edition, self.hints)

    def hint_taken(self) -> None:
        """The player asked for a hint: count it with the save."""
        self.hints += 1
        self._save_session()

    def take_back(self, seat: int, version: int) -> None:
        """Ask the host to take back `seat`'s last decision (a local game against
        bots): the game's history and view come again, or an error."""
        self._takeback_seqs.add(self.connections[seat].take_back(version))

    def send(self, seat: int, decision: dict[str, Any]) -> None:
        self.connections[seat].send_decision(decision)

    @property
    def reactions(self) -> tuple[str, ...]:  # type: ignore[override]
        """The quick reactions the host relays (its `welcome.reactions`)."""
        conn = next(iter(self.connections.values()), None)
        return () if conn is None else tuple(conn.reactions)

    def react(self, seat: int, reaction: str) -> bool:
        conn = self.connections.get(seat)
        return conn is not None and bool(conn.react(reaction))

    def close(self) -> None:
        for conn in self.connections.values():
            conn.close()
        self.connections = {}
        if self.local_host is not None:
            self.local_host.stop()
            self.local_host = None
        if self._ended_slot is not None:  # the host's last writes may have remade it
            localgame.forget(self._ended_slot)
        if self._ended_hosted is not None:  # its process ends by itself with the game
            self._ended_hosted.forget()
            self._ended_hosted = None
