"""A host inside the client process, for hotseat and vs-AI games: the same host
code path as a LAN game, on 127.0.0.1 and an ephemeral port, in a background thread.

    local = start_local_host(3, ["human", "human", "easy"])
    seats = [ClientConnection("127.0.0.1", local.port) for _ in range(2)]
    for conn in seats: conn.join(local.code, "Player")
    ...
    local.stop()
"""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass

from .host import Host, HostConfig

HUMAN = "human"


@dataclass
class LocalHost:
    host: Host
    port: int
    code: str
    loop: asyncio.AbstractEventLoop
    thread: threading.Thread

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.host.close(), self.loop).result(timeout=5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)


def start_local_host(players: int, seats: list[str],
                     config: HostConfig | None = None) -> LocalHost:
    """Start a one-table host; `seats[i]` is "human" (left open for a client to
    join) or a bot level. The game starts when every human seat has joined (or
    when the first human, who holds the host role, sends `start`)."""
    if len(seats) != players:
        raise ValueError("give one seat kind per player")
    config = config or HostConfig()
    config.bind = "127.0.0.1"
    host = Host(config)
    table = host.create_table(players, [None if kind == HUMAN else kind for kind in seats])
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True, name="havana-local-host")
    thread.start()
    port = asyncio.run_coroutine_threadsafe(host.start(), loop).result(timeout=10)
    return LocalHost(host, port, table.code, loop, thread)
