"""Frames: a 4-byte big-endian body length, then one msgpack object (PROTOCOL.md "Framing").

Inbound frames longer than `MAX_FRAME` are refused from the header alone, before a
byte of the body is read. Bodies are decoded with tight msgpack limits and no
ext/object hooks, so a decoder never builds anything but plain data.
"""

from __future__ import annotations

import asyncio
import struct
from typing import Any

import msgpack

from .errors import FrameError

MAX_FRAME = 64 * 1024
"""Largest inbound frame body, in bytes."""
MAX_OUTBOUND_FRAME = 4 * 1024 * 1024
"""Largest frame the host ever writes (a sanity bound; views are a few KiB)."""
HEADER = struct.Struct(">I")


def encode_frame(obj: Any) -> bytes:
    """One frame carrying `obj` (plain data: dicts with str keys, lists, scalars)."""
    body = msgpack.packb(obj, use_bin_type=True)
    if len(body) > MAX_OUTBOUND_FRAME:
        raise FrameError("frame_too_large", size=len(body), limit=MAX_OUTBOUND_FRAME)
    return HEADER.pack(len(body)) + body


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


class FrameDecoder:
    """Sans-I/O decoder: feed bytes as they arrive, get complete objects back.

    Raises `FrameError` on an oversized header or an undecodable body; after an
    error the stream is unusable (the connection must be closed).
    """

    def __init__(self, limit: int = MAX_FRAME) -> None:
        self._buffer = bytearray()
        self._limit = limit

    def feed(self, data: bytes) -> list[Any]:
        self._buffer += data
        out = []
        buffer = self._buffer
        while len(buffer) >= HEADER.size:
            length = check_length(bytes(buffer[:HEADER.size]), self._limit)
            end = HEADER.size + length
            if len(buffer) < end:
                break
            out.append(decode_body(bytes(buffer[HEADER.size:end]), self._limit))
            del buffer[:end]
        return out


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
