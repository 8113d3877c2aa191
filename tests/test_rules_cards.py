"""The action cards (docs/RULES.md "The 13 action cards"), with the rulebook's worked examples."""

import pytest

from havana_game.rules import Act, IllegalDecision, Tax, apply, legal_decisions, view_for
from havana_game.rules.materials import WORKER_TAKE
from havana_game.rules.state import ACT, BUILD, TAX

from .positions import CARD, act, clear_resources, end_turn, give, holding, opened, set_market


def test_siesta_does_nothing_and_the_other_card_is_then_carried_out_at_once():
    state = opened([("siesta", "pesos"), ("worker", "architect")])
    clear_resources(state)
    set_market(state, pesos=4)
    act(state, "siesta")
    # Pesos had no choice left, so it was carried out without asking.
    assert holding(state, 0) == {"pesos": 2} and state.step in (BUILD, ACT)


def test_the_two_actions_can_be_taken_in_either_order():
    state = opened([("debris", "mama"), ("worker", "architect")])
    options = legal_decisions(state, 0)
    assert {d.card for d in options} == {CARD["debris"], CARD["mama"]}


def test_refreshment_takes_back_a_discarded_card_secretly_or_may_be_declined():
    state = opened([("refreshment", "pesos"), ("worker", "architect")])
    state.discard[0] = (1 << CARD["mama"]) | (1 << CARD["siesta"])
    state.placed[0] = state.discard[0]
    state.hand[0] &= ~state.discard[0]
    state.cache = None
    targets = {d.target for d in legal_decisions(state, 0) if d.card == CARD["refreshment"]}
    assert targets == {-1, CARD["mama"], CARD["siesta"]}
    events = act(state, "refreshment", CARD["mama"])
    assert state.hand[0] >> CARD["mama"] & 1 and not state.discard[0] >> CARD["mama"] & 1
    public = [e for e in events if e.kind == "card_taken_back" and e.to is None]
    assert public and "card" not in public[0].data
    other = view_for(state, 1)["seats"][0]
    assert other["discard_size"] == 1 and other["discard_unseen_taken"] == 1
    assert view_for(state, 0)["discard"] == [CARD["siesta"]]


def test_the_card_refreshment_took_back_is_seen_by_its_taker_alone():
    state = opened([("refreshment", "pesos"), ("worker", "architect")])
    state.discard[0] = state.placed[0] = 1 << CARD["mama"]
    state.hand[0] &= ~state.discard[0]
    state.cache = None
    taken = [e for e in act(state, "refreshment", CARD["mama"]) if e.kind == "card_taken_back"]
    private = [e for e in taken if e.to is not None]
    assert private and private[0].data["card"] == CARD["mama"]
    assert [e.visible_to(0) for e in taken] == [True, True]
    for other in (1, None):  # the other player and spectators see only that a card came back
        assert [e for e in taken if e.visible_to(other)] == [e for e in taken if e.to is None]


def test_refreshment_with_an_empty_discard_pile_does_nothing():
    state = opened([("refreshment", "pesos"), ("worker", "architect")])
    assert [d for d in legal_decisions(state, 0) if d.card == CARD["refreshment"]] == [
        Act(CARD["refreshment"])]


def test_debris_takes_all_gray_from_the_market():
    """Rulebook: four gray in the market; Vanessa must take all four."""
    state = opened([("debris", "siesta"), ("worker", "architect")])
    clear_resources(state)
    set_market(state, gray=4, red=1)
    act(state, "debris")
    assert holding(state, 0) == {"gray": 4} and state.market[4] == 0 and state.market[0] == 1


def test_mama_takes_half_the_colored_and_half_the_gray_and_the_log_counts_them():
    state = opened([("mama", "siesta"), ("worker", "architect")])
    clear_resources(state)
    set_market(state, red=2, blue=1, gray=3)  # 3 colored, 3 gray: 2 of each, rounded up
    events = act(state, "mama", take=["red", "blue"])
    assert holding(state, 0) == {"red": 1, "blue": 1, "gray": 2}
    taken = [e for e in events if e.kind == "materials_taken"]
    assert [(e.to, e.data) for e in taken] == [
        (None, {"seat": 0, "source": "market", "materials": {"red": 1, "blue": 1, "gray": 2}})]


def test_conservation_boxes_one_end_building_once_per_round_and_refills_the_row():
    state = opened([("conservation", "siesta"), ("conservation", "worker")])
    row = state.rows[0]
    state.rows = (row[:3], state.rows[1])  # three cards left: removing one leaves 2
    state.cache = None
    act(state, "conservation", target=0)  # row 0, left end
    assert row[0] in state.removed
    assert len(state.rows[0]) == 6 and state.rows[0][0] == row[1] and state.rows[0][-1] == row[2]
    end_turn(state)
    # The second player's Conservation can only be declined: one building per round.
    assert [d for d in legal_decisions(state, 1) if d.card == CARD["conservation"]] == [
        Act(CARD["conservation"])]


def test_conservation_offers_each_distinct_end_once():
    """A one-card row has one end (its left), a two-card row both; an empty row none."""
    state = opened([("conservation", "siesta"), ("worker", "architect")])
    row = state.rows[0]
    conservation = CARD["conservation"]
    for rows, ends in [(((row[0],), row[1:3]), [0, 2, 3]), (((), (row[0],)), [2]),
                       ((row[:2], ()), [0, 1])]:
        state.rows = rows
        state.cache = None
        assert [d for d in legal_decisions(state, 0) if d.card == conservation] == [
            Act(conservation), *(Act(conservation, end) for end in ends)]


def test_conservation_is_optional():
    state = opened([("conservation", "siesta"), ("worker", "architect")])
    rows = state.rows
    act(state, "conservation")
    assert state.rows == rows and not state.removed


def test_tax_collector_taxes_only_later_unprotected_players():
    """Rulebook: Peter's Tax Collector; Vanessa already played, Tobias and Sarah follow."""
    state = opened([("siesta", "refreshment"), ("siesta", "tax_collector"),
                    ("worker", "debris"), ("protection", "mama")])
    assert state.order == (0, 1, 2, 3)
    clear_resources(state)
    give(state, 0, red=2)
    give(state, 2, workers=1, blue=1)
    give(state, 3, red=5)  # protected
    act(state, "refreshment")
    end_turn(state)
    act(state, "siesta")
    assert holding(state, 1)["pesos"] == 1 and state.step == TAX
    assert set(legal_decisions(state, 1)) == {Tax(2, WORKER_TAKE), Tax(2, 3)}
    apply(state, 1, Tax(2, WORKER_TAKE))
    assert holding(state, 2) == {"blue": 1} and holding(state, 0) == {"red": 2}
    assert holding(state, 3) == {"red": 5}


def test_tax_collector_skips_players_with_nothing_and_materials_go_to_the_box():
    state = opened([("siesta", "tax_collector"), ("worker", "pesos"), ("architect", "mama")])
    clear_resources(state)
    give(state, 2, gray=1)
    box_gray = state.box[4]
    events = act(state, "siesta")
    # Seat 1 has nothing to lose; seat 2's only possible loss is taken without asking.
    assert [e.data["victim"] for e in events if e.kind == "taxed"] == [2]
    assert state.box[4] == box_gray + 1 and holding(state, 2) == {}


def test_worker_gives_two_to_the_first_worker_action_of_the_round_then_one():
    state = opened([("siesta", "worker"), ("pesos", "worker"), ("worker", "mama")])
    clear_resources(state)
    act(state, "siesta")
    end_turn(state)
    act(state, "worker")
    end_turn(state)
    assert holding(state, 0)["workers"] == 2 and holding(state, 1)["workers"] == 1


def test_the_first_worker_action_is_counted_in_turn_order_not_by_number():
    """The Worker bonus goes to the first Worker action carried out this round,
    even when that is a later player's (the rulebook's "Attention")."""
    state = opened([("siesta", "debris"), ("siesta", "worker"), ("worker", "mama")])
    clear_resources(state)
    act(state, "siesta")
    end_turn(state)
    act(state, "siesta")
    end_turn(state)
    assert holding(state, 1)["workers"] == 2


def test_a_worker_action_on_an_empty_bank_is_not_the_first_of_the_round():
    """docs/RULES.md "Decisions": "first this round" counts actions actually carried out; one
    that finds the bank empty does nothing."""
    state = opened([("siesta", "worker"), ("pesos", "worker")])
    clear_resources(state)
    give(state, 1, workers=15)
    act(state, "siesta")
    end_turn(state)
    assert "workers" not in holding(state, 0)
    give(state, 1, workers=13)  # two workers back in the bank
    act(state, "worker")
    assert holding(state, 1)["workers"] == 15


def test_black_market_on_an_empty_bag_is_not_the_first_of_the_round():
    state = opened([("siesta", "black_market"), ("black_market", "conservation")])
    clear_resources(state)
    bag = list(state.bag)
    state.bag = [0, 0, 0, 0, 0]
    act(state, "siesta")
    end_turn(state)
    state.bag = bag
    act(state, "black_market")
    assert sum(holding(state, 1).values()) == 2


def test_worker_never_takes_more_than_the_bank_holds():
    state = opened([("siesta", "worker"), ("pesos", "mama")])
    clear_resources(state)
    give(state, 1, workers=14)
    act(state, "siesta")
    assert holding(state, 0)["workers"] == 1


def test_architect_takes_one_worker():
    state = opened([("siesta", "architect"), ("pesos", "mama")])
    clear_resources(state)
    act(state, "siesta")
    assert holding(state, 0) == {"workers": 1}


def test_pesos_thief_takes_half_rounded_down_from_a_later_player():
    """Rulebook: Tobias has 7 pesos; Vanessa's Pesos Thief takes 3."""
    state = opened([("siesta", "pesos_thief"), ("pesos", "mama"), ("worker", "mama")])
    clear_resources(state)
    give(state, 2, pesos=7)
    victims = {d.target for d in legal_decisions(state, 0) if d.card == CARD["pesos_thief"]}
    assert victims == {1, 2}
    act(state, "pesos_thief", target=2)
    assert holding(state, 0)["pesos"] == 3 and holding(state, 2)["pesos"] == 4


def test_the_last_player_may_rob_anyone_unprotected():
    state = opened([("siesta", "mama"), ("protection", "pesos"), ("pesos_thief", "mama")])
    assert state.order == (0, 1, 2)
    act(state, "siesta")
    end_turn(state)
    act(state, "protection")
    end_turn(state)
    victims = {d.target for d in legal_decisions(state, 2) if d.card == CARD["pesos_thief"]}
    assert victims == {0}  # seat 1 is protected, seat 2 is the thief


def test_a_thief_whose_later_players_are_all_protected_takes_nothing():
    state = opened([("siesta", "pesos_thief"), ("protection", "mama")])
    give(state, 1, pesos=9)
    options = [d for d in legal_decisions(state, 0) if d.card == CARD["pesos_thief"]]
    assert options == [Act(CARD["pesos_thief"])]
    act(state, "pesos_thief")
    assert holding(state, 1)["pesos"] == 9


def test_materials_thief_passes_over_a_protected_player():
    state = opened([("siesta", "materials_thief"), ("protection", "mama"), ("pesos", "worker")])
    clear_resources(state)
    give(state, 1, red=4, gray=2)  # protected
    give(state, 2, blue=2)
    targets = {d.target for d in legal_decisions(state, 0) if d.card == CARD["materials_thief"]}
    assert targets == {2}
    act(state, "materials_thief", target=2, take=["blue"])
    assert holding(state, 1) == {"red": 4, "gray": 2} and holding(state, 0) == {"blue": 1}


def test_a_declined_conservation_leaves_the_rounds_one_removal_to_a_later_player():
    state = opened([("conservation", "siesta"), ("conservation", "worker")])
    act(state, "conservation")  # declined
    end_turn(state)
    ends = {d.target for d in legal_decisions(state, 1) if d.card == CARD["conservation"]}
    assert ends == {-1, 0, 1, 2, 3}


def test_materials_thief_takes_two_from_a_player_with_more_than_three_colored():
    """Rulebook: Sarah has 1 yellow, 1 brown, 2 red and 3 gray; Tobias takes brown + gray."""
    state = opened([("siesta", "materials_thief"), ("pesos", "mama")])
    clear_resources(state)
    give(state, 1, yellow=1, brown=1, red=2, gray=3)
    takes = {d.take for d in legal_decisions(state, 0) if d.card == CARD["materials_thief"]}
    assert all(len(t) == 2 for t in takes) and (2, 4) in takes
    act(state, "materials_thief", target=1, take=["brown", "gray"])
    assert holding(state, 0) == {"brown": 1, "gray": 1}
    assert holding(state, 1) == {"yellow": 1, "red": 2, "gray": 2}


def test_materials_thief_takes_one_from_a_player_with_three_colored():
    state = opened([("siesta", "materials_thief"), ("pesos", "mama")])
    clear_resources(state)
    give(state, 1, red=3, gray=1)
    takes = {d.take for d in legal_decisions(state, 0) if d.card == CARD["materials_thief"]}
    assert takes == {(0,), (4,)}


def test_black_market_draws_two_for_the_first_player_then_one():
    state = opened([("siesta", "black_market"), ("black_market", "conservation")])
    clear_resources(state)
    act(state, "siesta")
    end_turn(state)
    assert sum(holding(state, 0).values()) == 2
    bag = sum(state.bag)
    act(state, "black_market")
    assert sum(holding(state, 1).values()) == 1 and sum(state.bag) == bag - 1


def test_black_market_with_a_short_bag_draws_what_there_is():
    state = opened([("siesta", "black_market"), ("pesos", "mama")])
    clear_resources(state)
    state.bag = [0, 0, 0, 0, 1]
    act(state, "siesta")
    assert holding(state, 0) == {"gray": 1} and sum(state.bag) == 0


def test_pesos_takes_half_of_the_market_rounded_up():
    """Rulebook: 10 pesos in the market; Vanessa takes 5, then Sarah 3 of the 5 left."""
    state = opened([("siesta", "pesos"), ("pesos", "conservation")])
    clear_resources(state)
    set_market(state, pesos=10)
    act(state, "siesta")
    end_turn(state)
    act(state, "pesos")
    assert holding(state, 0)["pesos"] == 5 and holding(state, 1)["pesos"] == 3
    assert state.market[5] == 2


def test_mama_takes_half_the_colored_of_your_choice_and_half_the_gray():
    """Rulebook: 6 colored (1 brown, 2 yellow, 3 red) and 5 gray: Peter takes 3 + 3."""
    state = opened([("siesta", "mama"), ("pesos", "worker")])
    clear_resources(state)
    set_market(state, brown=1, yellow=2, red=3, blue=0, gray=5)
    takes = {d.take for d in legal_decisions(state, 0) if d.card == CARD["mama"]}
    assert all(len(t) == 3 for t in takes) and (1, 1, 2) in takes and len(takes) == 6
    act(state, "mama", take=["yellow", "yellow", "brown"])
    assert holding(state, 0) == {"yellow": 2, "brown": 1, "gray": 3}
    assert state.market[:5] == [3, 0, 0, 0, 2]


def test_an_action_of_a_card_not_face_up_is_rejected_and_changes_nothing():
    state = opened([("siesta", "mama"), ("pesos", "worker")])
    before = state.clone()
    with pytest.raises(IllegalDecision) as error:
        apply(state, 0, Act(CARD["pesos"]))
    assert error.value.reason == "not_face_up"
    with pytest.raises(IllegalDecision) as error:
        apply(state, 1, Act(CARD["pesos"]))
    assert error.value.reason == "not_your_turn"
    from havana_game.rules.snapshot import snapshot
    assert snapshot(state) == snapshot(before)
