"""Setup (docs/RULES.md "Setup") and the turn order with its five-step tie-break."""

import json
from pathlib import Path

import pytest

from havana_game.content import classic_rules
from havana_game.rules import (
    Choose,
    IllegalDecision,
    apply,
    flow,
    legal_decisions,
    new_game,
    number,
    parse_ruleset,
)
from havana_game.rules.materials import PESOS
from havana_game.rules.state import ACTIONS, SETUP

from .positions import CARD, opened

RULES = classic_rules()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_lays_out_rows_market_and_hands(players):
    state = new_game(RULES, players, seed=11)
    assert state.phase == SETUP and state.deciders() == tuple(range(players))
    assert [len(row) for row in state.rows] == [6, 6] and len(state.pile) == 24
    assert len({*state.rows[0], *state.rows[1], *state.pile}) == 36
    for seat in range(players):
        counters = state.resources(seat)
        assert sum(counters[:5]) == 1 and counters[PESOS] == 1
        assert len(legal_decisions(state, seat)) == 78  # any 2 of 13 cards
    assert sum(state.market[:5]) == 3 and state.market[PESOS] == 4
    assert sum(state.bag) == 80 - 3 - players


def _deck_doc(vps):
    return {"deck": "test", "buildings": [
        {"id": f"t{i}", "name": f"T{i}", "vp": vp, "architect": False, "cost": {"pesos": 1}}
        for i, vp in enumerate(vps)]}


def test_an_end_position_always_shows_a_1_2_or_3_vp_building():
    cards = json.loads(Path("havana_game/data/editions/classic/cards.json").read_text())
    # Only one low card in 20: shuffles often leave none at the ends; the rule swaps one in.
    rules = parse_ruleset(cards, _deck_doc([2] + [7] * 19))
    for seed in range(40):
        state = new_game(rules, 2, seed)
        ends = [state.rows[0][0], state.rows[0][-1], state.rows[1][0], state.rows[1][-1]]
        assert any(rules.buildings[b].vp <= 3 for b in ends)


def test_default_deck_has_a_low_building_at_an_end_for_every_seed():
    for seed in range(200):
        state = new_game(RULES, 4, seed)
        ends = [state.rows[0][0], state.rows[0][-1], state.rows[1][0], state.rows[1][-1]]
        assert any(RULES.buildings[b].vp in (1, 2, 3) for b in ends)


def test_opening_choice_is_simultaneous_and_secret_until_all_revealed():
    state = new_game(RULES, 3, seed=1)
    apply(state, 1, Choose((CARD["siesta"], CARD["black_market"])))
    assert state.deciders() == (0, 2) and state.face_up[1] == (-1, -1)
    with pytest.raises(IllegalDecision) as error:
        apply(state, 1, Choose((CARD["pesos"], CARD["mama"])))
    assert error.value.reason == "already_decided"
    apply(state, 0, Choose((CARD["protection"], CARD["worker"])))
    apply(state, 2, Choose((CARD["protection"], CARD["materials_thief"])))
    assert state.phase == ACTIONS and state.round == 1


def test_numbers_are_written_low_digit_first():
    """Rulebook: Vanessa 7+0 -> 07, Peter 2+4 -> 24, Tobias 2+6 -> 26; 2+8 is 28, 4+4 is 44."""
    state = opened([("black_market", "siesta"), ("protection", "worker"),
                    ("protection", "materials_thief")])
    assert [number(state, s) for s in range(3)] == [7, 24, 26]
    assert state.order == (0, 1, 2)
    state = opened([("pesos", "debris"), ("worker", "architect")])
    assert [number(state, s) for s in range(2)] == [28, 44]
    assert state.order == (0, 1)


TIE_STEPS = [  # (resources of seat 0, resources of seat 1): seat 1 must go first
    ({"vp": 3}, {"vp": 2}),
    ({"red": 2}, {"blue": 1}),
    ({"pesos": 5}, {"pesos": 4}),
    ({"workers": 2}, {"workers": 1}),
    ({"gray": 3}, {"gray": 2}),
]


TIE_PRECEDENCE = [  # seat 1 goes first on an earlier step although it loses every later one
    ({"vp": 3}, {"vp": 2, "red": 4, "pesos": 9, "workers": 5, "gray": 6}),
    ({"red": 2}, {"blue": 1, "pesos": 9, "workers": 5, "gray": 6}),
    ({"pesos": 5}, {"pesos": 4, "workers": 5, "gray": 6}),
    ({"workers": 2}, {"workers": 1, "gray": 6}),
]


@pytest.mark.parametrize("seat0, seat1", TIE_STEPS + TIE_PRECEDENCE)
def test_equal_numbers_fewer_vp_colored_pesos_workers_gray_go_first_in_that_order(seat0, seat1):
    base = {"red": 0, "yellow": 0, "brown": 0, "blue": 0, "gray": 0, "pesos": 1, "workers": 0,
            "vp": 0}
    state = opened([("siesta", "pesos"), ("siesta", "pesos")],
                   before_reveal={0: {**base, **seat0}, 1: {**base, **seat1}})
    assert state.order == (1, 0)


def test_the_end_swap_takes_its_card_from_the_draw_pile_not_the_rows():
    """docs/RULES.md "Setup", step 2: no 1-3 VP building at an end -> swap with the first
    qualifying card of the rest of the deck (the pile); the rows' middles stay."""
    state = new_game(RULES, 2, seed=0)
    low = [i for i, b in enumerate(RULES.buildings) if b.vp in (1, 2, 3)]
    high = [i for i, b in enumerate(RULES.buildings) if b.vp > 3]
    deck = high[:12] + high[12:14] + low[1:3]
    deck[2] = low[0]  # a low card in the middle of row 0
    flow._lay_out_rows(state, deck)
    assert state.rows[0][2] == low[0]
    ends = [state.rows[0][0], state.rows[0][-1], state.rows[1][0], state.rows[1][-1]]
    assert low[1] in ends and low[1] not in state.pile and low[2] in state.pile


def test_a_full_tie_goes_to_the_youngest():
    base = {"red": 0, "yellow": 0, "brown": 0, "blue": 0, "gray": 0, "pesos": 1}
    state = new_game(RULES, 3, seed=4, ages=[40, 12, 30])
    for seat in range(3):
        for resource, value in enumerate(base.values()):
            state.set_amount(seat, resource, value)
        apply(state, seat, Choose((CARD["siesta"], CARD["pesos"])))
    assert state.order == (1, 2, 0)


def test_without_ages_the_tie_break_order_comes_from_the_seed():
    ranks = {new_game(RULES, 4, seed).age_rank for seed in range(30)}
    assert len(ranks) > 5 and all(sorted(r) == [0, 1, 2, 3] for r in ranks)
    assert new_game(RULES, 4, 9).age_rank == new_game(RULES, 4, 9).age_rank


def test_player_count_and_ages_are_checked():
    for players in (1, 5):
        with pytest.raises(ValueError, match="^Havana is played by 2 to 4 players$"):
            new_game(RULES, players, 0)
    for ages in ([10], [10, 11, 12]):
        with pytest.raises(ValueError, match="^give one age per player, or none$"):
            new_game(RULES, 2, 0, ages=ages)
