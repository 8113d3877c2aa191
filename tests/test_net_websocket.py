"""Browsers at the host's port: the web page's files over HTTP and nothing else,
the WebSocket as one more transport of the same protocol, and the same bad-input
guards as over TCP (malformed and oversized messages, wrong Origin, floods, slow
readers, failed joins)."""

from __future__ import annotations

import asyncio
import random
import socket
import struct
from typing import Any

import msgpack
import pytest

from havana_game.rules.snapshot import snapshot
from net import PROTOCOL_VERSION
from net.errors import FrameError
from net.framing import MAX_FRAME
from net.host.web import page_file, web_url

from .net_helpers import (
    LOOPBACK,
    WAIT,
    Recorder,
    WebSocketRefused,
    WsRecorder,
    eventually,
    running_host,
)


async def _http(port: int, request: bytes, timeout: float = 5.0) -> bytes:
    """Send a raw HTTP request; the whole answer (the host closes after it)."""
    reader, writer = await asyncio.open_connection(LOOPBACK, port)
    writer.write(request)
    try:
        return await asyncio.wait_for(reader.read(1 << 22), timeout) + \
            await asyncio.wait_for(reader.read(), timeout)
    finally:
        writer.close()


def _get(path: str, extra: str = "") -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: {LOOPBACK}\r\n{extra}\r\n".encode()


def test_the_page_and_its_data_are_served_and_nothing_else():
    async def scenario():
        async with running_host() as host:
            page = await _http(host.port, _get("/"))
            assert page.startswith(b"HTTP/1.1 200") and b"<!doctype html>" in page
            assert b"Content-Security-Policy: default-src 'self'" in page
            assert b"X-Content-Type-Options: nosniff" in page
            for path, kind in (("/app.js", b"text/javascript"), ("/style.css", b"text/css"),
                               ("/vendor/msgpack/index.mjs", b"text/javascript"),
                               ("/i18n/ru.json", b"application/json"),
                               ("/editions.json", b"application/json")):
                answer = await _http(host.port, _get(path))
                assert answer.startswith(b"HTTP/1.1 200") and kind in answer, path
            for path in ("/../pyproject.toml", "/%2e%2e/pyproject.toml", "/vendor/",
                         "/vendor/msgpack", "//etc/passwd", "/.hidden", "/app.js/..",
                         "/vendor/../../cli.py", "/i18n/xx.json", "/i18n/../web.py",
                         "/__init__.py", "/nope.html", "/vendor\\..\\x"):
                answer = await _http(host.port, _get(path))
                assert answer.startswith(b"HTTP/1.1 404"), (path, answer[:40])
                assert b"def " not in answer and b"[project]" not in answer
            # Only GET is HTTP here: anything else reads as a TCP frame, refused.
            answer = await _http(host.port, b"POST / HTTP/1.1\r\nHost: x\r\n"
                                            b"Content-Length: 0\r\n\r\n")
            assert b"frame_too_large" in answer and b"html" not in answer
            # Garbage that starts like a request: closed, nothing served.
            assert not (await _http(host.port, b"GARBAGE\r\n\r\n")).startswith(b"HTTP/1.1 200")
            assert not host.connections and not host.pending_by_address
    asyncio.run(scenario())
    assert page_file("/") is not None and page_file("/../net") is None


def test_only_page_files_resolve():
    assert page_file("/index.html") is not None
    for path in ("/", "/app.js", "/vendor/msgpack/LICENSE"):
        assert page_file(path) is not None, path
    for path in ("", "/..", "/./app.js", "/vendor//index.mjs", "/vendor/msgpack/../../app.js"):
        assert page_file(path) is None, path


def test_web_url_names_address_port_and_code():
    assert web_url("192.168.1.20", 7733, "K7QP-2M") == "http://192.168.1.20:7733/#code=K7QP-2M"


def test_a_browser_seat_plays_beside_a_tcp_seat_and_rejoins_over_either():
    async def scenario():
        async with running_host() as host:
            table = host.create_table(2)
            browser = await WsRecorder.connect(host.port)
            program = await Recorder.connect(host.port)
            assert (await browser.join(table.code, "Ana"))["seat"] == 0
            await program.join(table.code, "Bea")
            view = (await browser.until("view"))["view"]
            assert view["you"] == 0 and view["hand"]
            browser.decide(view["legal"][0], view["version"])
            assert (await browser.until("ack"))["seq"] == 1
            browser.close()
            # The browser's token takes the seat back over TCP, and a TCP token over
            # a WebSocket: one protocol, two transports.
            again = await Recorder.connect(host.port)
            again.hello()
            await again.until("welcome")
            again.send({"type": "rejoin", "code": table.code, "seat": 0, "token": browser.token})
            joined = await again.until("joined")
            assert joined["seat"] == 0 and joined["last_seq"] == 1
            program.close()
            back = await WsRecorder.connect(host.port)
            back.hello()
            await back.until("welcome")
            back.send({"type": "rejoin", "code": table.code, "seat": 1, "token": program.token})
            assert (await back.until("joined"))["seat"] == 1
            assert (await back.until("view"))["view"]["you"] == 1
            again.close()
            back.close()
    asyncio.run(scenario())


def test_another_sites_page_may_not_open_the_websocket():
    async def scenario():
        async with running_host() as host:
            for origin in ("http://evil.example", f"http://evil.example:{host.port}",
                           f"http://127.0.0.1:{host.port + 1}", "null"):
                with pytest.raises(WebSocketRefused) as refused:
                    await WsRecorder.connect(host.port, origin=origin)
                assert refused.value.status == 403
            own = await WsRecorder.connect(host.port, origin=f"http://{LOOPBACK}:{host.port}")
            own.hello()
            assert (await own.until("welcome"))["protocol"] == PROTOCOL_VERSION
            own.close()
    asyncio.run(scenario())


BAD_BODIES = [
    b"", b"\xc1", b"\x93\x01\x02\x03", msgpack.packb({"type": "nonsense"}),
    msgpack.packb({"type": "decide", "seq": "1", "version": 0, "decision": {}}),
    msgpack.packb({"type": "join", "code": "x" * 1000, "name": "n"}),
    msgpack.packb({"type": "hello", "protocol": PROTOCOL_VERSION, "fingerprint": "z"}),
    msgpack.packb({"type": "ping", "nonce": 1}) + b"\x00",  # trailing bytes
    b"\xd6\xff\x00\x00\x00\x00",  # a timestamp ext
    msgpack.packb({1: 2}),
]


async def _attack_ws(port: int, body: bytes, joined: str | None, text: bool = False) -> None:
    """Send one bad message (as a spectator of table `joined`, or first thing);
    expect a fatal error and/or the close, never a hang."""
    attacker = await WsRecorder.connect(port)
    if joined is not None:
        attacker.hello()
        await attacker.until("welcome")
        attacker.send({"type": "watch", "code": joined})
        await attacker.until("joined")
    attacker.send_bytes(body, text=text)
    try:
        while True:
            message = await attacker.receive(timeout=3)
            if message["type"] == "error" and message["fatal"]:
                assert "Traceback" not in str(message) and "/" not in str(message["params"])
                break
    except (asyncio.IncompleteReadError, ConnectionError):
        pass
    finally:
        attacker.close()


def test_bad_websocket_messages_leave_the_host_and_tables_intact():
    async def scenario():
        rng = random.Random(7)
        async with running_host(frame_deadline=0.5, failed_join_threshold=10_000) as host:
            table = host.create_table(2)
            lobby = host.create_table(4)
            alice, bob = await WsRecorder.connect(host.port), await WsRecorder.connect(host.port)
            await alice.join(table.code)
            await bob.join(table.code)
            view = (await alice.until("view"))["view"]
            before = snapshot(table.game.state)
            bodies = [*BAD_BODIES, *(bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))
                                     for _ in range(20))]
            for index, body in enumerate(bodies):
                await _attack_ws(host.port, body, lobby.code if index % 2 else None)
            await _attack_ws(host.port, b'{"type": "hello"}', None, text=True)
            await _attack_ws(host.port, b"{}", lobby.code, text=True)
            assert snapshot(table.game.state) == before
            assert [s.kind for s in lobby.seats] == ["open"] * 4
            alice.decide(view["legal"][0], 0)
            assert (await alice.until("ack"))["version"] == 1
            assert len(host.connections) == 2
    asyncio.run(scenario())


def _ws_header(length: int) -> bytes:
    """A masked binary WebSocket frame header announcing `length` payload bytes."""
    if length < 126:
        return bytes((0x82, 0x80 | length)) + b"\x00\x00\x00\x00"
    if length < 65536:
        return bytes((0x82, 0x80 | 126)) + struct.pack(">H", length) + b"\x00\x00\x00\x00"
    return bytes((0x82, 0x80 | 127)) + struct.pack(">Q", length) + b"\x00\x00\x00\x00"


def test_an_oversized_message_is_refused_from_its_header_and_a_dripped_one_times_out():
    async def scenario():
        async with running_host(frame_deadline=0.5) as host:
            for length in (MAX_FRAME + 1, 2**40):
                big = await WsRecorder.connect(host.port)
                big.writer.write(_ws_header(length) + b"\x00" * 10)  # the rest never comes
                with pytest.raises((asyncio.IncompleteReadError, ConnectionError)):
                    await big.receive(timeout=WAIT)
                # 1009 from the header: the deadline would have sent `frame_timeout`
                # and closed with 1000.
                assert big.ws.close_rcvd is not None and big.ws.close_rcvd.code == 1009
                assert not big.inbox and big.messages == []
                big.close()
            # Exactly the limit is fine.
            fine = await WsRecorder.connect(host.port)
            fine.send_bytes(msgpack.packb({"type": "ping", "nonce": 1, "n": 0}).ljust(MAX_FRAME,
                                                                                       b"\x00"))
            error = await fine.until("error")
            assert error["reason"] == "bad_frame"  # trailing bytes, but read whole
            fine.close()
            drip = await WsRecorder.connect(host.port)
            drip.writer.write(_ws_header(100) + b"\x00" * 10)
            error = await drip.until("error")
            assert error["reason"] == "frame_timeout" and error["fatal"]
            drip.close()
            idle = await WsRecorder.connect(host.port)
            assert not host.connections or all(c.table_id is None for c in host.connections)
            idle.close()
    asyncio.run(scenario())


def _small_socket(port: int) -> socket.socket:
    """A connection to the host that the kernel buffers little for (a slow phone)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    sock.connect((LOOPBACK, port))
    return sock


async def _watch_to_the_end(watcher: WsRecorder) -> dict[str, Any]:
    """The `game_over` the watcher sees, answering the host's pings on the way (a
    silent watcher is dropped after three heartbeats)."""
    while True:
        message = await watcher.receive(timeout=WAIT)
        if message["type"] == "ping":
            watcher.send({"type": "pong", "nonce": message["nonce"]})
        elif message["type"] == "game_over":
            return message


def test_a_flooding_or_unread_browser_is_dropped_and_the_table_plays_on():
    """The flood is dropped by the send-buffer limit, whatever the time: the
    heartbeat and drain timeout are so long that no connection is dropped for its
    pace (the test's one event loop runs the host and both clients; on a loaded
    machine it can fall a second behind, and a 0.1 s heartbeat then dropped the
    watcher too)."""
    async def scenario():
        async with running_host(heartbeat=WAIT / 3, drain_timeout=WAIT,
                                send_buffer_limit=1 << 16) as host:
            table = host.create_table(2, ["random", "random"])
            # Floods the host with requests (each answered with the table and the view)
            # and never reads the answers: its unread buffer overflows.
            flood = await WsRecorder.connect(host.port, sock=_small_socket(host.port))
            flood.hello()
            await flood.until("welcome")
            watcher = await WsRecorder.connect(host.port)
            watcher.hello()
            await watcher.until("welcome")
            flood.send({"type": "watch", "code": table.code})
            await flood.until("joined")
            [flooding] = [c for c in host.connections if c.table_id is not None]
            await flood.until("view")
            for count in range(5_000):
                flood.send({"type": "resync"})
                if count % 500 == 0:
                    await asyncio.sleep(0)
            watcher.send({"type": "watch", "code": table.code})
            assert (await _watch_to_the_end(watcher))["winners"]
            await eventually(lambda: flooding not in host.connections)
            assert flooding.closed
            flood.close()
            watcher.close()
    asyncio.run(scenario())


def test_a_browser_that_stops_reading_is_dropped():
    async def scenario():
        async with running_host(heartbeat=0.1, drain_timeout=0.3,
                                send_buffer_limit=1 << 30) as host:
            table = host.create_table(2, ["random", "random"])
            stuck = await WsRecorder.connect(host.port, sock=_small_socket(host.port))
            stuck.hello()
            await stuck.until("welcome")
            stuck.send({"type": "watch", "code": table.code})
            await stuck.until("joined")
            await eventually(lambda: not host.connections)  # it reads nothing more
            stuck.close()
    asyncio.run(scenario())


def test_failed_browser_joins_are_slowed_and_busy_hosts_refuse():
    async def scenario():
        async with running_host(failed_join_threshold=2, failed_join_delay=0.05,
                                failed_join_max_delay=0.2, max_pending_per_address=2) as host:
            table = host.create_table(2)
            for _ in range(4):
                wrong = await WsRecorder.connect(host.port)
                wrong.hello()
                await wrong.until("welcome")
                wrong.send({"type": "join", "code": "AAAAA-AAAAA", "name": "x"})
                assert (await wrong.until("error"))["reason"] == "wrong_code"
            assert host.throttle.delay(LOOPBACK) > 0
            late = await WsRecorder.connect(host.port)
            assert (await late.join(table.code))["seat"] == 0
            # Handshakes in progress count per address, browsers' as well.
            idle = [await WsRecorder.connect(host.port) for _ in range(2)]
            await eventually(lambda: host.pending_by_address.get(LOOPBACK) == 2)
            busy = await Recorder.connect(host.port)
            assert (await busy.receive())["reason"] == "server_busy"
            for conn in (*idle, late, busy):
                conn.close()
    asyncio.run(scenario())


def test_a_browser_seat_that_leaves_is_played_by_a_stand_in_until_it_returns():
    async def scenario():
        async with running_host(grace=0.3) as host:
            table = host.create_table(2)
            ana, bea = await WsRecorder.connect(host.port), await WsRecorder.connect(host.port)
            await ana.join(table.code, "Ana")
            await bea.join(table.code, "Bea")
            await bea.until("view")
            ana.close()
            while True:
                status = await bea.until("table")
                if status["seats"][0]["level"] is not None:
                    break
            assert status["seats"][0]["kind"] == "human" and not status["seats"][0]["connected"]
            back = await WsRecorder.connect(host.port)
            back.hello()
            await back.until("welcome")
            back.send({"type": "rejoin", "code": table.code, "seat": 0, "token": ana.token})
            assert (await back.until("joined"))["seat"] == 0
            back.close()
            bea.close()
    asyncio.run(scenario())


def test_a_binary_message_is_framed_as_the_library_frames_it():
    from websockets.frames import Frame as WsFrame
    from websockets.frames import Opcode as WsOpcode

    from net.framing import MAX_OUTBOUND_FRAME
    from net.host.web import binary_message
    for size in (0, 1, 125, 126, 65535, 65536, 70000):
        body = bytes(range(256)) * (size // 256) + bytes(size % 256)
        assert binary_message(body) == \
            WsFrame(WsOpcode.BINARY, body).serialize(mask=False, extensions=[])
    with pytest.raises(FrameError):  # (as a TCP frame: a sanity bound, never reached)
        binary_message(bytes(MAX_OUTBOUND_FRAME + 1))


def test_a_whole_masked_binary_frame_is_read_as_the_library_reads_it():
    """The fast path of the host's reading (a chunk that is exactly one browser
    message) agrees with websockets' parser, and leaves every other chunk to it."""
    from websockets.frames import Frame as WsFrame
    from websockets.frames import Opcode as WsOpcode

    from net.host.web import whole_message
    for size in (0, 1, 125, 126, 65535):
        body = bytes(range(256)) * (size // 256) + bytes(size % 256)
        wire = WsFrame(WsOpcode.BINARY, body).serialize(mask=True, extensions=[])
        assert whole_message(wire) == body
        assert whole_message(wire + b"\x82") is None  # more than one frame
        assert whole_message(wire[:-1] if size else wire[:5]) is None  # part of one
    body = b"seat"
    for other in (WsFrame(WsOpcode.TEXT, body), WsFrame(WsOpcode.BINARY, body, fin=False),
                  WsFrame(WsOpcode.PING, body)):
        assert whole_message(other.serialize(mask=True, extensions=[])) is None
    wire = WsFrame(WsOpcode.BINARY, body).serialize(mask=True, extensions=[])
    assert whole_message(bytes((wire[0] | 0x40,)) + wire[1:]) is None  # a reserved bit
    unmasked = WsFrame(WsOpcode.BINARY, body).serialize(mask=False, extensions=[])
    assert whole_message(unmasked) is None  # a client must mask: the protocol refuses it
    for size in (65536, 70000):  # 64-bit lengths: the protocol's, and its size limit
        wire = WsFrame(WsOpcode.BINARY, bytes(size)).serialize(mask=True, extensions=[])
        assert whole_message(wire) is None
