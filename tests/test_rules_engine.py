"""`apply` and `decision_kinds` (engine.py): what a refused decision tells the
player (the stable reason code and its English detail, checked in the order the
rules give them), and exactly what an accepted build, tax or action changes."""

from __future__ import annotations

import pytest

from havana_game.content import classic_rules
from havana_game.rules import (
    END_TURN,
    Act,
    Build,
    Choose,
    Cover,
    Event,
    IllegalDecision,
    Tax,
    apply,
    decision_kinds,
    legal_decisions,
    new_game,
    snapshot,
    view_for,
)
from havana_game.rules.materials import GRAY, WORKER_TAKE
from havana_game.rules.state import ACT, ACTIONS, BUILD, COVER, OVER, SETUP, TAX

from .positions import CARD, act, clear_resources, give, holding, opened, round_1_cover, set_market

RULES = classic_rules()
BUILDING = {b.id: i for i, b in enumerate(RULES.buildings)}
NO_PAYMENT = (0, 0, 0, 0, 0, 0, 0)


def refused(state, seat, decision):
    """The (reason, detail) of a refused decision; the state must be untouched."""
    before = snapshot(state)
    with pytest.raises(IllegalDecision) as error:
        apply(state, seat, decision)
    assert snapshot(state) == before
    return error.value.reason, error.value.detail


def ready(pairs):
    """Seat 0 is to act first with 1 gray and 2 pesos, the price of b01 at the
    left end of row 0; nobody holds anything else."""
    state = opened(list(pairs))
    clear_resources(state)
    give(state, 0, gray=1, pesos=2)
    with_ends(state, ("b01", "b02", "b06"), ("b07", "b08", "b09"))
    assert state.active == 0
    return state


def at_build_step(pairs=(("siesta", "protection"), ("pesos", "mama"))):
    """`ready`, and seat 0 (Siesta and its other card face up) is in its building step."""
    state = ready(pairs)
    act(state, "siesta")
    assert state.active == 0 and state.step == BUILD
    return state


def with_ends(state, row0, row1):
    """Rows made of the given building ids."""
    state.rows = (tuple(BUILDING[b] for b in row0), tuple(BUILDING[b] for b in row1))
    state.cache = None


def test_the_kinds_of_decision_asked_for_in_each_phase_and_step():
    state = new_game(RULES, 2, seed=3)
    assert decision_kinds(state) == (Choose,)
    state.phase = ACTIONS
    assert [decision_kinds(state) for state.step in (ACT, TAX, BUILD)] == [
        (Act,), (Tax,), (Build, type(END_TURN))]
    state.phase, state.step = COVER, ACT
    assert decision_kinds(state) == (Cover,)
    state.phase = OVER
    assert decision_kinds(state) == ()


@pytest.mark.parametrize("seat", [-1, 2, 3])
def test_a_seat_not_at_the_table_is_told_so(seat):
    state = opened([("siesta", "worker"), ("pesos", "mama")])
    assert refused(state, seat, Act(CARD["siesta"])) == (
        "no_such_seat", f"seat {seat} is not at this table")


@pytest.mark.parametrize("seat", [-1, 2])
def test_at_setup_too_a_seat_not_at_the_table_is_told_so(seat):
    state = new_game(RULES, 2, seed=3)
    assert refused(state, seat, Choose((0, 1))) == (
        "no_such_seat", f"seat {seat} is not at this table")


def test_after_the_game_every_decision_is_refused_as_game_over():
    state = at_build_step()
    give(state, 0, vp=25)
    apply(state, 0, END_TURN)
    assert state.phase == OVER
    for seat, decision in [(0, END_TURN), (1, Act(CARD["pesos"])), (1, Cover(0, 1))]:
        assert refused(state, seat, decision) == ("game_over", "the game has ended")
    assert refused(state, 2, END_TURN)[0] == "no_such_seat"


def test_a_seat_whose_turn_it_is_not_is_told_whose_it_is():
    state = opened([("siesta", "worker"), ("pesos", "mama"), ("pesos", "architect")])
    assert state.order == (0, 2, 1)
    assert refused(state, 1, Act(CARD["pesos"])) == ("not_your_turn", "it is seat 0's turn")
    while state.active == 0:
        apply(state, 0, legal_decisions(state, 0)[0])
    assert refused(state, 1, Act(CARD["pesos"])) == ("not_your_turn", "it is seat 2's turn")


def test_at_setup_a_seat_that_chose_is_told_it_already_has():
    state = new_game(RULES, 2, seed=3)
    apply(state, 1, Choose((0, 1)))
    assert refused(state, 1, Choose((2, 3))) == (
        "already_decided", "this seat has already chosen its cards")


def test_a_decision_of_another_kind_than_the_step_asks_for_is_refused():
    wrong_kind = ("wrong_kind", "that kind of decision is not asked for now")
    state = new_game(RULES, 2, seed=3)
    assert refused(state, 0, Act(CARD["siesta"])) == wrong_kind
    state = opened([("siesta", "worker"), ("pesos", "mama")])
    for decision in (END_TURN, Build(0, NO_PAYMENT), Choose((0, 1)), Cover(0, 1), Tax(1, 0)):
        assert refused(state, 0, decision) == wrong_kind
    state = at_build_step()
    assert refused(state, 0, Act(CARD["protection"])) == wrong_kind


def test_opening_cards_must_be_two_different_cards_of_the_hand_in_increasing_order():
    state = new_game(RULES, 2, seed=3)
    last = len(RULES.cards) - 1
    not_in_hand = ("card_not_in_hand", "that card is not in your hand")
    for cards in [(0, last + 1), (-1, 3), (last + 1, last + 1)]:
        assert refused(state, 0, Choose(cards)) == not_in_hand
    same = ("same_card", "choose two different cards")
    assert refused(state, 0, Choose((0, 0))) == same
    assert refused(state, 0, Choose((last, last))) == same
    assert refused(state, 0, Choose((5, 3))) == (
        "malformed", "list the two cards in increasing order")
    apply(state, 0, Choose((0, last)))
    assert state.face_down[0] == (0, last)


def test_a_cover_must_put_a_hand_card_on_one_of_the_seats_face_up_cards():
    state = round_1_cover(cleared=True)
    not_in_hand = ("card_not_in_hand", "that card is not in your hand")
    siesta, worker = CARD["siesta"], CARD["worker"]
    for card in (-1, len(RULES.cards), worker):
        assert refused(state, 0, Cover(siesta, card)) == not_in_hand
    assert refused(state, 0, Cover(CARD["mama"], worker)) == not_in_hand
    assert refused(state, 0, Cover(CARD["mama"], CARD["pesos"])) == (
        "not_face_up", "only one of your face-up cards can be covered")
    apply(state, 0, Cover(worker, CARD["refreshment"]))
    assert state.face_down[0] == (CARD["refreshment"],) and state.covered[0] == worker


def conservation_and_mama():
    """Seat 0 has Conservation and Mama face up, each with a choice to make (so
    neither is carried out on its own), and can build b01 afterwards."""
    state = ready((("conservation", "mama"), ("pesos", "worker")))
    set_market(state, red=1, yellow=0, brown=0, blue=1)
    return state


def test_an_action_must_be_of_a_face_up_card_not_yet_carried_out():
    state = conservation_and_mama()
    assert refused(state, 0, Act(CARD["pesos"])) == (
        "not_face_up", "that card is not one of your face-up cards")
    assert refused(state, 0, Act(CARD["conservation"], 7)) == (
        "bad_target", "that target or choice is not allowed")
    apply(state, 0, Act(CARD["mama"], -1, (3,)))  # the high card first
    assert state.acted == 2 and state.step == ACT
    done = ("already_acted", "that card's action was carried out")
    assert refused(state, 0, Act(CARD["mama"], -1, (0,))) == done
    assert refused(state, 0, Act(CARD["conservation"], 7)) == (
        "bad_target", "that target or choice is not allowed")
    state = conservation_and_mama()
    apply(state, 0, Act(CARD["conservation"]))  # declined
    assert state.acted == 1 and state.step == ACT
    assert refused(state, 0, Act(CARD["conservation"])) == done
    assert refused(state, 0, Act(CARD["mama"], -1, (1,))) == (
        "bad_target", "that target or choice is not allowed")


def test_a_tax_pick_the_victim_cannot_pay_is_refused():
    state = opened([("siesta", "tax_collector"), ("worker", "pesos"), ("architect", "mama")])
    clear_resources(state)
    give(state, 1, red=1, yellow=1)
    give(state, 2, workers=1, blue=1)
    act(state, "tax_collector")
    assert state.step == TAX and state.tax_queue == (1, 2)
    for decision in (Tax(2, WORKER_TAKE), Tax(1, 2), Tax(1, WORKER_TAKE)):
        assert refused(state, 0, decision) == ("bad_target", "that choice is not allowed")


@pytest.mark.parametrize("end", [-1, 4, 5])
def test_a_build_outside_the_four_ends_is_refused(end):
    state = at_build_step()
    assert refused(state, 0, Build(end, NO_PAYMENT)) == (
        "not_an_end", "build only from the ends of the two rows")


@pytest.mark.parametrize("empty_row, end", [(0, 0), (0, 1), (1, 2), (1, 3)])
def test_a_build_from_an_empty_row_is_refused(empty_row, end):
    state = at_build_step()
    give(state, 0, red=5, yellow=5, brown=5, blue=5, gray=9, pesos=9, workers=3)
    rows = [("b01", "b05"), ("b01", "b05")]
    rows[empty_row] = ()
    with_ends(state, *rows)
    assert refused(state, 0, Build(end, (0, 0, 0, 0, 1, 2, 0))) == (
        "not_an_end", "build only from the ends of the two rows")


def test_a_build_the_seat_may_not_make_says_why():
    state = at_build_step()
    with_ends(state, ("b23", "b02", "b01"), ("b05", "b09", "b04"))  # b23 needs the Architect
    give(state, 0, red=1, yellow=1, gray=3, pesos=2)
    assert refused(state, 0, Build(0, (1, 1, 0, 0, 3, 1, 0))) == (
        "architect_required", "this building needs the Architect")
    assert refused(state, 0, Build(3, (0, 0, 1, 0, 0, 0, 0))) == (
        "cannot_afford", "you cannot pay for this building")
    assert refused(state, 0, Build(1, (0, 0, 0, 0, 1, 1, 0))) == (
        "wrong_payment", "the payment does not match the cost exactly")
    assert refused(state, 0, Build(2, (1, 0, 0, 0, 0, 1, 0))) == (
        "wrong_payment", "the payment does not match the cost exactly")


def test_with_the_architect_face_up_an_architect_building_is_only_a_matter_of_paying():
    state = at_build_step((("siesta", "architect"), ("pesos", "mama")))
    with_ends(state, ("b23", "b01"), ("b05", "b09"))
    assert refused(state, 0, Build(0, (1, 1, 0, 0, 3, 1, 0))) == (
        "cannot_afford", "you cannot pay for this building")


def test_the_right_end_of_a_one_card_row_is_its_left_end():
    state = at_build_step()
    give(state, 0, gray=2, pesos=4)
    with_ends(state, ("b01",), ("b05", "b02"))
    events = apply(state, 0, Build(1, (0, 0, 0, 0, 1, 2, 0)))
    built = next(e for e in events if e.kind == "building_built")
    assert built.data["row"] == 0 and built.data["side"] == 0
    assert state.rows[0] == () and state.built[0] == (BUILDING["b01"],)


def test_the_left_end_of_a_one_card_row_and_the_right_end_of_a_longer_one_build_as_named():
    state = at_build_step()
    give(state, 0, gray=9, pesos=9)
    with_ends(state, ("b01",), ("b05", "b02"))
    apply(state, 0, Build(0, (0, 0, 0, 0, 1, 2, 0)))
    assert state.built[0] == (BUILDING["b01"],)
    apply(state, 0, Build(3, (0, 0, 0, 0, 3, 1, 0)))
    assert state.built[0] == (BUILDING["b01"], BUILDING["b02"])
    assert state.rows == ((), (BUILDING["b05"],))


def test_building_pays_materials_into_the_box_and_pesos_and_workers_to_the_bank():
    state = at_build_step()
    give(state, 0, brown=1, gray=3, pesos=5, workers=2, vp=4)
    with_ends(state, ("b05", "b09", "b10", "b04"), ("b01", "b11", "b12", "b03"))
    box, bank = list(state.box), view_for(state, 0)["workers_in_bank"]
    events = apply(state, 0, Build(3, (0, 0, 0, 0, 1, 0, 1)))  # b03: 1 gray, 1 worker
    assert holding(state, 0) == {"brown": 1, "gray": 2, "pesos": 5, "workers": 1, "vp": 5}
    assert state.box == [*box[:GRAY], box[GRAY] + 1]
    assert view_for(state, 0)["workers_in_bank"] == bank + 1
    assert state.built[0] == (BUILDING["b03"],)
    assert state.rows[1] == (BUILDING["b01"], BUILDING["b11"], BUILDING["b12"])
    assert events[0].kind == "building_built" and events[0].to is None
    assert events[0].data == {"seat": 0, "building": "b03", "row": 1, "side": 1,
                              "payment": [0, 0, 0, 0, 1, 0, 1]}
    events = apply(state, 0, Build(1, (0, 0, 1, 0, 0, 0, 0)))  # b04: 1 brown
    assert events[0].data == {"seat": 0, "building": "b04", "row": 0, "side": 1,
                              "payment": [0, 0, 1, 0, 0, 0, 0]}
    assert state.box == [box[0], box[1], box[2] + 1, box[3], box[GRAY] + 1]
    assert holding(state, 0) == {"gray": 2, "pesos": 5, "workers": 1, "vp": 6}
    assert state.built[0] == (BUILDING["b03"], BUILDING["b04"])


def test_a_tax_takes_one_thing_per_later_player_materials_to_the_box_workers_to_the_bank():
    state = opened([("siesta", "tax_collector"), ("worker", "pesos"), ("architect", "mama")])
    clear_resources(state)
    give(state, 1, red=2, workers=1)
    give(state, 2, workers=2, blue=1)
    box = list(state.box)
    act(state, "tax_collector")
    assert state.step == TAX and state.tax_queue == (1, 2) and state.acted == 2
    events = apply(state, 0, Tax(1, 0))
    assert [(e.kind, e.data) for e in events] == [
        ("taxed", {"seat": 0, "victim": 1, "take": "red"})]
    assert holding(state, 1) == {"red": 1, "workers": 1} and state.box[0] == box[0] + 1
    assert state.step == TAX and state.tax_queue == (2,)
    events = apply(state, 0, Tax(2, WORKER_TAKE))
    assert holding(state, 2) == {"workers": 1, "blue": 1}
    assert state.box == [box[0] + 1, *box[1:]]
    # The Siesta is still to carry out (on its own), then nothing can be built.
    assert [(e.kind, e.data) for e in events][:5] == [
        ("taxed", {"seat": 0, "victim": 2, "take": "worker"}),
        ("forced", {"seat": 0, "end_turn": False}),
        ("action", {"seat": 0, "card": CARD["siesta"]}),
        ("forced", {"seat": 0, "end_turn": True}),
        ("turn_started", {"seat": 1})]
    assert state.tax_queue == ()


def test_a_tax_collector_carried_out_second_leads_to_the_building_step():
    state = ready([("siesta", "tax_collector"), ("worker", "pesos")])
    give(state, 1, gray=1, yellow=1)
    act(state, "siesta")  # the Tax Collector follows on its own
    assert state.step == TAX and state.acted == 3
    apply(state, 0, Tax(1, GRAY))
    assert state.step == BUILD and holding(state, 1) == {"yellow": 1}


def test_carrying_out_both_cards_announces_each_and_then_asks_to_build():
    state = conservation_and_mama()
    events = apply(state, 0, Act(CARD["conservation"]))
    assert [(e.kind, e.data) for e in events] == [
        ("action", {"seat": 0, "card": CARD["conservation"]})]
    assert state.acted == 1 and state.step == ACT
    events = apply(state, 0, Act(CARD["mama"], -1, (0,)))
    assert events[0].kind == "action" and events[0].data == {"seat": 0, "card": CARD["mama"]}
    assert state.acted == 3 and state.step == BUILD and state.active == 0


def test_one_decision_counts_once_however_many_forced_steps_follow():
    state = opened([("siesta", "worker"), ("pesos", "mama")])
    clear_resources(state)
    state.rows = ((), ())
    version = state.version
    events = apply(state, 0, Act(CARD["worker"]))
    # Siesta is all that is left, then nothing can be built: both happen at once.
    assert state.version == version + 1
    forced = [e.data for e in events if e.kind == "forced"]
    assert forced == [{"seat": 0, "end_turn": False}, {"seat": 0, "end_turn": True}]
    assert state.active == 1 and state.phase == ACTIONS and state.step == ACT


def test_the_setup_choice_is_never_forced_and_counts_once():
    state = new_game(RULES, 2, seed=5)
    apply(state, 0, Choose((0, 1)))
    assert state.version == 1 and state.phase == SETUP


def test_in_classic_reaching_the_target_by_building_leaves_the_turn_to_finish():
    """Classic checks the target at the end of the turn: the builder may build
    again first (2024 ends the game right after the building)."""
    state = at_build_step()
    give(state, 0, gray=9, pesos=9, vp=24)  # 2 players: the target is 25
    with_ends(state, ("b01", "b05", "b06", "b02"), ("b07", "b08", "b09"))
    apply(state, 0, Build(0, (0, 0, 0, 0, 1, 2, 0)))
    assert state.vp(0) == 25 and state.phase == ACTIONS and state.step == BUILD
    apply(state, 0, Build(1, (0, 0, 0, 0, 3, 1, 0)))
    assert state.vp(0) == 26 and state.phase == ACTIONS
    events = apply(state, 0, END_TURN)
    assert events == [Event("game_over", None, {"winners": [0], "reason": "target_reached",
                                                "vp": [26, 0]})]
