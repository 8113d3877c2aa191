"""One client connection on the host: numbered, bounded, never blocking sends."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from typing import Any

from ..errors import ProtocolError
from ..framing import pack
from .audience import Update
from .barrier import Barrier
from .transport import Transport, peer_address


class Outbox:
    """The connections sent something during this pass of the event loop: at its
    end each writes all of it in one go (one system call per connection per pass,
    however many messages and tables' changes it was told of meanwhile)."""

    def __init__(self) -> None:
        self._waiting: list[Connection] = []

    def add(self, conn: Connection) -> None:
        if not self._waiting:
            asyncio.get_running_loop().call_soon(self.flush)
        self._waiting.append(conn)

    def flush(self) -> None:
        waiting, self._waiting = self._waiting, []
        for conn in waiting:
            conn.flush()


class Connection:
    """Outgoing messages get `n` = 1, 2, 3... Sends never wait: they go to the
    transport's buffer, and a client whose buffer grows past `buffer_limit` (it
    does not read) is disconnected, so it cannot stall anyone else. Inside
    `batched()` frames are held and leave together in one write (an `ack` and
    the `view` after it cost one system call); with an `outbox` every frame is
    held so until the end of the event loop's pass. With a `barrier` (the host saves),
    frames sent while a change is not yet durable wait there; a close waits for
    them too. The `transport` carries the frames (TCP or WebSocket); the
    limits watch the stream underneath, the same for both.

    The host builds outbound frames itself, as plain data without a model round
    trip; the tests read every frame a client receives whole with the models of
    `net.messages.HOST_MESSAGES` (tests/net_helpers.py `check_told`)."""

    def __init__(self, transport: Transport, buffer_limit: int,
                 barrier: Barrier | None = None, outbox: Outbox | None = None) -> None:
        self.transport = transport
        self.writer = transport.writer
        self.address = peer_address(self.writer)
        self.buffer_limit = buffer_limit
        self.barrier = barrier
        self.n = 0
        self.table_id: str | None = None
        self.seat: int | None = None
        self.owner = False
        """A spectator that watches with the host's owner token (may `start`)."""
        self.fingerprints: frozenset[str] = frozenset()
        """The editions the client plays (from its `hello`): it may only sit at or
        watch a table of one of them."""
        self.closed = False
        self.unread_since: float | None = None
        """When sent data was first seen waiting unread (None: all of it was read)."""
        self._out: list[bytes] = []
        self._batching = False
        self.outbox = outbox

    async def read(self, idle_timeout: float, frame_deadline: float) -> Any:
        """The client's next message, decoded (see `Transport.read`)."""
        return await self.transport.read(idle_timeout, frame_deadline)

    def send(self, kind: str, **fields: Any) -> None:
        """Send a message of type `kind` with these fields (plain data)."""
        if not self.closed:
            self.n += 1
            self._queue(self.transport.frame(pack({"type": kind, "n": self.n, **fields})))

    def send_view(self, update: Update) -> None:
        """Send this connection's `view` message of `update` (its seat's, or the
        public one for a spectator)."""
        if not self.closed:
            self.n += 1
            self._queue(self.transport.frame(update.message(self.n, self.seat)))

    def send_error(self, error: ProtocolError, seq: int | None = None) -> None:
        params = {k: (v if isinstance(v, int | bool) or v is None else str(v)[:200])
                  for k, v in error.params.items()}
        self.send("error", reason=error.reason, params=params, seq=seq, fatal=error.fatal)
        if error.fatal:
            self.close()

    @contextlib.contextmanager
    def batched(self) -> Iterator[None]:
        """Hold the frames sent inside; they leave in one write at the end."""
        self._batching = True
        try:
            yield
        finally:
            self._batching = False
            if self.outbox is None:
                self.flush()

    def _queue(self, data: bytes) -> None:
        if self.outbox is not None:
            if not self._out:
                self.outbox.add(self)
            self._out.append(data)
        elif self._batching:
            self._out.append(data)
        else:
            self._write(data)

    def flush(self) -> None:
        """Write the frames held (the end of the loop's pass: `Outbox`)."""
        if self._out and not self.closed:
            self._write(self._take())

    def _take(self) -> bytes:
        """The held frames, no longer held."""
        data = b"".join(self._out)
        self._out.clear()
        return data

    def _write(self, data: bytes) -> None:
        if self.barrier is None or not self.barrier.hold(self, data):
            self.deliver(data, False)

    def deliver(self, data: bytes, drained: bool) -> None:
        """Write `data` now (frames the barrier released, `drained`: the last of
        them; a close that waited for them happens now)."""
        if self.writer.transport.is_closing():
            return
        self.transport.write(data)
        if self.writer.transport.get_write_buffer_size() > self.buffer_limit:
            self.closed = True
            self.writer.transport.abort()
        elif drained and self.closed:
            self.transport.close()

    def stuck(self, now: float, limit: float) -> bool:
        """True if data sent to this client has been waiting unread, at every look
        since, for more than `limit` seconds (a client that stopped reading)."""
        if not self.writer.transport.get_write_buffer_size():
            self.unread_since = None
            return False
        if self.unread_since is None:
            self.unread_since = now
        return now - self.unread_since > limit

    def close(self) -> None:
        """Close after the queued frames are flushed (abort if the peer is stuck)."""
        if not self.closed:
            self.closed = True
            if self._out:
                self._write(self._take())
            if self.barrier is not None and self.barrier.holds(self):
                return  # closed once the held frames are out
            if self.writer.transport.get_write_buffer_size() > self.buffer_limit:
                self.writer.transport.abort()
            else:
                self.transport.close()

    def abort(self) -> None:
        """Drop the connection at once, whatever is queued or held."""
        self.closed = True
        self.writer.transport.abort()
