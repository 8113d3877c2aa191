"""A local game quit mid-way (after confirming) is resumed from the menu: same
seats, same state, the same log."""

from __future__ import annotations

import time

from havana_game.client.scenes.menu import MenuScene
from havana_game.client.scenes.newgame import NewGameScene
from havana_game.client.scenes.table import TableScene
from havana_game.client.table.pausemenu import PauseMenu

from .test_client_support import act_once, click, key, make_app, settle, step


def _until(app, condition, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline
        settle(app, 0.01)


def test_quit_and_resume(tmp_path):
    app = make_app(tmp_path)
    app.switch(MenuScene(app))
    step(app)
    assert "resume" not in app.scene.controls()
    step(app, click(app.scene.controls()["new"]))
    assert isinstance(app.scene, NewGameScene)
    step(app, click(app.scene.controls()["start"]))
    table = app.scene
    assert isinstance(table, TableScene)
    for _ in range(4):
        _until(app, table.flow.deciding)
        act_once(app, table)
    _until(app, table.flow.deciding)
    version = table.view["version"]
    story, log = list(table.model.events), list(table.flow.log_lines)
    step(app, key(__import__("pygame").K_ESCAPE))
    step(app, click(table.controls()["leave"]))
    assert isinstance(app.scene, TableScene)
    assert table.layers.find(PauseMenu).asking == "leave"  # it asks first
    assert "leave_confirm" in table.controls() and "resume" not in table.controls()
    step(app, key(__import__("pygame").K_ESCAPE))  # Esc: stay
    assert table.layers.find(PauseMenu).asking is None and "leave" in table.controls()
    step(app, click(table.controls()["leave"]))
    step(app, click(table.controls()["leave_confirm"]))
    assert isinstance(app.scene, MenuScene)
    step(app)
    step(app, click(app.scene.controls()["resume"]))
    resumed = app.scene
    assert isinstance(resumed, TableScene)
    _until(app, lambda: resumed.view is not None and resumed.flow.deciding())
    assert resumed.view["version"] == version
    assert resumed.model.events == story and len(story) > 10  # the story so far is back
    assert resumed.flow.log_lines == log
    act_once(app, resumed)
    _until(app, lambda: resumed.view["version"] > version)
    resumed.close()
