"""An `autostart` table (opened from a big screen, the players on their phones):
no player gets the host role by joining, so no phone starts the game early; the
owner's spectator (watching with the host's owner token) may."""

from __future__ import annotations

import time
from typing import Any

from net.client import ClientConnection
from net.host.config import HostConfig
from net.local import start_local_host

from .seeds import HOST_SEED

OWNER = "0f" * 32


def _until(conn: ClientConnection, found: Any, seconds: float = 20.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        message = conn.wait(0.05)
        if message is not None and found(message):
            return message
    raise AssertionError("timed out")


def test_only_the_owner_starts_an_autostart_table_early():
    host = start_local_host(3, ["human", "human", "human"],
                            HostConfig(seed=HOST_SEED, autostart=True, owner=OWNER))
    phone = ClientConnection("127.0.0.1", host.port, reconnect_for=30)
    phone.join(host.code, "Ana")
    stranger = ClientConnection("127.0.0.1", host.port, reconnect_for=30)
    stranger.watch(host.code, owner="ab" * 32)
    screen = ClientConnection("127.0.0.1", host.port, reconnect_for=30)
    screen.watch(host.code, owner=OWNER)
    try:
        table = _until(phone, lambda m: m.get("type") == "table" and any(
            s["kind"] == "human" for s in m["seats"]))
        assert table["host_seat"] is None and not phone.is_host
        phone.start_game()
        refused = _until(phone, lambda m: m.get("type") in ("error", "ack", "view"))
        assert refused["type"] == "error" and refused["reason"] == "not_host"
        _until(stranger, lambda m: m.get("type") == "table")
        stranger.start_game()
        refused = _until(stranger, lambda m: m.get("type") in ("error", "ack", "view"))
        assert refused["type"] == "error" and refused["reason"] == "not_seated"
        _until(screen, lambda m: m.get("type") == "table" and any(
            s["kind"] == "human" for s in m["seats"]))
        screen.start_game()
        assert _until(screen, lambda m: m.get("type") in ("error", "ack"))["type"] == "ack"
        view = _until(phone, lambda m: m.get("type") == "view")["view"]
        assert view["you"] == 0
        table_now = next(iter(host.host.tables.values()))
        assert [s.kind for s in table_now.seats] == ["human", "bot", "bot"]
    finally:
        for conn in (phone, stranger, screen):
            conn.close()
        host.stop()
