"""One client connection on the host: numbered, bounded, never blocking sends."""

from __future__ import annotations

import asyncio
from typing import Any

from ..errors import ProtocolError
from ..framing import FrameReader, encode_frame
from .audience import Update


class Connection:
    """Outgoing messages get `n` = 1, 2, 3... Sends never wait: frames queued in one
    event-loop iteration leave together in one write at the start of the next
    (an `ack` and the `view` after it cost one system call), into the transport's
    buffer; a client whose buffer grows past `buffer_limit` (it does not read) is
    disconnected, so it cannot stall anyone else.

    The host builds outbound frames itself, as plain data without a model round
    trip; the tests validate every frame a client receives against the shared
    adapter (`net.messages.ADAPTER`)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 buffer_limit: int) -> None:
        self.frames = FrameReader(reader)
        self.writer = writer
        peer = writer.get_extra_info("peername")
        self.address: str = peer[0] if peer else "?"
        self.buffer_limit = buffer_limit
        self.n = 0
        self.table_id: str | None = None
        self.seat: int | None = None
        self.closed = False
        self._loop = asyncio.get_running_loop()
        self._out: list[bytes] = []

    def send(self, kind: str, **fields: Any) -> None:
        """Send a message of type `kind` with these fields (plain data)."""
        if not self.closed:
            self.n += 1
            self._queue(encode_frame({"type": kind, "n": self.n, **fields}))

    def send_view(self, update: Update) -> None:
        """Send this connection's `view` message of `update` (its seat's, or the
        public one for a spectator)."""
        if not self.closed:
            self.n += 1
            self._queue(update.frame(self.n, self.seat))

    def send_error(self, error: ProtocolError, seq: int | None = None) -> None:
        params = {k: (v if isinstance(v, int | bool) or v is None else str(v)[:200])
                  for k, v in error.params.items()}
        self.send("error", reason=error.reason, params=params, seq=seq, fatal=error.fatal)
        if error.fatal:
            self.close()

    def _queue(self, data: bytes) -> None:
        if not self._out:
            self._loop.call_soon(self._flush)
        self._out.append(data)

    def _flush(self) -> None:
        if self._out and not self.closed:
            self._write_out()
            if self.writer.transport.get_write_buffer_size() > self.buffer_limit:
                self.close()

    def _write_out(self) -> None:
        data = b"".join(self._out)
        self._out.clear()
        self.writer.write(data)

    def close(self) -> None:
        """Close after the queued frames are flushed (abort if the peer is stuck)."""
        if not self.closed:
            self.closed = True
            if self._out:
                self._write_out()
            if self.writer.transport.get_write_buffer_size() > self.buffer_limit:
                self.writer.transport.abort()
            else:
                self.writer.close()
