"""The round's flow (flow.py), step by step with exact expectations: what each
seat is told when cards are chosen, covered and revealed, the turn order that
follows, phase 2's supply, when and why the game ends and who wins a tie."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from havana_game.content import classic_rules, find_edition
from havana_game.rules import (
    END_TURN,
    MAX_ROUNDS,
    Choose,
    Cover,
    Event,
    apply,
    final_ranking,
    flow,
    legal_decisions,
    new_game,
    parse_ruleset,
    view_for,
)
from havana_game.rules.materials import GRAY, PESOS
from havana_game.rules.state import ACT, ACTIONS, BUILD, COVER, OVER, SETUP

from .positions import CARD, clear_resources, give, opened

RULES = classic_rules()
EDITION_CARDS = json.loads(Path("havana_game/data/editions/classic/cards.json").read_text())
FULL_HAND = (1 << len(RULES.cards)) - 1
BUILDING = {b.id: i for i, b in enumerate(RULES.buildings)}


def mask(*keys):
    out = 0
    for key in keys:
        out |= 1 << CARD[key]
    return out


def play_to_build_step(state, seat):
    """Carry out the seat's actions with its first legal options, up to its building step."""
    while state.phase == ACTIONS and state.active == seat and state.step != BUILD:
        apply(state, seat, legal_decisions(state, seat)[0])


def cover_phase(pairs, seed=0):
    """Round 1's phase 3 after a phase 1 in which nobody built (b01, 1 gray and
    2 pesos, stays buildable so that each turn ends by choice)."""
    state = opened(pairs, seed)
    clear_resources(state)
    state.rows = ((BUILDING["b01"], *state.rows[0][1:]), state.rows[1])
    while state.phase == ACTIONS:
        give(state, state.active, gray=1, pesos=2)
        play_to_build_step(state, state.active)
        apply(state, state.active, END_TURN)
    assert state.phase == COVER and state.turn == 0
    return state


def test_choosing_opening_cards_is_announced_without_saying_which():
    state = new_game(RULES, 2, seed=7, ages=[20, 21])
    events = apply(state, 0, Choose((CARD["siesta"], CARD["worker"])))
    assert events == [Event("cards_chosen", None, {"seat": 0}),
                      Event("cards_chosen", 0, {"seat": 0, "cards": [0, CARD["worker"]]})]
    assert state.hand == [FULL_HAND & ~mask("siesta", "worker"), FULL_HAND]
    assert state.face_down[0] == (CARD["siesta"], CARD["worker"]) and state.phase == SETUP
    assert state.face_up[0] == (-1, -1) and view_for(state, 1)["seats"][0]["face_up"] == []


def test_the_last_choice_reveals_every_pair_and_starts_round_1_in_number_order():
    state = new_game(RULES, 3, seed=7, ages=[20, 21, 22])
    apply(state, 0, Choose((CARD["pesos"], CARD["mama"])))
    apply(state, 1, Choose((CARD["siesta"], CARD["worker"])))
    events = apply(state, 2, Choose((CARD["protection"], CARD["black_market"])))
    assert events[2:] == [
        Event("cards_revealed", None, {"face_up": [[CARD["pesos"], CARD["mama"]],
                                                   [CARD["siesta"], CARD["worker"]],
                                                   [CARD["protection"], CARD["black_market"]]]}),
        Event("round_started", None, {"round": 1, "order": [1, 2, 0], "numbers": [89, 4, 27]}),
        Event("turn_started", None, {"seat": 1})]
    assert state.round == 1 and state.phase == ACTIONS and state.turn == 0
    assert state.step == ACT and state.acted == 0 and state.done_this_round == 0
    assert state.face_down == [(), (), ()] and state.active == 1
    assert state.hand[1] == FULL_HAND & ~mask("siesta", "worker")


def test_a_turn_that_ends_passes_to_the_next_seat_in_order():
    state = opened([("pesos", "mama"), ("siesta", "worker"), ("protection", "black_market")])
    clear_resources(state)
    give(state, 1, gray=1, pesos=2)
    state.rows = ((BUILDING["b01"], *state.rows[0][1:]), state.rows[1])
    play_to_build_step(state, 1)
    assert state.acted == 3
    events = apply(state, 1, END_TURN)
    assert events == [Event("turn_started", None, {"seat": 2})]
    assert state.turn == 1 and state.active == 2 and state.step == ACT and state.acted == 0


def test_after_the_last_turn_phase_2_supplies_the_market_then_phase_3_begins():
    state = opened([("siesta", "worker"), ("pesos", "mama")])
    clear_resources(state)
    state.rows = ((BUILDING["b01"], *state.rows[0][1:]), state.rows[1])
    apply(state, 0, legal_decisions(state, 0)[0])
    play_to_build_step(state, 1)
    while state.active == 0:
        apply(state, 0, legal_decisions(state, 0)[0])
    give(state, 1, gray=1, pesos=2)
    play_to_build_step(state, 1)
    market, bag = list(state.market), list(state.bag)
    events = apply(state, 1, END_TURN)
    drawn = [bag[m] - state.bag[m] for m in range(5)]
    assert sum(drawn) == 3
    assert state.market == [market[m] + drawn[m] for m in range(5)] + [market[PESOS] + 3]
    words = RULES.names.materials
    assert events == [
        Event("market_supplied", None, {"materials": {words[m]: n for m, n in enumerate(drawn)
                                                      if n}, "pesos": 3}),
        Event("cover_started", None, {"order": [0, 1]})]
    assert state.phase == COVER and state.turn == 0 and state.active == 0


def test_covering_tells_everyone_which_card_is_covered_and_only_the_seat_the_new_one():
    state = cover_phase([("siesta", "worker"), ("pesos", "mama")])
    hand = state.hand[0]
    events = apply(state, 0, Cover(CARD["siesta"], CARD["refreshment"]))
    assert events == [
        Event("card_covered", None, {"seat": 0, "covered": CARD["siesta"]}),
        Event("card_covered", 0, {"seat": 0, "covered": CARD["siesta"],
                                  "card": CARD["refreshment"]})]
    assert state.hand[0] == hand & ~mask("refreshment")
    assert state.face_down[0] == (CARD["refreshment"],) and state.covered[0] == CARD["siesta"]
    assert state.turn == 1 and state.active == 1 and state.phase == COVER
    assert state.face_up[0] == (CARD["siesta"], CARD["worker"])  # not revealed yet


def test_the_last_cover_reveals_the_new_cards_and_the_new_numbers_fix_the_order():
    """Seat 0 covers its low card (Siesta, card 0) with Mama: 4 and 9 make 49.
    Seat 1 covers its high card (Mama) with Siesta: 0 and 8 make 08, so seat 1
    goes first in round 2. The covered cards go onto the discard piles, seen."""
    state = cover_phase([("siesta", "worker"), ("pesos", "mama")])
    apply(state, 0, Cover(CARD["siesta"], CARD["mama"]))
    events = apply(state, 1, Cover(CARD["mama"], CARD["siesta"]))
    assert events[2:] == [
        Event("cards_revealed", None, {"face_up": [[CARD["worker"], CARD["mama"]],
                                                   [CARD["siesta"], CARD["pesos"]]]}),
        Event("round_started", None, {"round": 2, "order": [1, 0], "numbers": [49, 8]}),
        Event("turn_started", None, {"seat": 1})]
    assert state.face_up == [(CARD["worker"], CARD["mama"]), (CARD["siesta"], CARD["pesos"])]
    assert state.discard == [mask("siesta"), mask("mama")]
    assert state.placed == [mask("siesta"), mask("mama")]
    assert state.face_down == [(), ()] and state.covered == [-1, -1]
    assert state.hidden_taken == [0, 0]
    assert state.round == 2 and state.phase == ACTIONS and state.active == 1


def test_a_card_taken_back_unseen_and_played_again_is_known_once_revealed():
    """Refreshment took back a card that was seen going onto the discard pile:
    the others no longer know which one. Placing it again reveals which it was."""
    state = cover_phase([("siesta", "worker"), ("pesos", "mama")])
    state.placed[0] = mask("debris", "black_market")  # seen discarded earlier
    state.discard[0] = mask("black_market")  # debris came back with Refreshment
    state.hidden_taken[0] = 1
    state.hand[0] &= ~mask("black_market")
    state.cache = None
    apply(state, 0, Cover(CARD["worker"], CARD["debris"]))
    apply(state, 1, Cover(CARD["mama"], CARD["protection"]))
    assert state.face_up[0] == (CARD["siesta"], CARD["debris"])
    assert state.placed[0] == mask("black_market", "worker")
    assert state.discard[0] == mask("black_market", "worker")
    assert state.hidden_taken == [0, 0]
    seat = view_for(state, 1)["seats"][0]
    assert seat["discard_seen"] == [CARD["worker"], CARD["black_market"]]
    assert seat["discard_unseen_taken"] == 0 and seat["discard_size"] == 2


@pytest.mark.parametrize("kept, takes_back", [(2, True), (3, False)])
def test_a_hand_of_two_after_the_reveal_takes_the_discard_pile_back_three_does_not(
        kept, takes_back):
    state = cover_phase([("siesta", "worker"), ("pesos", "mama")])
    hand = mask("refreshment", "protection", "debris", "conservation")
    keep = mask(*["refreshment", "protection", "debris", "conservation"][:kept + 1])
    state.hand[0] = keep
    state.discard[0] = FULL_HAND & ~hand & ~mask("siesta", "worker")
    state.placed[0] = state.discard[0] & ~mask("architect")
    state.hidden_taken[0], state.hidden_put[0] = 1, 1
    discard = state.discard[0]
    state.cache = None
    apply(state, 0, Cover(CARD["siesta"], CARD["refreshment"]))
    events = apply(state, 1, Cover(CARD["mama"], CARD["siesta"]))
    taken_back = [e for e in events if e.kind == "discards_taken_back"]
    if takes_back:
        assert taken_back == [Event("discards_taken_back", None, {"seat": 0, "count": 8})]
        assert state.hand[0] == keep & ~mask("refreshment") | discard | mask("siesta")
        assert (state.discard[0], state.placed[0]) == (0, 0)
        assert (state.hidden_taken[0], state.hidden_put[0]) == (0, 0)
    else:
        assert taken_back == []
        assert state.hand[0] == keep & ~mask("refreshment")
        assert state.discard[0] == discard | mask("siesta")
        assert (state.hidden_taken[0], state.hidden_put[0]) == (1, 1)
    assert state.discard[1] == mask("mama") and state.hand[1] != 0


def test_an_empty_discard_pile_is_not_taken_back():
    state = cover_phase([("siesta", "worker"), ("pesos", "mama")])
    state.hand[0] = mask("refreshment", "debris")
    state.cache = None
    apply(state, 0, Cover(CARD["siesta"], CARD["refreshment"]))
    assert state.discard[0] == 0
    events = apply(state, 1, Cover(CARD["mama"], CARD["siesta"]))
    # Seat 0's hand is down to 1 card, but its discard pile only now got Siesta.
    assert [e.data for e in events if e.kind == "discards_taken_back"] == [
        {"seat": 0, "count": 1}]
    assert state.hand[0] == mask("debris", "siesta")


@pytest.mark.parametrize("seat0, seat1", [
    ({"yellow": 2}, {"red": 1}), ({"brown": 2}, {"yellow": 1}),
    ({"blue": 2}, {"brown": 1}), ({"red": 2}, {"blue": 1}),
])
def test_equal_numbers_each_colored_material_counts_for_the_order(seat0, seat1):
    base = {"red": 0, "yellow": 0, "brown": 0, "blue": 0, "gray": 0, "pesos": 1, "workers": 0,
            "vp": 0}
    state = opened([("siesta", "pesos"), ("siesta", "pesos")],
                   before_reveal={0: {**base, **seat0}, 1: {**base, **seat1}})
    assert state.order == (1, 0)


def test_ages_rank_the_youngest_first_and_equal_ages_by_seat():
    assert new_game(RULES, 3, 4, ages=[40, 12, 30]).age_rank == (2, 0, 1)
    assert new_game(RULES, 4, 4, ages=[33, 20, 33, 20]).age_rank == (2, 0, 3, 1)


def test_without_every_age_the_ranks_are_drawn_from_the_seed():
    unknown = new_game(RULES, 3, 4, ages=[40, None, 30]).age_rank
    assert unknown == new_game(RULES, 3, 4).age_rank == new_game(RULES, 3, 4, [None] * 3).age_rank
    assert {new_game(RULES, 3, seed, ages=[40, None, 30]).age_rank for seed in range(12)} \
        != {(2, 0, 1)}


@pytest.mark.parametrize("edition, gray, market_pesos", [("classic", 0, 4), ("edition2024", 1, 3)])
def test_a_new_game_deals_the_editions_setup(edition, gray, market_pesos):
    """Classic: 1 random material and 1 peso each, a market of 3 materials and
    4 pesos; 2024: 1 gray and 1 peso each, a market of 3 materials and 3 pesos."""
    rules = find_edition(edition)
    state = new_game(rules, 3, seed=5)
    for seat in range(3):
        counters = state.resources(seat)
        assert sum(counters[:5]) == 1 and counters[GRAY] >= gray
        assert counters[PESOS:] == [1, 0, 0]
    assert sum(state.market[:5]) == 3 and state.market[PESOS] == market_pesos
    assert sum(state.bag) == 80 - 3 - 3
    held = [sum(state.amount(s, m) for s in range(3)) + state.market[m] + state.bag[m]
            for m in range(5)]
    assert held == [10, 10, 10, 10, 40] and state.box == [0] * 5
    assert (state.round, state.turn, state.acted, state.done_this_round) == (0, 0, 0, 0)
    assert state.order == (0, 1, 2) and state.tax_queue == () and state.removed == ()
    assert state.built == ((), (), ()) and state.winners == () and state.end_reason == ""
    assert state.hand == [(1 << len(rules.cards)) - 1] * 3 and state.discard == [0] * 3
    assert state.placed == state.hidden_taken == state.hidden_put == [0] * 3
    assert state.face_up == [(-1, -1)] * 3 and state.face_down == [()] * 3
    assert state.covered == [-1] * 3 and state.version == 0


def over_by_ranking(resources, players=3):
    """A game that ends after phase 1 for want of buildings, with `resources`
    (per seat) at that moment."""
    state = opened([("siesta", "protection")] * players)  # no action moves a thing
    state.rows, state.pile = ((), ()), ()
    clear_resources(state)
    for seat, counters in enumerate(resources):
        give(state, seat, **counters)
    state.cache = None
    events = []
    while state.phase == ACTIONS:
        events += apply(state, state.active, legal_decisions(state, state.active)[0])
    return state, events


def test_without_buildings_the_best_ranked_win_and_the_end_is_announced():
    state, events = over_by_ranking([{"vp": 5, "gray": 9}, {"vp": 5, "red": 1}, {"vp": 4}])
    assert state.phase == OVER and state.end_reason == "no_buildings_left"
    assert state.winners == (1,)
    assert events[-1] == Event("game_over", None, {"winners": [1],
                                                   "reason": "no_buildings_left",
                                                   "vp": [5, 5, 4]})
    assert final_ranking(state) == [1, 0, 2]


@pytest.mark.parametrize("color", ["red", "yellow", "brown", "blue"])
def test_each_colored_material_counts_in_the_ranking(color):
    state, _ = over_by_ranking([{"vp": 5, "pesos": 9}, {"vp": 5, color: 1}, {"vp": 6}])
    assert final_ranking(state) == [2, 1, 0]
    state, _ = over_by_ranking([{"vp": 5, color: 1, "gray": 1}, {"vp": 5, color: 1}, {}])
    assert final_ranking(state) == [0, 1, 2]


@pytest.mark.parametrize("seat0, seat1", [
    ({"pesos": 2}, {"pesos": 1, "workers": 5, "gray": 5}),
    ({"workers": 2}, {"workers": 1, "gray": 5}),
    ({"gray": 2}, {"gray": 1}),
])
def test_the_ranking_breaks_ties_by_pesos_then_workers_then_gray(seat0, seat1):
    state, _ = over_by_ranking([{"vp": 3, "blue": 1, **seat0}, {"vp": 3, "blue": 1, **seat1}],
                               players=2)
    assert state.winners == (0,) and final_ranking(state) == [0, 1]


def test_a_full_tie_shares_the_win_and_the_ranking_keeps_seat_order_after_the_winners():
    state, events = over_by_ranking([{"vp": 2}, {"vp": 7, "red": 1}, {"vp": 7, "red": 1},
                                     {"vp": 2}], players=4)
    assert state.winners == (1, 2) and events[-1].data["winners"] == [1, 2]
    assert final_ranking(state) == [1, 2, 0, 3]
    assert view_for(state, None)["ranking"] == [1, 2, 0, 3]


def test_the_target_winner_ranks_first_whatever_the_others_hold():
    state = opened([("siesta", "protection"), ("pesos", "mama")])
    clear_resources(state)
    give(state, 0, vp=25)
    give(state, 1, vp=26, red=3)
    state.cache = None
    while state.phase == ACTIONS:
        apply(state, state.active, legal_decisions(state, state.active)[0])
    assert state.winners == (0,) and state.end_reason == "target_reached"
    assert final_ranking(state) == [0, 1]


@pytest.mark.parametrize("players, target", [(2, 25), (3, 20), (4, 15)])
def test_one_vp_short_of_the_target_plays_on_the_target_itself_wins(players, target):
    pairs = [("siesta", "protection"), ("pesos", "mama"), ("pesos", "debris"),
             ("mama", "debris")][:players]
    state = opened(pairs)
    clear_resources(state)
    give(state, 0, vp=target - 1)
    state.cache = None
    apply(state, 0, legal_decisions(state, 0)[0])
    assert state.phase == ACTIONS and state.active == state.order[1] != 0
    state = opened(pairs)
    clear_resources(state)
    give(state, 0, vp=target)
    state.cache = None
    events = apply(state, 0, legal_decisions(state, 0)[0])
    assert state.phase == OVER and state.winners == (0,)
    assert events[-1] == Event("game_over", None, {
        "winners": [0], "reason": "target_reached", "vp": [target] + [0] * (players - 1)})


def end_of_phase_1(round_, **setup):
    """Both seats play phase 1 of round `round_` with nothing to build but with
    buildings and materials left unless `setup` empties them."""
    state = opened([("siesta", "protection")] * 2)
    state.round = round_
    clear_resources(state)
    for name, value in setup.items():
        setattr(state, name, value)
    state.cache = None
    while state.phase == ACTIONS:
        apply(state, state.active, legal_decisions(state, state.active)[0])
    return state


def test_the_round_limit_ends_the_game_after_phase_1_of_its_last_round():
    state = end_of_phase_1(MAX_ROUNDS - 1)
    assert state.phase == COVER
    state = end_of_phase_1(MAX_ROUNDS)
    assert state.phase == OVER and state.end_reason == "round_limit"
    assert state.winners == (0, 1)


def test_running_out_of_buildings_is_the_reason_given_even_at_the_round_limit():
    state = end_of_phase_1(MAX_ROUNDS, rows=((), ()), pile=())
    assert state.end_reason == "no_buildings_left"


@pytest.mark.parametrize("rows, pile, over", [
    (((), ()), (), True), (((), ()), (5,), False), (((5,), ()), (), False),
    (((), (5,)), (), False)])
def test_no_building_left_means_both_rows_and_the_pile_empty(rows, pile, over):
    state = end_of_phase_1(3, rows=rows, pile=pile)
    assert (state.end_reason == "no_buildings_left") == over
    assert (state.phase == OVER) == over


@pytest.mark.parametrize("where, over", [
    ("nowhere", True), ("player", False), ("bag", False), ("market", False),
    ("market_gray", False), ("pesos", True)])
def test_no_material_left_means_none_with_players_bag_or_market(where, over):
    market = [0, 0, 0, 0, 0, 4]
    bag = [0] * 5
    if where == "bag":
        bag = [0, 0, 0, 1, 0]
    if where == "market":
        market = [0, 1, 0, 0, 0, 4]
    if where == "market_gray":
        market = [0, 0, 0, 0, 1, 4]
    state = opened([("siesta", "protection")] * 2)
    clear_resources(state)
    state.bag, state.market = bag, market
    if where == "player":
        give(state, 1, gray=1)
    if where == "pesos":
        give(state, 1, pesos=3, workers=2)
    state.cache = None
    while state.phase == ACTIONS:
        apply(state, state.active, legal_decisions(state, state.active)[0])
    assert (state.end_reason == "no_materials_left") == over
    if over:
        assert state.winners == ((1,) if where == "pesos" else (0, 1))


def test_a_2024_game_ends_as_soon_as_the_last_material_leaves_play():
    rules = find_edition("edition2024")
    state = new_game(rules, 2, seed=3, ages=[20, 21])
    cards = {card.key: i for i, card in enumerate(rules.cards)}
    low = sorted(cards.values())
    apply(state, 0, Choose((low[0], low[2])))
    apply(state, 1, Choose((low[1], low[3])))
    for seat in range(2):
        for m in range(5):
            state.set_amount(seat, m, 0)
    state.bag, state.market = [0] * 5, [0, 0, 0, 0, 0, 3]
    state.cache = None
    before = state.phase
    events = apply(state, state.active, legal_decisions(state, state.active)[0])
    assert before == ACTIONS and state.phase == OVER
    assert state.end_reason == "no_materials_left"
    assert events[-1].kind == "game_over"


def lay_out(vps, low_at=()):
    """Lay out a hand-built deck of `vps`-point buildings (by index, the deck order
    after shuffling); returns the state and the rng before the layout."""
    rules = parse_ruleset(EDITION_CARDS, {"deck": "test", "buildings": [
        {"id": f"t{i}", "name": f"T{i}", "vp": vp, "architect": False, "cost": {"pesos": 1}}
        for i, vp in enumerate(vps)]})
    state = new_game(rules, 2, seed=1)
    rng = state.rng
    flow._lay_out_rows(state, list(range(len(vps))))
    return state, rng


@pytest.mark.parametrize("slot", [0, 5, 6, 11])
def test_a_low_building_at_any_of_the_four_ends_leaves_the_rows_as_dealt(slot):
    vps = [7] * 16
    vps[slot] = 3
    vps[14] = 1  # a low building in the pile, which stays there
    state, rng = lay_out(vps)
    assert state.rows == (tuple(range(6)), tuple(range(6, 12)))
    assert state.pile == (12, 13, 14, 15) and state.rng == rng


@pytest.mark.parametrize("middle", [1, 4, 7, 10])
def test_a_low_building_only_in_a_rows_middle_is_swapped_to_an_end(middle):
    vps = [7] * 16
    vps[middle] = 2
    state, rng = lay_out(vps)
    ends = [state.rows[0][0], state.rows[0][-1], state.rows[1][0], state.rows[1][-1]]
    assert middle in ends and state.rng != rng
    assert sorted([*state.rows[0], *state.rows[1]]) == list(range(12))
    assert state.pile == (12, 13, 14, 15)


def test_the_first_low_building_of_the_pile_is_swapped_in_not_a_later_one():
    vps = [4] * 16
    vps[13] = vps[15] = 1
    state, _ = lay_out(vps)
    ends = [state.rows[0][0], state.rows[0][-1], state.rows[1][0], state.rows[1][-1]]
    assert 13 in ends and 15 in state.pile and 13 not in state.pile
    assert len(state.pile) == 4


def test_without_any_low_building_the_rows_stay_as_dealt():
    state, rng = lay_out([8] * 14)
    assert state.rows == (tuple(range(6)), tuple(range(6, 12)))
    assert state.pile == (12, 13) and state.rng == rng


def test_a_deck_too_short_for_two_rows_deals_what_it_has():
    state, _ = lay_out([5, 5, 5, 5, 5, 5, 5, 1])
    assert state.rows == ((0, 1, 2, 3, 4, 5), (6, 7)) and state.pile == ()
    state, _ = lay_out([6, 1, 6, 6])
    assert state.rows[1] == () and sorted(state.rows[0]) == [0, 1, 2, 3]
    assert 1 in (state.rows[0][0], state.rows[0][-1])


def test_face_up_cards_show_the_low_number_first_whatever_the_card_order_of_the_set():
    """A card set may list its cards in any order: a revealed pair is still shown
    low number first (cards of equal number by index) and makes its number."""
    cards = {**EDITION_CARDS, "cards": EDITION_CARDS["cards"][::-1]}
    deck = json.loads(Path("havana_game/data/editions/classic/buildings.json").read_text())
    rules = parse_ruleset(cards, deck)
    index = {card.key: i for i, card in enumerate(rules.cards)}
    state = new_game(rules, 2, seed=3, ages=[20, 21])
    low, high = sorted((index["siesta"], index["mama"]))
    apply(state, 0, Choose((low, high)))
    low, high = sorted((index["protection"], index["debris"]))
    events = apply(state, 1, Choose((low, high)))
    assert state.face_up == [(index["siesta"], index["mama"]),
                             (index["debris"], index["protection"])]
    assert events[2].data == {"face_up": [[index["siesta"], index["mama"]],
                                          [index["debris"], index["protection"]]]}
    assert events[3].data["numbers"] == [9, 22] and state.order == (0, 1)
