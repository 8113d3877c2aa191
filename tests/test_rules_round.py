"""Phase 2 supply, phase 3 (new card, reveal, discards back), winning and fallback endings."""

import pytest

from havana_game.content import classic_rules
from havana_game.rules import (
    END_TURN,
    Build,
    Cover,
    IllegalDecision,
    Outcome,
    Termination,
    apply,
    legal_decisions,
    new_game,
    number,
    view_for,
)
from havana_game.rules.flow import MAX_ROUNDS
from havana_game.rules.state import ACTIONS, COVER, OVER

from .positions import CARD, act, clear_resources, end_turn, give, opened

RULES = classic_rules()


def to_phase_3(pairs, **market):
    """Play round 1's phase 1 with Siesta first for everyone, building nothing."""
    state = opened(pairs)
    clear_resources(state)
    while state.phase == ACTIONS:
        act(state, "siesta") if state.step == 0 and CARD["siesta"] in state.face_up[
            state.active] else apply(state, state.active, legal_decisions(state, state.active)[0])
        end_turn(state)
    return state


def test_phase_2_adds_three_materials_and_three_pesos_to_what_is_left():
    state = opened([("siesta", "worker"), ("siesta", "architect")])
    market = list(state.market)
    bag = sum(state.bag)
    act(state, "siesta")
    end_turn(state)
    act(state, "siesta")
    end_turn(state)
    assert state.phase == COVER
    assert sum(state.market[:5]) == sum(market[:5]) + 3 and state.market[5] == market[5] + 3
    assert sum(state.bag) == bag - 3


def test_phase_2_with_a_short_bag_draws_what_it_has():
    state = opened([("siesta", "worker"), ("siesta", "architect")])
    state.bag = [0, 1, 0, 0, 0]
    colored = sum(state.market[:4])
    act(state, "siesta")
    end_turn(state)
    act(state, "siesta")
    end_turn(state)
    assert sum(state.market[:4]) == colored + 1 and sum(state.bag) == 0


def test_phase_3_covers_in_turn_order_the_covered_card_public_the_new_one_secret():
    """Rulebook: Vanessa covers her 0, then Peter his 4, then Tobias his 6; Vanessa's
    new card is an 8, her 0 goes to the discard pile and she now has 78."""
    state = to_phase_3([("black_market", "siesta"), ("protection", "worker"),
                        ("protection", "materials_thief")])
    assert state.phase == COVER and state.order == (0, 1, 2)
    with pytest.raises(IllegalDecision) as error:
        apply(state, 1, Cover(CARD["worker"], CARD["mama"]))
    assert error.value.reason == "not_your_turn"
    apply(state, 0, Cover(CARD["siesta"], CARD["pesos"]))
    peter = view_for(state, 1)
    assert peter["seats"][0]["covered"] == CARD["siesta"] and peter["seats"][0]["has_face_down"]
    assert "face_down" not in peter["seats"][0] and peter["face_down"] == []
    assert view_for(state, 0)["face_down"] == [CARD["pesos"]]
    apply(state, 1, Cover(CARD["worker"], CARD["mama"]))
    apply(state, 2, Cover(CARD["materials_thief"], CARD["siesta"]))
    assert state.phase == ACTIONS and state.round == 2
    assert number(state, 0) == 78 and state.discard[0] == 1 << CARD["siesta"]
    assert view_for(state, 2)["seats"][0]["discard_seen"] == [CARD["siesta"]]
    assert [number(state, s) for s in range(3)] == [78, 29, 2]
    assert state.order == (2, 1, 0)


def test_cover_needs_a_face_up_card_and_a_card_from_hand():
    state = to_phase_3([("siesta", "worker"), ("siesta", "architect")])
    seat = state.active
    for cover, reason in [(Cover(CARD["mama"], CARD["pesos"]), "not_face_up"),
                          (Cover(CARD["siesta"], CARD["siesta"]), "card_not_in_hand")]:
        with pytest.raises(IllegalDecision) as error:
            apply(state, seat, cover)
        assert error.value.reason == reason


def test_a_hand_of_two_or_fewer_after_the_reveal_takes_the_discards_back():
    state = to_phase_3([("siesta", "worker"), ("siesta", "architect")])
    keep = (1 << CARD["pesos"]) | (1 << CARD["mama"]) | (1 << CARD["debris"])
    for seat in (0, 1):
        gone = state.hand[seat] & ~keep
        state.hand[seat] = keep
        state.discard[seat] = state.placed[seat] = gone
    state.cache = None
    apply(state, state.active, Cover(CARD["siesta"], CARD["pesos"]))
    apply(state, state.active, Cover(CARD["siesta"], CARD["pesos"]))
    for seat in (0, 1):
        assert state.discard[seat] == 0 and state.placed[seat] == 0
        assert bin(state.hand[seat]).count("1") == 11  # all but the two face up


def test_reaching_the_target_at_the_end_of_a_phase_1_turn_wins_at_once():
    state = opened([("siesta", "protection"), ("pesos", "mama"), ("worker", "mama")])
    clear_resources(state)
    give(state, 0, vp=19, gray=1, pesos=2)  # 3 players: target 20
    row = state.rows[0]
    beach_hut = next(i for i, b in enumerate(RULES.buildings) if b.id == "b01")
    state.rows = ((beach_hut, *row[1:]), state.rows[1])
    act(state, "siesta")
    apply(state, 0, Build(0, (0, 0, 0, 0, 1, 2, 0)))
    assert state.phase == OVER and state.winners == (0,) and state.end_reason == "target_reached"
    assert state.outcome() == Outcome(Termination.TARGET_REACHED, (0,))
    assert legal_decisions(state, 1) == ()
    with pytest.raises(IllegalDecision) as error:
        apply(state, 1, END_TURN)
    assert error.value.reason == "game_over"


@pytest.mark.parametrize("players, target", [(2, 25), (3, 20), (4, 15)])
def test_the_target_depends_on_the_number_of_players(players, target):
    state = new_game(RULES, players, seed=1)
    assert view_for(state, 0)["target_vp"] == target


def test_vp_at_the_target_from_before_the_turn_still_wins_at_its_end():
    state = opened([("siesta", "protection"), ("pesos", "mama")])
    clear_resources(state)
    give(state, 1, vp=25)
    act(state, "siesta")
    assert state.phase == ACTIONS and state.outcome() is None  # seat 0 is below the target
    apply(state, 1, legal_decisions(state, 1)[0])
    end_turn(state)
    assert state.winners == (1,)


def test_the_game_ends_after_phase_1_when_nothing_can_be_built_any_more():
    state = opened([("siesta", "protection"), ("pesos", "debris")])
    state.rows, state.pile = ((), ()), ()
    clear_resources(state)
    give(state, 0, vp=3, red=1)
    give(state, 1, vp=3, blue=1, pesos=1)
    state.cache = None
    act(state, "siesta")
    apply(state, 1, legal_decisions(state, 1)[0])
    end_turn(state)
    assert state.phase == OVER and state.end_reason == "no_buildings_left"
    # Equal VP and colored: more pesos wins.
    assert state.winners == (1,)
    assert state.outcome() == Outcome(Termination.NO_BUILDINGS_LEFT, (1,))


def test_the_round_limit_ends_the_game_and_full_ties_share_the_win():
    state = opened([("siesta", "protection"), ("siesta", "debris")])
    state.round = MAX_ROUNDS
    clear_resources(state)
    state.market = [0, 0, 0, 0, 0, 4]
    state.cache = None
    act(state, "siesta")
    end_turn(state)
    act(state, "siesta")
    end_turn(state)
    assert state.phase == OVER and state.winners == (0, 1) and state.end_reason in (
        "round_limit", "no_materials_left")


def test_no_materials_anywhere_ends_the_game():
    state = opened([("siesta", "protection"), ("siesta", "debris")])
    clear_resources(state)
    state.bag, state.market = [0] * 5, [0, 0, 0, 0, 0, 4]
    give(state, 0, pesos=3)
    state.cache = None
    act(state, "siesta")
    end_turn(state)
    act(state, "siesta")
    end_turn(state)
    assert state.end_reason == "no_materials_left" and state.winners == (0,)


def test_building_the_last_building_ends_a_classic_game_only_after_phase_1():
    """Classic keeps its rule (the 2024 edition ends at once): the other player
    still has a turn after the last building is built."""
    state = opened([("siesta", "protection"), ("pesos", "debris")])
    state.rows, state.pile = ((state.rows[0][0],), ()), ()
    give(state, 0, red=9, yellow=9, brown=9, blue=9, gray=40, pesos=40, workers=9)
    state.cache = None
    act(state, "siesta")
    build = next(d for d in legal_decisions(state, 0) if isinstance(d, Build))
    apply(state, 0, build)
    assert state.rows == ((), ()) and state.phase == ACTIONS
    end_turn(state)
    assert state.phase == ACTIONS and state.active == 1
    while state.phase == ACTIONS:
        apply(state, 1, legal_decisions(state, 1)[0])
    assert state.end_reason == "no_buildings_left"
