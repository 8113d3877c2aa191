"""Take-backs against the AI, through the table: Ctrl+Z or the button brings the
table back to before the player's last decision (log included); the results and
the statistics mark the game; its replay runs from the deal to the end and back.
No take-backs in hotseat or with the setting off."""

from __future__ import annotations

import pygame

from havana_game.client.profile import stats
from havana_game.client.scenes.replay import ReplayScene
from havana_game.client.scenes.table import TableScene
from havana_game.client.session.netlink import NetLink
from havana_game.client.table.confirm import Confirm
from havana_game.client.table.pausemenu import PauseMenu

from .seeds import HOST_SEED
from .test_client_support import (
    act_once,
    click,
    key,
    make_app,
    play_to_results,
    settle,
    step,
    until,
)

CTRL_Z = [pygame.event.Event(kind, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
          for kind in (pygame.KEYDOWN, pygame.KEYUP)]


def _ready(table) -> bool:
    return table.view is not None and table.flow.deciding() and not table.model.has_pending


def test_take_back_then_finish_then_replay(tmp_path):
    app = make_app(tmp_path)
    table = TableScene(app, NetLink.local(["human", "random"], ["Ana", "Bo"], seed=HOST_SEED))
    app.switch(table)
    for _ in range(5):
        until(app, lambda: _ready(table))
        act_once(app, table)
    until(app, lambda: _ready(table))
    before, log = table.view, list(table.flow.log_lines)
    act_once(app, table)
    until(app, lambda: _ready(table) and table.view["version"] > before["version"])
    assert "take_back" in table.controls()
    step(app, CTRL_Z)  # asked first: No is focused, Enter keeps the decision
    assert table.layers.find(Confirm) is not None and table.focus == "leave_stay"
    step(app, key(pygame.K_RETURN))
    assert table.layers.find(Confirm) is None and table.link.takebacks == 0
    step(app, CTRL_Z)
    step(app, key(pygame.K_y))  # Y takes back
    until(app, lambda: _ready(table) and table.view["version"] == before["version"])
    assert table.view == before and table.flow.log_lines == log
    step(app, click(table.controls()["take_back"]))  # the decision before that one too
    step(app, click(table.controls()["leave_confirm"]))
    until(app, lambda: _ready(table) and table.view["version"] < before["version"])
    results = play_to_results(app, table)
    assert results.takebacks == 2
    [game] = stats.load()
    assert game.takebacks == 2
    step(app, click(results.controls()["replay"]))
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    step(app, click(replay.controls()["end"]))
    replay = app.scene
    settle(app, 0.05)
    final = {k: v for k, v in results.final.items() if k != "legal"}
    assert {k: v for k, v in replay.view.items() if k != "legal"} == final
    step(app, click(replay.controls()["start"]))
    assert app.scene.index == 0
    for _ in range(10):
        step(app, click(app.scene.controls()["forward"]))
        settle(app, 0.01)
    assert app.scene.index == 10
    step(app, click(app.scene.controls()["back"]))
    assert app.scene.index == 9


def test_nothing_to_take_back_before_the_first_decision(tmp_path):
    """Before the player chose an opening pair the button is grey and Ctrl+Z asks
    nothing (the host would refuse it); after, it asks; taken back to before that
    first decision, it is grey again."""
    app = make_app(tmp_path)
    table = TableScene(app, NetLink.local(["human", "random"], ["Ana", "Bo"], seed=HOST_SEED))
    app.switch(table)
    until(app, lambda: _ready(table))
    button = next(b for b in table.buttons if b.name == "take_back")
    assert not button.enabled
    step(app, CTRL_Z)
    assert table.layers.find(Confirm) is None
    act_once(app, table)  # the opening pair
    until(app, lambda: table.view["seats"][0]["has_face_down"] or table.view["round"] > 0)
    settle(app, 0.05)
    assert next(b for b in table.buttons if b.name == "take_back").enabled
    step(app, CTRL_Z)
    step(app, key(pygame.K_y))
    until(app, lambda: _ready(table) and table.view["round"] == 0
          and not table.view["seats"][0]["has_face_down"])
    assert table.link.takebacks == 1
    assert not next(b for b in table.buttons if b.name == "take_back").enabled
    table.close()


def test_no_take_back_in_hotseat_or_with_the_setting_off(tmp_path):
    app = make_app(tmp_path)
    hotseat = TableScene(app, NetLink.local(["human", "human"], ["Ana", "Bo"], seed=HOST_SEED))
    app.switch(hotseat)
    until(app, lambda: hotseat.view is not None and hotseat.model.seats)
    assert not hotseat.asks.takebacks_allowed() and "take_back" not in hotseat.controls()
    hotseat.close()
    app.settings.takebacks = False
    solo = TableScene(app, NetLink.local(["human", "random"], ["Ana", "Bo"], seed=HOST_SEED))
    app.switch(solo)
    until(app, lambda: solo.view is not None and solo.model.seats)
    assert not solo.asks.takebacks_allowed() and "take_back" not in solo.controls()
    app.settings.takebacks = True
    solo.relayout()
    assert any(b.name == "take_back" for b in solo.buttons)  # (grey: nothing decided yet)
    solo.close()


def test_conceding_asks_then_ends_the_game_as_lost(tmp_path):
    from havana_game.client.scenes.menu import MenuScene
    from havana_game.client.session import localgame

    app = make_app(tmp_path)
    table = TableScene(app, NetLink.local(["human", "random"], ["Ana", "Bo"], seed=HOST_SEED))
    app.switch(table)
    for _ in range(3):
        until(app, lambda: _ready(table))
        act_once(app, table)
    until(app, lambda: _ready(table))
    assert len(localgame.saved_games()) == 1
    step(app, key(pygame.K_ESCAPE))
    assert not any(name.startswith("give:") for name in table.controls())  # nobody can join
    step(app, click(table.controls()["concede"]))
    assert table.layers.find(PauseMenu).asking == "concede"  # it asks first
    assert "leave_confirm" in table.controls()
    step(app, key(pygame.K_ESCAPE))  # Esc: play on
    assert table.layers.find(PauseMenu).asking is None and "concede" in table.controls()
    step(app, click(table.controls()["concede"]))
    step(app, click(table.controls()["leave_confirm"]))
    assert isinstance(app.scene, MenuScene)
    [game] = stats.load()
    assert game.conceded and game.end_reason == "conceded"
    assert not any(seat.won for seat in game.seats) and game.seats[0].here
    assert stats.summarize([game]).total == stats.Tally(1, 0)
    assert not localgame.saved_games()  # not kept to continue


def test_a_lan_guest_cannot_concede(tmp_path):
    app = make_app(tmp_path)
    table = TableScene(app, NetLink({}, ["Ana", "Bo"]))
    assert not PauseMenu(table).may_concede()
    table.close()
