"""`ClientConnection`: the protocol for a synchronous (pygame) loop.

The asyncio `Session` runs in a background thread; the game loop calls `poll()`
once per frame and gets the messages received since the last call as plain dicts
(PROTOCOL.md "Messages", plus `{"type": "connection", "status": ...}` whenever
`status` changes). Commands are fire-and-forget; their `ack` or `error` arrives
through `poll()`.

A dropped connection is re-established automatically: the connection rejoins its
seat with the seat token and resends every command not yet acknowledged, with its
original `seq` (the host answers a resend again and never applies it twice).

One connection holds one seat. Hotseat play opens one `ClientConnection` per human
seat on the same host.
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections.abc import Callable
from typing import Any, ClassVar, Literal

from .errors import ProtocolError
from .messages import HOST_MESSAGES, Ack, Error, Handlers, Joined, TableStatus, ViewUpdate
from .reactions import REACTION_LIMITS, ReactionLimits
from .session import Session

Status = Literal["connecting", "connected", "reconnecting", "closed"]

FIRST_CONNECT_FOR = 300.0
"""Seconds a connection tries to reach a host it never reached."""
RETRYABLE = frozenset({"server_busy", "idle_timeout", "frame_timeout", "internal_error"})
"""Fatal host errors after which reconnecting makes sense; any other ends the connection."""


NOTES: Handlers[None] = Handlers(HOST_MESSAGES)
"""What a connection notes of a host message before passing it on:
`handler(connection, session, message)`; other types it only passes on."""


class ClientConnection:
    on_message: ClassVar[Callable[[], None] | None] = None
    """Called from a connection's thread after it queued a message for `poll()`
    (every connection of the process): a game loop that sleeps while nothing
    happens sets it to wake up (the pygame client's `wake.nudge`)."""

    def __init__(self, host: str, port: int, *, reconnect_for: float = 300.0,
                 client: str = "havana") -> None:
        self.host = host
        self.port = port
        self.status: Status = "connecting"
        self.seat: int | None = None
        self.token: str | None = None
        self.is_host = False
        """True if this seat holds the host role (start_game, add_bot, kick)."""
        self.version = 0
        """The state version of the latest view received."""
        self.revision = 0
        """The table revision of the latest `table` message (host-role commands
        are based on it)."""
        self.frames_received = 0
        self._reconnect_for = reconnect_for
        self._client = client
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._request: dict[str, Any] | None = None
        self._unacked: dict[int, dict[str, Any]] = {}
        self._next_seq = 1
        self._seq_lock = threading.Lock()
        self._session: Session | None = None
        self._joined = False
        self._closing = False
        self.reactions: tuple[str, ...] = ()
        """The reactions the host relays (its `welcome.reactions`; none before the
        first connection, and none from a host of before reactions)."""
        self._paced = ReactionLimits(REACTION_LIMITS)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_until_complete,
                                        args=(self._main(),), daemon=True,
                                        name=f"havana-client-{host}:{port}")
        self._thread.start()

    # --- called from the game loop -------------------------------------------------

    def join(self, code: str, name: str, seat: int | None = None,
             token: str | None = None) -> None:
        """Take a seat (the first open one, or `seat`); with `token`, take back `seat`.
        The answer is a `joined` message (then `.seat` and `.token` are set) or a
        fatal `error` (wrong_code, table_full, seat_taken, wrong_token...)."""
        if token is not None and seat is not None:
            request = {"type": "rejoin", "code": code, "seat": seat, "token": token}
            self.seat, self.token = seat, token
        else:
            request = {"type": "join", "code": code, "name": name, "seat": seat}
        self._loop.call_soon_threadsafe(self._set_request, request)

    def watch(self, code: str, owner: str | None = None) -> None:
        """Watch a table as a spectator (with the host's `owner` token: one that may
        start the game, `start_game`)."""
        request = {"type": "watch", "code": code, **({"owner": owner} if owner else {})}
        self._loop.call_soon_threadsafe(self._set_request, request)

    def send_decision(self, decision: dict[str, Any]) -> int:
        """Send one of the current view's `legal` decisions; returns its seq."""
        return self._command({"type": "decide", "version": self.version, "decision": decision})

    def start_game(self) -> int:
        return self._command({"type": "start", "version": self.revision})

    def add_bot(self, level: str, seat: int | None = None) -> int:
        return self._command({"type": "add_bot", "version": self.revision, "level": level,
                              "seat": seat})

    def kick(self, seat: int) -> int:
        return self._command({"type": "kick", "version": self.revision, "seat": seat})

    def open_seat(self, seat: int) -> int:
        """Host role, during the game: hand `seat` to whoever joins next."""
        return self._command({"type": "open_seat", "version": self.revision, "seat": seat})

    def take_back(self, version: int) -> int:
        """Against bots on a local host: take back this seat's last decision (and
        what followed it), seen at view `version`."""
        return self._command({"type": "take_back", "version": version})

    def set_players(self, players: int) -> int:
        """Host role, in the lobby: seat `players` at the table."""
        return self._command({"type": "set_players", "version": self.revision,
                              "players": players})

    def react(self, reaction: str) -> bool:
        """Send a quick reaction of this seat (relayed to the whole table as a
        `reaction` message, this seat's too); False, and nothing sent, if the host
        does not relay it or it comes faster than the host's limits allow."""
        if reaction not in self.reactions or not self._joined or self.seat is None \
                or not self._paced.allow(None):
            return False
        self._loop.call_soon_threadsafe(self._send, {"type": "react", "reaction": reaction})
        return True

    def resync(self) -> None:
        self._loop.call_soon_threadsafe(self._send, {"type": "resync"})

    def poll(self) -> list[dict[str, Any]]:
        """Every message received since the last call (never blocks)."""
        out = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def wait(self, timeout: float) -> dict[str, Any] | None:
        """The next message, waiting up to `timeout` seconds (for scripts and tests)."""
        try:
            return self._inbox.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        self._closing = True
        if self._loop.is_running():
            self._loop.call_soon_threadsafe(self._drop_session)
        self._thread.join(timeout=5)

    # --- the background thread -----------------------------------------------------

    def _command(self, body: dict[str, Any]) -> int:
        with self._seq_lock:
            seq = self._next_seq
            self._next_seq += 1
        message = {**body, "seq": seq}
        self._loop.call_soon_threadsafe(self._queue_command, message)
        return seq

    def _queue_command(self, message: dict[str, Any]) -> None:
        self._unacked[message["seq"]] = message
        self._send(message)

    def _set_request(self, request: dict[str, Any]) -> None:
        self._request = request
        if self._session is not None and not self._joined:
            self._send(request)

    def _send(self, message: dict[str, Any]) -> None:
        if self._session is not None:
            self._session.send(message)

    def _drop_session(self) -> None:
        if self._session is not None:
            self._session.close()

    def _deliver(self, message: dict[str, Any]) -> None:
        """Queue `message` for `poll()`, and say so (`on_message`)."""
        self._inbox.put(message)
        notify = ClientConnection.on_message
        if notify is not None:
            notify()

    def _set_status(self, status: Status) -> None:
        if status != self.status:
            self.status = status
            self._deliver({"type": "connection", "status": status})

    async def _main(self) -> None:
        """Connect, serve, and after a drop reconnect (backing off up to 2 s) until
        `reconnect_for` seconds pass without a successful connection (at most
        `FIRST_CONNECT_FOR` before the first one: an address that never answered
        is not waited for as long as a host that went away)."""
        deadline = time.monotonic() + min(self._reconnect_for, FIRST_CONNECT_FOR)
        delay = 0.1
        while not self._closing and time.monotonic() < deadline:
            reason = None
            try:
                self._session = await Session.open(self.host, self.port, client=self._client)
                self.reactions = self._session.reactions
                self._set_status("connected")
                deadline, delay = time.monotonic() + self._reconnect_for, 0.1
                reason = await self._serve(self._session)
            except ProtocolError as error:  # refused at the hello
                reason = error.reason
                self._deliver({"type": "error", "reason": error.reason,
                               "params": error.params, "seq": None, "fatal": True})
            except (OSError, EOFError, TimeoutError):
                pass
            finally:
                if self._session is not None:
                    self._session.close()
                    self._session, self._joined = None, False
            if self._closing or (reason is not None and reason not in RETRYABLE):
                break
            self._set_status("reconnecting")
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)
        self._set_status("closed")

    async def _serve(self, session: Session) -> str:
        """(Re)join, then hand every message to the inbox. Returns the reason of a
        fatal error from the host; a lost connection raises."""
        if self.token is not None and self._request is not None:
            self._request = {"type": "rejoin", "code": self._request["code"],
                             "seat": self.seat, "token": self.token}
        if self._request is not None:
            session.send(self._request)
        while True:
            message = await session.receive()
            self.frames_received += 1
            self._handle(session, message)
            self._deliver(message)
            if message["type"] == "error" and message["fatal"]:
                return message["reason"]
            if message["type"] == "closed":  # on purpose: no retrying
                return "closed"

    def _handle(self, session: Session, message: dict[str, Any]) -> None:
        handler = NOTES.get(message["type"])
        if handler is not None:
            handler(self, session, message)

    @NOTES.on(Joined)
    def _seated(self, session: Session, message: dict[str, Any]) -> None:
        """Keep the seat and its token; resend every command not yet acknowledged."""
        self._joined = True
        if message["token"] is not None:
            self.seat, self.token = message["seat"], message["token"]
        self.is_host = message["host"]
        with self._seq_lock:  # a new command never reuses a number the seat used
            self._next_seq = max(self._next_seq, message["last_seq"] + 1)
        for pending in self._unacked.values():
            session.send(pending)

    @NOTES.on(TableStatus)
    def _table_status(self, session: Session, message: dict[str, Any]) -> None:
        self.revision = message["revision"]
        if self.seat is not None:
            self.is_host = message["host_seat"] == self.seat  # the role may pass on

    @NOTES.on(ViewUpdate)
    def _view(self, session: Session, message: dict[str, Any]) -> None:
        self.version = message["view"]["version"]

    @NOTES.on(Ack, Error)
    def _answered(self, session: Session, message: dict[str, Any]) -> None:
        self._unacked.pop(message.get("seq"), None)  # type: ignore[arg-type]
