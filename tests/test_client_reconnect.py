"""The host drops the client's connection; the client reconnects by itself with
its seat token and the game goes on."""

from __future__ import annotations

import time

from havana_game.client.netlink import NetLink
from havana_game.client.scenes.table import TableScene

from .test_client_support import act_once, make_app, settle


def _play(app, scene, decisions: int, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    done = 0
    while done < decisions and scene.view["phase"] != "over":
        assert time.monotonic() < deadline, "the game did not go on"
        done += act_once(app, scene)
        settle(app, 0.01)


def test_reconnects_after_drop(tmp_path):
    app = make_app(tmp_path)
    link = NetLink.local(["human", "random", "random"], ["Ana", "B", "C"])
    scene = TableScene(app, link)
    app.switch(scene)
    settle(app, 0.3)
    _play(app, scene, 3)
    version = scene.view["version"]
    host = link.local_host
    for conn in list(host.host.connections):
        host.loop.call_soon_threadsafe(conn.writer.transport.abort)
    deadline = time.monotonic() + 10
    statuses = set()
    while not (statuses and scene.model.status == "" and link.status == "connected"):
        assert time.monotonic() < deadline, f"no reconnect: {statuses}"
        settle(app, 0.02)
        statuses.add(link.status)
    assert "reconnecting" in statuses
    _play(app, scene, 3)
    assert scene.view["version"] > version
    link.close()
