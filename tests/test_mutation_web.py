"""`net/host/web.py` where its other tests let mutants live (issue 47): where
`Edges` finds the ends of frames and messages for every header form (7-bit,
16-bit and 64-bit lengths, masked or not, control frames inside a fragmented
message), the HTTP answer's status line and header lines as RFC 9110 writes
them, the names this machine answers to, and a continuation frame that
continues nothing."""

from __future__ import annotations

import asyncio
import email.utils
import socket
import struct

import pytest
from websockets.datastructures import Headers

from net.framing import HEADER
from net.host import web
from net.host.web import MAX_REQUEST, Edges, own_names, refusal, response

from .net_helpers import LOOPBACK, running_host
from .test_net_websocket_hardening import (
    BINARY,
    CLOSE,
    CONT,
    PING,
    TEXT,
    Raw,
    frame,
    get,
    hello,
    http,
    parse,
    upgrade_request,
)

SAFETY = 60.0
"""Seconds before a wait that should end fails the test (a safety net only)."""


def _unmasked(opcode: int, payload: bytes = b"", fin: bool = True) -> bytes:
    """A frame as a server sends it (no mask), with the shortest length form."""
    size = len(payload)
    head = bytes((0x80 * fin | opcode,))
    if size < 126:
        return head + bytes((size,)) + payload
    if size < 1 << 16:
        return head + b"\x7e" + struct.pack(">H", size) + payload
    return head + b"\x7f" + struct.pack(">Q", size) + payload


def _rests(edges: Edges, stream: bytes) -> list[int]:
    """The offsets in `stream` after which `edges` is at rest, fed a byte at a time."""
    at_rest = []
    for at in range(len(stream)):
        assert edges.feed(stream[at:at + 1]) is False  # (a rest at its end is not inside)
        if edges.at_rest:
            at_rest.append(at + 1)
    return at_rest


@pytest.mark.parametrize("size", [0, 1, 125, 126, 300, 65535, 65536, 70000])
@pytest.mark.parametrize("masked", [True, False])
def test_edges_find_the_end_of_a_frame_of_any_length(size: int, masked: bool):
    payload = bytes(range(256)) * (size // 256) + bytes(size % 256)
    one = frame(BINARY, payload) if masked else _unmasked(BINARY, payload)
    assert _rests(Edges(), one + one) == [len(one), 2 * len(one)]
    whole = Edges()  # the same bytes in one piece: a rest inside them, not only at the end
    assert whole.feed(one + one) is True and whole.at_rest
    single = Edges()
    assert single.feed(one) is False and single.at_rest


def test_edges_follow_a_frame_split_anywhere():
    """A frame's payload arriving in pieces: each piece's bytes are counted once."""
    first, second = frame(BINARY, bytes(1000)), frame(BINARY, b"next")
    stream = first + second
    for cut in (1, 5, 7, 100, len(first) - 1, len(first), len(first) + 3):
        edges = Edges()
        edges.feed(stream[:cut])
        assert edges.at_rest == (cut == len(first))
        rested = edges.feed(stream[cut:])
        assert edges.at_rest and rested == (cut < len(first))


def test_edges_keep_a_fragmented_message_open_through_control_frames():
    """A message's fragments, with a ping and a close between them (control frames,
    opcodes 8 and above, are no fragments): at rest only after its last fragment."""
    for opcode in (BINARY, TEXT):
        parts = [frame(opcode, b"ab", fin=False), frame(PING, b"p"), frame(CLOSE, b"\x03\xe8"),
                 frame(CONT, b"cd", fin=False), frame(CONT, b"ef")]
        stream = b"".join(parts)
        assert _rests(Edges(), stream) == [len(stream)], opcode


def test_edges_see_empty_unmasked_frames_one_after_another():
    empty = _unmasked(BINARY)
    assert len(empty) == 2
    assert _rests(Edges(), empty * 3) == [2, 4, 6]


def test_an_answer_has_its_status_phrase_and_headers_as_rfc_9110_writes_them():
    answer = response(404, "gone").serialize()
    head, _, body = answer.partition(b"\r\n\r\n")
    status, *lines = head.decode("latin-1").split("\r\n")
    assert status == "HTTP/1.1 404 Not Found" and body == b"gone"
    fields = dict(line.split(": ", 1) for line in lines)
    assert fields["Connection"] == "close" and fields["Content-Length"] == "4"
    assert fields["Content-Type"] == "text/plain; charset=utf-8"
    assert fields["Date"].endswith(" GMT")  # an IMF-fixdate (RFC 9110 5.6.7)
    assert email.utils.parsedate_to_datetime(fields["Date"]).utcoffset().total_seconds() == 0
    assert refusal(405, "GET only").serialize().startswith(b"HTTP/1.1 405 Method Not Allowed\r\n")


def test_the_machines_names_are_its_host_name_and_its_first_label_in_mdns(monkeypatch):
    monkeypatch.setattr(socket, "gethostname", lambda: "Box.Example.ORG.")
    assert own_names(4711) == {"localhost", "havana-4711.local", "box.example.org", "box.local"}
    monkeypatch.setattr(socket, "gethostname", lambda: "")
    assert own_names(1) == {"localhost", "havana-1.local"}


def test_a_refusal_is_named_by_its_status_and_a_vanished_request_says_closed():
    assert web._BadRequest(refusal(431, "too long")).args == (431,)
    assert web._BadRequest(None).args == ("closed",)


def test_a_continuation_frame_that_continues_no_message_closes_the_websocket():
    """First thing sent, or after a whole message: a continuation continues nothing,
    and the WebSocket closes with 1002 (protocol error: `ServerProtocol` refuses it
    before the transport sees it)."""
    async def scenario():
        async with running_host(handshake_timeout=SAFETY) as host:
            first = await Raw.open(host.port, frame(CONT, b"\x80"))
            assert await first.closed_with() == 1002
            after = await Raw.open(host.port, frame(BINARY, hello()))
            assert (await after.message())["type"] == "welcome"
            await after.send(CONT, b"\x80")
            assert await after.closed_with() == 1002
            first.close()
            after.close()
    asyncio.run(scenario())


def test_each_refusal_says_why_in_its_body():
    async def scenario():
        async with running_host(handshake_timeout=1.0) as host:
            own = f"{LOOPBACK}:{host.port}"
            cases = [
                (f"GET / HTTP/1.1\r\nHost: {own}\r\n".encode(),  # (never finished)
                 "408 Request Timeout: the request did not arrive in time"),
                (f"GET /{'a' * 9000} HTTP/1.1\r\nHost: {own}\r\n\r\n".encode(),
                 "414 Request-URI Too Long: the request line is too long"),
                # over the limit in short lines, unfinished: the limit alone refuses it
                (get("/", own, "".join(f"X-{n}: {'c' * 200}\r\n" for n in range(100)))[:-2],
                 f"431 Request Header Fields Too Large: a request is at most {MAX_REQUEST} bytes"),
                (get("/", own, f"X-Big: {'b' * 9000}\r\n"),
                 "431 Request Header Fields Too Large: the request's header fields are too large"),
            ]
            port = host.port
            cases += [
                (f"GETS / HTTP/1.1\r\nHost: {own}\r\n\r\n".encode(),
                 "405 Method Not Allowed: GET only"),
                (get("/", own, f"Host: {own}\r\n"), "400 Bad Request: more than one Host header"),
                (b"GET / HTTP/1.1\r\n\r\n", "400 Bad Request: no Host header"),
                (b"GARBAGE\r\n\r\n", "400 Bad Request: not a valid HTTP request"),
                (f"GET / HTTP/2.0\r\nHost: {own}\r\n\r\n".encode(),
                 "505 HTTP Version Not Supported: HTTP/1.1 only"),
                (get("/", f"evil.example:{port}"),
                 "403 Forbidden: this host answers to its own address and names only"),
                (get("/nope.html", own), "404 Not Found: no such file"),
                (upgrade_request(port, origin="http://evil.example"),
                 "403 Forbidden: this page may not open the table's WebSocket"),
            ]
            for request, said in cases:
                _, headers, body = parse(await http(host.port, request))
                assert body == f"{said}\n".encode(), (request[:40], body)
                assert ("allow" in headers) == said.startswith("405")
                assert headers.get("allow", ["GET"]) == ["GET"]
            _, headers, body = parse(await http(port, get("/ws", own)))
            assert body.startswith(b"426 Upgrade Required: not a WebSocket handshake (")
            assert headers["upgrade"] == ["websocket"]
    asyncio.run(scenario())


def test_the_host_names_its_own_address_port_and_scope():
    assert web.own_host("127.0.0.1:65535", None) and not web.own_host("127.0.0.1:65536", None)
    assert not web.own_host("127.0.0.1:0", None)
    assert web.own_host("192.0.2.7:8000", ("192.0.2.7", 8000))  # the address it came in on
    assert not web.own_host("192.0.2.8:8000", ("192.0.2.7", 8000))
    # A link-local IPv6 address: the socket's carries its scope, the Host header none.
    assert web.own_host("[fe80::1]:8000", ("fe80::1%eth0", 8000, 0, 2))


def test_a_page_behind_https_may_open_the_websocket_of_its_own_host():
    assert web.same_origin(Headers([("Host", "Table.local:8000"),
                                    ("Origin", "https://table.local:8000")]))
    assert web.same_origin(Headers([("Host", "table.local:8000"),
                                    ("Origin", "http://table.local:8000")]))
    assert not web.same_origin(Headers([("Host", "table.local:8000"),
                                        ("Origin", "https://table.local:8001")]))
    assert not web.same_origin(Headers([("Origin", "http://table.local:8000")]))


@pytest.mark.parametrize("what", ["idle", "dripped"])
def test_a_websockets_timeouts_say_their_seconds(what: str):
    async def scenario():
        async with running_host(handshake_timeout=0.3, frame_deadline=0.4) as host:
            ws = await Raw.open(host.port)
            if what == "dripped":
                await ws.write(frame(BINARY, hello())[:5])  # a message begun, never ended
            error = await ws.message()
            reason, seconds = ("idle_timeout", "0.3") if what == "idle" else \
                ("frame_timeout", "0.4")
            assert (error["reason"], error["params"], error["fatal"]) == \
                (reason, {"seconds": seconds}, True)
            ws.close()
    asyncio.run(scenario())


def test_pings_go_unanswered_while_more_than_the_pong_room_waits_unread():
    """A client that pings without reading: its pongs stop once more than
    `PONG_ROOM` bytes wait unread for it (they would fill the host's memory), and
    come again once it read them. On a real socket pair, through the upgrade."""
    async def scenario():
        host_end, peer_end = socket.socketpair()
        peer_end.setblocking(False)
        reader, writer = await asyncio.open_unix_connection(sock=host_end)
        request = upgrade_request(80, host="127.0.0.1:80")
        loop = asyncio.get_running_loop()
        await loop.sock_sendall(peer_end, request[1:])
        transport = await web.open_browser(reader, writer, request[:1], SAFETY)
        assert transport is not None
        buffered = writer.transport.get_write_buffer_size

        def drain_peer() -> bytes:
            data = b""
            while True:
                try:
                    chunk = peer_end.recv(1 << 20)
                except BlockingIOError:
                    return data
                data += chunk

        drain_peer()  # the 101
        transport.write(b"".join(HEADER.pack(60000) + bytes(60000) for _ in range(40)))
        assert buffered() > web.PONG_ROOM  # the kernel took what it could: the rest waits
        waiting = buffered()
        transport._receive(frame(PING, b"unanswered"), loop.time())
        assert buffered() == waiting  # no pong queued behind what waits
        deadline = loop.time() + SAFETY  # (a safety net only)
        while buffered():
            assert loop.time() < deadline
            drain_peer()
            await asyncio.sleep(0)  # (the loop writes what the peer made room for)
        drain_peer()
        transport._receive(frame(PING, b"answered"), loop.time())
        await asyncio.sleep(0)
        assert drain_peer() == b"\x8a\x08answered"  # a pong, unmasked, as a server sends
        writer.close()
        peer_end.close()
    asyncio.run(scenario())


@pytest.mark.parametrize("size", [4, 5])
def test_an_unmasked_frame_is_refused_whatever_follows_it(size: int):
    """An unmasked client frame breaks RFC 6455: 1002, even when the bytes after it
    (the next frame's first four) would make it look whole if read as masked."""
    async def scenario():
        async with running_host(handshake_timeout=SAFETY) as host:
            ws = await Raw.open(host.port)
            await ws.round_trip()
            await ws.write(bytes((0x82, size)) + bytes(size) + frame(PING, b"next")[:4])
            assert await ws.closed_with() == 1002
            ws.close()
    asyncio.run(scenario())


def test_a_whole_frame_inside_a_fragmented_message_is_a_protocol_error():
    """A new binary frame while a message's fragments are under way: 1002, even when
    it arrives by itself, whole (the host reads it as its own message only at rest)."""
    async def scenario():
        async with running_host(handshake_timeout=SAFETY) as host:
            ws = await Raw.open(host.port)
            await ws.send(BINARY, hello()[:10], fin=False)
            await ws.round_trip()  # the host read the first fragment
            await ws.send(BINARY, hello())
            assert await ws.closed_with() == 1002
            ws.close()
    asyncio.run(scenario())


def test_a_query_string_names_no_other_file_and_port_1_is_a_port():
    async def scenario():
        async with running_host(handshake_timeout=SAFETY) as host:
            own = f"{LOOPBACK}:{host.port}"
            status, _, page = parse(await http(host.port, get("/index.html?v=2&x=a?b", own)))
            assert status == 200 and page.startswith(b"<!doctype html>")
    asyncio.run(scenario())
    assert web.own_host("127.0.0.1:1", None)


def test_a_message_begun_with_the_upgrade_request_has_the_frame_deadline():
    """A frame's first bytes sent in one piece with the upgrade request: the
    message's deadline runs from them (`frame_timeout`), not the idle time."""
    async def scenario():
        async with running_host(handshake_timeout=SAFETY, frame_deadline=0.3) as host:
            ws = await Raw.open(host.port, frame(BINARY, hello())[:5])
            error = await ws.message()
            assert (error["reason"], error["params"]) == ("frame_timeout", {"seconds": "0.3"})
            ws.close()
    asyncio.run(scenario())
