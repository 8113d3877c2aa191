"""The TCP transport's timeouts, word for word (issue 47, mutants of
`net/host/transport.py` the other tests let live): a client that never sends a
byte is told `idle_timeout` with the seconds the host waited for its first byte,
and one that falls silent in the middle of its handshake is told the same with
the handshake's time limit; `StreamTransport` (its frames and
reads) and `peer_address` on a real socket pair."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import msgpack
import pytest

from net.errors import FrameError
from net.framing import HEADER, encode_frame
from net.host.transport import StreamTransport, peer_address

from .net_helpers import WAIT, Recorder, running_host


def test_a_client_that_never_sends_a_byte_is_told_idle_timeout_with_the_seconds_waited():
    async def scenario():
        async with running_host(handshake_timeout=0.2) as host:
            silent = await Recorder.connect(host.port)
            error = await silent.receive(timeout=WAIT)
            assert (error["type"], error["reason"], error["fatal"]) == \
                ("error", "idle_timeout", True)
            assert error["params"] == {"seconds": "0.2"}  # params are texts
            assert await silent.reader.read() == b""  # and the host hangs up
            silent.close()
    asyncio.run(scenario())


def test_a_client_silent_after_its_hello_is_told_idle_timeout_with_the_handshake_limit():
    async def scenario():
        async with running_host(handshake_timeout=0.2) as host:
            quiet = await Recorder.connect(host.port)
            quiet.hello()
            await quiet.until("welcome", timeout=WAIT)
            error = await quiet.until("error", timeout=WAIT)  # no join ever comes
            assert (error["reason"], error["fatal"], error["params"]) == \
                ("idle_timeout", True, {"seconds": "0.2"})
            quiet.close()
    asyncio.run(scenario())


@asynccontextmanager
async def _pair() -> AsyncIterator[tuple[asyncio.StreamReader, asyncio.StreamWriter,
                                         asyncio.StreamWriter]]:
    """Two ends of a real (Unix) socket pair: the host's reader and writer, and the
    peer's writer. A Unix socket pair has no IP address: its peer name is empty."""
    host_end, peer_end = socket.socketpair()
    reader, writer = await asyncio.open_unix_connection(sock=host_end)
    _, peer = await asyncio.open_unix_connection(sock=peer_end)
    try:
        yield reader, writer, peer
    finally:
        writer.close()
        peer.close()


def test_a_peer_without_an_ip_address_is_named_by_a_question_mark():
    async def scenario():
        async with _pair() as (_, writer, _peer):
            assert writer.get_extra_info("peername") == ""
            assert peer_address(writer) == "?"
    asyncio.run(scenario())


def test_a_stream_transport_reads_its_peers_frames_from_the_first_byte():
    async def scenario():
        async with _pair() as (reader, writer, peer):
            transport = StreamTransport(reader, writer)
            peer.write(encode_frame({"type": "ping", "nonce": 7}))
            assert await transport.read(WAIT, WAIT) == {"type": "ping", "nonce": 7}
            # `first`: the byte the host already took off the stream to tell TCP from HTTP
            frame = encode_frame({"type": "pong", "nonce": 8})
            again = StreamTransport(reader, writer, first=frame[:1])
            peer.write(frame[1:])
            assert await again.read(WAIT, WAIT) == {"type": "pong", "nonce": 8}
    asyncio.run(scenario())


def test_a_stream_transport_whose_first_byte_was_waited_for_in_vain_times_out_at_once():
    """`waited`: the first read raises at once, with the seconds already waited (not
    the read's own idle time); without it the read's idle time counts."""
    async def scenario():
        async with _pair() as (reader, writer, _peer):
            with pytest.raises(FrameError) as waited:
                await StreamTransport(reader, writer, waited=5.0).read(0.01, WAIT)
            assert (waited.value.reason, waited.value.params) == ("idle_timeout", {"seconds": 5.0})
            with pytest.raises(FrameError) as idle:
                await StreamTransport(reader, writer).read(0.01, WAIT)
            assert (idle.value.reason, idle.value.params) == ("idle_timeout", {"seconds": 0.01})
    asyncio.run(scenario())


def test_a_tcp_frame_is_the_bodys_length_then_the_body():
    for body in (b"", msgpack.packb({"type": "ping", "nonce": 7}), bytes(70000)):
        assert StreamTransport.frame(body) == HEADER.pack(len(body)) + body
