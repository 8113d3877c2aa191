"""A host that stops on purpose says so (`closed`) to every connection, seat or
spectator, and a client does not retry; a finished game's players are not told
(their `game_over` said it)."""

from __future__ import annotations

import time
from typing import Any

from net.client import ClientConnection
from net.host.config import HostConfig
from net.local import start_local_host

from .seeds import HOST_SEED


def _drain(conn: ClientConnection, until: Any, seconds: float = 20.0) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not until(seen):
        message = conn.wait(0.05)
        if message is not None:
            seen.append(message)
    return seen


def test_every_connection_is_told_the_table_closed_and_nobody_retries():
    host = start_local_host(2, ["human", "human"], HostConfig(seed=HOST_SEED))
    player = ClientConnection("127.0.0.1", host.port, reconnect_for=30)
    player.join(host.code, "Ana")
    watcher = ClientConnection("127.0.0.1", host.port, reconnect_for=30)
    watcher.watch(host.code)
    try:
        for conn in (player, watcher):
            _drain(conn, lambda seen: any(m.get("type") == "table" for m in seen))
        host.stop()
        for conn in (player, watcher):
            seen = _drain(conn, lambda seen: {"type": "connection", "status": "closed"} in seen)
            closed = [m for m in seen if m.get("type") == "closed"]
            assert closed and closed[0]["reason"] == "stopped" and closed[0]["saved"] is False
            statuses = [m["status"] for m in seen if m.get("type") == "connection"]
            assert statuses[-1] == "closed" and "reconnecting" not in statuses
    finally:
        player.close()
        watcher.close()
