"""Saves are promises: files written by released versions keep loading.

`tests/fixtures/saves-v1/` holds save files of format 1, written by the released
code (see the README there). Loading migrates them (`saves.MIGRATIONS`), replays
their history with today's engine and requires the very state they recorded.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from havana_game.rules import legal_decisions
from havana_game.rules.snapshot import snapshot
from havana_game.saves import SAVE_VERSION, SaveError, game_from_document, load_game, save_game

V1 = sorted((Path(__file__).parent / "fixtures" / "saves-v1").glob("*.json"))


def test_the_fixtures_are_there():
    assert len(V1) == 4


@pytest.mark.parametrize("path", V1, ids=lambda p: p.name)
def test_a_format_1_save_loads_with_its_recorded_state(path: Path):
    recorded = json.loads(path.read_text())
    assert recorded["version"] == 1 and "hidden_put" not in recorded["state"]
    game = load_game(path)
    now = snapshot(game.state)
    assert now["hidden_put"] == [0] * game.players
    del now["hidden_put"]
    assert now == recorded["state"], f"{path.name}: the engine no longer replays this save"
    assert len(game.history) == len(recorded["history"])
    assert game.seed == recorded["setup"]["seed"]


@pytest.mark.parametrize("path", V1, ids=lambda p: p.name)
def test_a_migrated_save_plays_on_and_is_written_in_the_current_format(path: Path,
                                                                         tmp_path: Path):
    game = load_game(path)
    while game.state.deciders():
        seat = game.state.deciders()[0]
        game.play(seat, legal_decisions(game.state, seat)[0])
    again = tmp_path / "again.json"
    save_game(game, again)
    assert json.loads(again.read_text())["version"] == SAVE_VERSION
    assert snapshot(load_game(again).state) == snapshot(game.state)


def test_a_damaged_version_is_a_clear_error():
    raw = json.loads(V1[0].read_text())
    for version in (0, -1, "1", None, 1.0):
        with pytest.raises(SaveError, match="version"):
            game_from_document({**raw, "version": version})
    with pytest.raises(SaveError, match="newer Havana"):
        game_from_document({**raw, "version": SAVE_VERSION + 1})


def test_a_format_1_save_with_a_damaged_state_is_refused_not_crashed():
    raw = json.loads(V1[0].read_text())
    for state in ("nonsense", [], {"players": "two"}, {**raw["state"], "rng": -1}):
        with pytest.raises(SaveError):
            game_from_document({**raw, "state": state})
