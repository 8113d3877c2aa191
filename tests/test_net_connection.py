"""One client connection on the host (`net.host.connection.Connection`), on real
sockets on loopback:

- every message to a client is numbered one more than the one before;
- an error's params as a client gets them: string params cut to 200 characters,
  a number of seconds as a decimal string, numbers, booleans and null as they are;
- `send_buffer_limit` counts the bytes left waiting unsent: a client that reads
  what it is sent stays connected even with a limit of 0;
- `stuck`: data waiting unread is noted at the first look and the client is stuck
  once it waited more than the limit since;
- the heartbeat pings only joined connections, so `welcome` is always `n` 1;
- failed joins slow down only the address they came from;
- what a connection is told during one pass of the event loop leaves in one write.
"""

from __future__ import annotations

import asyncio

from havana_game.content import classic_rules
from net import PROTOCOL_VERSION
from net.errors import ProtocolError
from net.framing import FrameDecoder, encode_frame
from net.host import Host
from net.host.connection import Connection

from .net_helpers import LOOPBACK, Recorder, eventually, running_host

WAIT = 60.0
OTHER = "127.0.0.2"
"""Another loopback address: another machine, as far as the host can tell."""


def _connection(host: Host, seat: int | None) -> Connection:
    return next(c for c in host.connections if c.seat == seat and not c.closed)


def test_every_message_to_a_client_is_numbered_one_more_than_the_last():
    async def scenario() -> None:
        async with running_host() as host:
            table = host.create_table(2, [None, "random"])
            client = await Recorder.connect(host.port)
            await client.join(table.code)
            for _ in range(3):  # views, acks, bots' moves, table news
                while True:
                    view = (await client.until("view", WAIT))["view"]
                    if client.seat in view["to_decide"]:
                        break
                client.decide(view["legal"][0], view["version"])
                await client.until("ack", WAIT)
            numbers = [message["n"] for message in client.messages]
            assert numbers == list(range(1, len(numbers) + 1))
            assert sum(message["type"] == "view" for message in client.messages) >= 3
            client.close()
    asyncio.run(scenario())


def test_error_params_are_sent_as_plain_values_and_long_strings_cut():
    async def scenario() -> None:
        async with running_host(autostart=False) as host:
            client = await Recorder.connect(host.port)
            await client.join(host.create_table(2).code)
            _connection(host, client.seat).send_error(ProtocolError(
                "unknown_level", level="x" * 300, seconds=2.5, seat=1, fatal=False,
                none=None), seq=4)
            error = await client.until("error", WAIT)
            assert error["params"] == {"level": "x" * 200, "seconds": "2.5", "seat": 1,
                                       "fatal": False, "none": None}
            assert (error["reason"], error["seq"], error["fatal"]) == ("unknown_level", 4, False)
            client.close()
    asyncio.run(scenario())


def test_a_client_that_reads_all_it_is_sent_is_kept_even_with_a_zero_limit():
    async def scenario() -> None:
        async with running_host(send_buffer_limit=0, autostart=False) as host:
            client = await Recorder.connect(host.port)
            await client.join(host.create_table(2).code)
            client.send({"type": "ping", "nonce": 3})
            assert (await client.until("pong", WAIT))["nonce"] == 3
            assert not _connection(host, client.seat).closed
            client.close()
    asyncio.run(scenario())


def test_a_client_is_stuck_once_sent_data_waited_unread_longer_than_the_limit():
    async def scenario() -> None:
        async with running_host(send_buffer_limit=1 << 30, autostart=False) as host:
            client = await Recorder.connect_small_window(host.port)
            await client.join(host.create_table(2).code)
            conn = _connection(host, client.seat)
            assert not conn.stuck(1000.0, 5.0)  # nothing waits
            conn.transport.write(bytes(32 << 20))  # more than the kernel takes: it waits
            assert conn.writer.transport.get_write_buffer_size()
            assert conn.unread_since is None
            assert not conn.stuck(1000.0, 5.0)  # first seen waiting now
            assert not conn.stuck(1005.0, 5.0)
            assert conn.stuck(1005.5, 5.0)
            conn.abort()
            client.close()
    asyncio.run(scenario())


def test_the_heartbeat_pings_no_one_in_the_handshake_so_welcome_is_message_one():
    async def scenario() -> None:
        async with running_host(heartbeat=0.1, frame_deadline=WAIT) as host:
            joined = await Recorder.connect(host.port)
            await joined.join(host.create_table(2).code)
            newcomer = await Recorder.connect(host.port)
            hello = encode_frame({"type": "hello", "protocol": PROTOCOL_VERSION,
                                  "fingerprint": classic_rules().fingerprint})
            newcomer.writer.write(hello[:3])  # its connection is open, in the handshake
            await eventually(lambda: len(host.connections) == 2)
            for _ in range(2):  # the second was sent by a heartbeat after the newcomer came
                ping = await joined.until("ping", WAIT)
                joined.send({"type": "pong", "nonce": ping["nonce"]})
            newcomer.writer.write(hello[3:])
            await newcomer.until("welcome", WAIT)
            assert [(m["type"], m["n"]) for m in newcomer.messages] == [("welcome", 1)]
            joined.close()
            newcomer.close()
    asyncio.run(scenario())


def test_failed_joins_slow_down_only_their_own_address():
    async def scenario() -> None:
        async with running_host(failed_join_threshold=1, failed_join_delay=0.01) as host:
            reader, writer = await asyncio.open_connection(LOOPBACK, host.port,
                                                           local_addr=(OTHER, 0))
            stranger = Recorder(reader, writer)
            stranger.hello()
            await stranger.until("welcome", WAIT)
            stranger.send({"type": "join", "code": "ZZZZ", "name": "x"})
            assert (await stranger.until("error", WAIT))["reason"] == "wrong_code"
            assert host.throttle.delay(OTHER) > 0
            assert host.throttle.delay(LOOPBACK) == 0
            stranger.close()
    asyncio.run(scenario())


def test_what_a_connection_is_told_in_one_pass_of_the_loop_leaves_in_one_write(monkeypatch):
    """A watch that starts a table of bots: `joined`, `table` and the first `view`
    (and whatever else the pass tells it) go out in one write."""
    writes: list[tuple[Connection, bytes]] = []
    deliver = Connection.deliver

    def counted(conn: Connection, data: bytes, drained: bool) -> None:
        writes.append((conn, data))
        deliver(conn, data, drained)

    monkeypatch.setattr(Connection, "deliver", counted)

    async def scenario():
        async with running_host() as host:
            table = host.create_table(2, ["random", "random"])
            watcher = await Recorder.connect(host.port)
            watcher.hello()
            await watcher.until("welcome")
            watcher.send({"type": "watch", "code": table.code})
            await watcher.until("view")
            [conn] = host.connections
            first, *_ = [data for sender, data in writes if sender is conn][1:]  # after welcome
            told = [message["type"] for message in FrameDecoder(1 << 22).feed(first)]
            assert told[:3] == ["joined", "table", "view"]
    asyncio.run(scenario())
