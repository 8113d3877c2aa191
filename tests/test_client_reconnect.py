"""The host drops the client's connection; the client reconnects by itself with
its seat token and the game goes on."""

from __future__ import annotations

import time

from havana_game.client.scenes.table import TableScene
from havana_game.client.session.netlink import NetLink

from .seeds import HOST_SEED as SEED
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
    link = NetLink.local(["human", "random", "random"], ["Ana", "B", "C"], seed=SEED)
    changes: list[str] = []
    translate = link.translate

    def recording(seat, message):
        """Every connection status the link passes on, as it happens (one poll
        can go through "reconnecting" and back to "connected")."""
        out = translate(seat, message)
        changes.extend(m["status"] for m in out if m["type"] == "connection")
        return out

    link.translate = recording  # type: ignore[method-assign]
    scene = TableScene(app, link)
    app.switch(scene)
    settle(app, 0.3)
    _play(app, scene, 3)
    version = scene.view["version"]
    host = link.local_host
    for conn in list(host.host.connections):
        host.loop.call_soon_threadsafe(conn.writer.transport.abort)
    deadline = time.monotonic() + 10
    while not ("reconnecting" in changes and changes[-1] == "connected"
               and scene.model.status == ""):
        assert time.monotonic() < deadline, f"seed {SEED}: no reconnect: {changes}"
        settle(app, 0.02)
    assert changes.index("reconnecting") < len(changes) - 1, f"seed {SEED}: {changes}"
    _play(app, scene, 3)
    assert scene.view["version"] > version, f"seed {SEED}: the game did not go on"
    link.close()
