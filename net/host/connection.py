"""One client connection on the host: numbered, bounded, never blocking sends."""

from __future__ import annotations

import asyncio
from typing import Any

from ..errors import ProtocolError
from ..framing import encode_frame
from ..messages import Error, _Message


class Connection:
    """Outgoing messages get `n` = 1, 2, 3... Sends never wait: they go to the
    transport's buffer, and a client whose buffer grows past `buffer_limit` (it
    does not read) is disconnected, so it cannot stall anyone else."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 buffer_limit: int) -> None:
        self.reader = reader
        self.writer = writer
        peer = writer.get_extra_info("peername")
        self.address: str = peer[0] if peer else "?"
        self.buffer_limit = buffer_limit
        self.n = 0
        self.table_id: str | None = None
        self.seat: int | None = None
        self.closed = False

    def send(self, message: type[_Message], **fields: Any) -> None:
        """Send a `message` with these fields (plain data). The host builds the frame
        directly, without a model round trip, on this hot path; the tests validate
        every frame a client receives against the shared adapter."""
        if self.closed:
            return
        self.n += 1
        kind = message.model_fields["type"].default
        self.writer.write(encode_frame({"type": kind, "n": self.n, **fields}))
        if self.writer.transport.get_write_buffer_size() > self.buffer_limit:
            self.close()

    def send_error(self, error: ProtocolError, seq: int | None = None) -> None:
        params = {k: (v if isinstance(v, int | bool) or v is None else str(v)[:200])
                  for k, v in error.params.items()}
        self.send(Error, reason=error.reason, params=params, seq=seq, fatal=error.fatal)
        if error.fatal:
            self.close()

    def close(self) -> None:
        """Close after the buffered frames are flushed (abort if the peer is stuck)."""
        if not self.closed:
            self.closed = True
            if self.writer.transport.get_write_buffer_size() > self.buffer_limit:
                self.writer.transport.abort()
            else:
                self.writer.close()
