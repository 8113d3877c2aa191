"""Browsers at the host's port (PROTOCOL.md "WebSocket and the web seat page").

A connection whose first byte is "G" (an HTTP `GET`) is a browser: a TCP frame
starts with its 4-byte length, whose first byte is always 0 (frames are at most
64 KiB). `GET /ws` upgrades to a WebSocket carrying the protocol's messages, one
msgpack message per binary WebSocket message (`WebSocketTransport`); any other
`GET` is answered with one file of the web seat page and the connection closes.

The HTTP and WebSocket work is done by `websockets`' Sans-I/O `ServerProtocol`
on the host's own asyncio stream, so one `Host._serve` serves both transports
with the same limits (see `net.host.transport`).
"""

from __future__ import annotations

import asyncio
import email.utils
import ipaddress
import json
import re
import socket
import struct
from collections import deque
from functools import cache
from http import HTTPStatus
from pathlib import Path
from typing import Any

from websockets.datastructures import Headers
from websockets.exceptions import (
    HeaderLineTooLong,
    PayloadTooBig,
    RequestLineTooLong,
    TooManyHeaders,
)
from websockets.frames import CloseCode, Frame, Opcode
from websockets.http11 import Request, Response
from websockets.protocol import State
from websockets.server import ServerProtocol

try:  # websockets' own C unmasking, where its wheel has it
    from websockets.speedups import apply_mask
except ImportError:  # pragma: no cover - a build without its C extension
    from websockets.utils import apply_mask
from websockets.streams import StreamReader

import havana_game
from havana_game.catalogs import read_po
from havana_game.content import find_edition
from havana_game.editions import EDITIONS

from ..errors import FrameError
from ..framing import MAX_FRAME, MAX_OUTBOUND_FRAME, ReadDeadline, decode_body

WEB_ROOT = Path(havana_game.__file__).resolve().parent / "web"
"""The web seat page's files: the only files the host serves."""
LOCALE_ROOT = Path(havana_game.__file__).resolve().parent / "locale"
LANGUAGES = ("en", "fr", "pt", "ru")
SOCKET_PATH = "/ws"
"""The path of the WebSocket."""
READ_SIZE = 65536
MAX_REQUEST = 16384
"""Bytes an HTTP request may take, request line and headers (431 beyond)."""
PONG_ROOM = 65536
"""Unread bytes beyond which a client's pings go unanswered (`WebSocketTransport`)."""

_TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
          ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
          ".json": "application/json", ".svg": "image/svg+xml", "": "text/plain; charset=utf-8"}
_PART = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]*")
"""One path component of a served file: no dot first (no "..", no hidden files)."""
_SECURITY_HEADERS = (
    ("Content-Security-Policy", "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
                                "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
)


def web_url(address: str, port: int, code: str) -> str:
    """The link a phone opens to sit at the table with join code `code`."""
    return f"http://{address}:{port}/#code={code}"


def seat_url(table_url: str, seat: int) -> str:
    """The link (from the table's, `web_url`) a phone opens to take seat `seat`
    (PROTOCOL.md "WebSocket and the web seat page": the page joins with that seat)."""
    return f"{table_url}&seat={seat}"


# --- what is served ------------------------------------------------------------------

def page_file(path: str) -> Path | None:
    """The file of the web seat page at URL path `path` ("/" is index.html), or
    None: only files inside `WEB_ROOT`, named by plain components."""
    if path == "/":
        path = "/index.html"
    parts = path.split("/")[1:]
    if not parts or not all(_PART.fullmatch(part) for part in parts):
        return None
    found = WEB_ROOT.joinpath(*parts).resolve()
    if not found.is_relative_to(WEB_ROOT) or not found.is_file():
        return None
    return found


@cache
def catalog(language: str) -> bytes:
    """The language's gettext catalog as JSON: {"plural": the Plural-Forms
    expression, "messages": {key: [form, ...]}} (the desktop client's texts)."""
    messages = read_po(LOCALE_ROOT / language / "LC_MESSAGES" / "havana.po")
    header = next((m.forms[0] for m in messages if m.msgid == ""), "")
    plural = re.search(r"plural=(.*?);?\s*$", next(
        (line for line in header.splitlines() if line.startswith("Plural-Forms")), ""))
    return json.dumps({"language": language, "plural": plural.group(1) if plural else "n != 1",
                       "messages": {m.msgid: list(m.forms) for m in messages if m.msgid}},
                      ensure_ascii=False, separators=(",", ":")).encode()


@cache
def editions() -> bytes:
    """Every edition's cards, buildings and words as JSON, by edition name."""
    out: dict[str, Any] = {}
    for name in EDITIONS:
        rules = find_edition(name)
        out[name] = {
            "fingerprint": rules.fingerprint, "materials": list(rules.names.materials),
            "costs": list(rules.names.costs),
            "cards": [{"key": card.key, "name": card.name, "number": card.number,
                       "optional": card.optional} for card in rules.cards],
            "buildings": {b.id: {"name": b.name, "vp": b.vp, "architect": b.architect,
                                 "cost": list(b.cost)} for b in rules.buildings}}
    return json.dumps(out, separators=(",", ":")).encode()


def content(path: str) -> tuple[bytes, str] | None:
    """The body and type served at `path`, or None (404)."""
    match = re.fullmatch(r"/i18n/([a-z]{2})\.json", path)
    if match:
        return (catalog(match.group(1)), _TYPES[".json"]) if match.group(1) in LANGUAGES \
            else None
    if path == "/editions.json":
        return editions(), _TYPES[".json"]
    found = page_file(path)
    if found is None or found.suffix not in _TYPES:
        return None
    return found.read_bytes(), _TYPES[found.suffix]


def response(status: int, body: bytes | str, kind: str = _TYPES[""],
             extra: tuple[tuple[str, str], ...] = ()) -> Response:
    """An HTTP answer that closes its connection, with the security headers every
    answer carries (a refusal as much as a file)."""
    data = body.encode() if isinstance(body, str) else body
    headers = Headers([("Date", email.utils.formatdate(usegmt=True)), ("Connection", "close"),
                       ("Content-Length", str(len(data))), ("Content-Type", kind),
                       *_SECURITY_HEADERS, *extra])
    return Response(status, HTTPStatus(status).phrase, headers, data)


def refusal(status: int, why: str, extra: tuple[tuple[str, str], ...] = ()) -> Response:
    """A plain-text error answer: "<status> <reason>: <why>"."""
    return response(status, f"{status} {HTTPStatus(status).phrase}: {why}\n", extra=extra)


_SINGLE = ("Host", "Origin", "Upgrade", "Sec-WebSocket-Key", "Sec-WebSocket-Version")
"""Headers a request may carry once at most (two of them: 400, whatever they say)."""
_HOST = re.compile(r"(?:\[(?P<v6>[0-9A-Fa-f:.]+)\]|(?P<name>[A-Za-z0-9.-]+))"
                   r"(?::(?P<port>[0-9]{1,5}))?")


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """`text` as an IP address (an IPv4-mapped IPv6 one as IPv4), or None."""
    try:
        address = ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def own_names(port: int) -> set[str]:
    """The names this machine answers to: localhost, its host name (plain and with
    mDNS's `.local`) and the name `havana host --lan` announces (`havana-<port>.local`)."""
    machine = socket.gethostname().lower().rstrip(".")
    names = {"localhost", f"havana-{port}.local"}
    if machine:
        names |= {machine, f"{machine.split('.', 1)[0]}.local"}
    return names


def own_host(host: str, local: tuple[Any, ...] | None) -> bool:
    """The `Host` header names this host: a loopback address, the address the
    connection came in on (`local`: the socket's own address), or one of
    `own_names`. Anything else is a name that some other site's DNS pointed here
    (DNS rebinding) or a request meant for another server."""
    match = _HOST.fullmatch(host)
    if match is None or (match["port"] is not None and not 0 < int(match["port"]) < 65536):
        return False
    name = (match["v6"] or match["name"]).lower().rstrip(".")
    address = _address(name)
    if address is None:
        return match["v6"] is None and local is not None and name in own_names(int(local[1]))
    return address.is_loopback or (local is not None and address == _address(str(local[0])))


def same_origin(headers: Headers) -> bool:
    """A WebSocket opened by a page of this host itself (its Origin is the host:port
    asked for), or by a program that is no browser (no Origin at all)."""
    origin = headers.get("Origin")
    if origin is None:
        return True
    host = headers.get("Host")
    return host is not None and origin.lower() in (f"http://{host}".lower(),
                                                   f"https://{host}".lower())


# --- one browser connection ----------------------------------------------------------

class _BadRequest(Exception):
    """The request cannot be answered but with this refusal."""

    def __init__(self, answer: Response | None) -> None:
        super().__init__(answer.status_code if answer is not None else "closed")
        self.answer = answer


async def _read_request(reader: asyncio.StreamReader, first: bytes,
                        timeout: float) -> tuple[Request, bytes, bytes]:
    """The request that began with `first`, its bytes and the bytes read after it
    (a pipelined request, or a WebSocket's first frames). Raises `_BadRequest`."""
    buffer = StreamReader()
    buffer.feed_data(first)
    received = bytearray(first)
    parser = Request.parse(buffer.read_line)
    try:
        async with asyncio.timeout(timeout):
            while True:
                try:
                    next(parser)
                except StopIteration as done:
                    request: Request = done.value
                    after = bytes(buffer.buffer)
                    return request, bytes(received[:len(received) - len(after)]), after
                if len(received) > MAX_REQUEST:
                    raise _BadRequest(refusal(431, f"a request is at most {MAX_REQUEST} bytes"))
                data = await reader.read(READ_SIZE)
                if not data:
                    raise _BadRequest(None)  # gone before the request was whole
                buffer.feed_data(data)
                received += data
    except _BadRequest:
        raise
    except TimeoutError:
        raise _BadRequest(refusal(408, "the request did not arrive in time")) from None
    except RequestLineTooLong:
        raise _BadRequest(refusal(414, "the request line is too long")) from None
    except (HeaderLineTooLong, TooManyHeaders):
        raise _BadRequest(refusal(431, "the request's header fields are too large")) from None
    except ValueError as error:
        if "unsupported protocol" in str(error):
            raise _BadRequest(refusal(505, "HTTP/1.1 only")) from None
        raise _BadRequest(refusal(400, "not a valid HTTP request")) from None
    except Exception:  # noqa: BLE001 - the parser's other refusals: a line without
        # CRLF (EOFError), a body (NotImplementedError), non-ASCII (UnicodeDecodeError)
        raise _BadRequest(refusal(400, "not a valid HTTP request")) from None


def _answer(request: Request, local: tuple[Any, ...] | None) -> Response | None:
    """The refusal a well-formed request gets before anything is served, or None."""
    headers = request.headers
    if request.method != "GET":
        return refusal(405, "GET only", extra=(("Allow", "GET"),))
    twice = next((name for name in _SINGLE if len(headers.get_all(name)) > 1), None)
    if twice is not None:
        return refusal(400, f"more than one {twice} header")
    host = headers.get("Host")
    if host is None:
        return refusal(400, "no Host header")
    if not own_host(host, local):
        return refusal(403, "this host answers to its own address and names only")
    return None


async def open_browser(reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                       first: bytes, timeout: float) -> WebSocketTransport | None:
    """Read the HTTP request that began with `first` (within `timeout` seconds) and
    answer it: a WebSocket to carry the protocol, or None once a file (or a
    refusal) was sent and the connection closed. One request per connection: what
    follows it (a pipelined request) is never read as one."""
    try:
        request, raw, after = await _read_request(reader, first, timeout)
    except _BadRequest as bad:
        if bad.answer is not None:
            _write(writer, bad.answer)
        writer.close()
        return None
    path = request.path.split("?", 1)[0]
    answer = _answer(request, writer.get_extra_info("sockname"))
    if answer is None and path == SOCKET_PATH:
        if not same_origin(request.headers):
            answer = refusal(403, "this page may not open the table's WebSocket")
        else:
            protocol = ServerProtocol(max_size=MAX_FRAME)
            protocol.receive_data(raw)
            protocol.events_received()  # the request, read above
            accepted = protocol.accept(request)
            if accepted.status_code == 101:
                protocol.send_response(accepted)
                _send(protocol, writer)
                return WebSocketTransport(reader, writer, protocol, after)
            answer = refusal(accepted.status_code,
                             f"not a WebSocket handshake ({protocol.handshake_exc})",
                             extra=tuple(item for item in accepted.headers.raw_items()
                                         if item[0].lower() == "upgrade"))
    if answer is None:
        found = content(path)
        answer = response(200, *found) if found is not None else \
            refusal(404, "no such file")
    _write(writer, answer)
    writer.close()
    return None


def _write(writer: asyncio.StreamWriter, answer: Response) -> None:
    if not writer.transport.is_closing():
        writer.write(answer.serialize())


def _send(protocol: ServerProtocol, writer: asyncio.StreamWriter) -> None:
    """Write what the protocol has to send, in one write (one system call for a
    batch of messages, as over TCP); its end-of-stream mark is left to the
    caller's close."""
    data = b"".join(protocol.data_to_send())
    if data and not writer.transport.is_closing():
        writer.write(data)


def binary_message(body: bytes) -> bytes:
    """One packed message `body` as an unfragmented, unmasked binary WebSocket
    frame (RFC 6455 5.2: a server never masks), in one piece. Written here rather
    than by `ServerProtocol.send_binary`, which builds a frame object per message: a
    view to every seat of a table is the host's busiest path; the body is copied once."""
    size = len(body)
    if size < 126:
        return bytes((0x82, size)) + body
    if size > MAX_OUTBOUND_FRAME:
        raise FrameError("frame_too_large", size=size, limit=MAX_OUTBOUND_FRAME)
    if size < 1 << 16:
        return b"\x82\x7e" + struct.pack(">H", size) + body
    return b"\x82\x7f" + struct.pack(">Q", size) + body


def whole_message(data: bytes) -> bytes | None:
    """The payload of `data` if it is exactly one whole, final, masked binary frame
    of at most `MAX_FRAME` bytes with no reserved bit (what a browser sends for each
    of the seat's messages), unmasked; else None (the protocol parses it)."""
    if len(data) < 6 or data[0] != 0x82 or not data[1] & 0x80:
        return None
    size, at = data[1] & 0x7F, 2
    if size == 126:
        size, at = int.from_bytes(data[2:4]), 4
    elif size == 127:
        return None
    if len(data) != at + 4 + size or size > MAX_FRAME:
        return None
    return apply_mask(data[at + 4:], data[at:at + 4])


class Edges:
    """Where the client's frames and messages end in its byte stream, read from
    the frame headers alone (RFC 6455 5.2; the frames' checks are
    `ServerProtocol`'s). "At rest": no frame begun and no fragmented message
    under way; the frame deadline runs from the first byte after a rest to the
    next rest, so control frames between a message's fragments do not stop it,
    and a ping or pong on its own does not start one that outlives it."""

    def __init__(self) -> None:
        self._head = bytearray()
        """The header bytes of the frame begun (until it is whole)."""
        self._left = 0
        """Payload bytes of the current frame still to come."""
        self._message = False
        """A data message's fragments are under way (its last not yet begun)."""

    @property
    def at_rest(self) -> bool:
        return not self._head and not self._left and not self._message

    def feed(self, data: bytes) -> bool:
        """Follow `data`; True if the stream came to rest inside it (after one of
        its bytes, not only at its end)."""
        rested = False
        at, size = 0, len(data)
        while at < size:
            if self._left:
                take = min(self._left, size - at)
                self._left -= take
                at += take
            else:
                self._head.append(data[at])
                at += 1
                need = self._header_size()
                if need is None or len(self._head) < need:
                    continue
                if self._head[0] & 0x0F < 8:  # a data frame: one more fragment
                    self._message = not self._head[0] & 0x80
                self._left = self._payload_size()
                self._head.clear()
            if at < size and self.at_rest:
                rested = True
        return rested

    def _header_size(self) -> int | None:
        if len(self._head) < 2:
            return None
        short = self._head[1] & 0x7F
        return 2 + {126: 2, 127: 8}.get(short, 0) + (4 if self._head[1] & 0x80 else 0)

    def _payload_size(self) -> int:
        short = self._head[1] & 0x7F
        if short == 126:
            return int(struct.unpack_from(">H", self._head, 2)[0])
        if short == 127:
            return int(struct.unpack_from(">Q", self._head, 2)[0])
        return short


class WebSocketTransport:
    """The protocol's messages over an open WebSocket: each message one binary
    WebSocket message (fragments are joined; text messages are `bad_frame`).
    Messages over 64 KiB, fragments and all, are refused from the WebSocket frame
    header (the socket closes with code 1009); the timeouts are the TCP ones:
    `idle_timeout` for a message to begin, `frame_deadline` for a begun one to
    complete, from its first byte to its last fragment's last. The client's pings
    are answered with pongs of the same payload and its pongs taken, neither
    being a message: they start no deadline and put off no idle timeout."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 protocol: ServerProtocol, early: bytes = b"") -> None:
        self.reader = reader
        self.writer = writer
        self.protocol = protocol
        self._early = early
        """Bytes read behind the upgrade request (frames sent before the 101)."""
        self._edges = Edges()
        self._deadline = ReadDeadline()
        self._messages: deque[bytes] = deque()
        self._fragments: list[bytes] | None = None
        self._started: float | None = None
        """Loop time the first byte since the stream was last at rest arrived."""
        self._close_code = CloseCode.NORMAL_CLOSURE
        self._open = protocol.state is State.OPEN
        """The WebSocket is open (`protocol.state`, followed after each call that may
        change it: reading it is a property call per message otherwise)."""

    async def read(self, idle_timeout: float, frame_deadline: float) -> Any:
        loop = asyncio.get_running_loop()
        idle_end = loop.time() + idle_timeout
        if self._early:
            early, self._early = self._early, b""
            self._receive(early, loop.time())
        while not self._messages:
            if not self._open or self.protocol.parser_exc is not None:
                self._check()
            started = self._started
            when = started + frame_deadline if started is not None else idle_end
            try:
                data = await self._deadline.read(self.reader, READ_SIZE, when)
            except TimeoutError:
                if started is not None:
                    raise FrameError("frame_timeout", seconds=frame_deadline) from None
                raise FrameError("idle_timeout", seconds=idle_timeout) from None
            if not data:
                self._deadline.stop()
                self.protocol.receive_eof()
                self._open = False
                raise asyncio.IncompleteReadError(b"", None)
            self._receive(data, loop.time())
        return decode_body(self._messages.popleft())

    def _receive(self, data: bytes, now: float) -> None:
        if self._open and self._edges.at_rest:
            body = whole_message(data)  # the common case, without the protocol's parser
            if body is not None:
                self._messages.append(body)
                return
        rested = self._edges.feed(data)
        self.protocol.receive_data(data)
        self._open = self.protocol.state is State.OPEN
        self._answer()
        self._take(self.protocol.events_received())
        if self._edges.at_rest:
            self._started = None
        elif rested or self._started is None:
            self._started = now

    def _answer(self) -> None:
        """Send the pongs and the answer to a close. Pongs only while less than
        `PONG_ROOM` bytes wait unread: a client that pings without reading is
        left without them (RFC 6455 5.5.3 lets a pong answer only the latest
        ping) rather than filling the host's memory; it is dropped once its
        unread bytes reach the limits any connection has."""
        if self._open and self.writer.transport.get_write_buffer_size() > PONG_ROOM:
            self.protocol.data_to_send()
            return
        _send(self.protocol, self.writer)

    def _check(self) -> None:
        """Raise if the WebSocket failed (FrameError) or closed (IncompleteReadError)."""
        error = self.protocol.parser_exc
        if isinstance(error, PayloadTooBig):
            raise FrameError("frame_too_large", size=getattr(error, "size", None), limit=MAX_FRAME)
        if error is not None:
            raise FrameError("bad_frame")
        if self.protocol.state is not State.OPEN:
            raise asyncio.IncompleteReadError(b"", None)

    def _take(self, events: list[Request | Response | Frame]) -> None:
        for event in events:
            if not isinstance(event, Frame) or event.opcode not in (Opcode.BINARY, Opcode.CONT,
                                                                    Opcode.TEXT):
                continue  # control frames: the protocol answers them itself
            if event.opcode is Opcode.TEXT:
                self._close_code = CloseCode.UNSUPPORTED_DATA
                raise FrameError("bad_frame")
            if event.opcode is Opcode.BINARY:
                self._fragments = []
            if self._fragments is None:
                raise FrameError("bad_frame")
            self._fragments.append(bytes(event.data))
            if event.fin:
                self._messages.append(b"".join(self._fragments))
                self._fragments = None

    frame = staticmethod(binary_message)

    def write(self, frames: bytes) -> None:
        if self._open:
            if self.protocol.writes:
                _send(self.protocol, self.writer)  # what the protocol queued goes first
            self.writer.write(frames)

    def close(self) -> None:
        if self._open:
            self.protocol.send_close(self._close_code)
            self._open = False
            _send(self.protocol, self.writer)
        self.writer.close()
