"""Save files (real files) and the engine's command line (real processes)."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from havana_game.content import classic_rules
from havana_game.game import Game
from havana_game.rules import legal_decisions, snapshot
from havana_game.saves import SaveError, load_game, save_game, save_schema

ROOT = Path(__file__).resolve().parent.parent


def played(seed, steps, players=3):
    game = Game.new(classic_rules(), players, seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        seats = game.state.deciders()
        if not seats:
            break
        game.play(seats[0], chooser.choice(legal_decisions(game.state, seats[0])))
    return game


def havana(*args):
    return subprocess.run([sys.executable, "-m", "havana_game.cli", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def test_a_save_round_trips_the_full_state_and_history(tmp_path):
    game = played(5, 150)
    path = tmp_path / "game.json"
    save_game(game, path)
    loaded = load_game(path)
    assert snapshot(loaded.state) == snapshot(game.state) and loaded.history == game.history
    assert not list(tmp_path.glob(".*.tmp"))  # no temp file left behind


def test_a_save_of_another_deck_restores_that_deck(tmp_path):
    deck = json.loads((ROOT / "havana_game/data/editions/classic/buildings.json").read_text())
    deck["buildings"] = deck["buildings"][:20]
    cards = json.loads((ROOT / "havana_game/data/editions/classic/cards.json").read_text())
    from havana_game.rules import parse_ruleset
    game = Game.new(parse_ruleset(cards, deck), 2, 1)
    save_game(game, tmp_path / "s.json")
    assert len(load_game(tmp_path / "s.json").rules.buildings) == 20


def corrupt(document, change):
    change(document)
    return document


CORRUPTIONS = {
    "not json": None,
    "truncated": "truncate",
    "foreign": lambda d: d.update(format="chess-save"),
    "newer": lambda d: d.update(version=99),
    "wrong type": lambda d: d["state"].update(res="lots"),
    "extra field": lambda d: d.update(cheat=True),
    "edited state": lambda d: d["state"]["res"].__setitem__(5, 99),
    "edited history": lambda d: d["history"][0]["decision"].update(cards=[0, 0]),
    "bad decision": lambda d: d["history"][3].update(decision={"kind": "fly"}),
    "bad material": lambda d: d["history"][3].update(
        decision={"kind": "act", "card": 0, "take": [[1]]}),
    "edited deck": lambda d: d["buildings"]["buildings"][0].update(vp=9),
    "bad seed": lambda d: d["setup"].update(seed="x"),
}


@pytest.mark.parametrize("name", CORRUPTIONS)
def test_damaged_foreign_or_newer_saves_get_a_clear_error(tmp_path, name):
    path = tmp_path / "s.json"
    save_game(played(2, 60), path)
    change = CORRUPTIONS[name]
    if change is None:
        path.write_bytes(b"\x00\xffnot json")
    elif change == "truncate":
        path.write_bytes(path.read_bytes()[:500])
    else:
        path.write_text(json.dumps(corrupt(json.loads(path.read_text()), change)))
    with pytest.raises(SaveError) as error:
        load_game(path)
    message = str(error.value)
    assert message and "Traceback" not in message
    if name == "newer":
        assert "newer" in message


def test_the_published_schema_is_current():
    published = json.loads((ROOT / "docs/save.schema.json").read_text())
    assert published == save_schema()


def test_cli_simulate_is_deterministic_apart_from_timing():
    outputs = []
    for _ in range(2):
        result = havana("simulate", "--players", "3", "--games", "4", "--seed", "9", "--json")
        assert result.returncode == 0, result.stderr
        data = json.loads(result.stdout)
        for key in ("seconds", "decisions_per_s", "games_per_s"):
            data.pop(key)
        outputs.append(data)
    assert outputs[0] == outputs[1] and outputs[0]["finished"] == 4
    assert set(outputs[0]) >= {"games", "finished", "rounds_mean", "decisions", "wins"}


def test_cli_rules_legal_and_apply_walk_a_position(tmp_path):
    start = havana("rules", "new", "--players", "2", "--seed", "4")
    assert start.returncode == 0
    path = tmp_path / "s.json"
    path.write_text(start.stdout)
    legal = havana("rules", "legal", str(path), "--seat", "1")
    options = json.loads(legal.stdout)
    assert len(options) == 78 and options[0]["kind"] == "choose"
    applied = havana("rules", "apply", str(path), "--seat", "1", "--decision",
                     json.dumps(options[5]))
    assert applied.returncode == 0
    path.write_text(applied.stdout)
    assert json.loads(havana("rules", "legal", str(path), "--seat", "1").stdout) == []
    assert load_game(path).history[0][0] == 1


@pytest.mark.parametrize("args, fragment", [
    (["--seat", "0", "--decision", '{"kind":"end_turn"}'], "illegal decision (wrong_kind)"),
    (["--seat", "0", "--decision", "{oops"], "not valid JSON"),
    (["--seat", "9", "--decision", '{"kind":"end_turn"}'], "seat 9 is not at this table"),
    (["--seat", "0", "--decision", '{"kind":"choose","cards":[1,1]}'], "same_card"),
    (["--seat", "0", "--decision", '{"kind":"act","card":0,"take":[[1]]}'], "malformed"),
    (["--seat", "0", "--decision", "[" * 100_000], "not valid JSON"),
])
def test_cli_rules_apply_rejects_bad_input_with_exit_code_2(tmp_path, args, fragment):
    path = tmp_path / "s.json"
    path.write_text(havana("rules", "new", "--players", "2").stdout)
    result = havana("rules", "apply", str(path), *args)
    assert result.returncode == 2 and fragment in result.stderr and not result.stdout
    assert "Traceback" not in result.stderr


def test_cli_reports_a_missing_save_clearly(tmp_path):
    result = havana("rules", "legal", str(tmp_path / "none.json"), "--seat", "0")
    assert result.returncode == 2 and "cannot read" in result.stderr


def test_cli_simulate_plays_with_another_deck_and_rejects_a_broken_one(tmp_path):
    deck = json.loads((ROOT / "havana_game/data/editions/classic/buildings.json").read_text())
    deck["buildings"] = deck["buildings"][4:28]
    good = tmp_path / "deck.json"
    good.write_text(json.dumps(deck))
    result = havana("simulate", "--players", "2", "--games", "3", "--deck", str(good), "--json")
    assert result.returncode == 0 and json.loads(result.stdout)["finished"] == 3
    deck["buildings"][0]["cost"] = {"gold": 1}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(deck))
    result = havana("simulate", "--players", "2", "--games", "3", "--deck", str(bad))
    assert result.returncode == 2 and "unknown cost entries ['gold']" in result.stderr
    result = havana("simulate", "--deck", str(tmp_path / "missing.json"))
    assert result.returncode == 2 and "cannot read building deck" in result.stderr
