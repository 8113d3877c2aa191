"""The game's charts: the points are the game's own VP (replayed from its record
and compared with the engine's states at each round's end and with the final
view), the spending adds up the Build decisions' payments, and the results,
statistics and replay screens draw them."""

from __future__ import annotations

import pygame
import pytest

from havana_game.client.scenes.table import TableScene
from havana_game.client.session.netlink import NetLink
from havana_game.client.session.replay import Replay
from havana_game.client.ui import charts
from havana_game.editions import EDITIONS
from havana_game.rules import Build
from havana_game.saves import game_from_document

from .seeds import HOST_SEED
from .test_client_support import click, make_app, play_to_results, step


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_results_chart_shows_the_games_own_vp(tmp_path, edition):
    app = make_app(tmp_path)
    table = TableScene(app, NetLink.local(["human", "easy", "random"], ["Ana", "Bo", "Cy"],
                                          seed=HOST_SEED, edition=edition))
    app.switch(table)
    results = play_to_results(app, table)
    record = results.model.record
    curve = results.curve()
    assert curve is not None and record is not None
    assert curve.vp[-1] == [seat["vp"] for seat in results.final["seats"]]
    replay = Replay(record, results.names)
    by_round = curve.by_round()
    rounds = sum(event["kind"] == "round_started" for event in results.model.events)
    assert curve.rounds == rounds == results.final["round"]  # the log's and Statistics' count
    assert len(by_round) == rounds + 1 == len(replay.round_starts)  # (the setup starts one)
    for end, point in zip(curve.round_ends, by_round[1:], strict=True):
        state = replay.state(end)
        assert point == [state.vp(seat) for seat in range(3)]
    game = game_from_document(record)
    colors = len(game.rules.names.materials) - 1
    for seat in range(3):
        paid = [d.payment for s, d in game.history if s == seat and isinstance(d, Build)]
        assert curve.spent[seat]["colored"] == sum(sum(p[:colors]) for p in paid)
        assert curve.spent[seat]["pesos"] == sum(p[colors + 1] for p in paid)
        assert sum(curve.built[seat]) == curve.vp[-1][seat]
    step(app, click(results.controls()["charts"]))
    assert results.showing_charts
    step(app)  # the charts draw
    step(app, click(results.controls()["charts"]))
    assert not results.showing_charts


def test_a_click_on_the_chart_names_the_nearest_position():
    area = pygame.Rect(100, 0, 400, 100)
    chart = charts.LineChart(area, [0, 10, 20, 30, 40])
    assert chart.position_at(100) == 0 and chart.position_at(500) == 40
    assert chart.position_at(205) == 10 and chart.position_at(99) is None


def test_the_replays_chart_marks_the_position_and_a_click_jumps_there(tmp_path):
    from havana_game.client.scenes.replay import ReplayScene

    from .test_client_stats import _play_to_results

    app = make_app(tmp_path)
    results = _play_to_results(app, HOST_SEED)
    step(app, click(results.controls()["replay"]))
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    step(app)
    chart = replay.replay_panel.chart
    assert chart is not None and chart.positions == list(range(replay.replay.length + 1))
    assert replay.replay.curve.vp[-1] == [seat["vp"] for seat in results.final["seats"]]
    middle = chart.area.left + chart.area.w // 2
    target = chart.position_at(middle)
    step(app, click(pygame.Rect(middle, chart.area.centery, 1, 1)))
    assert isinstance(app.scene, ReplayScene) and app.scene.index == target
    step(app)
    marked = app.scene.replay_panel.chart
    assert marked is not None and marked.position_at(middle) == app.scene.index


def test_the_statistics_charts_show_each_games_vp_and_the_wins_by_level(tmp_path):
    from havana_game.client.profile import stats
    from havana_game.client.scenes.statistics import StatisticsScene

    from .test_client_stats import _game, _seat

    app = make_app(tmp_path)
    for vp, won, conceded in ((12, False, False), (25, True, False), (3, False, True),
                              (19, False, False)):
        game = _game(_seat("Ana", here=True, vp=vp, won=won), _seat("Alma", "hard", vp=20))
        stats.add(game.model_copy(update={"conceded": conceded}))
    scene = StatisticsScene(app)
    app.switch(scene)
    step(app, click(scene.controls()["charts"]))
    assert scene.showing_charts and "replay0" not in scene.controls()
    assert scene.vp_per_game() == [[12], [25], [19]]  # the conceded game left out
    assert scene.summary.by_level["hard"] == stats.Tally(4, 1)
    step(app)  # they draw
