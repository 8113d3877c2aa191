"""A client that stops reading, on a real socket with a small receive buffer, while
it keeps sending (so the idle timeout, which needs silence, never ends it):

- the heartbeat finds its sent data waiting unread for longer than
  `drain_timeout` (`Connection.stuck`) and aborts it;
- sent data piling up past `send_buffer_limit` aborts it at once.

Either way the host drops only that connection. Waits are for conditions, with a
generous time-out."""

from __future__ import annotations

import asyncio
from typing import Any

from net.host import Host
from net.host.connection import Connection

from .net_helpers import Recorder, running_host

WAIT = 60.0


async def _flooding_spectator(host: Host) -> tuple[Recorder, Connection]:
    """A spectator of a finished bots' game (each `resync` brings its whole story)
    that reads nothing from now on; and its connection on the host."""
    table = host.create_table(2, ["random", "random"])
    watcher = await Recorder.connect(host.port)
    watcher.hello()
    await watcher.until("welcome", WAIT)
    watcher.send({"type": "watch", "code": table.code})
    await watcher.until("game_over", WAIT)
    watcher.close()
    client = await Recorder.connect_small_window(host.port)
    client.hello()
    await client.until("welcome", WAIT)
    client.send({"type": "watch", "code": table.code})
    await client.until("joined", WAIT)
    conn = next(c for c in host.connections if c.table_id == table.id and c.seat is None
                and not c.closed and c is not None and c.n >= 2)
    return client, conn


async def _flood_until_dropped(host: Host, client: Recorder, conn: Connection) -> None:
    """Send `resync`s, reading nothing, until the host lets go of the connection."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while conn in host.connections:
        assert loop.time() < deadline, "the host kept a client that reads nothing"
        try:
            for _ in range(20):
                client.send({"type": "resync"})
            await client.writer.drain()
        except ConnectionError:
            pass
        await asyncio.sleep(0.01)


def _noted(owner: Any, conn: Connection) -> list[int]:
    """Note the bytes waiting unread each time `owner.abort()` is called."""
    noted: list[int] = []
    original = owner.abort

    def abort() -> None:
        noted.append(conn.writer.transport.get_write_buffer_size())
        original()
    owner.abort = abort
    return noted


def test_the_heartbeat_aborts_a_client_whose_data_waits_unread_too_long():
    async def scenario() -> None:
        async with running_host(heartbeat=0.5, drain_timeout=0.5,
                                send_buffer_limit=1 << 30) as host:
            client, conn = await _flooding_spectator(host)
            aborted = _noted(conn, conn)  # Connection.abort: the heartbeat's
            await _flood_until_dropped(host, client, conn)
            assert aborted and aborted[0] > 0  # by the heartbeat, with data unread
            assert conn.unread_since is not None
            client.close()
    asyncio.run(scenario())


def test_unread_data_past_the_send_buffer_limit_aborts_the_client_at_once():
    async def scenario() -> None:
        async with running_host(heartbeat=30.0, drain_timeout=1000.0,
                                send_buffer_limit=64 << 10) as host:
            client, conn = await _flooding_spectator(host)
            buffered = _noted(conn.writer.transport, conn)
            await _flood_until_dropped(host, client, conn)
            assert buffered and buffered[0] > 64 << 10
            assert conn.unread_since is None  # the heartbeat never looked
            client.close()
    asyncio.run(scenario())
