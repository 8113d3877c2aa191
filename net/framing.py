"""Frames: a 4-byte big-endian body length, then one msgpack object (PROTOCOL.md "Framing").

Inbound frames longer than `MAX_FRAME` are refused from the header alone, before a
byte of the body is read. Bodies are decoded with tight msgpack limits and no
ext/object hooks, so a decoder never builds anything but plain data.
"""

from __future__ import annotations

import asyncio
import struct
import threading
from typing import Any

import msgpack

from .errors import FrameError

MAX_FRAME = 64 * 1024
"""Largest inbound frame body, in bytes."""
MAX_OUTBOUND_FRAME = 4 * 1024 * 1024
"""Largest frame the host ever writes (a sanity bound; views are a few KiB)."""
HEADER = struct.Struct(">I")


_packers = threading.local()


def pack(obj: Any) -> bytes:
    """`obj` (plain data: dicts with str keys, lists, scalars) as msgpack (with one
    reused packer per thread: cheaper than `msgpack.packb` building one per call)."""
    try:
        packer = _packers.packer
    except AttributeError:
        packer = _packers.packer = msgpack.Packer(use_bin_type=True)
    return packer.pack(obj)


def frame(body: bytes) -> bytes:
    """One frame carrying an already packed body."""
    if len(body) > MAX_OUTBOUND_FRAME:
        raise FrameError("frame_too_large", size=len(body), limit=MAX_OUTBOUND_FRAME)
    return HEADER.pack(len(body)) + body


def encode_frame(obj: Any) -> bytes:
    """One frame carrying `obj` (plain data)."""
    return frame(pack(obj))


def map_header(size: int) -> bytes:
    """The msgpack header of a map of `size` (< 65536) pairs; the packed pairs follow, so
    maps can be spliced together from separately packed parts."""
    return bytes((0x80 | size,)) if size < 16 else b"\xde" + struct.pack(">H", size)


def array_header(size: int) -> bytes:
    """The msgpack header of an array of `size` (< 65536) items; the packed items follow."""
    return bytes((0x90 | size,)) if size < 16 else b"\xdc" + struct.pack(">H", size)


def check_length(header: bytes, limit: int = MAX_FRAME) -> int:
    """The body length announced by a 4-byte header; refuses it if over `limit`."""
    (length,) = HEADER.unpack(header)
    if length > limit:
        raise FrameError("frame_too_large", size=length, limit=limit)
    return length


def decode_body(body: bytes, limit: int = MAX_FRAME) -> Any:
    """Decode one msgpack object with limits: no ext types, no trailing bytes,
    str map keys only, no container or string larger than the frame could hold."""
    try:
        return msgpack.unpackb(
            body, raw=False, use_list=True, strict_map_key=True,
            max_str_len=limit, max_bin_len=limit, max_array_len=limit // 2,
            max_map_len=limit // 4, max_ext_len=0, timestamp=0)
    except (ValueError, TypeError, msgpack.ExtraData, msgpack.FormatError,
            msgpack.StackError, RecursionError):
        raise FrameError("bad_frame") from None


NEED_MORE = object()
"""`FrameDecoder.pop()`: no complete frame buffered yet."""


class FrameDecoder:
    """Sans-I/O decoder: feed bytes as they arrive, get complete objects back.

    Raises `FrameError` on an oversized header (as soon as the header is in, before
    any of the body) or an undecodable body; after an error the stream is unusable
    (the connection must be closed).
    """

    def __init__(self, limit: int = MAX_FRAME) -> None:
        self._buffer = bytearray()
        self._limit = limit

    @property
    def partial(self) -> bool:
        """True while some bytes of an incomplete frame are buffered."""
        return bool(self._buffer)

    def push(self, data: bytes) -> None:
        self._buffer += data

    def pop(self) -> Any:
        """The next complete frame's object, or `NEED_MORE`."""
        buffer = self._buffer
        if len(buffer) < HEADER.size:
            return NEED_MORE
        end = HEADER.size + check_length(bytes(buffer[:HEADER.size]), self._limit)
        if len(buffer) < end:
            return NEED_MORE
        obj = decode_body(bytes(buffer[HEADER.size:end]), self._limit)
        del buffer[:end]
        return obj

    def feed(self, data: bytes) -> list[Any]:
        """Push `data`; every frame complete now."""
        self.push(data)
        out = []
        while (obj := self.pop()) is not NEED_MORE:
            out.append(obj)
        return out


class ReadDeadline:
    """A time limit on a connection's reads with no timer made per read: one timer
    per connection, set again only when a deadline comes nearer than the one it
    waits for. A read that ends in time leaves it waiting; when it goes off it
    finds no read due (nothing to do), or a later deadline (it waits for that), or
    the read late: that read raises TimeoutError (its bytes stay unread)."""

    def __init__(self) -> None:
        self._when: float | None = None
        """When the read under way must have returned (loop time), or None."""
        self._timer: asyncio.TimerHandle | None = None
        self._task: asyncio.Task[Any] | None = None
        self._expired = False

    async def read(self, reader: asyncio.StreamReader, size: int, when: float) -> bytes:
        """`reader.read(size)`, or TimeoutError if it has not returned by `when`."""
        self._when, self._task = when, asyncio.current_task()
        if self._timer is None or self._timer.when() > when:
            if self._timer is not None:
                self._timer.cancel()
            self._timer = asyncio.get_running_loop().call_at(when, self._due)
        try:
            return await reader.read(size)
        except asyncio.CancelledError:
            if not self._expired:
                raise
            self._expired = False
            if self._task is not None:
                self._task.uncancel()
            raise TimeoutError from None
        except BaseException:
            self.stop()  # the connection ends: no timer left behind it
            raise
        finally:
            self._when = None

    def stop(self) -> None:
        """No more reads: the timer goes."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _due(self) -> None:
        timer, self._timer = self._timer, None
        when = self._when
        if when is None or self._task is None or timer is None:
            return
        if when > timer.when():  # the read due now began after the timer was set
            self._timer = asyncio.get_running_loop().call_at(when, self._due)
            return
        self._expired = True
        self._task.cancel()


class FrameReader:
    """Frames from a stream, one at a time, reading whatever has arrived in one go
    (several frames per read when they queue up). Waiting for the first byte of a
    frame is bounded by `idle_timeout`; once it arrived, the rest of the frame must
    come within `frame_deadline` (a client dripping bytes is cut off)."""

    def __init__(self, reader: asyncio.StreamReader, limit: int = MAX_FRAME) -> None:
        self._reader = reader
        self._decoder = FrameDecoder(limit)
        self._deadline = ReadDeadline()
        self._started = 0.0
        """Loop time the buffered partial frame began to arrive."""

    def push(self, data: bytes) -> None:
        """Bytes already read from the stream: the start of the first frame."""
        self._started = asyncio.get_running_loop().time()
        self._decoder.push(data)

    async def read(self, idle_timeout: float, frame_deadline: float) -> Any:
        """The next frame's object. Raises `FrameError` (`idle_timeout`,
        `frame_timeout`, `frame_too_large`, `bad_frame`) or
        `asyncio.IncompleteReadError` at EOF."""
        decoder = self._decoder
        loop = asyncio.get_running_loop()
        while (obj := decoder.pop()) is NEED_MORE:
            partial = decoder.partial
            when = self._started + frame_deadline if partial else loop.time() + idle_timeout
            try:
                data = await self._deadline.read(self._reader, MAX_FRAME, when)
            except TimeoutError:
                if partial:
                    raise FrameError("frame_timeout", seconds=frame_deadline) from None
                raise FrameError("idle_timeout", seconds=idle_timeout) from None
            if not data:
                self._deadline.stop()
                raise asyncio.IncompleteReadError(b"", None)
            if not partial:
                self._started = loop.time()
            decoder.push(data)
        return obj


async def read_frame(reader: asyncio.StreamReader, idle_timeout: float,
                     frame_deadline: float, limit: int = MAX_FRAME) -> Any:
    """Read one frame: wait up to `idle_timeout` for its first byte, then the whole
    rest of the frame must arrive within `frame_deadline` (a client dripping bytes
    is cut off). Raises `FrameError`, or `asyncio.IncompleteReadError` at EOF."""
    try:
        async with asyncio.timeout(idle_timeout):
            first = await reader.readexactly(1)
    except TimeoutError:
        raise FrameError("idle_timeout", seconds=idle_timeout) from None
    try:
        async with asyncio.timeout(frame_deadline):
            length = check_length(first + await reader.readexactly(HEADER.size - 1), limit)
            body = await reader.readexactly(length)
    except TimeoutError:
        raise FrameError("frame_timeout", seconds=frame_deadline) from None
    return decode_body(body, limit)
