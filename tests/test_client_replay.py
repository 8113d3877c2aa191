"""Replays: a finished game (its record comes from the host with the end of the
game) is stepped through from the results and from Statistics, forward to the
end and back to the deal, from any player's chair; export writes a save file
that loads and a text log."""

from __future__ import annotations

import pygame

from havana_game import saves
from havana_game.client.profile import pastgames, stats
from havana_game.client.profile.settings import config_dir
from havana_game.client.scenes.menu import MenuScene
from havana_game.client.scenes.replay import ReplayScene
from havana_game.client.scenes.results import ResultsScene
from havana_game.client.scenes.statistics import StatisticsScene

from .seeds import HOST_SEED
from .test_client_stats import _play_to_results
from .test_client_support import click, key, make_app, settle, step


def _replay(app) -> ReplayScene:
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    settle(app, 0.05)
    return scene


def _without_legal(view):
    return {k: v for k, v in view.items() if k != "legal"}


def test_replay_from_the_results_to_the_end_and_back(tmp_path):
    app = make_app(tmp_path)
    results = _play_to_results(app, HOST_SEED + 7)
    final, log_length = results.final, len(results.model.events)
    step(app, click(results.controls()["replay"]))
    replay = _replay(app)
    assert replay.index == 0 and replay.view["version"] == 0 and replay.seat == 0
    assert not replay.flow.deciding() and "confirm" not in replay.controls()
    for _ in range(12):  # step by step, animated, with the log growing
        step(app, key(pygame.K_RIGHT))
        settle(app, 0.02)
    assert replay.index == 12 and replay.view["version"] > 0
    assert replay.flow.log_lines
    step(app, key(pygame.K_END))
    replay = _replay(app)
    assert replay.index == replay.replay.length
    assert _without_legal(replay.view) == _without_legal(final)  # the same end
    assert len(replay.model.events) == log_length  # the whole story
    assert not isinstance(app.scene, ResultsScene)  # a replay stays at its end
    step(app, key(pygame.K_LEFT))
    replay = _replay(app)
    assert replay.index == replay.replay.length - 1
    step(app, key(pygame.K_PAGEUP))
    replay = _replay(app)
    assert replay.index in replay.replay.round_starts
    step(app, click(replay.controls()["seat"]))  # Bo's chair: Bo's hand
    replay = _replay(app)
    assert replay.seat == 1 and replay.view["you"] == 1 and "hand" in replay.view
    step(app, key(pygame.K_HOME))
    replay = _replay(app)
    assert replay.index == 0 and replay.seat == 1
    step(app, key(pygame.K_ESCAPE))
    assert app.scene is results


def test_play_steps_on_by_itself_at_the_chosen_speed(tmp_path):
    app = make_app(tmp_path)
    results = _play_to_results(app, HOST_SEED + 8)
    step(app, click(results.controls()["replay"]))
    replay = _replay(app)
    for _ in range(2):  # 1 -> 2 -> 4 decisions a second
        step(app, click(replay.controls()["speed"]))
    assert replay.speed == 4.0
    step(app, key(pygame.K_SPACE))
    assert replay.playing
    for _ in range(10):  # one second of frames: a decision every quarter second
        app.frame(0.1, [])
    assert 4 <= replay.index <= 5
    step(app, key(pygame.K_SPACE))
    stopped = replay.index
    for _ in range(10):
        app.frame(0.1, [])
    assert replay.index == stopped and not replay.playing


def test_statistics_replay_a_past_game_and_export_it(tmp_path):
    app = make_app(tmp_path)
    _play_to_results(app, HOST_SEED + 9)
    [game] = stats.load()
    assert game.replay is not None and (pastgames.folder() / game.replay).exists()
    app.switch(MenuScene(app))
    step(app)
    step(app, click(app.scene.controls()["stats"]))
    statistics = app.scene
    assert isinstance(statistics, StatisticsScene)
    step(app, click(statistics.controls()["replay0"]))
    replay = _replay(app)
    step(app, click(replay.controls()["export"]))
    exports = sorted((config_dir() / "exports").iterdir())
    assert [p.suffix for p in exports] == [".json", ".txt"]
    loaded = saves.load_game(exports[0])
    assert loaded.history == replay.replay.game.history
    text = exports[1].read_text("utf-8").splitlines()
    assert text[0] == ", ".join(replay.replay.names) and len(text) > 50
    assert replay.message and str(config_dir() / "exports") in replay.message
    step(app, key(pygame.K_ESCAPE))
    assert app.scene is statistics


def test_a_damaged_past_game_says_so_and_stays(tmp_path):
    app = make_app(tmp_path)
    _play_to_results(app, HOST_SEED + 10)
    [game] = stats.load()
    path = pastgames.folder() / game.replay
    document = path.read_text()
    path.write_text(document.replace('"history": [{', '"history": [{"seat": 3, "x": 1}, {'))
    app.switch(StatisticsScene(app))
    step(app)
    step(app, click(app.scene.controls()["replay0"]))
    assert isinstance(app.scene, StatisticsScene) and "cannot be replayed" in app.scene.message
