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


def test_a_closed_table_stops_every_countdown_at_the_guest():
    """After `closed` no stand-in bot is coming: the seats the table shows count
    down no more (the host's own seat, absent, showed 'AI in 1:29')."""
    from types import SimpleNamespace

    from havana_game.client.session.netlink import NetLink
    link = NetLink({1: SimpleNamespace(is_host=False)}, ["Host", "Ana"])
    seats = [{"seat": 0, "kind": "human", "name": "Host", "level": None, "connected": False,
              "standin_in": 89.0},
             {"seat": 1, "kind": "human", "name": "Ana", "level": None, "connected": True,
              "standin_in": None}]
    table = {"type": "table", "n": 3, "table": "t", "status": "playing", "players": 2,
             "seats": seats, "host_seat": 0, "edition": "classic", "fingerprint": "f" * 64,
             "revision": 4, "hints": False}
    assert link.translate(1, table)[0]["seats"][0]["standin_in"] == 89.0
    told = link.translate(1, {"type": "closed", "n": 4, "reason": "stopped", "saved": True})
    assert [m["type"] for m in told] == ["table", "closed"] and link.host_closed
    assert [s["standin_in"] for s in told[0]["seats"]] == [None, None]
    assert [s["connected"] for s in told[0]["seats"]] == [False, True]
