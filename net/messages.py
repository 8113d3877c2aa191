"""Every protocol message as a pydantic model, and the two registries that say
which side reads which (PROTOCOL.md "Messages"): `CLIENT_MESSAGES` (what a host
reads) and `HOST_MESSAGES` (what a client reads), each `type` -> model. A model
joins its side by a decorator (`@HOST_MESSAGES.register`); `Handlers` then map
the types a reader acts on to its functions, so adding a message is one model,
one registration and its handler.

Models are strict (no type coercion) and bound every string and list. The two
sides read differently (PROTOCOL.md "Versions"): a host refuses any field or type
it does not know, so a decoded frame either becomes exactly one known message or
is refused; a client reads the fields it knows and skips the rest, and skips a
message of a type it does not know, so that a newer host may add both.
"""

from __future__ import annotations

import logging
import typing
from collections.abc import Callable
from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from . import NAME_MAX
from .errors import FrameError

Name = Annotated[str, Field(min_length=1, max_length=NAME_MAX,
                             pattern=r"^[^\x00-\x1F\x7F\u200E\u200F\u202A-\u202E\u2066-\u2069]+$")]
"""A player's name: no control characters and no bidirectional overrides (a name
must not garble other text it is shown beside)."""
Code = Annotated[str, Field(min_length=1, max_length=32)]
Text = Annotated[str, Field(max_length=200)]
Token = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
"""A seat token: 32 random bytes as 64 lowercase hex digits."""
Fingerprint = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
SeatNo = Annotated[int, Field(ge=0, le=3)]
Seq = Annotated[int, Field(ge=0, lt=2**31)]
Counter = Annotated[int, Field(ge=0, lt=2**63)]
Level = Annotated[str, Field(min_length=1, max_length=16)]
Param = str | int | bool | None
Params = Annotated[dict[Annotated[str, Field(max_length=32)], Param], Field(max_length=16)]
Kind = Annotated[str, Field(min_length=1, max_length=32)]
"""A message's `type`."""

log = logging.getLogger(__name__)


class Part(BaseModel):
    """A message or a map inside one. Fields it does not know are kept aside
    (`model_extra`): a client skips them, a host refuses them (`Registry`)."""

    model_config = ConfigDict(strict=True, extra="allow", frozen=True)


class Message(Part):
    """A message: a map with a `type` naming it (each model narrows it to its own)."""

    type: Kind


class Unknown(Message):
    """A message of a type the client does not know (a newer host's): only what
    every host message has is read, its type and its number."""

    n: Counter | None = None


def type_of(model: type[Message]) -> str:
    """The `type` a message model carries (its `Literal`)."""
    return str(typing.get_args(model.model_fields["type"].annotation)[0])


def unknown_field(message: Part) -> str | None:
    """The path of the first field `message`, or a map inside it, does not know."""
    if message.model_extra:
        return next(iter(message.model_extra))
    for name in type(message).model_fields:
        value = getattr(message, name)
        for part in value if isinstance(value, list) else (value,):
            inner = unknown_field(part) if isinstance(part, Part) else None
            if inner is not None:
                return f"{name}.{inner}"
    return None


def _refused(error: ValidationError, *within: str) -> FrameError:
    """`bad_message` with the first problem's location (after `within`, the
    message's type) and kind, never the offending value."""
    first = error.errors(include_url=False, include_input=False, include_context=False)[0]
    where = ".".join((*within, *(str(p) for p in first["loc"])))
    return FrameError("bad_message", where=where[:64], problem=first["type"])


M = TypeVar("M", bound=type[Message])


class Registry:
    """The message types one side reads: `type` -> model. A `strict` reader (the
    host) refuses a type or a field it does not know with `bad_message`; the other
    (a client) reads an unknown type as `Unknown`, saying so once per type in
    its log, and leaves unknown fields aside. A known type with a bad field is
    `bad_message` for both."""

    def __init__(self, reader: str, *, strict: bool) -> None:
        self.reader = reader
        self.strict = strict
        self.models: dict[str, type[Message]] = {}
        self._skipped: set[str] = set()

    def register(self, model: M) -> M:
        """Let this side read `model` (a class decorator)."""
        kind = type_of(model)
        if kind in self.models:
            raise ValueError(f"two {self.reader} models of type {kind!r}")
        self.models[kind] = model
        return model

    def read(self, obj: Any) -> Message:
        """The message `obj` (a decoded frame) is, validated; raises
        `FrameError("bad_message")` with where and what failed."""
        try:
            kind = Message.model_validate(obj).type
        except ValidationError as error:
            raise _refused(error) from None
        model = self.models.get(kind)
        if model is None:
            return self._unknown(obj, kind)
        try:
            message = model.model_validate(obj)
        except ValidationError as error:
            raise _refused(error, kind) from None
        where = unknown_field(message) if self.strict else None
        if where is not None:
            raise FrameError("bad_message", where=f"{kind}.{where}"[:64],
                             problem="extra_forbidden")
        return message

    def _unknown(self, obj: Any, kind: str) -> Message:
        if self.strict:
            raise FrameError("bad_message", where="type", problem="unknown_type")
        try:
            message = Unknown.model_validate(obj)
        except ValidationError as error:
            raise _refused(error, kind) from None
        if kind not in self._skipped:
            self._skipped.add(kind)
            log.warning("the host sent a message of type %r, which this %s does not know "
                        "(a newer host?): skipped", kind, self.reader)
        return message


CLIENT_MESSAGES = Registry("host", strict=True)
"""What a client may send, as a host reads it (PROTOCOL.md "Client to host")."""
HOST_MESSAGES = Registry("client", strict=False)
"""What a host may send, as a client reads it (PROTOCOL.md "Host to client")."""

R = TypeVar("R")
F = TypeVar("F", bound=Callable[..., Any])


class Handlers(Generic[R]):
    """Which function acts on each message type, for one reader: each handler is
    decorated with the models it handles (`@COMMANDS.on(Ping)`), which must be
    models `registry` reads. A type without a handler is the reader's to refuse
    or pass over."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self._by_type: dict[str, Callable[..., R]] = {}

    def on(self, *models: type[Message]) -> Callable[[F], F]:
        """Register the decorated function as the handler of `models`."""
        def register(handler: F) -> F:
            for model in models:
                kind = type_of(model)
                if self.registry.models.get(kind) is not model or kind in self._by_type:
                    raise ValueError(f"{model.__name__}: not a {self.registry.reader}'s "
                                     "message, or handled twice")
                self._by_type[kind] = handler
            return handler
        return register

    def get(self, kind: str) -> Callable[..., R] | None:
        """The handler of messages of type `kind`, if any."""
        return self._by_type.get(kind)

    @property
    def types(self) -> frozenset[str]:
        """Every message type handled."""
        return frozenset(self._by_type)


# --- client to host ------------------------------------------------------------------

@CLIENT_MESSAGES.register
class Hello(Message):
    """First frame of every connection: what the client speaks."""

    type: Literal["hello"]
    protocol: Annotated[int, Field(ge=0, lt=2**16)]
    fingerprint: Fingerprint
    """`Ruleset.fingerprint` (sha256 of the card and building data) of the client's
    default edition."""
    client: Text = ""
    editions: Annotated[list[Fingerprint], Field(max_length=8)] = []
    """The fingerprints of the other editions the client plays."""


@CLIENT_MESSAGES.register
class Join(Message):
    """Take a seat at the table with join code `code` (the first open one if `seat` is null)."""

    type: Literal["join"]
    code: Code
    name: Name
    seat: SeatNo | None = None


@CLIENT_MESSAGES.register
class Rejoin(Message):
    """Take back one's seat after a lost connection, proving it with the seat token."""

    type: Literal["rejoin"]
    code: Code
    seat: SeatNo
    token: Token


@CLIENT_MESSAGES.register
class Watch(Message):
    """Watch a table as a spectator (public view only)."""

    type: Literal["watch"]
    code: Code
    owner: Token | None = None
    """The host's owner token (`HostConfig.owner`: the screen that opened an
    `autostart` table): this spectator may `start` the game early."""


@CLIENT_MESSAGES.register
class Decide(Message):
    """A decision for the connection's seat, based on view version `version`."""

    type: Literal["decide"]
    seq: Seq
    version: Counter
    decision: Annotated[dict[Annotated[str, Field(max_length=16)], Any], Field(max_length=8)]
    """The engine's decision JSON, e.g. {"kind": "end_turn"} (one of view["legal"])."""


@CLIENT_MESSAGES.register
class Start(Message):
    """Host role: start the game; open seats get bots."""

    type: Literal["start"]
    seq: Seq
    version: Counter
    """The table `revision` this command was based on (see `TableStatus.revision`)."""


@CLIENT_MESSAGES.register
class AddBot(Message):
    """Host role: put a bot of `level` on `seat` (the first open seat if null)."""

    type: Literal["add_bot"]
    seq: Seq
    version: Counter
    level: Level
    seat: SeatNo | None = None


@CLIENT_MESSAGES.register
class Kick(Message):
    """Host role: remove the player at `seat` (before the game: the seat opens; during
    it: a bot takes over)."""

    type: Literal["kick"]
    seq: Seq
    version: Counter
    seat: SeatNo


@CLIENT_MESSAGES.register
class TakeBack(Message):
    """Against bots on a local host only: take back this seat's last decision and
    everything played after it (the game is replayed without them: the same
    choices bring the same draws)."""

    type: Literal["take_back"]
    seq: Seq
    version: Counter
    """The state version of the view the player saw (a take-back based on an older
    one is `stale`)."""


@CLIENT_MESSAGES.register
class OpenSeat(Message):
    """Host role, during the game: hand `seat` (a bot's, or an absent human's) to
    whoever joins next; its token stops working and a bot plays it meanwhile."""

    type: Literal["open_seat"]
    seq: Seq
    version: Counter
    seat: SeatNo


@CLIENT_MESSAGES.register
class SetPlayers(Message):
    """Host role, in the lobby: the table seats `players`."""

    type: Literal["set_players"]
    seq: Seq
    version: Counter
    players: Annotated[int, Field(ge=2, le=4)]


@CLIENT_MESSAGES.register
class React(Message):
    """A quick reaction of the connection's seat, relayed to everyone at its table
    (`reaction`); sent only to a host whose `welcome.reactions` names it."""

    type: Literal["react"]
    reaction: Code


@CLIENT_MESSAGES.register
class Resync(Message):
    """Ask for the full current status (after a gap in message numbers)."""

    type: Literal["resync"]


@CLIENT_MESSAGES.register
@HOST_MESSAGES.register
class Ping(Message):
    """Heartbeat, either way; answered with a `pong` carrying the same nonce."""

    type: Literal["ping"] = "ping"
    nonce: Counter
    n: Counter | None = None


@CLIENT_MESSAGES.register
@HOST_MESSAGES.register
class Pong(Message):
    type: Literal["pong"] = "pong"
    nonce: Counter
    n: Counter | None = None


# --- host to client (every one numbered by `n`, 1, 2, 3... per connection) ------------

@HOST_MESSAGES.register
class Welcome(Message):
    """Handshake accepted."""

    type: Literal["welcome"] = "welcome"
    n: Counter
    protocol: int
    server: Text
    heartbeat: float
    """Seconds between the host's pings; silence for 3 of them closes the connection."""
    reactions: Annotated[list[Code], Field(max_length=16)] = []
    """The reactions the host relays (`react`); none: it reads no `react`."""


@HOST_MESSAGES.register
class Joined(Message):
    """You hold `seat` (null: spectator); keep `token` to reconnect."""

    type: Literal["joined"] = "joined"
    n: Counter
    table: Text
    seat: SeatNo | None
    token: Token | None
    host: bool
    """True if this seat holds the host role (start, add_bot, kick)."""
    last_seq: Annotated[int, Field(ge=-1, lt=2**31)]
    """The seq of this seat's newest applied command (-1: none): a client numbers
    its next new command after it."""


class SeatInfo(Part):
    seat: SeatNo
    kind: Literal["open", "human", "bot"]
    name: Text
    level: Level | None
    """The bot level of a bot seat, or of the stand-in bot playing an absent human."""
    connected: bool
    standin_in: Annotated[float, Field(ge=0)] | None = None
    """Seconds until a stand-in bot plays this absent human's seat (null: not counting)."""


@HOST_MESSAGES.register
class TableStatus(Message):
    """Lobby and table status; sent on every change of seats."""

    type: Literal["table"] = "table"
    n: Counter
    table: Text
    status: Literal["lobby", "playing", "over"]
    players: Annotated[int, Field(ge=2, le=4)]
    seats: Annotated[list[SeatInfo], Field(max_length=4)]
    host_seat: SeatNo | None
    edition: Text
    """The edition the table plays ("classic", "edition2024")."""
    fingerprint: Fingerprint
    """Its `Ruleset.fingerprint`."""
    revision: Counter
    """Counts the table's committed changes other than decisions (seats, host role,
    start); host-role commands carry the revision they were based on as their
    `version`, and one aimed at a seat that changed hands since is stale."""
    hints: bool = False
    """The host allows hints (`HostConfig.hints`)."""


class EventInfo(Part):
    kind: Annotated[str, Field(max_length=32)]
    data: dict[str, Any]


@HOST_MESSAGES.register
class ViewUpdate(Message):
    """Your seat's full view (`rules.view_for`) and the events you may see that led to it."""

    type: Literal["view"] = "view"
    n: Counter
    view: dict[str, Any]
    events: Annotated[list[EventInfo], Field(max_length=512)]


@HOST_MESSAGES.register
class History(Message):
    """The whole game so far as this connection may see it: every event since the
    start, filtered as it was when sent; it leads to the state at `version`."""

    type: Literal["history"] = "history"
    n: Counter
    version: Counter
    events: Annotated[list[EventInfo], Field(max_length=65536)]


@HOST_MESSAGES.register
class Ack(Message):
    """Command `seq` was carried out; the state is now at `version`."""

    type: Literal["ack"] = "ack"
    n: Counter
    seq: Seq
    version: Counter


@HOST_MESSAGES.register
class Error(Message):
    """A refused frame or command: a stable reason code and its parameters."""

    type: Literal["error"] = "error"
    n: Counter
    reason: Annotated[str, Field(max_length=32)]
    params: Params
    seq: Seq | None
    fatal: bool
    """True if the host closes the connection after this message."""


@HOST_MESSAGES.register
class Closed(Message):
    """The host closes the table on purpose (it stops: every table is saved when
    saving); the connection ends after it and reconnecting makes no sense until
    the table is opened again. A crash sends nothing."""

    type: Literal["closed"] = "closed"
    n: Counter
    reason: Annotated[str, Field(max_length=32)]
    """"stopped": the host was asked to stop (its player left, Ctrl+C)."""
    saved: bool
    """The tables are saved: the seats' tokens take them back once it is resumed."""


@HOST_MESSAGES.register
class Reaction(Message):
    """A seat of the table sent a quick reaction (`react`): every seat and
    spectator is told, the sender too."""

    type: Literal["reaction"] = "reaction"
    n: Counter
    seat: SeatNo
    reaction: Code


@HOST_MESSAGES.register
class GameOver(Message):
    type: Literal["game_over"] = "game_over"
    n: Counter
    winners: Annotated[list[SeatNo], Field(max_length=4)]
    reason: Annotated[str, Field(max_length=32)]
    vp: Annotated[list[int], Field(max_length=4)]
    record: dict[str, Any]
    """The game's save document (`havana_game.saves`), checked when it is loaded."""
