"""The client side of the protocol in asyncio (PROTOCOL.md "Connection lifecycle").

`Session` is one connection: it does the hello, reads every incoming message as
a client does (`messages.HOST_MESSAGES`: a type it does not know is skipped, a
known one with a bad field is refused), answers the host's pings, numbers its
commands (`seq`) and asks for a resync when it sees a gap in the host's message
numbers. The
thread-backed `net.client.ClientConnection`, the bot client, tests and the
benchmark all build on it.
"""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

from havana_game.content import EDITIONS, classic_rules, find_edition

from . import PROTOCOL_VERSION
from .errors import FrameError, ProtocolError
from .framing import MAX_OUTBOUND_FRAME, encode_frame, read_frame
from .messages import HOST_MESSAGES, Unknown

READ_IDLE = 60.0
"""Client-side read timeout; the host pings far more often than this."""


class Session:
    """One connection to a host. `await Session.open(host, port)` does the hello."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.last_n = 0
        self.frames_received = 0
        self.gaps = 0
        self.reactions: tuple[str, ...] = ()
        """The reactions the host relays (`welcome.reactions`): only these may be sent."""
        self._seq = itertools.count(1)

    @classmethod
    async def open(cls, host: str, port: int, *, client: str = "havana",
                   fingerprint: str | None = None, timeout: float = 10.0) -> Session:
        """Connect and handshake; raises ProtocolError if the host refuses."""
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(host, port, limit=1 << 23), timeout)
        session = cls(reader, writer)
        try:
            default = fingerprint or classic_rules().fingerprint
            others = [f for f in (find_edition(name).fingerprint for name in EDITIONS)
                      if f != default]
            session.send({"type": "hello", "protocol": PROTOCOL_VERSION,
                          "fingerprint": default, "client": client, "editions": others})
            welcome = await asyncio.wait_for(session.receive(), timeout)
        except BaseException:  # a timeout, a lost connection, a cancel: no socket left open
            session.close()
            raise
        if welcome["type"] != "welcome":
            session.close()
            raise ProtocolError(welcome.get("reason", "unexpected_message"),
                                **welcome.get("params", {}))
        session.reactions = tuple(welcome.get("reactions", ()))
        return session

    def next_seq(self) -> int:
        return next(self._seq)

    def send(self, message: dict[str, Any]) -> None:
        self.writer.write(encode_frame(message))

    async def receive(self) -> dict[str, Any]:
        """The next message. Pings are answered and skipped, and so is a message
        of a type this client does not know (it still counts in the numbering); a
        gap in the numbers triggers a resync request, the message is still returned."""
        while True:
            raw = await read_frame(self.reader, READ_IDLE, READ_IDLE, MAX_OUTBOUND_FRAME)
            self.frames_received += 1
            message = HOST_MESSAGES.read(raw)
            n = getattr(message, "n", None)
            if n is not None:
                if n != self.last_n + 1:
                    self.gaps += 1
                    self.send({"type": "resync"})
                self.last_n = n
            if message.type == "ping":
                self.send({"type": "pong", "nonce": raw["nonce"]})
            elif not isinstance(message, Unknown):
                return raw

    async def join(self, code: str, name: str, seat: int | None = None,
                   token: str | None = None) -> dict[str, Any]:
        """Join (or, with a token, rejoin) a seat; returns the `joined` message or
        raises ProtocolError with the host's reason."""
        if token is not None and seat is not None:
            self.send({"type": "rejoin", "code": code, "seat": seat, "token": token})
        else:
            self.send({"type": "join", "code": code, "name": name, "seat": seat})
        reply = await self.receive()
        if reply["type"] != "joined":
            raise ProtocolError(reply.get("reason", "unexpected_message"),
                                **reply.get("params", {}))
        self._seq = itertools.count(reply["last_seq"] + 1)
        return reply

    def decide(self, decision: dict[str, Any], version: int, seq: int | None = None) -> int:
        """Send a decision based on view `version`; returns its seq."""
        seq = self.next_seq() if seq is None else seq
        self.send({"type": "decide", "seq": seq, "version": version, "decision": decision})
        return seq

    def close(self) -> None:
        if not self.writer.is_closing():
            self.writer.close()


__all__ = ["FrameError", "ProtocolError", "Session"]
