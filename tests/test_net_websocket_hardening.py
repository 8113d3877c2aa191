"""The WebSocket and HTTP side of the host under a client written from RFC 6455 and
PROTOCOL.md with raw sockets (issue 45.6, 47): client pings and pongs, a dripping
or fragmented message, malformed, duplicated and pipelined requests, DNS
rebinding, and the headers of every answer. Nothing waits on elapsed time: a
deadline is shown to hold (or not) by a witness connection whose own deadline the
host started later, so the host's timers, in order, decide."""

from __future__ import annotations

import asyncio
import logging
import socket
import struct
from typing import Any

import msgpack
import pytest

from havana_game.content import EDITIONS, classic_rules, find_edition
from net import PROTOCOL_VERSION
from net.framing import MAX_FRAME

from .net_helpers import LOOPBACK, running_host

CONT, TEXT, BINARY, CLOSE, PING, PONG = 0x0, 0x1, 0x2, 0x8, 0x9, 0xA
MASK = b"\x37\xfa\x21\x3d"
KEY = "dGhlIHNhbXBsZSBub25jZQ=="
SAFETY = 60.0
"""Seconds before a wait that should end fails the test (a safety net only)."""
SECURITY = {
    "content-security-policy": {"default-src 'self'", "connect-src 'self'",
                                "img-src 'self' data:", "frame-ancestors 'none'",
                                "base-uri 'none'", "form-action 'none'"},
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
}
"""The headers every HTTP answer carries (the CSP as its set of directives)."""


@pytest.fixture(autouse=True)
def no_traceback(capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture):
    """Whatever a test sends, the host logs no traceback and no error."""
    with caplog.at_level(logging.WARNING):
        yield
    err = capfd.readouterr().err
    assert "Traceback" not in err, err
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text


def frame(opcode: int, payload: bytes = b"", fin: bool = True) -> bytes:
    """A client's (masked) WebSocket frame."""
    size = len(payload)
    head = bytes((0x80 * fin | opcode,))
    if size < 126:
        head += bytes((0x80 | size,))
    elif size < 1 << 16:
        head += b"\xfe" + struct.pack(">H", size)
    else:
        head += b"\xff" + struct.pack(">Q", size)
    return head + MASK + bytes(b ^ MASK[i % 4] for i, b in enumerate(payload))


def hello() -> bytes:
    return msgpack.packb({"type": "hello", "protocol": PROTOCOL_VERSION,
                          "fingerprint": classic_rules().fingerprint,
                          "editions": [find_edition(e).fingerprint for e in EDITIONS]})


def upgrade_request(port: int, host: str | None = None, origin: str | None = None,
                    extra: str = "") -> bytes:
    lines = ["GET /ws HTTP/1.1", f"Host: {f'{LOOPBACK}:{port}' if host is None else host}",
             "Upgrade: websocket", "Connection: Upgrade", f"Sec-WebSocket-Key: {KEY}",
             "Sec-WebSocket-Version: 13"]
    if origin is not None:
        lines.append(f"Origin: {origin}")
    return ("\r\n".join(lines) + "\r\n" + extra + "\r\n").encode()


class Raw:
    """A WebSocket client on a bare socket: it sends exactly the bytes a test says,
    and reads with plain recv calls, so what the host sent before it reset the
    connection (closing with a ping of ours unread) is still read."""

    def __init__(self, sock: socket.socket, head: bytes = b"") -> None:
        self.sock = sock
        self.buffer = bytearray(head)

    @classmethod
    async def connect(cls, port: int, request: bytes = b"") -> Raw:
        """A connection to the host that sent `request`."""
        sock = socket.socket()
        sock.setblocking(False)
        loop = asyncio.get_running_loop()
        await loop.sock_connect(sock, (LOOPBACK, port))
        raw = cls(sock)
        await raw.write(request)
        return raw

    @classmethod
    async def open(cls, port: int, request: bytes = b"") -> Raw:
        """An open WebSocket (`request` follows the upgrade request at once)."""
        raw = await cls.connect(port, upgrade_request(port) + request)
        head = await raw.until(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101 "), head
        return raw

    async def write(self, data: bytes) -> None:
        await asyncio.get_running_loop().sock_sendall(self.sock, data)

    async def send(self, opcode: int, payload: bytes = b"", fin: bool = True) -> None:
        await self.write(frame(opcode, payload, fin))

    async def _more(self) -> None:
        data = await asyncio.wait_for(
            asyncio.get_running_loop().sock_recv(self.sock, 1 << 20), SAFETY)
        if not data:
            raise asyncio.IncompleteReadError(bytes(self.buffer), None)
        self.buffer += data

    async def take(self, size: int) -> bytes:
        while len(self.buffer) < size:
            await self._more()
        data = bytes(self.buffer[:size])
        del self.buffer[:size]
        return data

    async def until(self, end: bytes) -> bytes:
        while end not in self.buffer:
            await self._more()
        return await self.take(self.buffer.index(end) + len(end))

    def poll(self) -> None:
        """Take what has arrived, without waiting."""
        while True:
            try:
                data = self.sock.recv(1 << 20)
            except (BlockingIOError, ConnectionResetError):
                return
            if not data:
                return
            self.buffer += data

    async def rest(self) -> bytes:
        """Everything until the host closes the connection."""
        try:
            while True:
                await self._more()
        except (asyncio.IncompleteReadError, ConnectionResetError):
            pass
        return await self.take(len(self.buffer))

    async def next(self) -> tuple[int, bytes]:
        """The host's next frame: (opcode, payload)."""
        head = await self.take(2)
        size = head[1] & 0x7F
        if size == 126:
            (size,) = struct.unpack(">H", await self.take(2))
        elif size == 127:
            (size,) = struct.unpack(">Q", await self.take(8))
        assert head[0] & 0x80 and not head[1] & 0x80  # whole, unmasked
        return head[0] & 0x0F, await self.take(size)

    async def message(self) -> dict[str, Any]:
        """The host's next protocol message (a close frame fails the test)."""
        opcode, payload = await self.next()
        assert opcode == BINARY, (opcode, payload)
        message: dict[str, Any] = msgpack.unpackb(payload)
        return message

    async def closed_with(self) -> int:
        """The code of the close frame that ends what the host sends (after any
        messages)."""
        while True:
            opcode, payload = await self.next()
            if opcode == CLOSE:
                return int(struct.unpack(">H", payload[:2])[0])

    async def round_trip(self, payload: bytes = b"pace") -> None:
        """A ping and its pong: the host read everything sent before it."""
        await self.send(PING, payload)
        assert await self.next() == (PONG, payload)

    def close(self) -> None:
        self.sock.close()


async def http(port: int, request: bytes) -> bytes:
    """The host's whole answer to a raw request (it closes after one)."""
    raw = await Raw.connect(port, request)
    try:
        return await raw.rest()
    finally:
        raw.close()


def parse(answer: bytes) -> tuple[int, dict[str, list[str]], bytes]:
    """Status, headers (lowercased names, every value) and body of one answer,
    which must be the only one (its Content-Length ends the bytes)."""
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers: dict[str, list[str]] = {}
    for line in lines:
        name, _, value = line.partition(":")
        headers.setdefault(name.strip().lower(), []).append(value.strip())
    assert status_line.startswith("HTTP/1.1 "), answer[:80]
    assert headers["connection"] == ["close"]
    assert [int(v) for v in headers["content-length"]] == [len(body)], answer[-200:]
    return int(status_line.split()[1]), headers, body


def check_security_headers(headers: dict[str, list[str]], what: str) -> None:
    for name, expected in SECURITY.items():
        assert len(headers.get(name, [])) == 1, (what, name, headers)
        value = headers[name][0]
        if isinstance(expected, set):
            assert {part.strip() for part in value.split(";")} == expected, (what, value)
        else:
            assert value == expected, (what, name, value)


def get(path: str, host: str, extra: str = "") -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: {host}\r\n{extra}\r\n".encode()


# --- client pings and the deadline ---------------------------------------------------

def test_client_pings_are_answered_and_start_no_deadline():
    async def scenario():
        async with running_host(frame_deadline=0.3, handshake_timeout=SAFETY) as host:
            ws = await Raw.open(host.port)
            witness = await Raw.open(host.port)
            await ws.send(PONG, b"unasked")  # taken, never answered
            await ws.send(PING, b"are you there?")
            assert await ws.next() == (PONG, b"are you there?")
            await ws.send(PING)
            assert await ws.next() == (PONG, b"")
            # The witness begins a message after the host took the pings; it is cut
            # off at its deadline, so a deadline the pings had started is over too.
            await witness.write(frame(BINARY, b"x" * 100)[:20])
            error = await witness.message()
            assert error["reason"] == "frame_timeout" and error["fatal"]
            assert await witness.closed_with() == 1000
            await ws.send(BINARY, hello())
            assert (await ws.message())["type"] == "welcome"
            ws.close()
            witness.close()
    asyncio.run(scenario())


def test_pings_do_not_put_off_the_idle_timeout():
    async def scenario():
        async with running_host(handshake_timeout=0.5) as host:
            ws = await Raw.open(host.port)
            witness = await Raw.open(host.port)  # idle from later on
            witness_cut = asyncio.create_task(witness.message())
            reason = None
            while reason is None and not witness_cut.done():
                await ws.send(PING, b"still here")
                opcode, payload = await ws.next()
                if opcode == BINARY:
                    reason = msgpack.unpackb(payload)["reason"]
            assert reason == "idle_timeout", "pings kept an idle client past a later one's timeout"
            assert (await witness_cut)["reason"] == "idle_timeout"
            ws.close()
            witness.close()
    asyncio.run(scenario())


@pytest.mark.parametrize("how", ["bytes", "fragments"])
def test_a_dripping_client_is_cut_off_at_the_deadline_of_its_message(how: str):
    """One message dripped (a byte at a time, or one-byte fragments with a ping
    between each) is cut off at the deadline from its first byte: it outlives no
    witness whose message began after its own."""
    async def scenario():
        async with running_host(frame_deadline=0.5, handshake_timeout=SAFETY) as host:
            pace, drip, witness = [await Raw.open(host.port) for _ in range(3)]
            if how == "bytes":
                data = frame(BINARY, bytes(60_000))
                pieces = [data[at:at + 1] for at in range(len(data))]
            else:
                pieces = [frame(BINARY, b"\x00", fin=False),
                          *(frame(CONT, b"\x00", fin=False) for _ in range(60_000))]
            await drip.write(pieces[0])
            await pace.round_trip()  # the host has the drip's first byte
            await witness.write(frame(BINARY, b"x" * 100)[:20])
            witness_cut = asyncio.create_task(witness.message())
            cut: dict[str, Any] | None = None
            try:
                for piece in pieces[1:]:
                    if witness_cut.done():
                        break
                    try:
                        await drip.write(piece)
                        if how == "fragments":
                            await drip.send(PING, b"mid")
                    except OSError:
                        break  # closed by the host: its error has arrived
                    if how == "fragments":
                        opcode, payload = await drip.next()
                        if opcode != PONG:
                            cut = msgpack.unpackb(payload)
                            break
                    else:
                        await pace.round_trip()
                        drip.poll()
                        if drip.buffer:
                            break
                await pace.round_trip()  # what the host sent the drip first has arrived
                drip.poll()
                if cut is None:
                    assert drip.buffer, "the drip outlived a deadline begun after its first byte"
                    cut = await drip.message()
                assert cut["reason"] == "frame_timeout" and cut["fatal"]
                assert (await witness_cut)["reason"] == "frame_timeout"
            finally:
                witness_cut.cancel()
            for ws in (pace, drip, witness):
                ws.close()
    asyncio.run(scenario())


def test_a_fragmented_message_is_read_whole_and_limited_whole():
    async def scenario():
        async with running_host(handshake_timeout=SAFETY) as host:
            ws = await Raw.open(host.port)
            body = hello()
            third = len(body) // 3
            await ws.write(frame(BINARY, body[:third], fin=False) + frame(PING, b"between")
                            + frame(CONT, body[third:2 * third], fin=False))
            assert await ws.next() == (PONG, b"between")
            await ws.send(CONT, body[2 * third:])
            assert (await ws.message())["type"] == "welcome"
            # Fragments each within the limit, a message over it: 1009 (message too big).
            big = await Raw.open(host.port)
            part = MAX_FRAME // 2
            await big.write(frame(BINARY, bytes(part), fin=False)
                             + frame(CONT, bytes(part), fin=False) + frame(CONT, b"\x00"))
            assert await big.closed_with() == 1009
            ws.close()
            big.close()
    asyncio.run(scenario())


def test_a_text_message_is_refused_and_the_close_says_so():
    async def scenario():
        async with running_host(handshake_timeout=SAFETY) as host:
            ws = await Raw.open(host.port)
            await ws.send(TEXT, b'{"type": "hello"}')
            error = await ws.message()
            assert error["reason"] == "bad_frame" and error["fatal"]
            assert await ws.closed_with() == 1003  # unsupported data
            # A frame the RFC forbids (an unmasked one): 1002, no message.
            bare = await Raw.open(host.port)
            await bare.write(b"\x82\x01\x00")
            assert await bare.closed_with() == 1002
            ws.close()
            bare.close()
    asyncio.run(scenario())


# --- the HTTP requests ---------------------------------------------------------------

def test_the_page_carries_every_security_header_in_full():
    async def scenario():
        async with running_host() as host:
            own = f"{LOOPBACK}:{host.port}"
            for path in ("/", "/app.js", "/i18n/en.json", "/editions.json"):
                status, headers, _ = parse(await http(host.port, get(path, own)))
                assert status == 200, path
                check_security_headers(headers, path)
    asyncio.run(scenario())


def test_every_refusal_carries_the_security_headers_and_fits_the_request():
    async def scenario():
        async with running_host(handshake_timeout=1.0) as host:
            port = host.port
            own = f"{LOOPBACK}:{port}"
            cases = [
                (404, get("/nope.html", own)),
                (400, b"GARBAGE\r\n\r\n"),
                (400, b"GET /\r\n\r\n"),
                (400, b"GET / HTTP/1.1\r\nHost: " + own.encode() + b"\r\nbad header\r\n\r\n"),
                (400, b"GET / HTTP/1.1\nHost: x\n\n"),  # no CR
                (400, b"GET / HTTP/1.1\r\n\r\n"),  # no Host
                (400, get("/", own, "Transfer-Encoding: chunked\r\n")),
                (403, get("/", f"evil.example:{port}")),
                (405, f"GETS / HTTP/1.1\r\nHost: {own}\r\n\r\n".encode()),
                (408, f"GET / HTTP/1.1\r\nHost: {own}\r\n".encode()),  # never finished
                (414, f"GET /{'a' * 9000} HTTP/1.1\r\nHost: {own}\r\n\r\n".encode()),
                (431, get("/", own, f"X-Big: {'b' * 9000}\r\n")),
                (431, get("/", own, "".join(f"X-{n}: {'c' * 100}\r\n" for n in range(150)))),
                (505, f"GET / HTTP/2.0\r\nHost: {own}\r\n\r\n".encode()),
            ]
            for expected, request in cases:
                status, headers, body = parse(await http(port, request))
                assert status == expected, (request[:60], status, body)
                check_security_headers(headers, str(status))
                assert body.startswith(f"{status} ".encode())
                assert b"WebSocket" not in body, body  # none of these asked for one
            for expected, request in [
                (426, get("/ws", own)),
                (400, upgrade_request(port).replace(b"Version: 13", b"Version: 99")),
                (403, upgrade_request(port, origin="http://evil.example")),
                (403, upgrade_request(port, host=f"evil.example:{port}")),
            ]:
                status, headers, body = parse(await http(port, request))
                assert status == expected, (status, body)
                check_security_headers(headers, str(status))
                assert body.startswith(f"{status} ".encode())
                if status == 426:
                    assert headers["upgrade"] == ["websocket"]
            assert not host.connections and not host.pending_by_address
    asyncio.run(scenario())


@pytest.mark.parametrize("name", ["Origin", "Host", "Upgrade", "Sec-WebSocket-Key",
                                  "Sec-WebSocket-Version"])
def test_a_header_given_twice_is_a_bad_request(name: str):
    async def scenario():
        async with running_host() as host:
            port = host.port
            values = {"Origin": f"http://{LOOPBACK}:{port}", "Host": f"{LOOPBACK}:{port}",
                      "Upgrade": "websocket", "Sec-WebSocket-Key": KEY,
                      "Sec-WebSocket-Version": "13"}
            request = upgrade_request(port, origin=values["Origin"],
                                      extra=f"{name}: {values[name]}\r\n")
            status, headers, body = parse(await http(port, request))
            assert status == 400 and name.encode() in body, (status, body)
            check_security_headers(headers, name)
            if name == "Host":
                status, _, _ = parse(await http(port, get("/", f"{LOOPBACK}:{port}",
                                                          f"Host: {LOOPBACK}:{port}\r\n")))
                assert status == 400
            assert not host.connections
    asyncio.run(scenario())


def test_pipelined_requests_get_the_first_answered_and_the_connection_closed():
    async def scenario():
        async with running_host(handshake_timeout=SAFETY) as host:
            own = f"{LOOPBACK}:{host.port}"
            answer = await http(host.port, get("/", own) + get("/app.js", own)
                                + get("/style.css", own))
            status, headers, body = parse(answer)  # one answer, and the end
            assert status == 200 and headers["content-type"] == ["text/html; charset=utf-8"]
            assert answer.count(b"HTTP/1.1 ") == 1 and body.startswith(b"<!doctype html>")
            # Behind an upgrade, what follows is read as the WebSocket's frames: a
            # request is not one (its first byte sets reserved bits): 1002.
            raw = await Raw.open(host.port, get("/", own))
            assert await raw.closed_with() == 1002
            raw.close()
            # Frames sent right behind the upgrade request are read as such.
            raw = await Raw.open(host.port, frame(BINARY, hello()))
            assert (await raw.message())["type"] == "welcome"
            raw.close()
    asyncio.run(scenario())


def test_a_host_name_not_this_hosts_is_refused_dns_rebinding():
    async def scenario():
        async with running_host() as host:
            port = host.port
            for name in (f"evil.example:{port}", "evil.example", f"127.0.0.1.evil.example:{port}",
                         f"{LOOPBACK}:{port}@evil.example", f"{LOOPBACK}:99999",
                         f"192.0.2.7:{port}", f"[2001:db8::1]:{port}", f"{LOOPBACK}:{port}:1",
                         f"havana-{port + 1}.local:{port}", ""):
                status, headers, _ = parse(await http(port, get("/", name)))
                assert status in (400, 403), (name, status)
                request = upgrade_request(port, host=name, origin=f"http://{name}")
                status, headers, _ = parse(await http(port, request))
                assert status in (400, 403), (name, status)
                check_security_headers(headers, name)
            status, _, _ = parse(await http(port, upgrade_request(
                port, host=f"evil.example:{port}", origin=f"http://evil.example:{port}")))
            assert status == 403
            # Its own names and addresses: served, and upgraded.
            machine = socket.gethostname()
            for name in (f"{LOOPBACK}:{port}", f"localhost:{port}", f"LocalHost.:{port}",
                         f"[::1]:{port}", f"{machine}:{port}", f"{machine.split('.')[0]}.local",
                         f"havana-{port}.local:{port}", LOOPBACK):
                status, _, _ = parse(await http(port, get("/", name)))
                assert status == 200, (name, status)
                raw = await Raw.connect(port, upgrade_request(port, host=name,
                                                              origin=f"http://{name}"))
                head = await raw.until(b"\r\n\r\n")
                assert head.startswith(b"HTTP/1.1 101 "), (name, head)
                raw.close()
    asyncio.run(scenario())
