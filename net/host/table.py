"""One table: its seats, its game, and the command rules (PROTOCOL.md "Commands").

Pure bookkeeping, no sockets: the server calls these methods, `commit`s each
change (handing it to the table's `log`, the journal, if it is saved) and then
broadcasts it; the journal keeps anyone from being told before it is durable.
"""

from __future__ import annotations

import json
import secrets
import zlib
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from havana_game.ai import BOT_LEVELS, Bot, make_bot
from havana_game.game import Game
from havana_game.rules import (
    Decision,
    Event,
    IllegalDecision,
    Names,
    Phase,
    Ruleset,
    from_json,
    legal_decisions,
    to_json,
)

from ..errors import ProtocolError
from .credentials import new_join_code, new_token, token_hash, token_matches

SeatKind = Literal["open", "human", "bot"]

RECENT_REPLIES = 8
"""Applied commands remembered per seat: a resend of any of them is answered again."""


class TableLog(Protocol):
    """Where committed changes go (the host's journal)."""

    def table_changed(self, table: Table) -> None:
        """Seats, host role or the game's setup changed: record the whole table."""

    def decision_applied(self, table: Table, seq: int | None) -> None:
        """The game's last decision was applied (as command `seq` of its seat)."""


def command_digest(body: dict[str, Any]) -> int:
    """A checksum of what a command asks (without its seq and version): a seq
    used again for a different command is told apart from a resend."""
    return zlib.crc32(json.dumps(body, sort_keys=True, separators=(",", ":")).encode())


UNKNOWN_DIGEST = -1
"""The digest of a command remembered from a save that kept none (never compared)."""


def decision_digest(decision: Decision, names: Names) -> int:
    """The `command_digest` of a decide command carrying `decision` (materials in
    the table edition's words, `names`)."""
    return command_digest(to_json(decision, names))


class Digest:
    """A decision's `decision_digest`, worked out only if it is ever needed (a
    resend of its seq, a snapshot): most decisions are never asked about, and the
    checksum of a decision's JSON is a good part of the host's time per decision.
    `int()` gives it; it equals the int it stands for."""

    __slots__ = ("_decision", "_names", "_value")

    def __init__(self, decision: Decision, names: Names) -> None:
        self._decision: Decision | None = decision
        self._names = names
        self._value = UNKNOWN_DIGEST

    def __int__(self) -> int:
        if self._decision is not None:
            self._value = decision_digest(self._decision, self._names)
            self._decision = None
        return self._value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, int | Digest) and int(self) == int(other)

    def __hash__(self) -> int:
        return hash(int(self))

    def __repr__(self) -> str:
        return f"Digest({int(self)})"


def default_bot_level() -> str:
    """"easy" once registered, else "random"."""
    return "easy" if "easy" in BOT_LEVELS else "random"


def bot_names() -> tuple[str, ...]:
    """The names bots take at a table, in order (`data/bot_names.json`)."""
    from havana_game.content import bot_names as names
    return names()


@dataclass
class Seat:
    index: int
    kind: SeatKind = "open"
    name: str = ""
    level: str | None = None
    """The level of a bot seat, or of the stand-in bot while a human is away."""
    token_hash: str | None = None
    recent: dict[int, tuple[int, int | Digest]] = field(default_factory=dict)
    """The last `RECENT_REPLIES` applied commands, oldest first: seq -> (the
    version it produced, its `command_digest`); a resend of one of them is
    answered again."""
    prompt_version: int = 0
    """The version at which this seat's legal decisions last changed: a decision
    based on an older view is stale."""
    legal: tuple = ()
    changed: int = 0
    """The table revision at which this seat was last taken, freed or given to a
    bot: a host-role command aimed at it based on an older revision is stale."""
    bot: Bot | None = field(default=None, repr=False)
    """The bot playing this seat now (a bot seat, or a stand-in for an absent human)."""

    @property
    def last_seq(self) -> int:
        """The newest applied command's seq (-1: none yet)."""
        return next(reversed(self.recent), -1)

    def applied(self, seq: int, version: int, digest: int | Digest) -> None:
        """Remember that command `seq` (of `command_digest` `digest`) was carried
        out, leading to `version`."""
        self.recent[seq] = (version, digest)
        while len(self.recent) > RECENT_REPLIES:
            del self.recent[next(iter(self.recent))]


@dataclass
class Table:
    rules: Ruleset
    players: int
    id: str = field(default_factory=lambda: secrets.token_hex(6))
    code: str = field(default_factory=new_join_code)
    seats: list[Seat] = field(default_factory=list)
    host_seat: int | None = None
    game: Game | None = None
    revision: int = 0
    """Counts committed changes other than decisions (seats, host role, start):
    a host-role command based on an older revision is stale."""
    log: TableLog | None = field(default=None, repr=False)
    """Receives every commit (persistence)."""
    ages: tuple[int | None, ...] | None = None
    """The players' ages by seat, for the final turn-order tie-break (None: unknown,
    a random order drawn from the game's seed)."""
    seed: int | None = None
    """The game's seed when the host was given one; None: a secret random seed."""
    _story: list[Event] = field(default_factory=list, repr=False)
    _story_decisions: int = field(default=-1, repr=False)
    """How many of the game's decisions `_story` tells (`story()`; -1: none yet)."""
    _seated_news: list[Event] = field(default_factory=list, repr=False)
    """`seated` events of seatings not yet told to the table (`seat_news()`)."""

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [Seat(i) for i in range(self.players)]

    @property
    def status(self) -> Literal["lobby", "playing", "over"]:
        if self.game is None:
            return "lobby"
        return "over" if self.game.state.phase == Phase.OVER else "playing"

    @property
    def version(self) -> int:
        return self.game.state.version if self.game is not None else 0

    def commit(self, seat: int | None = None, seq: int | None = None,
               digest: int = UNKNOWN_DIGEST) -> None:
        """Record that `seat`'s command `seq` (of `digest`) was carried out, and
        log the table. Called after every successful change other than a
        decision, before anyone is told of it."""
        self.revision += 1
        if seat is not None and seq is not None:
            self.seats[seat].applied(seq, self.version, digest)
        if self.log is not None:
            self.log.table_changed(self)

    def commit_decision(self, seq: int | None = None,
                        digest: int | Digest = UNKNOWN_DIGEST) -> None:
        """Like `commit`, for the decision just applied (`seq`: the command of the
        deciding seat that carried it, None for a bot; `digest`: its
        `decision_digest`)."""
        assert self.game is not None
        if seq is not None:
            self.seats[self.game.history[-1][0]].applied(seq, self.version, digest)
        if self.log is not None:
            self.log.decision_applied(self, seq)

    def _seat(self, index: int) -> Seat:
        if not 0 <= index < self.players:
            raise ProtocolError("no_such_seat", seat=index)
        return self.seats[index]

    def _require_host(self, seat: int | None) -> None:
        if seat is None or seat != self.host_seat:
            raise ProtocolError("not_host")

    # --- seats ---------------------------------------------------------------------

    def join(self, name: str, seat: int | None = None) -> tuple[int, str]:
        """A human takes `seat` (or the first open one); returns (seat, token). The
        first human to join gets the host role. During a game the open seats are
        those the host role handed to a new joiner (`open_seat`): the newcomer
        takes over from the bot that kept the seat playing.

        Like every mutating method here, it does not save: the caller `commit`s."""
        if seat is None:
            seat = next((s.index for s in self.seats if s.kind == "open"), None)
            if seat is None:
                raise ProtocolError("table_full")
        target = self._seat(seat)
        if target.kind != "open":
            raise ProtocolError("seat_taken", seat=seat)
        token = new_token()
        target.kind, target.name, target.token_hash = "human", name, token_hash(token)
        self.set_standin(seat, None)
        self._touch(seat)
        self._seated(seat)
        if self.host_seat is None:
            self.host_seat = seat
        return seat, token

    def rejoin(self, seat: int, token: str) -> None:
        """The token's owner takes the seat back; a stand-in bot steps aside."""
        target = self._seat(seat)
        if target.kind != "human" or not token_matches(token, target.token_hash):
            raise ProtocolError("wrong_token", seat=seat)
        self.set_standin(seat, None)

    def pass_host_role(self, present: set[int]) -> None:
        """The host-role holder left for good: the next human seat after it (in seat
        order, wrapping) among the `present` ones takes the role; it stays put if
        there is none."""
        if self.host_seat is None:
            return
        for step in range(1, self.players):
            seat = self.seats[(self.host_seat + step) % self.players]
            if seat.kind == "human" and seat.index in present:
                self.host_seat = seat.index
                return

    @property
    def free_seats(self) -> int:
        """Open seats a newcomer could join: in the lobby, or handed on during the
        game (none once it is over)."""
        return sum(s.kind == "open" for s in self.seats) if self.status != "over" else 0

    def set_standin(self, seat: int, level: str | None) -> None:
        """Put a stand-in bot of `level` on an absent human's seat (None: remove it)."""
        target = self.seats[seat]
        target.level = level
        target.bot = make_bot(level, secrets.randbits(32)) if level else None

    def add_bot(self, by: int | None, level: str, seat: int | None = None) -> int:
        """Host role, in the lobby: a bot of `level` on `seat` (the first open one)."""
        self._require_host(by)
        if self.game is not None:
            raise ProtocolError("game_started")
        if level not in BOT_LEVELS:
            raise ProtocolError("unknown_level", level=level)
        if seat is None:
            seat = next((s.index for s in self.seats if s.kind == "open"), None)
            if seat is None:
                raise ProtocolError("table_full")
        target = self._seat(seat)
        if target.kind != "open":
            raise ProtocolError("seat_taken", seat=seat)
        self.put_bot(target.index, level)
        return seat

    def put_bot(self, seat: int, level: str, name: str | None = None) -> None:
        """Seat `seat` becomes a bot of `level` (for good: it has no token), called
        `name`, or by default the first bot name no other seat of the table goes
        by, so that everyone can tell the bots apart (the seat's `kind` and `level`
        mark it as a bot)."""
        target = self.seats[seat]
        taken = {s.name for s in self.seats if s.index != seat and s.kind != "open"}
        name = name or next((n for n in bot_names() if n not in taken), f"{level} {seat + 1}")
        target.kind, target.name, target.token_hash = "bot", name, None
        self.set_standin(seat, level)
        self._touch(seat)
        self._seated(seat)

    def open_seat(self, by: int | None, seat: int, present: set[int]) -> None:
        """Host role, during the game: hand `seat` to whoever joins next. The seat
        must be a bot's or an absent human's (`present`: the seats a connection
        holds); its token stops working, and a bot keeps it playing until the
        newcomer takes it."""
        self._require_host(by)
        if self.game is None:
            raise ProtocolError("game_not_started")
        if self.status == "over":
            raise ProtocolError("game_over")
        target = self._seat(seat)
        if seat == by:
            raise ProtocolError("cannot_kick_self")
        if target.kind == "open":
            raise ProtocolError("seat_open", seat=seat)
        if target.kind == "human" and seat in present:
            raise ProtocolError("seat_connected", seat=seat)
        target.kind, target.name, target.token_hash = "open", "", None
        if target.bot is None:
            self.set_standin(seat, default_bot_level())
        self._touch(seat)

    def set_players(self, by: int | None, players: int) -> None:
        """Host role, in the lobby: the table seats `players` (2-4). Seats dropped
        must not hold a human; the new ones are open."""
        self._require_host(by)
        if self.game is not None:
            raise ProtocolError("game_started")
        dropped = next((s.index for s in self.seats[players:] if s.kind == "human"), None)
        if dropped is not None:
            raise ProtocolError("seat_taken", seat=dropped)
        self.seats = self.seats[:players] + [Seat(i) for i in range(self.players, players)]
        self.players = players
        if self.ages is not None and len(self.ages) != players:
            self.ages = None
        for index in range(players):
            self._touch(index)

    def kick(self, by: int | None, seat: int) -> None:
        """Host role: in the lobby the seat opens; in a game a bot takes it for good."""
        self._require_host(by)
        target = self._seat(seat)
        if seat == by:
            raise ProtocolError("cannot_kick_self")
        if target.kind == "open":
            raise ProtocolError("seat_open", seat=seat)
        if self.game is None:
            self.seats[seat] = Seat(seat)
            self._touch(seat)
        else:
            self.put_bot(target.index, target.level or default_bot_level())

    # --- the game ------------------------------------------------------------------

    def start(self, by: int | None = None, check_host: bool = True) -> None:
        """Deal a new game (with the players' ages, and a fresh secret seed unless the
        host was given a seed); open seats get default bots."""
        if check_host:
            self._require_host(by)
        if self.game is not None:
            raise ProtocolError("game_started")
        for seat in self.seats:
            if seat.kind == "open":
                self.put_bot(seat.index, default_bot_level())
        seed = self.seed if self.seed is not None else secrets.randbits(62)
        self.game = Game.new(self.rules, self.players, seed, self.ages)
        for seat in self.seats:
            self._seated(seat.index)
        self.refresh_prompts()

    def _seated(self, seat: int) -> None:
        """Once the game runs, the seat's player (who just sat down) is recorded in
        the game's history as its player from now on, and told (`seat_news`)."""
        if self.game is None or self.status == "over":
            return
        event = self.game.seat(seat, self.seats[seat].name).event()
        if self._story_decisions == len(self.game.history):
            self._story.append(event)
        self._seated_news.append(event)

    def seat_news(self) -> list[Event]:
        """The `seated` events of the seatings since the last call, to tell."""
        news, self._seated_news = self._seated_news, []
        return news

    @property
    def full(self) -> bool:
        return all(s.kind != "open" for s in self.seats)

    def refresh_prompts(self) -> None:
        assert self.game is not None
        state = self.game.state
        for seat in self.seats:
            legal = legal_decisions(state, seat.index)
            if legal != seat.legal:
                seat.legal, seat.prompt_version = legal, state.version

    def duplicate(self, seat: int, seq: int, digest: int | Digest) -> int | None:
        """The version a resent (recently applied) command `seq` produced, or None
        if `seq` is new. A seq already used by a different command, or any other
        seq older than the last applied one, is refused."""
        target = self.seats[seat]
        done = target.recent.get(seq)
        if done is not None:
            version, known = done
            if UNKNOWN_DIGEST != int(known) != int(digest):
                raise ProtocolError("seq_reused", seq=seq, last=target.last_seq)
            return version
        if seq < target.last_seq:
            raise ProtocolError("old_seq", seq=seq, last=target.last_seq)
        return None

    def decide(self, seat: int, decision: Decision, version: int) -> list[Event]:
        """Apply a seat's decision based on view `version`; returns the events.

        Raises ProtocolError("stale") if the seat's question changed since that view
        (the caller sends a fresh view), or the engine's IllegalDecision reason.
        """
        if self.game is None:
            raise ProtocolError("game_not_started")
        state = self.game.state
        target = self.seats[seat]
        if not target.prompt_version <= version <= state.version:
            raise ProtocolError("stale", version=version, current=state.version)
        try:
            events = self.game.play(seat, decision)
        except IllegalDecision as error:
            raise ProtocolError(error.reason) from None  # the code only: clients localize it
        if self._story_decisions == len(self.game.history) - 1:
            self._story += events
            self._story_decisions += 1
        self.refresh_prompts()
        return events

    def take_back(self, seat: int, version: int) -> None:
        """Undo `seat`'s last decision and every decision after it: the game is
        replayed from its setup without them, so the state (its random draws
        included) is exactly what it was before that decision. Only at a table
        where `seat` is the one human and the others are bots; refused with
        `stale` if based on an older view, `nothing_to_take_back` if the seat has
        not decided yet."""
        if self.game is None:
            raise ProtocolError("game_not_started")
        if self.status == "over":
            raise ProtocolError("game_over")
        if any(s.kind != "bot" for s in self.seats if s.index != seat):
            raise ProtocolError("take_back_refused")
        mine = [i for i, (decider, _) in enumerate(self.game.history) if decider == seat]
        if not mine:
            raise ProtocolError("nothing_to_take_back")
        if version != self.game.state.version:
            raise ProtocolError("stale", version=version, current=self.game.state.version)
        kept = self.game.history[:mine[-1]]
        game = Game.new(self.game.rules, self.game.players, self.game.seed, self.game.ages)
        for decider, decision in kept:
            game.play(decider, decision)
        game.seatings = [s for s in self.game.seatings if s.at <= len(kept)]
        self.game = game
        self._story, self._story_decisions = [], -1
        for target in self.seats:  # every question is asked anew, at the new version
            target.legal, target.prompt_version = (), 0
        self.refresh_prompts()

    def story(self) -> list[Event]:
        """Every event of the game so far: replayed from the game's record once (a
        new or resumed table), then extended as decisions are applied."""
        assert self.game is not None
        if self._story_decisions != len(self.game.history):
            self._story = self.game.story()  # (seatings included)
            self._story_decisions = len(self.game.history)
        return self._story

    def check_revision(self, version: int, seat: int | None) -> None:
        """A host-role command aimed at `seat` must be based on a revision that
        already showed that seat as it is now."""
        if version > self.revision or (seat is not None and self._seat(seat).changed > version):
            raise ProtocolError("stale", version=version, current=self.revision)

    def _touch(self, seat: int) -> None:
        """`seat` changes hands in the coming commit."""
        self.seats[seat].changed = self.revision + 1

    def parse(self, decision_json: Any) -> Decision:
        """A decision from its JSON (in the table edition's words); a malformed one
        is refused with `malformed`."""
        try:
            return from_json(decision_json, self.rules.names)
        except IllegalDecision as error:
            raise ProtocolError(error.reason) from None  # the code only: clients localize it

    def bot_turn(self) -> tuple[int, Bot] | None:
        """A bot-driven seat that must decide now, if any."""
        if self.game is None:
            return None
        for index in self.game.state.deciders():
            bot = self.seats[index].bot
            if bot is not None:
                return index, bot
        return None
