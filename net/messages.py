"""Every protocol message, as pydantic models in one discriminated union on `type`
(PROTOCOL.md "Messages").

Models are strict (no type coercion), forbid unknown fields and bound every string
and list, so a decoded frame either becomes exactly one known message or is
refused. `ADAPTER` is the one validator both ends use.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from .errors import FrameError

Name = Annotated[str, Field(min_length=1, max_length=32,
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


class _Message(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


# --- client to host ------------------------------------------------------------------

class Hello(_Message):
    """First frame of every connection: what the client speaks."""

    type: Literal["hello"]
    protocol: Annotated[int, Field(ge=0, lt=2**16)]
    fingerprint: Fingerprint
    """`Ruleset.fingerprint` (sha256 of the card and building data) of the client's
    default edition."""
    client: Text = ""
    editions: Annotated[list[Fingerprint], Field(max_length=8)] = []
    """The fingerprints of the other editions the client plays."""


class Join(_Message):
    """Take a seat at the table with join code `code` (the first open one if `seat` is null)."""

    type: Literal["join"]
    code: Code
    name: Name
    seat: SeatNo | None = None


class Rejoin(_Message):
    """Take back one's seat after a lost connection, proving it with the seat token."""

    type: Literal["rejoin"]
    code: Code
    seat: SeatNo
    token: Token


class Watch(_Message):
    """Watch a table as a spectator (public view only)."""

    type: Literal["watch"]
    code: Code


class Decide(_Message):
    """A decision for the connection's seat, based on view version `version`."""

    type: Literal["decide"]
    seq: Seq
    version: Counter
    decision: Annotated[dict[Annotated[str, Field(max_length=16)], Any], Field(max_length=8)]
    """The engine's decision JSON, e.g. {"kind": "end_turn"} (one of view["legal"])."""


class Start(_Message):
    """Host role: start the game; open seats get bots."""

    type: Literal["start"]
    seq: Seq
    version: Counter
    """The table `revision` this command was based on (see `TableStatus.revision`)."""


class AddBot(_Message):
    """Host role: put a bot of `level` on `seat` (the first open seat if null)."""

    type: Literal["add_bot"]
    seq: Seq
    version: Counter
    level: Level
    seat: SeatNo | None = None


class Kick(_Message):
    """Host role: remove the player at `seat` (before the game: the seat opens; during
    it: a bot takes over)."""

    type: Literal["kick"]
    seq: Seq
    version: Counter
    seat: SeatNo


class TakeBack(_Message):
    """Against bots on a local host only: take back this seat's last decision and
    everything played after it (the game is replayed without them: the same
    choices bring the same draws)."""

    type: Literal["take_back"]
    seq: Seq
    version: Counter
    """The state version of the view the player saw (a take-back based on an older
    one is `stale`)."""


class OpenSeat(_Message):
    """Host role, during the game: hand `seat` (a bot's, or an absent human's) to
    whoever joins next; its token stops working and a bot plays it meanwhile."""

    type: Literal["open_seat"]
    seq: Seq
    version: Counter
    seat: SeatNo


class SetPlayers(_Message):
    """Host role, in the lobby: the table seats `players`."""

    type: Literal["set_players"]
    seq: Seq
    version: Counter
    players: Annotated[int, Field(ge=2, le=4)]


class Resync(_Message):
    """Ask for the full current status (after a gap in message numbers)."""

    type: Literal["resync"]


class Ping(_Message):
    """Heartbeat, either way; answered with a `pong` carrying the same nonce."""

    type: Literal["ping"] = "ping"
    nonce: Counter
    n: Counter | None = None


class Pong(_Message):
    type: Literal["pong"] = "pong"
    nonce: Counter
    n: Counter | None = None


# --- host to client (every one numbered by `n`, 1, 2, 3... per connection) ------------

class Welcome(_Message):
    """Handshake accepted."""

    type: Literal["welcome"] = "welcome"
    n: Counter
    protocol: int
    server: Text
    heartbeat: float
    """Seconds between the host's pings; silence for 3 of them closes the connection."""


class Joined(_Message):
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


class SeatInfo(_Message):
    seat: SeatNo
    kind: Literal["open", "human", "bot"]
    name: Text
    level: Level | None
    """The bot level of a bot seat, or of the stand-in bot playing an absent human."""
    connected: bool
    standin_in: Annotated[float, Field(ge=0)] | None = None
    """Seconds until a stand-in bot plays this absent human's seat (null: not counting)."""


class TableStatus(_Message):
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
    hints: bool = False
    """The host allows hints (`HostConfig.hints`)."""
    """Counts the table's committed changes other than decisions (seats, host role,
    start); host-role commands carry the revision they were based on as their
    `version`, and one aimed at a seat that changed hands since is stale."""


class EventInfo(_Message):
    kind: Annotated[str, Field(max_length=32)]
    data: dict[str, Any]


class ViewUpdate(_Message):
    """Your seat's full view (`rules.view_for`) and the events you may see that led to it."""

    type: Literal["view"] = "view"
    n: Counter
    view: dict[str, Any]
    events: Annotated[list[EventInfo], Field(max_length=512)]


class History(_Message):
    """The whole game so far as this connection may see it: every event since the
    start, filtered as it was when sent; it leads to the state at `version`."""

    type: Literal["history"] = "history"
    n: Counter
    version: Counter
    events: Annotated[list[EventInfo], Field(max_length=65536)]


class Ack(_Message):
    """Command `seq` was carried out; the state is now at `version`."""

    type: Literal["ack"] = "ack"
    n: Counter
    seq: Seq
    version: Counter


class Error(_Message):
    """A refused frame or command: a stable reason code and its parameters."""

    type: Literal["error"] = "error"
    n: Counter
    reason: Annotated[str, Field(max_length=32)]
    params: Params
    seq: Seq | None
    fatal: bool
    """True if the host closes the connection after this message."""


class GameOver(_Message):
    type: Literal["game_over"] = "game_over"
    n: Counter
    winners: Annotated[list[SeatNo], Field(max_length=4)]
    reason: Annotated[str, Field(max_length=32)]
    vp: Annotated[list[int], Field(max_length=4)]
    record: dict[str, Any]
    """The game's save document (`havana_game.saves`), checked when it is loaded."""


Message = Annotated[
    Hello | Join | Rejoin | Watch | Decide | Start | AddBot | Kick | OpenSeat | SetPlayers
    | TakeBack | Resync | Ping | Pong
    | Welcome | Joined | TableStatus | History | ViewUpdate | Ack | Error | GameOver,
    Field(discriminator="type"),
]

ADAPTER: TypeAdapter[Message] = TypeAdapter(Message)
"""The one validator of every message, both directions."""

CLIENT_MESSAGES = (Hello, Join, Rejoin, Watch, Decide, Start, AddBot, Kick, OpenSeat, SetPlayers,
                   TakeBack, Resync, Ping, Pong)
"""What a host accepts; anything else from a client is `unexpected_message`."""


def parse(obj: Any) -> Message:
    """Validate a decoded frame; raises `FrameError("bad_message")` with the first
    problem's location and kind (never the offending value)."""
    try:
        return ADAPTER.validate_python(obj)
    except ValidationError as error:
        first = error.errors(include_url=False, include_input=False, include_context=False)[0]
        where = ".".join(str(p) for p in first["loc"])[:64]
        raise FrameError("bad_message", where=where, problem=first["type"]) from None

