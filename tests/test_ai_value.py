"""The learned evaluation to measure (`tools/value_model.py`): what it reads of a
position, that its chances are a softmax over the seats, that the fitted weights
count a VP more for the seat that has it, and the tools that make its data and
fit it."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

from havana_game.content import classic_rules
from havana_game.rules import apply, legal_decisions, new_game
from havana_game.rules.materials import PESOS, VP

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import fit_value  # noqa: E402
from value_model import (  # noqa: E402
    FEATURES,
    HELD,
    POSITION,
    WEIGHTS,
    inputs,
    position,
    rewards,
    weights,
    win_chances,
)


def _played(players: int, decisions: int, seed: int):
    """A classic game after `decisions` random decisions."""
    rng = random.Random(seed)
    state = new_game(classic_rules(), players, seed)
    for _ in range(decisions):
        seat = state.deciders()[0]
        apply(state, seat, rng.choice(legal_decisions(state, seat)))
    return state


def test_a_position_reads_vp_and_holdings_as_shares_of_the_target():
    state = _played(2, 30, 4)
    target = classic_rules().target_vp(2)
    state.set_amount(0, VP, 10)
    state.set_amount(0, PESOS, 7)
    seen = position(state, 0)
    assert len(seen) == len(POSITION)
    assert seen[POSITION.index("vp")] == 10 / target
    assert seen[POSITION.index("pesos")] == 0.7
    assert 0 <= seen[POSITION.index("hand")] <= 1


def test_vp_counts_more_and_holdings_less_as_the_leader_nears_the_target():
    seats = [[0.2, 0.1, 0.3, 0.4, 0.0, 0.2, 0.5, 0.3, 1.0, 0.1],
             [0.6, 0.2, 0.1, 0.0, 0.4, 0.0, 0.4, 0.2, 0.0, 0.3]]
    first, second = inputs(seats)
    assert len(first) == len(FEATURES) and FEATURES[:2] == ("vp", "vp_late")
    assert first[:2] == pytest.approx([0.2, 0.2 * 0.6])
    assert first[2:2 + len(HELD)] == pytest.approx([x * 0.4 for x in seats[0][1:6]])
    assert second[2:2 + len(HELD)] == pytest.approx([x * 0.4 for x in seats[1][1:6]])
    assert first[2 + len(HELD):] == seats[0][6:]
    at_the_target = inputs([[1.4, *seats[0][1:]], seats[1]])  # progress at most 1
    assert at_the_target[1][1] == 0.6 and not any(at_the_target[0][2:2 + len(HELD)])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_chances_sum_to_one_and_a_vp_more_raises_a_seats_chance(players):
    state = _played(players, 12 * players, players)
    chances = win_chances(state)
    assert sum(chances) == pytest.approx(1.0) and all(0 < c < 1 for c in chances)
    for vp in (0, 5, 12):  # early and late in the game
        state.set_amount(1, VP, vp)
        before = win_chances(state)[1]
        state.set_amount(1, VP, vp + 1)
        assert win_chances(state)[1] > before


def test_a_finished_game_rewards_its_winners():
    state = _played(2, 0, 9)
    while state.outcome() is None:
        seat = state.deciders()[0]
        apply(state, seat, legal_decisions(state, seat)[0])
    shares = rewards(state)
    assert sum(shares) == pytest.approx(1.0)
    assert [s for s in range(2) if shares[s] > 0] == list(state.outcome().winners)


def test_the_fitted_weights_name_every_input():
    doc = json.loads(WEIGHTS.read_text())
    assert set(doc["weights"]) == set(FEATURES)
    assert len(weights()) == len(FEATURES)


def test_the_fit_finds_the_weights_that_made_the_winners(tmp_path):
    """Games whose winners are drawn from a known model: the fitted weights come
    near it, and score the held-out games better than zero weights do."""
    rng = random.Random(7)
    truth = [rng.uniform(-2, 2) for _ in FEATURES]
    lines = []
    for game in range(600):
        seats = [[rng.random() for _ in POSITION] for _ in range(2)]
        chances = fit_value.model_chances(truth)(seats)
        winner = 0 if rng.random() < chances[0] else 1
        lines.append(json.dumps({"game": game, "players": 2, "positions": [seats],
                                 "winners": [winner]}))
    data = tmp_path / "games.jsonl"
    data.write_text("\n".join(lines) + "\n")
    fitted, held, games = fit_value.load([data])
    assert games == 600 and len(held) == 120 and len(fitted) == 480
    found = fit_value.fit(fitted)
    closeness = math.dist(found, truth) / math.dist([0.0] * len(truth), truth)
    assert closeness < 0.8
    assert fit_value.scores(held, fit_value.model_chances(found))["log_loss"] < \
        fit_value.scores(held, fit_value.model_chances([0.0] * len(truth)))["log_loss"]


def test_the_data_tool_writes_every_seats_position_and_the_winners(tmp_path):
    out = tmp_path / "games.jsonl"
    done = subprocess.run([sys.executable, "tools/value_data.py", "--seats", "medium,c0.3n8v",
                           "--games", "2", "--seed", "3", "--sample", "0.5", "--out", str(out)],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert [g["game"] for g in games] == [0, 1]
    for game in games:
        assert game["positions"] and game["winners"]
        assert all(len(seat) == len(POSITION) for seats in game["positions"] for seat in seats)
    fitted = subprocess.run([sys.executable, "tools/fit_value.py", str(out)],
                            capture_output=True, text=True, cwd=ROOT, check=False)
    assert fitted.returncode == 0, fitted.stderr
    assert set(json.loads(fitted.stdout)["weights"]) == set(FEATURES)


def test_the_fit_refuses_a_file_that_is_not_games_in_one_line(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"game": 0}\n')
    done = subprocess.run([sys.executable, "tools/fit_value.py", str(bad)], capture_output=True,
                          text=True, cwd=ROOT, check=False)
    assert done.returncode == 2
    assert "not a file of tools/value_data.py's games" in done.stderr.strip().splitlines()[-1]
