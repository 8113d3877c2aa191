"""One human and three AIs, through the real host path (net.local), played by
synthetic clicks and keys on the table's controls to the results screen."""

from __future__ import annotations

import time

from havana_game.client.netlink import NetLink
from havana_game.client.scenes.results import ResultsScene
from havana_game.client.scenes.table import TableScene

from .test_client_support import act_once, make_app, settle, step


def test_single_player_game_to_results(tmp_path):
    app = make_app(tmp_path)
    link = NetLink.local(["human", "random", "random", "random"], ["Ana", "B", "C", "D"])
    scene = TableScene(app, link)
    app.switch(scene)
    deadline = time.monotonic() + 20
    decisions = 0
    while not isinstance(app.scene, ResultsScene):
        assert time.monotonic() < deadline, f"unfinished after {decisions} decisions"
        decisions += act_once(app, scene)
        settle(app, 0.01)
        assert scene.model.error is None, scene.model.error
    assert decisions > 10
    results = app.scene
    assert results.final["phase"] == "over"
    assert results.final["winners"]
    step(app)
    assert "again" in results.controls()
