"""The asyncio host (PROTOCOL.md "Connection lifecycle"): handshake, join, the
command loop, broadcasting views, bots, heartbeat and the grace period.

Single-threaded: every table change happens in one event-loop callback and is
committed (to the journal, if saving) before it is broadcast; the frames telling
of it leave once the journal made it durable (`store.Store`, `barrier.Barrier`).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
import secrets
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from havana_game.ai import BOT_LEVELS
from havana_game.ai.parallel import cores
from havana_game.content import EDITIONS, classic_rules, find_edition
from havana_game.rules import Event, IllegalDecision, Ruleset, view_for
from havana_game.saves import game_to_document

from .. import PROTOCOL_VERSION
from ..errors import FrameError, ProtocolError
from ..listing import Listing
from ..messages import (
    CLIENT_MESSAGES,
    AddBot,
    Decide,
    Handlers,
    Hello,
    Join,
    Kick,
    Message,
    OpenSeat,
    Ping,
    Pong,
    React,
    Rejoin,
    Resync,
    SetPlayers,
    Start,
    TakeBack,
    Watch,
)
from ..reactions import ReactionLimits
from .audience import Update, event_info
from .config import HostConfig
from .connection import Connection, Outbox
from .credentials import normalize_code
from .persist import table_from_compact, table_to_compact
from .recovery import recover
from .store import Store
from .table import Digest, Table, command_digest, default_bot_level
from .throttle import JoinThrottle
from .transport import StreamTransport, Transport, peer_address
from .web import open_browser


@dataclass
class Audience:
    """The live connections of one table (kept while it has any, even once the
    host let go of the table itself: `Ended`)."""

    code: str
    """The table's normalized join code."""
    seats: dict[int, Connection] = field(default_factory=dict)
    spectators: set[Connection] = field(default_factory=set)


class Ended(NamedTuple):
    """A finished table the host let go of (`HostConfig.finished_grace`): its
    edition and `persist.table_to_compact`, rebuilt when someone comes back to it."""

    rules: Ruleset
    data: bytes


ENTRIES: Handlers[tuple[Table, int | None, str | None]] = Handlers(CLIENT_MESSAGES)
"""How a connection past the handshake enters a table: `handler(host, conn,
request)` takes its seat and returns the table, the seat (None: watching) and a
new seat token (None: none given)."""
COMMANDS: Handlers[None] = Handlers(CLIENT_MESSAGES)
"""What the host does with each message of a connection that entered a table:
`handler(host, conn, message)`. Any other type is `unexpected_message`."""


class Host:
    """Serves any number of tables. `await start()`, then `await close()`."""

    def __init__(self, config: HostConfig | None = None, rules: Ruleset | None = None) -> None:
        self.config = config or HostConfig()
        self.rules = rules or classic_rules()
        """The edition of new tables unless `create_table` names another."""
        self.playable = frozenset({self.rules.fingerprint,
                                   *(find_edition(name).fingerprint for name in EDITIONS)})
        """The editions this host plays (a hello must name one of them)."""
        self.tables: dict[str, Table] = {}
        """By normalized join code: the tables in memory (lobbies, games, games
        finished less than `finished_grace` ago or looked at again since)."""
        self.ended: dict[str, Ended] = {}
        """By normalized join code: the finished tables the host let go of."""
        self._forgetting: dict[str, asyncio.TimerHandle] = {}
        """By table id: when a finished table is let go of."""
        self.by_id: dict[str, Table] = {}
        self.audiences: dict[str, Audience] = {}
        self.connections: set[Connection] = set()
        self.pending_by_address: dict[str, int] = {}
        """Connections in the handshake, by address."""
        self._opening = 0
        """Connections not yet told apart (TCP or a browser), or being served a file:
        they count towards `max_connections` too."""
        self.throttle = JoinThrottle(self.config)
        self.reaction_limits = ReactionLimits(self.config.reaction_limits)
        """How often each seat reacted lately (`react`)."""
        self.outbox = Outbox()
        """Where connections wait to write what they were sent during a pass of
        the event loop (one write each at its end)."""
        self.port = 0
        self._server: asyncio.Server | None = None
        self._heartbeat: asyncio.Task[None] | None = None
        self._grace: dict[tuple[str, int], asyncio.TimerHandle] = {}
        self._bots_scheduled: set[str] = set()
        self._bot_tasks: set[asyncio.Task[None]] = set()
        self.bot_threads = ThreadPoolExecutor(max_workers=cores(),
                                              thread_name_prefix="havana-bot")
        """Where bots think, off the event loop: a thread per core, so the bots of
        that many tables think at once. The hard bot's search runs in the worker
        processes (`ai.parallel`), its thread only waiting, so the threads do not
        share one interpreter's time with the loop; the easy bots are quick."""
        self._closing = False
        self._nonces = itertools.count(1)
        self.on_listing: Callable[[Listing], object] | None = None
        """Called with the host's `listing()` whenever it changes (the LAN
        announcement's free seats, games in progress and seats awaiting rejoin)."""
        self._listing: Listing | None = None
        self._seeds = random.Random(self.config.seed) if self.config.seed is not None else None
        """Draws each new table's game seed when the host was given a seed."""
        self.store: Store | None = None
        """The journal and snapshots, when saving."""
        if self.config.save_dir is not None:
            self.store = Store(self.config.save_dir, snapshot_every=self.config.snapshot_every,
                               segment_bytes=self.config.segment_bytes)
            self.store.on_failure = self._saving_failed

    # --- tables --------------------------------------------------------------------

    def create_table(self, players: int, bots: Sequence[str | None] = (),
                     ages: Sequence[int | None] | None = None,
                     rules: Ruleset | None = None, names: Sequence[str] = ()) -> Table:
        """A new table of `rules` (the host's edition by default); `bots[i]` puts a
        bot of that level on seat i (None: open), called `names[i]` if given (a
        local game's names as chosen), else by a bot name; `ages` by seat order ties."""
        if ages is not None and len(ages) != players:
            raise ValueError("give one age per player, or none")
        seed = self._seeds.getrandbits(62) if self._seeds is not None else None
        table = Table(rules or self.rules, players, ages=tuple(ages) if ages else None, seed=seed)
        for seat, level in enumerate(bots):
            if level is not None:
                if level not in BOT_LEVELS:
                    raise ValueError(f"unknown bot level {level!r}; known: {sorted(BOT_LEVELS)}")
                table.put_bot(seat, level, names[seat] if seat < len(names) else None)
        self._add(table)
        table.commit()
        return table

    def resume(self, folder: Path) -> list[Table]:
        """Load every table saved in `folder` (raises SaveError); once started,
        their humans have the grace period to come back with their tokens. A saving
        host must save into `folder` itself (ValueError otherwise)."""
        recovered = recover(folder)
        for note in recovered.notes:
            print(f"havana host: {note}", file=sys.stderr)
        if self.store is not None:
            if self.store.folder.resolve() != folder.resolve():
                raise ValueError("a resumed host saves into the folder it resumed")
            self.store.adopt(recovered)
        for table in recovered.tables:
            self._add(table)
        return recovered.tables

    def _add(self, table: Table) -> None:
        table.log = self.store
        code = normalize_code(table.code)
        self.tables[code] = table
        self.by_id[table.id] = table
        self.audiences.setdefault(table.id, Audience(code))

    # --- lifecycle -----------------------------------------------------------------

    async def start(self) -> int:
        """Listen, and (when saving) return once the tables made so far are on disk: a
        code the host reports survives its crash a moment later."""
        self._server = await asyncio.start_server(
            self._serve, self.config.bind, self.config.port, limit=1 << 17, backlog=512)
        self.port = self._server.sockets[0].getsockname()[1]
        if self.store is not None:
            self.store.start()
            await self.store.drained()
        self._heartbeat = asyncio.create_task(self._beat())
        for table in self.tables.values():
            for seat in table.seats:
                if seat.kind == "human":
                    self._start_grace(table, seat.index)
            self._schedule_bots(table)
            if table.status == "over":
                self._forget_later(table)
        return self.port

    async def close(self, reason: str = "stopped") -> None:
        """Stop serving: every connection is told the table closes on purpose
        (`closed`, with `reason`; not once every game is over), then closed; the
        tables are saved (when saving)."""
        self._closing = True  # no bot starts to think or plays from now on
        if self._heartbeat is not None:
            self._heartbeat.cancel()
        for task in list(self._bot_tasks):
            task.cancel()
        self.bot_threads.shutdown(wait=False, cancel_futures=True)
        if self._server is not None:
            self._server.close()
        playing = any(table.status != "over" for table in self.tables.values())
        for conn in list(self.connections):
            if playing:  # (a finished game's players were told so: `game_over`)
                conn.send("closed", reason=reason, saved=self.store is not None)
            conn.close()
        for handle in (*self._grace.values(), *self._forgetting.values()):
            handle.cancel()
        if self.store is not None:
            await self.store.close()
        if self._server is not None:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._server.wait_closed(), 1.0)

    def _saving_failed(self, error: BaseException) -> None:
        """The journal cannot be written: stop serving (nothing unsaved is told)."""
        if self._server is not None:
            self._server.close()
        for conn in list(self.connections):
            conn.abort()

    async def _beat(self) -> None:
        """Ping every connection each heartbeat; drop the ones that stopped reading
        what they are sent (`drain_timeout`)."""
        while True:
            await asyncio.sleep(self.config.heartbeat)
            now = time.monotonic()
            for conn in list(self.connections):
                if conn.stuck(now, self.config.drain_timeout):
                    conn.abort()
                elif conn.table_id is not None:  # the handshake has timeouts of its own
                    conn.send("ping", nonce=next(self._nonces))

    # --- one connection ------------------------------------------------------------

    async def _read(self, conn: Connection, idle: float) -> Message:
        return CLIENT_MESSAGES.read(await conn.read(idle, self.config.frame_deadline))

    def _connection(self, transport: Transport) -> Connection:
        return Connection(transport, self.config.send_buffer_limit,
                          self.store.barrier if self.store is not None else None, self.outbox)

    async def _open(self, reader: asyncio.StreamReader,
                    writer: asyncio.StreamWriter) -> Transport | None:
        """The connection's transport, told by its first byte: TCP frames, or a
        browser's HTTP request (None once a file of the web page was served)."""
        try:
            async with asyncio.timeout(self.config.handshake_timeout):
                first = await reader.read(1)
        except TimeoutError:
            return StreamTransport(reader, writer, waited=self.config.handshake_timeout)
        if first == b"G":
            return await open_browser(reader, writer, first, self.config.handshake_timeout)
        return StreamTransport(reader, writer, first)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        address = peer_address(writer)
        if (len(self.connections) + self._opening >= self.config.max_connections
                or self.pending_by_address.get(address, 0) >= self.config.max_pending_per_address):
            self._connection(StreamTransport(reader, writer)).send_error(
                FrameError("server_busy"))
            return
        conn: Connection | None = None
        try:
            self._pending(address, +1)
            try:
                self._opening += 1
                try:
                    transport = await self._open(reader, writer)
                finally:
                    self._opening -= 1
                if transport is None:
                    return
                conn = self._connection(transport)
                self.connections.add(conn)
                request = await self._handshake(conn)
            finally:
                self._pending(address, -1)
            await self._enter_throttled(conn, request)
            while not conn.closed:
                message = await self._read(conn, 3 * self.config.heartbeat)
                if conn.closed:  # closed while reading (the host is stopping)
                    break
                with conn.batched():
                    try:
                        self._command(conn, message)
                    except ProtocolError as error:
                        conn.send_error(error, getattr(message, "seq", None))
        except ProtocolError as error:
            if conn is not None:
                conn.send_error(error)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        except Exception:  # a bug of ours: this client gets a code, everyone else goes on
            traceback.print_exc(file=sys.stderr)
            if conn is not None:
                conn.send_error(FrameError("internal_error"))
        finally:
            if conn is None:
                writer.close()
            else:
                conn.close()
                self.connections.discard(conn)
                self._detach(conn)

    def _pending(self, address: str, change: int) -> None:
        """Count a handshake from `address` starting (+1) or ending (-1)."""
        left = self.pending_by_address.get(address, 0) + change
        if left:
            self.pending_by_address[address] = left
        else:
            self.pending_by_address.pop(address, None)

    async def _handshake(self, conn: Connection) -> Message:
        """Hello (versions must match) -> welcome; then the join, rejoin or watch."""
        timeout = self.config.handshake_timeout
        hello = await self._read(conn, timeout)
        if not isinstance(hello, Hello):
            raise FrameError("expected_hello", got=hello.type)
        if hello.protocol != PROTOCOL_VERSION:
            raise FrameError("protocol_mismatch", expected=PROTOCOL_VERSION, got=hello.protocol)
        conn.fingerprints = frozenset((hello.fingerprint, *hello.editions))
        if not conn.fingerprints & self.playable:
            raise FrameError("ruleset_mismatch", expected=self.rules.fingerprint)
        conn.send("welcome", protocol=PROTOCOL_VERSION, server=self.config.name,
                  heartbeat=float(self.config.heartbeat), reactions=list(self.config.reactions))
        request = await self._read(conn, timeout)
        if request.type not in ENTRIES.types:
            raise FrameError("expected_join", got=request.type)
        return request

    async def _enter_throttled(self, conn: Connection, request: Message) -> None:
        """Take the request, after the wait an address with failed joins is given
        (waited outside the handshake count, so it keeps no one else out)."""
        delay = self.throttle.delay(conn.address)
        if delay:
            await asyncio.sleep(delay)
        try:
            self._enter(conn, request)
        except ProtocolError as error:
            self.throttle.failed(conn.address)
            raise FrameError(error.reason, **error.params) from None

    def _enter(self, conn: Connection, request: Message) -> None:
        """Seat the connection (or let it watch) as its `join`, `rejoin` or
        `watch` asks (`ENTRIES`), and tell everyone."""
        enter = ENTRIES.get(request.type)
        assert enter is not None  # the handshake lets in no other type
        table, seat, token = enter(self, conn, request)
        audience = self.audiences[table.id]
        conn.table_id, conn.seat = table.id, seat
        if seat is None:
            audience.spectators.add(conn)
        else:
            audience.seats[seat] = conn
        conn.send("joined", table=table.id, seat=seat, token=token,
                  host=seat is not None and seat == table.host_seat,
                  last_seq=-1 if seat is None else table.seats[seat].last_seq)
        if self._starts_by_itself(table):
            table.start(check_host=False)
            table.commit()
            self._broadcast(table, table.seat_news(), started=True)
        else:
            self._broadcast_status(table)
            self._catch_up(conn, table)
            self._tell_seatings(table, conn)
            self._schedule_bots(table)  # a table that waited for its players goes on

    def _table_for(self, conn: Connection, code: str) -> Table:
        """The table with join code `code`, of an edition the connection plays."""
        key = normalize_code(code)
        table = self.tables.get(key) or self._revived(key)
        if table is None:
            raise ProtocolError("wrong_code")
        if table.rules.fingerprint not in conn.fingerprints:
            raise ProtocolError("unknown_edition", edition=table.rules.name,
                                expected=table.rules.fingerprint)
        return table

    @ENTRIES.on(Join)
    def _join(self, conn: Connection, request: Join) -> tuple[Table, int, str]:
        table = self._table_for(conn, request.code)
        lobby_host = table.host_seat
        seat, token = table.join(request.name, request.seat)
        if self.config.owner is not None and table.host_seat == seat and lobby_host is None:
            table.host_seat = None  # no player starts early: the owner's screen does
        table.commit()
        return table, seat, token

    @ENTRIES.on(Rejoin)
    def _rejoin(self, conn: Connection, request: Rejoin) -> tuple[Table, int, None]:
        """The seat's owner is back: a connection still holding it is replaced."""
        table = self._table_for(conn, request.code)
        table.rejoin(request.seat, request.token)
        self._cancel_grace(table, request.seat)
        old = self.audiences[table.id].seats.pop(request.seat, None)
        if old is not None:
            old.table_id = None
            old.send_error(FrameError("replaced"))
        return table, request.seat, None

    @ENTRIES.on(Watch)
    def _watch(self, conn: Connection, request: Watch) -> tuple[Table, None, None]:
        """A spectator; with the host's owner token, one that may start the game."""
        owner = self.config.owner
        conn.owner = owner is not None and request.owner is not None and \
            secrets.compare_digest(owner, request.owner)
        return self._table_for(conn, request.code), None, None

    def _detach(self, conn: Connection) -> None:
        if conn.table_id is None:
            return
        table = self.by_id.get(conn.table_id)
        audience = self.audiences[conn.table_id]
        if table is None:  # a finished table the host let go of
            audience.spectators.discard(conn)
            if conn.seat is not None and audience.seats.get(conn.seat) is conn:
                del audience.seats[conn.seat]
            if not audience.seats and not audience.spectators:
                del self.audiences[conn.table_id]
            return
        if conn.seat is None:
            audience.spectators.discard(conn)
            return
        if audience.seats.get(conn.seat) is conn:
            del audience.seats[conn.seat]
            if table.seats[conn.seat].kind == "human":
                self._start_grace(table, conn.seat)
            self._broadcast_status(table)

    # --- finished tables -----------------------------------------------------------

    def _forget_later(self, table: Table) -> None:
        """The table's game is over: let go of it `finished_grace` seconds from now."""
        if table.id not in self._forgetting:
            self._forgetting[table.id] = asyncio.get_running_loop().call_later(
                self.config.finished_grace, self._forget, table.id)

    def _forget(self, table_id: str) -> None:
        """Let go of a finished table: saved (if saving) and kept as a compact
        record (`Ended`); its game, state and bots are no longer referenced. Its
        connections stay (their `Audience` holds them, not the table)."""
        self._forgetting.pop(table_id, None)
        table = self.by_id.get(table_id)
        if table is None or table.status != "over":
            return
        for seat in table.seats:
            self._cancel_grace(table, seat.index)
        if self.store is not None:
            self.store.forget(table)
        code = self.audiences[table_id].code
        self.ended[code] = Ended(table.rules, table_to_compact(table))
        del self.tables[code], self.by_id[table_id]
        audience = self.audiences[table_id]
        if not audience.seats and not audience.spectators:
            del self.audiences[table_id]

    def _revived(self, code: str) -> Table | None:
        """The finished table of normalized join code `code` the host let go of,
        rebuilt and in memory again (let go of anew `finished_grace` later)."""
        ended = self.ended.pop(code, None)
        if ended is None:
            return None
        table = table_from_compact(ended.data, ended.rules)
        self._add(table)
        self._forget_later(table)
        return table

    # --- grace period --------------------------------------------------------------

    def _start_grace(self, table: Table, seat: int) -> None:
        self._cancel_grace(table, seat)
        self._grace[table.id, seat] = asyncio.get_running_loop().call_later(
            self.config.grace, self._stand_in, table, seat)

    def _cancel_grace(self, table: Table, seat: int) -> None:
        handle = self._grace.pop((table.id, seat), None)
        if handle is not None:
            handle.cancel()

    def _stand_in(self, table: Table, seat: int) -> None:
        """The grace period ran out: a bot plays the seat until its owner returns,
        and the host role, if the seat held it, passes to the next present human."""
        self._grace.pop((table.id, seat), None)
        present = self.audiences[table.id].seats
        if table.seats[seat].kind == "human" and seat not in present:
            table.set_standin(seat, default_bot_level())
            if seat == table.host_seat:
                table.pass_host_role(set(present))
                table.commit()
            self._broadcast_status(table)
            self._schedule_bots(table)

    # --- commands ------------------------------------------------------------------

    def _command(self, conn: Connection, message: Message) -> None:
        """Carry out a message of a connection that entered a table (`COMMANDS`)."""
        handler = COMMANDS.get(message.type)
        if handler is None:
            raise FrameError("unexpected_message", got=message.type)
        handler(self, conn, message)

    @COMMANDS.on(Ping)
    def _ping(self, conn: Connection, message: Ping) -> None:
        conn.send("pong", nonce=message.nonce)

    @COMMANDS.on(Pong)
    def _pong(self, conn: Connection, message: Pong) -> None:
        """An answer to the heartbeat: that it arrived is all (it kept the
        connection from idling out)."""

    @COMMANDS.on(React)
    def _react(self, conn: Connection, message: React) -> None:
        """A seat's quick reaction, told to everyone at its table (the sender too),
        unless the seat passed a limit (`HostConfig.reaction_limits`): then it
        is dropped. A host with no reactions reads no `react` (`unknown_type`)."""
        if not self.config.reactions:
            raise FrameError("bad_message", where="type", problem="unknown_type")
        table, seat = self._seat_of(conn)
        if message.reaction not in self.config.reactions:
            raise ProtocolError("unknown_reaction", reaction=message.reaction)
        if not self.reaction_limits.allow((table.id, seat)):
            return
        audience = self.audiences[table.id]
        for other in (*audience.seats.values(), *audience.spectators):
            other.send("reaction", seat=seat, reaction=message.reaction)

    @COMMANDS.on(Resync)
    def _resync(self, conn: Connection, message: Resync) -> None:
        table = self._table_of(conn)
        conn.send("table", **self._status(table))
        self._catch_up(conn, table)

    def _table_of(self, conn: Connection) -> Table:
        """The table the connection entered (`not_joined` if it lost it)."""
        if conn.table_id is None:
            raise FrameError("not_joined")
        table = self.by_id.get(conn.table_id)
        if table is None:  # a finished table the host let go of
            table = self._revived(self.audiences[conn.table_id].code)
            assert table is not None
        return table

    def _seat_of(self, conn: Connection) -> tuple[Table, int]:
        """The table and seat a command comes from (`not_seated`: a spectator's)."""
        table = self._table_of(conn)
        if conn.seat is None:
            raise ProtocolError("not_seated")
        return table, conn.seat

    @staticmethod
    def _answered(conn: Connection, table: Table, seat: int, seq: int,
                  digest: int | Digest) -> bool:
        """True if command `seq` is a resend of one applied already, answered again
        with its `ack` (`Table.duplicate`)."""
        done = table.duplicate(seat, seq, digest)
        if done is not None:
            conn.send("ack", seq=seq, version=done)
        return done is not None

    @COMMANDS.on(Decide)
    def _decide(self, conn: Connection, message: Decide) -> None:
        table, seat = self._seat_of(conn)
        if table.game is None:  # nothing to decide yet, whatever the decision says
            raise ProtocolError("game_not_started")
        decision = table.parse(message.decision)
        digest = Digest(decision, table.rules.names)
        if self._answered(conn, table, seat, message.seq, digest):
            return
        try:
            events = table.decide(seat, decision, message.version)
        except ProtocolError as error:
            conn.send_error(error, message.seq)
            if error.reason == "stale":
                conn.send_view(self._update(table, ()))
            return
        table.commit_decision(message.seq, digest)
        conn.send("ack", seq=message.seq, version=table.version)
        self._broadcast(table, events)

    @COMMANDS.on(TakeBack)
    def _take_back(self, conn: Connection, message: TakeBack) -> None:
        """The table goes back, is saved whole, and everyone gets the game's
        history and their view again (as on joining)."""
        table, seat = self._seat_of(conn)
        digest = command_digest(message.model_dump(exclude={"seq", "version"}))
        if self._answered(conn, table, seat, message.seq, digest):
            return
        try:
            if not self.config.takebacks:
                raise ProtocolError("take_back_refused")
            table.take_back(seat, message.version)
        except ProtocolError as error:
            conn.send_error(error, message.seq)
            if error.reason == "stale":
                conn.send_view(self._update(table, ()))
            return
        table.commit(seat, message.seq, digest)
        conn.send("ack", seq=message.seq, version=table.version)
        audience = self.audiences[table.id]
        for other in (*audience.seats.values(), *audience.spectators):
            self._catch_up(other, table)
        self._schedule_bots(table)

    @COMMANDS.on(Start)
    def _start(self, conn: Connection, message: Start) -> None:
        if conn.seat is None and conn.owner:
            self._owner_starts(conn, message)
            return
        self._change_table(conn, message, None, lambda table, seat: table.start(seat))

    def _owner_starts(self, conn: Connection, message: Start) -> None:
        """The owner's screen (a spectator watching with the owner token) starts the
        game early: open seats get bots, as when the host role starts it."""
        table = self._table_of(conn)
        table.check_revision(message.version, None)
        table.start(check_host=False)
        table.commit()
        conn.send("ack", seq=message.seq, version=table.version)
        self._broadcast(table, table.seat_news(), started=True)

    @COMMANDS.on(AddBot)
    def _add_bot(self, conn: Connection, message: AddBot) -> None:
        self._change_table(conn, message, message.seat,
                           lambda table, seat: table.add_bot(seat, message.level, message.seat))

    @COMMANDS.on(SetPlayers)
    def _set_players(self, conn: Connection, message: SetPlayers) -> None:
        self._change_table(conn, message, None,
                           lambda table, seat: table.set_players(seat, message.players))

    @COMMANDS.on(OpenSeat)
    def _open_seat(self, conn: Connection, message: OpenSeat) -> None:
        def hand_on(table: Table, seat: int) -> None:
            table.open_seat(seat, message.seat, set(self.audiences[table.id].seats))
            self._cancel_grace(table, message.seat)
        self._change_table(conn, message, message.seat, hand_on)

    @COMMANDS.on(Kick)
    def _kick(self, conn: Connection, message: Kick) -> None:
        def kick(table: Table, seat: int) -> None:
            table.kick(seat, message.seat)
            self._kick_connection(table, message.seat)
        self._change_table(conn, message, message.seat, kick)

    def _change_table(self, conn: Connection, message: Start | AddBot | SetPlayers | OpenSeat
                      | Kick, about: int | None, change: Callable[[Table, int], object]) -> None:
        """A host-role command: based on the table's current revision (stale if
        the seat it is `about` changed hands since), `change(table, seat)` made by
        the sending seat; the table starts if it now starts by itself; committed,
        acknowledged and told."""
        table, seat = self._seat_of(conn)
        digest = command_digest(message.model_dump(exclude={"seq", "version"}))
        if self._answered(conn, table, seat, message.seq, digest):
            return
        try:
            table.check_revision(message.version, about)
        except ProtocolError as error:
            conn.send_error(error, message.seq)
            if error.reason == "stale":
                conn.send("table", **self._status(table))
            return
        in_lobby = table.game is None
        change(table, seat)
        if self._starts_by_itself(table):
            table.start(check_host=False)
        table.commit(seat, message.seq, digest)
        conn.send("ack", seq=message.seq, version=table.version)
        if in_lobby and table.game is not None:
            self._broadcast(table, table.seat_news(), started=True)
        else:
            self._broadcast_status(table)
            self._tell_seatings(table)
            self._schedule_bots(table)

    def _kick_connection(self, table: Table, seat: int) -> None:
        self._cancel_grace(table, seat)
        kicked = self.audiences[table.id].seats.pop(seat, None)
        if kicked is not None:
            kicked.table_id = None
            kicked.send_error(FrameError("kicked"))

    # --- telling people ------------------------------------------------------------

    def _starts_by_itself(self, table: Table) -> bool:
        """A full table's game starts without the host role's `start` with
        `autostart`, or when no human sits there to send it."""
        return table.game is None and table.full and (
            self.config.autostart or all(s.kind != "human" for s in table.seats))

    def _standin_in(self, table: Table, seat: int) -> float | None:
        """Seconds until a stand-in bot plays the absent human at `seat`, if counting."""
        handle = self._grace.get((table.id, seat))
        if handle is None:
            return None
        return round(max(0.0, handle.when() - asyncio.get_running_loop().time()), 1)

    def _status(self, table: Table) -> dict[str, Any]:
        audience = self.audiences[table.id]
        seats = [{"seat": s.index, "kind": s.kind, "name": s.name, "level": s.level,
                  "connected": s.kind == "bot" or s.index in audience.seats,
                  "standin_in": self._standin_in(table, s.index)}
                 for s in table.seats]
        return {"table": table.id, "status": table.status, "players": table.players,
                "seats": seats, "host_seat": table.host_seat, "edition": table.rules.name,
                "fingerprint": table.rules.fingerprint, "revision": table.revision,
                "hints": self.config.hints}

    def _broadcast_status(self, table: Table) -> None:
        """Seats changed: tell the table, and the LAN announcement if need be."""
        audience = self.audiences[table.id]
        status = self._status(table)
        for conn in (*audience.seats.values(), *audience.spectators):
            conn.send("table", **status)
        listing = self.listing()
        if listing != self._listing and self.on_listing is not None:
            self.on_listing(listing)
        self._listing = listing

    def listing(self) -> Listing:
        """What the LAN announcement says: seats anyone may join (open seats in
        lobbies, seats handed on in games), games in progress, and human seats of
        running games whose player is away (they may rejoin)."""
        playing = [table for table in self.tables.values() if table.status == "playing"]
        away = sum(1 for table in playing for seat in table.seats
                   if seat.kind == "human" and seat.index not in self.audiences[table.id].seats)
        return Listing(sum(table.free_seats for table in self.tables.values()), len(playing),
                       away)

    @staticmethod
    def _update(table: Table, events: Sequence[Event]) -> Update:
        assert table.game is not None
        return Update(table.game.state, events, [seat.legal for seat in table.seats])

    @staticmethod
    def _game_over(table: Table) -> dict[str, Any] | None:
        """The fields of the `game_over` message, if the table's game has ended: the
        outcome, and the game's record (its save document: the seed and every
        decision), which nobody may see before the end, for replays."""
        if table.status != "over" or table.game is None:
            return None
        state = table.game.state
        outcome = state.outcome()
        assert outcome is not None
        return {"winners": list(outcome.winners), "reason": outcome.termination.value,
                "vp": [state.vp(s) for s in range(state.players)],
                "record": game_to_document(table.game)}

    def _catch_up(self, conn: Connection, table: Table) -> None:
        """A (re)joined or resyncing connection: the game's history as it may see
        it, its full view, and the end of the game if it is over."""
        if table.game is not None:
            conn.send("history", version=table.version,
                      events=[event_info(e) for e in table.story() if e.visible_to(conn.seat)])
            conn.send_view(self._update(table, ()))
            over = self._game_over(table)
            if over is not None:
                conn.send("game_over", **over)

    def _tell_seatings(self, table: Table, skip: Connection | None = None) -> None:
        """A player sat down during the game: everyone but `skip` (the newcomer,
        whose history tells it) gets the view again with the `seated` event."""
        news = table.seat_news()
        if news and table.game is not None:
            update = self._update(table, news)
            audience = self.audiences[table.id]
            for conn in (*audience.seats.values(), *audience.spectators):
                if conn is not skip:
                    conn.send_view(update)

    def _broadcast(self, table: Table, events: list[Event], started: bool = False) -> None:
        """After a committed change: every seat its own view, spectators the public
        one. At the `started` game's first view, seats and status changed too, and
        the events are the first players' seatings."""
        audience = self.audiences[table.id]
        if started:
            self._broadcast_status(table)
        update = self._update(table, events)
        everyone = (*audience.seats.values(), *audience.spectators)
        for conn in everyone:
            conn.send_view(update)
        over = self._game_over(table)
        if over is not None:
            for conn in everyone:
                conn.send("game_over", **over)
            self._broadcast_status(table)
            self._forget_later(table)
        self._schedule_bots(table)

    # --- bots ----------------------------------------------------------------------

    def waiting_for_players(self, table: Table) -> bool:
        """A table with human seats none of whose players is connected waits for
        them: its bots (and stand-ins) do not play it out in their absence."""
        humans = [seat.index for seat in table.seats if seat.kind == "human"]
        return bool(humans) and not any(seat in self.audiences[table.id].seats
                                        for seat in humans)

    def players_connected(self) -> int:
        """Human seats with their player connected, over every table."""
        return sum(1 for table in self.tables.values() for seat in table.seats
                   if seat.kind == "human" and seat.index in self.audiences[table.id].seats)

    def _schedule_bots(self, table: Table) -> None:
        if not self._closing and table.id not in self._bots_scheduled \
                and not self.waiting_for_players(table) and table.bot_turn() is not None:
            self._bots_scheduled.add(table.id)
            task = asyncio.get_running_loop().create_task(self._bot_step(table))
            self._bot_tasks.add(task)
            task.add_done_callback(self._bot_tasks.discard)

    async def _bot_step(self, table: Table) -> None:
        """One bot decision. The bot thinks in a worker thread (`bot_threads`), so a
        long search never holds up the other tables, heartbeats or connections; its
        answer is applied only if the table is still where the bot saw it. A bot
        that fails has a random legal decision played for it, and says so. While it
        thinks, another seat may make its simultaneous choice: the answer stands if
        this seat's options are unchanged, and otherwise the bot thinks again. A
        decision the table refuses (a bot's bug) is replaced by a random legal one
        too, so the table never waits for a bot that will not play."""
        again = False
        try:
            turn = table.bot_turn()
            if turn is None or table.game is None:
                return
            seat, bot = turn
            view = view_for(table.game.state, seat)
            version = view["version"]
            try:
                thinking = asyncio.get_running_loop().run_in_executor(
                    self.bot_threads, bot.decide, view)
            except RuntimeError:
                return  # the bot's thread is shut: the host or the interpreter is stopping
            try:
                decision = table.parse(await thinking)
            except Exception as error:  # noqa: BLE001 - any bot failure is survived
                if self._closing:
                    return  # the host stopped the bot's thread
                decision = table.parse(random.Random(version).choice(view.get("legal", [])))
                print(f"havana host: table {table.id}: the bot at seat {seat} failed "
                      f"({type(error).__name__}: {error}); a random legal decision was "
                      "played for it", file=sys.stderr)
            if self._closing:
                return
            game = table.game
            if game is None or table.bot_turn() != turn or game.state.version != version \
                    and view_for(game.state, seat).get("legal") != view.get("legal"):
                again = True  # the question changed (a human took the seat, the
                return        # game moved on): think about the table as it is now
            try:
                events = table.decide(seat, decision, game.state.version)
            except (ProtocolError, IllegalDecision) as error:
                print(f"havana host: table {table.id}: the decision of the bot at seat {seat} "
                      f"was refused ({error}); a random legal decision was played for it",
                      file=sys.stderr)
                legal = view_for(game.state, seat).get("legal", [])
                events = table.decide(seat, table.parse(random.Random(version).choice(legal)),
                                      game.state.version)
        finally:
            self._bots_scheduled.discard(table.id)
            if again:
                self._schedule_bots(table)
        table.commit_decision()
        self._broadcast(table, events)
