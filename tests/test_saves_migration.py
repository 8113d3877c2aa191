"""Saves are promises: files written by released versions keep loading.

`tests/fixtures/saves-v1/` holds save files of format 1, written by the released
code (see the README there). Loading migrates them (`saves.MIGRATIONS`), replays
their history with today's engine and requires the very state they recorded.
"""

from __future__ import annotations

import json
import random
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


V2 = sorted((Path(__file__).parent / "fixtures" / "saves-v2").glob("*.json"))
CLASSIC_ONLY = {"brown", "blue"}
EDITION_ONLY = {"green", "white"}


def _material_words(history: list[dict]) -> set[str]:
    """Every material name the decisions of a save's history use."""
    words: set[str] = set()
    for entry in history:
        decision = entry["decision"]
        take = decision.get("take", [])
        words |= {take} if isinstance(take, str) else set(take)
        words |= set(decision.get("pay", {}))
    return words


def test_the_2024_format_2_fixtures_are_there_and_say_classic_words():
    assert len(V2) == 3
    for path in V2:
        recorded = json.loads(path.read_text())
        assert recorded["version"] == 2 and recorded["ruleset"] == "edition2024"
        assert _material_words(recorded["history"]) & CLASSIC_ONLY, path.name


@pytest.mark.parametrize("path", V2, ids=lambda p: p.name)
def test_a_2024_format_2_save_replays_to_its_recorded_state(path: Path, tmp_path: Path):
    recorded = json.loads(path.read_text())
    game = load_game(path)
    assert snapshot(game.state) == recorded["state"], f"{path.name}: no longer replays"
    assert len(game.history) == len(recorded["history"]) and game.seatings == []
    again = tmp_path / "again.json"
    save_game(game, again)
    written = json.loads(again.read_text())
    assert written["version"] == SAVE_VERSION
    words = _material_words(written["history"])
    assert words & EDITION_ONLY and not words & CLASSIC_ONLY
    assert snapshot(load_game(again).state) == recorded["state"]


def test_a_2024_save_names_materials_as_the_game_does(tmp_path: Path):
    """The save's words are those of the views' `legal`: every recorded decision
    was one of the legal ones, as the view said it."""
    from havana_game.content import find_edition
    from havana_game.game import Game
    from havana_game.rules import view_for

    game = Game.new(find_edition("edition2024"), 2, 5)
    said: list[dict] = []
    while game.state.deciders() and len(said) < 150:
        seat = game.state.deciders()[0]
        legal = view_for(game.state, seat)["legal"]
        choice = next((d for d in legal if set(json.dumps(d).split('"')) & EDITION_ONLY),
                      legal[-1])
        said.append(choice)
        game.play(seat, legal_decisions(game.state, seat)[legal.index(choice)])
    path = tmp_path / "game.json"
    save_game(game, path)
    history = json.loads(path.read_text())["history"]
    assert [entry["decision"] for entry in history] == said
    assert _material_words(history) & EDITION_ONLY


def test_seatings_that_do_not_fit_the_history_are_refused():
    raw = game_from_document(json.loads(V2[0].read_text()))
    from havana_game.saves import game_to_document

    document = game_to_document(raw)
    for seatings in ([{"at": 10_000, "seat": 0, "name": "Ana"}],
                     [{"at": 0, "seat": 3, "name": "Ana"}],
                     [{"at": 5, "seat": 0, "name": "A"}, {"at": 1, "seat": 1, "name": "B"}]):
        with pytest.raises(SaveError, match="seatings"):
            game_from_document({**document, "seatings": seatings})
    fine = [{"at": 0, "seat": 0, "name": "Ana"}, {"at": 3, "seat": 1, "name": "Bea"}]
    assert game_from_document({**document, "seatings": fine}).seatings[1].name == "Bea"


def test_a_2024_save_that_played_past_an_ending_now_at_once_says_so(tmp_path: Path):
    """A format 2 save of a 2024 game that went on after its last building was
    gone (the rule then: the end of phase 1) cannot replay under today's rule, and
    the message says why. The game is played with a deck of 3 buildings costing a
    peso under the old rule (the same cards with `win_at_once` off), then saved as
    format 2 did."""
    from havana_game.content import find_edition
    from havana_game.game import Game
    from havana_game.rules import Build, parse_ruleset, to_json

    source = json.loads(find_edition("edition2024").source)
    cheap = [{**b, "architect": False, "cost": {"pesos": 1}}
             for b in source["deck"]["buildings"][:3]]
    cards, deck = source["cards"], {**source["deck"], "buildings": cheap}
    old_rule = parse_ruleset({**cards, "setup": {**cards["setup"], "win_at_once": False}}, deck)
    rules = parse_ruleset(cards, deck)
    for seed in range(40):  # a game whose last building goes before phase 1 ends
        game = Game.new(old_rule, 2, seed)
        chooser = random.Random(seed)
        while game.state.deciders() and game.state.rows != ((), ()):
            seat = game.state.deciders()[0]
            options = legal_decisions(game.state, seat)
            builds = [d for d in options if isinstance(d, Build)]
            game.play(seat, chooser.choice(builds or options))
        if game.state.deciders():
            break
    assert game.state.deciders()  # the old rule plays on
    seat = game.state.deciders()[0]
    game.play(seat, legal_decisions(game.state, seat)[0])
    document = {"format": "havana-save", "version": 2, "ruleset": rules.name,
                "fingerprint": rules.fingerprint, "cards": cards, "buildings": deck,
                "setup": {"players": 2, "seed": seed, "ages": None},
                "history": [{"seat": s, "decision": to_json(d)} for s, d in game.history],
                "state": {**snapshot(game.state)}}
    with pytest.raises(SaveError, match="2024 rules now end the game right there"):
        game_from_document(document)
