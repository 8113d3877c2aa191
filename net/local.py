"""A host serving from its own event loop in a background thread: the in-process
host of hotseat and vs-AI games (the same host code path as a LAN game, on
127.0.0.1 and an ephemeral port). The client hosts LAN games in a process of
their own (`havana_game.client.session.lanhost`).

    local = start_local_host(3, ["human", "human", "easy"])
    seats = [ClientConnection("127.0.0.1", local.port) for _ in range(2)]
    for conn in seats: conn.join(local.code, "Player")
    ...
    local.stop()
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Self

from havana_game.rules import Ruleset

from .host import Host, HostConfig

HUMAN = "human"
START_TIMEOUT = 10.0
"""Seconds the host may take to start listening."""


@dataclass
class HostThread:
    """A started host, its event loop and the daemon thread running it."""

    host: Host
    port: int
    loop: asyncio.AbstractEventLoop
    thread: threading.Thread

    @classmethod
    def serve(cls, host: Host, name: str, **details: Any) -> Self:
        """Start `host` on a new event loop in a daemon thread named `name` (`details`:
        the subclass's fields). A host that cannot start (its port is taken, ...)
        raises here, its thread stopped."""
        loop = asyncio.new_event_loop()
        thread = threading.Thread(target=loop.run_forever, daemon=True, name=name)
        thread.start()
        try:
            port = asyncio.run_coroutine_threadsafe(host.start(), loop).result(
                timeout=START_TIMEOUT)
        except BaseException:
            loop.call_soon_threadsafe(loop.stop)
            thread.join(timeout=5)
            raise
        return cls(host, port, loop, thread, **details)

    def stop(self) -> None:
        """Close the host (its connections, its saving) and end the thread."""
        try:
            asyncio.run_coroutine_threadsafe(self.host.close(), self.loop).result(timeout=5)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout=5)


@dataclass
class LocalHost(HostThread):
    """An in-process host with the one table a local game plays at."""

    code: str = ""


def start_local_host(players: int, seats: list[str], config: HostConfig | None = None,
                     ages: Sequence[int | None] | None = None,
                     rules: Ruleset | None = None, names: Sequence[str] = ()) -> LocalHost:
    """Start a one-table host of `rules` (default: classic); `seats[i]` is "human"
    (left open for a client to join) or a bot level, its bot called `names[i]`
    if given; `ages` (by seat) break turn-order ties. The game starts when every
    human seat has joined (or when the first human, who holds the host role,
    sends `start`)."""
    if len(seats) != players:
        raise ValueError("give one seat kind per player")
    config = config or HostConfig()
    config.bind, config.autostart = "127.0.0.1", True  # the humans are all at this screen
    host = Host(config)
    table = host.create_table(players, [None if kind == HUMAN else kind for kind in seats],
                              ages=ages, rules=rules, names=names)
    return LocalHost.serve(host, "havana-local-host", code=table.code)
