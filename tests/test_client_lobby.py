"""LAN lobby: the host sees a guest take a seat live, adds an AI, starts, and
both land at the table."""

from __future__ import annotations

import time

from havana_game.client.scenes.lobby import LobbyScene
from havana_game.client.scenes.table import TableScene
from net.client import ClientConnection

from .test_client_support import click, make_app, settle, step


def _wait(app, condition, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline
        settle(app, 0.02)


def test_host_lobby_fills_and_starts(tmp_path):
    app = make_app(tmp_path)
    app.scene.layout(app.screen.get_size())
    step(app, click(app.scene.controls()["host"]))
    lobby = app.scene
    assert isinstance(lobby, LobbyScene) and lobby.lan_host is not None
    _wait(app, lambda: "start" in lobby.controls())
    guest = ClientConnection("127.0.0.1", lobby.lan_host.port)
    guest.join(lobby.lan_host.code, "Guest")
    _wait(app, lambda: any(s["name"] == "Guest" for s in lobby.seats))
    for seat in (2, 3):
        _wait(app, lambda s=seat: f"add:{s}" in lobby.controls())
        step(app, click(lobby.controls()[f"add:{seat}"]))
    _wait(app, lambda: isinstance(app.scene, TableScene))
    table = app.scene
    _wait(app, lambda: table.view is not None and table.view["phase"] == "setup")
    assert table.model.names[1] == "Guest"
    guest.close()
    table.close()
