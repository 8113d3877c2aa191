"""Statistics: every game finished at this screen is recorded from its results;
the figures after three games match those three results; the file is written
atomically (a crash mid-write loses nothing) and a damaged one is kept aside."""

from __future__ import annotations

import json
import os
import time

import pytest

from havana_game import saves
from havana_game.client.profile import stats
from havana_game.client.scenes.menu import MenuScene
from havana_game.client.scenes.results import ResultsScene
from havana_game.client.scenes.statistics import StatisticsScene, game_line
from havana_game.client.scenes.table import TableScene
from havana_game.client.session.netlink import NetLink
from havana_game.client.ui.i18n import tr, trn

from .seeds import HOST_SEED
from .test_client_support import click, make_app, play_to_results, step


def _play_to_results(app, seed: int) -> ResultsScene:
    table = TableScene(app, NetLink.local(["human", "random"], ["Ana", "Bo"], seed=seed))
    app.switch(table)
    return play_to_results(app, table)


def _seat(name, level=None, here=False, vp=0, won=False, built=(), played=None):
    return stats.SeatRecord(name=name, level=level, here=here, vp=vp, won=won,
                            built=list(built), played=played or {})


def _game(*seats, rounds=10):
    return stats.GameRecord(finished=time.time(), edition="classic", rounds=rounds,
                            end_reason="target_reached", seats=list(seats))


def test_three_games_are_counted_as_their_results_say(tmp_path):
    app = make_app(tmp_path)
    finals = []
    for n in range(3):
        results = _play_to_results(app, HOST_SEED + n)
        finals.append(results.final)
    games = stats.load()
    assert len(games) == 3
    for game, final in zip(games, finals, strict=True):
        assert [s.vp for s in game.seats] == [s["vp"] for s in final["seats"]]
        assert [s.won for s in game.seats] == [i in final["winners"] for i in range(2)]
        assert [s.built for s in game.seats] == [s["built"] for s in final["seats"]]
        assert [s.here for s in game.seats] == [True, False]
        assert [s.level for s in game.seats] == [None, "random"]
        assert game.rounds == final["round"] and sum(game.seats[0].played.values()) > 0
    summary = stats.summarize(games)
    won = sum(0 in final["winners"] for final in finals)
    assert summary.total == stats.Tally(3, won) == summary.by_players[2]
    assert summary.by_level == {"random": stats.Tally(3, won)}
    assert summary.best_vp == max(final["seats"][0]["vp"] for final in finals)
    app.switch(MenuScene(app))
    step(app)
    step(app, click(app.scene.controls()["stats"]))
    assert isinstance(app.scene, StatisticsScene) and app.scene.summary == summary
    step(app)  # it draws


def test_figures_count_the_seats_at_this_screen():
    games = [
        _game(_seat("Ana", here=True, vp=25, won=True, built=["a", "b"], played={"pesos": 3}),
              _seat("Alma", "hard", vp=20), _seat("Bruno", "easy", vp=5), rounds=12),
        _game(_seat("Ana", here=True, vp=12, built=["b"], played={"pesos": 1, "mama": 2}),
              _seat("Beto", here=True, vp=30, won=True, built=["c"], played={"mama": 1}),
              rounds=8),
        _game(_seat("Remote", vp=25, won=True), _seat("Alma", "hard", vp=3), rounds=9),
    ]
    summary = stats.summarize(games)
    assert summary.total == stats.Tally(3, 2)
    assert summary.by_players == {2: stats.Tally(2, 1), 3: stats.Tally(1, 1)}
    assert summary.by_level == {"easy": stats.Tally(1, 1), "hard": stats.Tally(1, 1)}
    assert summary.best_vp == 30 and summary.average_vp == pytest.approx(67 / 3)
    assert summary.average_rounds == pytest.approx((12 + 8 + 8) / 3)
    assert summary.cards == [("pesos", 4), ("mama", 3)]
    assert summary.buildings[0] == ("b", 2)
    assert game_line(games[0]).endswith("★ Ana 25, Alma 20, Bruno 5")


def test_a_conceded_game_is_lost_left_out_of_the_vp_figures_and_marked(tmp_path):
    finished = _game(_seat("Ana", here=True, vp=25, won=True), _seat("Alma", "hard", vp=20),
                     rounds=12)
    conceded = _game(_seat("Ana", here=True, vp=2), _seat("Alma", "hard", vp=9),
                     rounds=3).model_copy(update={"conceded": True, "end_reason": "conceded",
                                                  "hints": 4, "takebacks": 1})
    summary = stats.summarize([finished, conceded])
    assert summary.total == stats.Tally(2, 1) and summary.conceded == 1
    assert (summary.average_vp, summary.best_vp, summary.average_rounds) == (25, 25, 12)
    assert (summary.hints, summary.takebacks) == (4, 1)
    assert game_line(conceded).endswith(" · ".join(
        [tr("stats.game_conceded"), trn("stats.game_hints", 4), trn("stats.game_takebacks", 1)]))
    app = make_app(tmp_path)
    for game in (finished, conceded):
        stats.add(game)
    app.switch(StatisticsScene(app))
    step(app)  # it draws, the conceded game among the recent ones
    assert app.scene.summary == summary


def test_a_crash_mid_write_loses_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("HAVANA_CONFIG_DIR", str(tmp_path))
    first = _game(_seat("Ana", here=True, vp=25, won=True), _seat("Alma", "hard", vp=20))
    stats.add(first)
    before = stats.stats_path().read_bytes()

    class Crash(BaseException):
        """The process dies between writing the new file and renaming it."""

    def crash(*_args):
        raise Crash

    replace = os.replace
    monkeypatch.setattr(saves.os, "replace", crash)
    with pytest.raises(Crash):
        stats.add(_game(_seat("Ana", here=True, vp=3), _seat("Alma", "hard", vp=25, won=True)))
    monkeypatch.setattr(saves.os, "replace", replace)
    assert stats.stats_path().read_bytes() == before and stats.load() == [first]
    assert not list(tmp_path.glob("*.tmp"))  # no torn leftovers either
    stats.add(first)
    assert len(stats.load()) == 2


def test_a_damaged_file_is_kept_aside_and_said(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("HAVANA_CONFIG_DIR", str(tmp_path))
    stats.stats_path().write_text(json.dumps({"format": 1, "games": [{"rounds": -1}]}))
    assert stats.load() == []
    assert "cannot be read" in capsys.readouterr().err
    [aside] = tmp_path.glob("stats.json.damaged-*")
    assert json.loads(aside.read_text())["games"] == [{"rounds": -1}]
    stats.add(_game(_seat("Ana", here=True), _seat("Bo")))
    assert len(stats.load()) == 1 and aside.exists()


def test_play_again_starts_from_the_last_games_setup(tmp_path):
    from havana_game.client.scenes.newgame import NewGameScene

    app = make_app(tmp_path)
    results = _play_to_results(app, HOST_SEED + 5)
    step(app, click(results.controls()["again"]))
    setup = app.scene
    assert isinstance(setup, NewGameScene)
    assert setup.players == 2 and setup.kinds[:2] == ["human", "random"]
    assert setup.names[:2] == ["Ana", "Bo"] and setup.edition == "classic"


def test_results_show_every_players_buildings_one_way(tmp_path, monkeypatch):
    """As cards side by side while every player's fit so; else every row lists
    names (the winner's as a list and the loser's as cards read as two kinds of
    thing)."""
    import pygame

    from havana_game.client.scenes import results as results_module
    from havana_game.client.table import edition

    app = make_app(tmp_path, (1920, 1080))
    results = _play_to_results(app, HOST_SEED + 6)
    ids = [b.id for b in edition.rules().buildings]
    faces, names = [], []
    monkeypatch.setattr(results_module, "building_face",
                        lambda ident, *a: faces.append(ident) or pygame.Surface((1, 1)))
    monkeypatch.setattr(results_module, "building_name",
                        lambda ident: names.append(ident) or ident)
    seats = results.final["seats"]
    surface = pygame.Surface(results.size)
    for built in ([ids[:3], ids[3:5]], [ids[:12], ids[12:14]]):
        faces.clear()
        names.clear()
        for seat, own in zip(seats, built, strict=False):
            seat["built"] = own
        results.draw_content(surface)
        shown = ids[:5] if len(built[0]) == 3 else ids[:14]
        if len(built[0]) == 3:
            assert sorted(faces) == sorted(shown) and not names
        else:  # twelve do not fit as cards: no row shows cards
            assert not faces and set(names) == set(shown)  # every one named
