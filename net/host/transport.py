"""How a connection's messages travel (PROTOCOL.md "Framing" and "WebSocket"): the
host's connection logic (`Connection`, `Host._serve`) reads messages and writes
frames through a `Transport`, the same over both.

- `StreamTransport`: the TCP protocol, length-prefixed frames on the stream.
- `WebSocketTransport` (`net.host.web`): one msgpack message per binary
  WebSocket message, over the same asyncio stream.

Each frames the messages' packed bodies its own way (`frame`), once per body, and
both write straight into the stream's transport buffer, so the send-buffer limit,
`stuck()` and aborting a slow reader are one piece of code for both.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from ..errors import FrameError
from ..framing import FrameReader, frame


class Transport(Protocol):
    """One client connection's way of carrying messages."""

    writer: asyncio.StreamWriter
    """The stream underneath (its buffer size is what the host watches)."""

    async def read(self, idle_timeout: float, frame_deadline: float) -> Any:
        """The next message's decoded object (FrameError, IncompleteReadError at EOF)."""

    def frame(self, body: bytes) -> bytes:
        """One message's packed msgpack `body` as it travels on this connection."""

    def write(self, frames: bytes) -> None:
        """Send these frames (`frame`'s, concatenated)."""

    def close(self) -> None:
        """Close once what was written is sent."""


def peer_address(writer: asyncio.StreamWriter) -> str:
    """The connection's remote IP address ("?" if unknown)."""
    peer = writer.get_extra_info("peername")
    return str(peer[0]) if peer else "?"


class StreamTransport:
    """The TCP protocol: frames as they are, on the stream. `first` holds bytes
    already read from the stream (the host looks at the first byte to tell TCP
    from HTTP); `waited`: the host already waited that long for a first byte,
    in vain, so the first read times out at once."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 first: bytes = b"", waited: float | None = None) -> None:
        self.writer = writer
        self.frames = FrameReader(reader)
        self.waited = waited
        if first:
            self.frames.push(first)

    async def read(self, idle_timeout: float, frame_deadline: float) -> Any:
        if self.waited is not None:
            raise FrameError("idle_timeout", seconds=self.waited)
        return await self.frames.read(idle_timeout, frame_deadline)

    frame = staticmethod(frame)

    def write(self, frames: bytes) -> None:
        self.writer.write(frames)

    def close(self) -> None:
        self.writer.close()
