"""The bots: legal decisions only, deterministic given a seed, the seat's view only,
and the medium bot clearly beats random play."""

import json
import random

import pytest

from havana_game.ai import BOT_LEVELS, HardBot, make_bot
from havana_game.ai.determinize import Determinizer
from havana_game.content import classic_rules
from havana_game.rules import apply, from_json, new_game, view_for

RULES = classic_rules()
HIDDEN_OF_OTHERS = {"hand", "face_down", "discard", "legal"}


def fast_bot(level, seed):
    """Bots as the tests run them: the hard bot on a small iteration cap."""
    if level == "hard":
        return HardBot(seed, iterations=25)
    return make_bot(level, seed)


def play(levels, seed, record=None):
    """Play one game through seat views only; return the final state."""
    state = new_game(RULES, len(levels), seed)
    bots = [fast_bot(level, seed * 10 + i) for i, level in enumerate(levels)]
    while state.deciders():
        seat = state.deciders()[0]
        view = view_for(state, seat)
        decision = bots[seat].decide(view)
        assert decision in view["legal"]
        if record is not None:
            record.append((seat, decision))
        apply(state, seat, from_json(decision))
    return state


def test_levels_are_registered():
    assert {"random", "easy", "medium", "hard"} <= set(BOT_LEVELS)
    with pytest.raises(ValueError):
        make_bot("impossible")


@pytest.mark.parametrize("levels", [("easy", "random"), ("medium", "easy", "random"),
                                    ("medium", "medium", "easy", "random")])
def test_bots_always_choose_a_legal_decision(levels):
    for seed in range(3):
        assert play(levels, seed).winners


def test_hard_bot_plays_a_whole_game_legally():
    assert play(("hard", "medium", "random"), 4).winners


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_same_seed_same_game(level):
    first, second = [], []
    play((level, "easy"), 9, first)
    play((level, "easy"), 9, second)
    assert first == second


def test_bots_receive_the_seat_view_only():
    """A bot's only input is the JSON-safe seat view: no other seat's hand or
    face-down cards, no bag or pile order, no RNG. Sampling the hidden parts anew
    and showing the bot the resulting (identical) view gives the identical decision,
    so nothing else can influence it."""
    state = new_game(RULES, 3, 2)
    rng = random.Random(5)
    checked = 0
    while state.deciders() and checked < 40:
        seat = state.deciders()[0]
        view = view_for(state, seat)
        text = json.dumps(view)
        assert "rng" not in view and "pile" not in view and "bag" not in view
        for other in view["seats"]:
            assert not HIDDEN_OF_OTHERS & set(other)
        other_world = Determinizer(json.loads(text), RULES).sample(rng)
        assert view_for(other_world, seat) == view
        for level in ("easy", "medium", "hard"):
            a = fast_bot(level, 1).decide(json.loads(text))
            b = fast_bot(level, 1).decide(view_for(other_world, seat))
            assert a == b
        apply(state, seat, from_json(make_bot("medium", checked).decide(view)))
        checked += 1


def test_medium_beats_random():
    wins = 0
    games = 16
    for game in range(games):
        levels = ["medium", "random"] if game % 2 == 0 else ["random", "medium"]
        state = play(levels, 100 + game)
        wins += levels.index("medium") in state.winners
    assert wins >= 13
