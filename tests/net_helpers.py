"""Shared helpers for the network tests: a host in the test's event loop, and a
client that records every byte it receives."""

from __future__ import annotations

import asyncio
import random
import socket
import threading
from collections import deque
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri

from havana_game.content import EDITIONS, classic_rules, find_edition
from net import PROTOCOL_VERSION
from net.framing import HEADER, MAX_OUTBOUND_FRAME, check_length, decode_body, encode_frame
from net.host import Host, HostConfig
from net.host.journal import Files
from net.messages import HOST_MESSAGES, Unknown, unknown_field

from .seeds import HOST_SEED

LOOPBACK = "127.0.0.1"


def check_told(raw: dict[str, Any]) -> None:
    """`raw` is a host message a client of today reads whole: valid, of a known
    type, with no field its model lacks (so the models, and PROTOCOL.md with them,
    say everything the host sends)."""
    message = HOST_MESSAGES.read(raw)
    assert not isinstance(message, Unknown) and unknown_field(message) is None, raw


@asynccontextmanager
async def running_host(**config: Any):
    config.setdefault("seed", HOST_SEED)
    config.setdefault("autostart", True)
    host = Host(HostConfig(bind=LOOPBACK, **config))
    await host.start()
    try:
        yield host
    finally:
        await host.close()


@dataclass
class Recorder:
    """A raw protocol client keeping every frame it receives, bytes and message."""

    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    frames: list[bytes] = field(default_factory=list)
    messages: list[dict[str, Any]] = field(default_factory=list)
    seat: int | None = None
    token: str | None = None
    seq: int = 0

    @classmethod
    async def connect(cls, port: int) -> Recorder:
        reader, writer = await asyncio.open_connection(LOOPBACK, port, limit=1 << 23)
        return cls(reader, writer)

    @classmethod
    async def connect_small_window(cls, port: int) -> Recorder:
        """A client whose socket takes little from the host (a 2 KiB receive
        buffer), so that once it stops reading the host's sends wait at once."""
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, (LOOPBACK, port))
        reader, writer = await asyncio.open_connection(sock=sock)
        return cls(reader, writer)

    def send(self, message: dict[str, Any]) -> None:
        self.writer.write(encode_frame(message))

    def hello(self) -> None:
        self.send({"type": "hello", "protocol": PROTOCOL_VERSION,
                   "fingerprint": classic_rules().fingerprint,
                   "editions": [find_edition(e).fingerprint for e in EDITIONS]})

    async def receive(self, timeout: float = 10.0) -> dict[str, Any]:
        header = await asyncio.wait_for(self.reader.readexactly(HEADER.size), timeout)
        body = await asyncio.wait_for(
            self.reader.readexactly(check_length(header, MAX_OUTBOUND_FRAME)), timeout)
        self.frames.append(header + body)
        raw = decode_body(body, MAX_OUTBOUND_FRAME)
        check_told(raw)
        self.messages.append(raw)
        return raw

    async def until(self, kind: str, timeout: float = 10.0) -> dict[str, Any]:
        return await self.until_any((kind,), timeout)

    async def until_any(self, kinds: tuple[str, ...], timeout: float = 10.0) -> dict[str, Any]:
        while True:
            message = await self.receive(timeout)
            if message["type"] in kinds:
                return message

    async def join(self, code: str, name: str = "p", **extra: Any) -> dict[str, Any]:
        self.hello()
        await self.until("welcome")
        self.send({"type": "join", "code": code, "name": name, **extra})
        joined = await self.until("joined")
        self.seat, self.token = joined["seat"], joined["token"]
        return joined

    def decide(self, decision: dict[str, Any], version: int) -> int:
        self.seq += 1
        self.send({"type": "decide", "seq": self.seq, "version": version,
                   "decision": decision})
        return self.seq

    def close(self) -> None:
        self.writer.close()


class WebSocketRefused(Exception):
    """The host answered the WebSocket upgrade with another HTTP status."""

    def __init__(self, status: int) -> None:
        super().__init__(f"HTTP {status}")
        self.status = status


@dataclass
class WsRecorder(Recorder):
    """`Recorder` over the host's WebSocket (one msgpack message per binary
    message), on websockets' Sans-I/O client so that sends never wait and a test
    can send anything; `frames` keep each message with a frame header, as over TCP."""

    ws: ClientProtocol | None = None
    inbox: deque[bytes] = field(default_factory=deque)

    @classmethod
    async def connect(cls, port: int, origin: str | None = None, path: str = "/ws",
                      address: str = LOOPBACK, sock: Any = None) -> WsRecorder:
        """A WebSocket to the host (over `sock`, an already connected socket, if given)."""
        reader, writer = await (asyncio.open_connection(sock=sock, limit=1 << 23) if sock
                                else asyncio.open_connection(address, port, limit=1 << 23))
        ws = ClientProtocol(parse_uri(f"ws://{address}:{port}{path}"),
                            origin=origin,  # type: ignore[arg-type]
                            max_size=MAX_OUTBOUND_FRAME)
        ws.send_request(ws.connect())
        recorder = cls(reader, writer, ws=ws)
        recorder.flush()
        while True:
            data = await asyncio.wait_for(reader.read(65536), 10)
            if not data:
                raise ConnectionError("closed during the WebSocket handshake")
            ws.receive_data(data)
            events = ws.events_received()
            if events:
                response = events[0]
                assert isinstance(response, Response)
                if response.status_code != 101:
                    writer.close()
                    raise WebSocketRefused(response.status_code)
                recorder.take(events[1:])
                return recorder

    def flush(self) -> None:
        assert self.ws is not None
        for data in self.ws.data_to_send():
            if data and not self.writer.is_closing():
                self.writer.write(data)

    def take(self, events: list[Any]) -> None:
        for event in events:
            if isinstance(event, Frame) and event.opcode is Opcode.BINARY:
                self.inbox.append(bytes(event.data))

    def send(self, message: dict[str, Any]) -> None:
        self.send_bytes(msgpack.packb(message, use_bin_type=True))

    def send_bytes(self, body: bytes, text: bool = False) -> None:
        assert self.ws is not None
        if text:
            self.ws.send_text(body)
        else:
            self.ws.send_binary(body)
        self.flush()

    async def receive(self, timeout: float = 10.0) -> dict[str, Any]:
        assert self.ws is not None
        while not self.inbox:
            data = await asyncio.wait_for(self.reader.read(1 << 20), timeout)
            if not data:
                raise asyncio.IncompleteReadError(b"", None)
            self.ws.receive_data(data)
            self.flush()
            self.take(self.ws.events_received())
            if not self.inbox and self.ws.close_rcvd is not None:
                raise asyncio.IncompleteReadError(b"", None)
        body = self.inbox.popleft()
        self.frames.append(HEADER.pack(len(body)) + body)
        raw = decode_body(body, MAX_OUTBOUND_FRAME)
        check_told(raw)
        self.messages.append(raw)
        return raw

    def close(self) -> None:
        assert self.ws is not None
        if not self.writer.is_closing():
            if self.ws.state is State.OPEN:
                self.ws.send_close()
                self.flush()
            self.writer.close()


TRANSPORTS = {"tcp": Recorder, "websocket": WsRecorder}
"""The host's two transports, by name: a test parametrized over them runs on both."""


async def play_randomly(client: Recorder, rng: random.Random) -> dict[str, Any]:
    """Play the client's seat with random legal decisions until game over."""
    waiting = False
    view = None
    while True:
        message = await client.receive()
        kind = message["type"]
        if kind == "game_over":
            return message
        if kind == "view":
            view = message["view"]
        elif kind in ("ack", "error"):
            assert kind == "ack" or not message["fatal"], message
            waiting = False
            if kind == "ack" and view is not None and view["version"] < message["version"]:
                view = None  # wait for the view the decision led to
        if not waiting and view is not None and client.seat in view["to_decide"]:
            client.decide(rng.choice(view["legal"]), view["version"])
            waiting = True


WAIT = 120.0
"""Seconds a condition may take on a loaded machine before a test fails."""


def bot_client_game() -> dict[str, Any]:
    """A 2-seat table of a host of today, its bot seat taken by the host and the
    other played to its end by `net.botclient`'s random client (the Python client a
    player's machine runs): what `play_seat` says of the game it played."""
    from net.botclient import play_seat

    async def scenario() -> dict[str, Any]:
        async with running_host() as host:
            table = host.create_table(2, [None, "random"])
            return await play_seat(LOOPBACK, host.port, table.code, "random")
    return asyncio.run(scenario())


async def eventually(condition: Any, seconds: float = WAIT, pause: float = 0.01) -> None:
    """Wait until `condition()` holds (it must, within the generous `seconds`)."""
    deadline = asyncio.get_running_loop().time() + seconds
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, f"not reached in time {condition}"
        await asyncio.sleep(pause)


class WatchedFiles(Files):
    """The journal's system calls, watched: `opened` lists the files opened,
    `synced` counts the fdatasyncs that returned; after `hold()` an fdatasync
    waits for a `release()` (one each, in order; `entered` is set when one
    waits); with `fail` set, the next write or fdatasync (as `fail_in` says)
    raises it."""

    def __init__(self) -> None:
        self.opened: list[str] = []
        self.synced = 0
        self.entered = threading.Event()
        self._gates: list[threading.Event] = []
        self.fail: OSError | None = None
        self.fail_in = "write"

    def hold(self) -> None:
        self.entered.clear()
        self._gates.append(threading.Event())

    def release(self) -> None:
        for gate in self._gates:
            if not gate.is_set():
                gate.set()
                return

    def open(self, path: Any, flags: int, mode: int = 0o777) -> int:  # type: ignore[override]
        self.opened.append(Path(path).name)
        return Files.open(path, flags, mode)

    def write(self, fd: int, data: Any) -> int:  # type: ignore[override]
        if self.fail is not None and self.fail_in == "write":
            raise self.fail
        return Files.write(fd, data)

    def fdatasync(self, fd: int) -> None:  # type: ignore[override]
        if self.fail is not None and self.fail_in == "fdatasync":
            raise self.fail
        gate = next((g for g in self._gates if not g.is_set()), None) if self._gates else None
        if gate is not None:
            self.entered.set()
            assert gate.wait(WAIT), "the test never released the fdatasync"
            self._gates.remove(gate)
        Files.fdatasync(fd)
        self.synced += 1
