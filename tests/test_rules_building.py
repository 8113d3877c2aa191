"""Building from the four ends, the Architect, 5-for-1 substitutions, row refill."""

import pytest

from havana_game.content import classic_rules
from havana_game.rules import (
    END_TURN,
    Build,
    Event,
    IllegalDecision,
    apply,
    can_afford,
    legal_decisions,
    payments,
)
from havana_game.rules.materials import GRAY
from havana_game.rules.state import BUILD

from .positions import act, clear_resources, give, holding, opened

RULES = classic_rules()
BY_ID = {b.id: i for i, b in enumerate(RULES.buildings)}


EXPENSIVE = ("b36", "b35", "b34", "b36")


def at_build_step(row0=EXPENSIVE, row1=EXPENSIVE,
                  pairs=(("siesta", "protection"), ("pesos", "mama")), **resources):
    """Seat 0 in its building step with exactly `resources` and these rows."""
    state = opened(list(pairs))
    clear_resources(state)
    give(state, 0, **resources)
    place(state, 0, *row0)
    place(state, 1, *row1)
    act(state, pairs[0][0])
    assert state.step == BUILD and state.active == 0
    return state


def place(state, row, *ids):
    rows = list(state.rows)
    rows[row] = tuple(BY_ID[i] for i in ids)
    state.rows = tuple(rows)
    state.cache = None


def builds(state):
    return [d for d in legal_decisions(state, state.active) if isinstance(d, Build)]


def test_statue_costs_one_red_and_two_pesos_and_gives_2_vp():
    """Rulebook: Vanessa pays 1 red and 2 pesos for the 2 VP building at the right end."""
    state = at_build_step(("b01", "b02", "b03", "b05"), red=1, pesos=2, workers=1)
    assert Build(1, (1, 0, 0, 0, 0, 2, 0)) in builds(state)
    box = list(state.box)
    apply(state, 0, Build(1, (1, 0, 0, 0, 0, 2, 0)))
    assert holding(state, 0) == {"workers": 1, "vp": 2}
    assert state.built[0] == (BY_ID["b05"],) and state.box[0] == box[0] + 1
    assert state.rows[0] == tuple(BY_ID[i] for i in ("b01", "b02", "b03"))


def test_only_the_four_ends_can_be_built():
    state = at_build_step(("b01", "b02", "b03", "b01"), red=5, yellow=5, brown=5, blue=5,
                          gray=20, pesos=20, workers=5)
    ends = {d.end for d in builds(state)}
    assert ends <= {0, 1, 2, 3}
    with pytest.raises(IllegalDecision) as error:
        apply(state, 0, Build(7, (0, 0, 0, 0, 0, 1, 0)))
    assert error.value.reason == "not_an_end"


def test_architect_buildings_need_the_architect_face_up():
    state = at_build_step(("b36", "b01", "b02", "b36"), ("b02", "b01", "b02", "b02"),
                          red=5, yellow=5, brown=5, blue=5, gray=20, pesos=20, workers=5)
    cost = RULES.buildings[BY_ID["b36"]].cost
    with pytest.raises(IllegalDecision) as error:
        apply(state, 0, Build(0, cost))
    assert error.value.reason == "architect_required"
    state = at_build_step(("b36", "b01", "b02", "b36"), pairs=(("siesta", "architect"),
                          ("pesos", "mama")), red=5, yellow=5, brown=5, blue=5, gray=20,
                          pesos=20, workers=5)
    apply(state, 0, Build(0, cost))
    assert state.res[7] == 8 and 7 in state.face_up[0]  # the Architect is not spent


def test_the_architect_reason_names_the_building_at_the_end_chosen():
    """Only the end asked for counts: the left end of the right row, then its right end."""
    rich = dict(red=5, yellow=5, brown=5, blue=5, gray=20, pesos=20, workers=5)
    cost = RULES.buildings[BY_ID["b36"]].cost
    for row1, architect_end, plain_end in [(("b36", "b01", "b02", "b01"), 2, 3),
                                            (("b01", "b02", "b01", "b36"), 3, 2)]:
        state = at_build_step(("b02", "b01", "b02"), row1, **rich)
        reasons = {}
        for end in (architect_end, plain_end):
            with pytest.raises(IllegalDecision) as error:
                apply(state, 0, Build(end, cost))
            reasons[end] = error.value.reason
        assert reasons == {architect_end: "architect_required", plain_end: "wrong_payment"}


def test_can_afford_needs_the_architect_and_an_exact_payment():
    """What the bots and the client's hints ask before offering a building."""
    palace, obispo = RULES.buildings[BY_ID["b36"]], RULES.buildings[BY_ID["b02"]]
    rich = [5, 5, 5, 5, 20, 20, 5, 0]
    assert can_afford(RULES, palace, rich, (RULES.architect, 0))
    assert not can_afford(RULES, palace, rich, (0, 1))
    assert can_afford(RULES, obispo, [0, 0, 0, 0, 3, 1, 0], (0, 1))
    assert not can_afford(RULES, obispo, [0, 0, 0, 0, 2, 1, 0], (0, 1))
    # 5 gray stand for the missing red of the palace, 5 pesos for a missing worker.
    assert can_afford(RULES, palace, [0, 1, 1, 1, 8, 7, 1], (RULES.architect, 0))
    assert not can_afford(RULES, palace, [0, 1, 1, 1, 7, 7, 1], (RULES.architect, 0))


def test_five_gray_stand_for_one_colored_and_five_pesos_for_one_worker():
    cost = RULES.buildings[BY_ID["b12"]].cost  # Pharmacy: brown, blue, 1 worker
    assert cost == (0, 0, 1, 1, 0, 0, 1)
    state = at_build_step(("b12", "b36", "b12"), brown=1, gray=5, pesos=5)
    assert {d.payment for d in builds(state) if d.end in (0, 1)} == {(0, 0, 1, 0, 5, 5, 0)}
    state = at_build_step(("b12", "b36", "b12"), brown=1, blue=1, gray=10, pesos=5,
                          workers=1)
    assert {d.payment for d in builds(state) if d.end == 0} == {
        (0, 0, 1, 1, 0, 0, 1), (0, 0, 1, 0, 5, 0, 1), (0, 0, 0, 1, 5, 0, 1),
        (0, 0, 0, 0, 10, 0, 1), (0, 0, 1, 1, 0, 5, 0), (0, 0, 1, 0, 5, 5, 0),
        (0, 0, 0, 1, 5, 5, 0), (0, 0, 0, 0, 10, 5, 0)}


def test_never_the_other_way_round_and_no_change_is_given():
    cost = (0, 0, 0, 0, 3, 1, 0)  # Calle Obispo: 3 gray, 1 peso
    assert payments(cost, [1, 0, 0, 0, 2, 1, 0, 0], 0) == []  # a colored is no gray
    assert payments(cost, [0, 0, 0, 0, 3, 0, 1, 0], 0) == []  # a worker is no peso
    assert payments(cost, [0, 0, 0, 0, 9, 9, 9, 0], 0) == [cost]


@pytest.mark.parametrize("color", range(4))
def test_gray_stands_only_for_the_colored_material_missing(color):
    """Holding one of the two bricks a building needs, 5 gray pay for the other."""
    cost = tuple(2 if i == color else 0 for i in range(7))
    res = [1 if i == color else 0 for i in range(8)]
    res[GRAY] = 5
    assert payments(cost, res, 0) == [tuple(1 if i == color else 5 if i == GRAY else 0
                                            for i in range(7))]
    res[GRAY] = 4
    assert payments(cost, res, 0) == []


def test_wrong_payments_are_rejected_with_the_state_unchanged():
    state = at_build_step(("b36", "b02", "b03", "b05"), red=1, pesos=9)
    for payment, reason in [((1, 0, 0, 0, 0, 3, 0), "wrong_payment"),
                            ((0, 0, 0, 0, 0, 2, 0), "wrong_payment")]:
        with pytest.raises(IllegalDecision) as error:
            apply(state, 0, Build(1, payment))
        assert error.value.reason == reason
    place(state, 0, "b36", "b02", "b03", "b36")
    with pytest.raises(IllegalDecision) as error:
        apply(state, 0, Build(1, (1, 1, 1, 1, 3, 2, 2)))
    assert error.value.reason in ("architect_required", "cannot_afford")
    assert holding(state, 0) == {"red": 1, "pesos": 9}


def test_any_number_of_buildings_per_turn_then_end_turn():
    state = at_build_step(("b01", "b02", "b03", "b01"), gray=2, pesos=4)
    apply(state, 0, Build(0, (0, 0, 0, 0, 1, 2, 0)))
    apply(state, 0, Build(1, (0, 0, 0, 0, 1, 2, 0)))
    assert state.res[7] == 2
    assert state.active != 0 or state.step != BUILD  # nothing left to pay with: turn over


def test_a_row_left_with_two_cards_gets_four_from_the_pile_between_them():
    state = at_build_step(("b01", "b02", "b03"), gray=1, pesos=2)
    pile = state.pile
    apply(state, 0, Build(0, (0, 0, 0, 0, 1, 2, 0)))
    row = state.rows[0]
    assert len(row) == 6 and row[0] == BY_ID["b02"] and row[-1] == BY_ID["b03"]
    assert row[1:5] == tuple(reversed(pile[-4:])) and state.pile == pile[:-4]


def test_the_refill_is_announced_with_the_dealt_buildings_and_the_pile_left():
    """Building from the right row leaves it 2 cards: the event names what was dealt."""
    state = at_build_step(row1=("b01", "b02", "b03"), gray=1, pesos=2)
    pile = state.pile
    events = apply(state, 0, Build(2, (0, 0, 0, 0, 1, 2, 0)))
    dealt = [RULES.buildings[b].id for b in reversed(pile[-4:])]
    refills = [e for e in events if e.kind == "row_refilled"]
    assert refills == [Event("row_refilled", None,
                             {"row": 1, "buildings": dealt, "pile_size": len(pile) - 4})]
    assert state.rows[0] == tuple(BY_ID[i] for i in EXPENSIVE)
    assert state.rows[1] == (BY_ID["b02"], *(BY_ID[i] for i in dealt), BY_ID["b03"])


def test_a_short_pile_refills_what_it_has_and_rows_can_shrink_to_one_card():
    state = at_build_step(("b01", "b02", "b01"), gray=2, pesos=4)
    state.pile = (BY_ID["b30"],)
    apply(state, 0, Build(0, (0, 0, 0, 0, 1, 2, 0)))
    assert state.rows[0] == (BY_ID["b02"], BY_ID["b30"], BY_ID["b01"]) and state.pile == ()
    apply(state, 0, Build(1, (0, 0, 0, 0, 1, 2, 0)))
    assert state.rows[0] == (BY_ID["b02"], BY_ID["b30"])  # 2 left, pile empty: no refill


def test_both_ends_of_a_two_card_row_and_a_row_after_an_empty_one_are_offered():
    state = at_build_step((), ("b01", "b02"), gray=4, pesos=3)
    assert sorted({d.end for d in builds(state)}) == [2, 3]


def test_a_one_card_row_has_a_single_end_which_either_side_names():
    state = at_build_step(("b01",), gray=1, pesos=2)
    assert [d.end for d in builds(state) if d.end < 2] == [0]
    apply(state, 0, Build(1, (0, 0, 0, 0, 1, 2, 0)))  # "right" of a one-card row
    assert state.rows[0] == ()


def test_nothing_affordable_ends_the_turn_without_asking():
    state = opened([("siesta", "protection"), ("pesos", "mama")])
    clear_resources(state)
    act(state, "siesta")
    assert state.active == 1


def test_only_the_active_player_builds():
    state = at_build_step(("b01",), gray=1, pesos=2)
    give(state, 1, red=5, gray=9, pesos=9, workers=3)
    assert all(not isinstance(d, Build) for d in legal_decisions(state, 1))
    with pytest.raises(IllegalDecision) as error:
        apply(state, 1, END_TURN)
    assert error.value.reason == "not_your_turn"
    assert state.amount(1, GRAY) == 9
