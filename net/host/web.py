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
import json
import re
import struct
from collections import deque
from functools import cache
from pathlib import Path
from typing import Any

from websockets.datastructures import Headers
from websockets.exceptions import PayloadTooBig
from websockets.frames import CloseCode, Frame, Opcode
from websockets.http11 import Request, Response
from websockets.protocol import State
from websockets.server import ServerProtocol

import havana_game
from havana_game.catalogs import read_po
from havana_game.content import find_edition
from havana_game.editions import EDITIONS

from ..errors import FrameError
from ..framing import MAX_FRAME, decode_body
from .transport import split_frames

WEB_ROOT = Path(havana_game.__file__).resolve().parent / "web"
"""The web seat page's files: the only files the host serves."""
LOCALE_ROOT = Path(havana_game.__file__).resolve().parent / "locale"
LANGUAGES = ("en", "fr", "pt", "ru")
SOCKET_PATH = "/ws"
"""The path of the WebSocket."""
READ_SIZE = 65536

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
    ("Cache-Control", "no-cache"),
)


def web_url(address: str, port: int, code: str) -> str:
    """The link a phone opens to sit at the table with join code `code`."""
    return f"http://{address}:{port}/#code={code}"


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


def response(status: int, reason: str, body: bytes, kind: str) -> Response:
    headers = Headers([("Date", email.utils.formatdate(usegmt=True)), ("Connection", "close"),
                       ("Content-Length", str(len(body))), ("Content-Type", kind),
                       *_SECURITY_HEADERS])
    return Response(status, reason, headers, body)


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

async def open_browser(reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                       first: bytes, timeout: float) -> WebSocketTransport | None:
    """Read the HTTP request that began with `first` (within `timeout` seconds) and
    answer it: a WebSocket to carry the protocol, or None once a file (or a
    refusal) was sent and the connection closed."""
    protocol = ServerProtocol(max_size=MAX_FRAME)
    protocol.receive_data(first)
    request: Request | None = None
    try:
        async with asyncio.timeout(timeout):
            while True:
                events = protocol.events_received()
                if events and isinstance(events[0], Request):
                    request = events[0]
                    break
                if protocol.handshake_exc is not None:
                    break
                data = await reader.read(READ_SIZE)
                if not data:
                    break
                protocol.receive_data(data)
    except TimeoutError:
        pass
    if request is None:
        _send(protocol, writer)
        writer.close()
        return None
    path = request.path.split("?", 1)[0]
    if path == SOCKET_PATH:
        answer = protocol.accept(request) if same_origin(request.headers) else \
            protocol.reject(403, "This page may not open the table's WebSocket.\n")
        if answer.status_code == 101:
            protocol.send_response(answer)
            _send(protocol, writer)
            return WebSocketTransport(reader, writer, protocol)
    elif request.method != "GET":
        answer = response(405, "Method Not Allowed", b"GET only\n", _TYPES[""])
    else:
        found = content(path)
        answer = response(200, "OK", *found) if found is not None else \
            response(404, "Not Found", b"Not found\n", _TYPES[""])
    protocol.send_response(answer)
    _send(protocol, writer)
    writer.close()
    return None


def _send(protocol: ServerProtocol, writer: asyncio.StreamWriter) -> None:
    """Write what the protocol has to send, in one write (one system call for a
    batch of messages, as over TCP); its end-of-stream mark is left to the
    caller's close."""
    data = b"".join(protocol.data_to_send())
    if data and not writer.transport.is_closing():
        writer.write(data)


def binary_message(body: bytes) -> bytes:
    """`body` as one unfragmented, unmasked binary WebSocket frame (RFC 6455 5.2:
    a server never masks). Written here rather than by `ServerProtocol.send_binary`,
    which builds a frame object per message: a view to every seat of a table is
    the host's busiest path."""
    size = len(body)
    if size < 126:
        return bytes((0x82, size)) + body
    if size < 1 << 16:
        return b"\x82\x7e" + struct.pack(">H", size) + body
    return b"\x82\x7f" + struct.pack(">Q", size) + body


class WebSocketTransport:
    """The protocol's messages over an open WebSocket: each message one binary
    WebSocket message (fragments are joined; text messages are `bad_frame`).
    Messages over 64 KiB are refused from the WebSocket frame header (the socket
    closes with code 1009); the timeouts are the TCP ones: `idle_timeout` for a
    message to begin, `frame_deadline` for a begun one to complete."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 protocol: ServerProtocol) -> None:
        self.reader = reader
        self.writer = writer
        self.protocol = protocol
        self._messages: deque[bytes] = deque()
        self._fragments: list[bytes] | None = None
        self._started: float | None = None
        """Loop time bytes of a message not yet complete began to arrive."""

    async def read(self, idle_timeout: float, frame_deadline: float) -> Any:
        loop = asyncio.get_running_loop()
        while not self._messages:
            self._check()
            started = self._started
            wait = started + frame_deadline - loop.time() if started is not None \
                else idle_timeout
            try:
                async with asyncio.timeout(wait):
                    data = await self.reader.read(READ_SIZE)
            except TimeoutError:
                if started is not None:
                    raise FrameError("frame_timeout", seconds=frame_deadline) from None
                raise FrameError("idle_timeout", seconds=idle_timeout) from None
            if not data:
                self.protocol.receive_eof()
                raise asyncio.IncompleteReadError(b"", None)
            self.protocol.receive_data(data)
            _send(self.protocol, self.writer)  # pongs, the answer to a close
            self._take(self.protocol.events_received())
            if self._messages:
                self._started = None
            elif started is None:
                self._started = loop.time()
        return decode_body(self._messages.popleft())

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
                raise FrameError("bad_frame")
            if event.opcode is Opcode.BINARY:
                self._fragments = []
            if self._fragments is None:
                raise FrameError("bad_frame")
            self._fragments.append(bytes(event.data))
            if event.fin:
                self._messages.append(b"".join(self._fragments))
                self._fragments = None

    def write(self, frames: bytes) -> None:
        if self.protocol.state is State.OPEN:
            _send(self.protocol, self.writer)  # what the protocol queued goes first
            self.writer.write(b"".join(binary_message(body) for body in split_frames(frames)))

    def close(self) -> None:
        if self.protocol.state is State.OPEN:
            self.protocol.send_close(CloseCode.NORMAL_CLOSURE)
            _send(self.protocol, self.writer)
        self.writer.close()
