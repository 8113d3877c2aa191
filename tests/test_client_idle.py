"""The main loop rests when nothing happens: scenes say when they change by
themselves (`Scene.wake_in`), input and background threads wake the loop
(`wake.nudge`), and the loop draws only then. How little CPU that takes is
`tools/bench_idle.py`'s business."""

from __future__ import annotations

import threading
from typing import Any

import pygame
import pytest

from havana_game.client import app as app_module
from havana_game.client import wake
from havana_game.client.scenes.table import TableScene
from havana_game.client.session.headless import advanced_game
from havana_game.client.table.flow import RESULTS_DELAY
from havana_game.client.table.seatstate import SeatState
from net.client import ClientConnection
from net.local import start_local_host

from .test_client_support import local_table, make_app, until, until_asked_alone


def run_recording(app: Any, monkeypatch: pytest.MonkeyPatch, script: list[Any]) -> list[Any]:
    """Run `app.run()` with `wake.wait` replaced: each call records the rest the
    loop asked for and returns the script's next events (then Quit)."""
    asked: list[Any] = []

    def fake_wait(delay: float | None) -> list[pygame.event.Event]:
        asked.append(delay)
        if script:
            return script.pop(0)
        return [pygame.event.Event(pygame.QUIT)]

    monkeypatch.setattr(app_module.wake, "wait", fake_wait)
    monkeypatch.setattr(pygame, "quit", lambda: None)  # (other tests' fonts stay alive)
    app.run()
    return asked


def play_out(app: Any, table: TableScene) -> None:
    """Frames of 50 ms while the table has something timed coming (at most 20 s)."""
    for _ in range(400):
        if table.wake_in() is None:
            return
        app.frame(0.05, [])
    raise AssertionError("the table never rests")


def test_the_menu_rests_until_input(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    asked = run_recording(app, monkeypatch, [[], [motion], []])
    assert asked[0] == 0.0  # a new scene is drawn at once
    assert asked[1:] == [None] * (len(asked) - 1)  # then only input wakes it


def test_a_nudge_from_another_thread_ends_the_rest():
    pygame.display.init()
    pygame.display.set_mode((200, 100))
    pygame.event.get()  # the new window's own events
    thread = threading.Thread(target=wake.nudge)
    thread.start()
    assert wake.wait(None) == []  # (without the nudge this would wait for input forever)
    thread.join()


def test_a_connection_wakes_the_loop_when_a_message_arrives(monkeypatch):
    arrived = threading.Event()
    monkeypatch.setattr(ClientConnection, "on_message", arrived.set)
    host = start_local_host(2, ["human", "human"])
    try:
        conn = ClientConnection("127.0.0.1", host.port)
        conn.join(host.code, "Ana")
        assert arrived.wait(10)
        assert conn.poll()
        conn.close()
    finally:
        host.stop()


def test_the_table_wakes_while_it_animates_and_rests_while_the_player_thinks(tmp_path):
    app = make_app(tmp_path)
    app.settings.animation_speed = 1.0
    with local_table(app) as table:
        until_asked_alone(app, table)
        play_out(app, table)
        assert table.flow.deciding()
        assert table.wake_in() is None  # the player thinks: nothing moves
        view = table.view
        assert view is not None
        table.flow.send_decision(0, view["legal"][0])
        until(app, lambda: table.animator.busy)
        assert table.wake_in() == 0.0  # frames follow each other while cards fly
        until(app, lambda: table.view["version"] > view["version"])
        until_asked_alone(app, table)
        play_out(app, table)  # the animations and pauses play out in time, then it rests
        assert table.flow.deciding() and table.wake_in() is None


def test_an_absent_players_countdown_wakes_the_table_each_second(tmp_path):
    away = SeatState(1, "human", "Bo", None, connected=False, standin_in=30.0, received=100.0)
    tick = away.next_tick(100.2)  # shows 0:30 until 29.5 s are left
    assert tick is not None and 0.29 < tick < 0.31
    assert away.badge(100.2 + tick) != away.badge(100.2)
    assert SeatState(1, "human", "Bo", None, connected=True, standin_in=None).next_tick(0) \
        is None


def test_the_results_are_due_after_the_final_table_has_shown(tmp_path):
    app = make_app(tmp_path)
    app.settings.animation_speed = 1.0
    table = TableScene(app, advanced_game(2, 3, None))
    app.switch(table)
    table.update(0.0)
    table.flow.fast_forward(99)
    assert table.view is not None and table.view["phase"] == "over"
    table.flow.pause, table.flow.over_for = 0.0, 0.5
    assert table.wake_in() == pytest.approx(RESULTS_DELAY - 0.5)


def test_the_join_screen_wakes_when_its_search_starts_and_to_refresh_the_list(
        tmp_path, monkeypatch):
    from havana_game.client.scenes import join

    nudged = threading.Event()
    monkeypatch.setattr(join, "nudge", nudged.set)
    app = make_app(tmp_path)
    scene = join.JoinScene(app)
    app.switch(scene)
    assert nudged.wait(10)  # the search started (or cannot): the screen shows it
    if scene.browser is not None:
        assert scene.wake_in() is not None and scene.wake_in() <= join.REFRESH
    scene.on_escape()
    assert scene.wake_in() is None
