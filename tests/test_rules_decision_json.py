"""Decisions in their JSON form (docs/PROTOCOL.md "Decisions"): the exact map each
kind is sent as, the way back, and the refusal of a malformed one with the reason a
client shows (`IllegalDecision` "malformed" and its English detail)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from havana_game.content import classic_rules, find_edition
from havana_game.rules import (
    END_TURN,
    Act,
    Build,
    Choose,
    Cover,
    IllegalDecision,
    Tax,
    apply,
    from_json,
    kind_of,
    legal_decisions,
    new_game,
    to_json,
)
from havana_game.rules.materials import BLUE, BROWN, GRAY, RED, WORKER_TAKE, YELLOW
from havana_game.rules.state import OVER

NAMES_2024 = find_edition("edition2024").names
COLORS = "['red', 'yellow', 'brown', 'blue', 'gray']"
COSTS = "['red', 'yellow', 'brown', 'blue', 'gray', 'pesos', 'workers']"


@pytest.mark.parametrize(("decision", "form"), [
    (Choose((3, 7)), {"kind": "choose", "cards": [3, 7]}),
    (Act(5), {"kind": "act", "card": 5}),
    (Act(0, 0), {"kind": "act", "card": 0, "target": 0}),
    (Act(9, 2, (RED, GRAY)), {"kind": "act", "card": 9, "target": 2, "take": ["red", "gray"]}),
    (Act(12, -1, (YELLOW, YELLOW, BROWN)),
     {"kind": "act", "card": 12, "take": ["yellow", "yellow", "brown"]}),
    (Act(3, 12, (), 0), {"kind": "act", "card": 3, "target": 12, "put": 0}),
    (Act(3, 63, (), 63), {"kind": "act", "card": 3, "target": 63, "put": 63}),
    (Tax(2, WORKER_TAKE), {"kind": "tax", "victim": 2, "take": "worker"}),
    (Tax(0, BLUE), {"kind": "tax", "victim": 0, "take": "blue"}),
    (Build(0, (0, 0, 0, 0, 0, 0, 0)), {"kind": "build", "row": 0, "side": "left", "pay": {}}),
    (Build(1, (1, 0, 0, 0, 0, 2, 0)),
     {"kind": "build", "row": 0, "side": "right", "pay": {"red": 1, "pesos": 2}}),
    (Build(2, (0, 0, 0, 1, 5, 0, 1)),
     {"kind": "build", "row": 1, "side": "left", "pay": {"blue": 1, "gray": 5, "workers": 1}}),
    (Build(3, (0, 2, 1, 0, 0, 0, 0)),
     {"kind": "build", "row": 1, "side": "right", "pay": {"yellow": 2, "brown": 1}}),
    (END_TURN, {"kind": "end_turn"}),
    (Cover(4, 9), {"kind": "cover", "covered": 4, "card": 9}),
])
def test_each_decision_has_one_exact_json_form_and_reads_back_the_same(decision, form):
    assert to_json(decision) == form
    assert from_json(form) == decision


def test_the_2024_edition_names_its_materials_in_its_own_words():
    act = Act(9, 1, (BROWN, BLUE))
    assert to_json(act, NAMES_2024) == {"kind": "act", "card": 9, "target": 1,
                                        "take": ["green", "white"]}
    assert to_json(Tax(1, BROWN), NAMES_2024) == {"kind": "tax", "victim": 1, "take": "green"}
    build = Build(3, (0, 0, 1, 2, 0, 0, 0))
    assert to_json(build, NAMES_2024)["pay"] == {"green": 1, "white": 2}
    for decision in (act, Tax(1, BROWN), build):
        assert from_json(to_json(decision, NAMES_2024), NAMES_2024) == decision
    with pytest.raises(IllegalDecision) as error:
        from_json({"kind": "act", "card": 9, "target": 1, "take": ["brown"]}, NAMES_2024)
    assert error.value.detail == (
        "'take' must be a list of material names ['red', 'yellow', 'green', 'white', 'gray']")


def test_a_payment_of_the_wrong_length_is_not_sent_short():
    """A payment lists all seven costs; one missing a count is a programming error,
    not a cheaper build (the compiled engine refuses the tuple's type, the pure
    Python one its length)."""
    with pytest.raises((ValueError, TypeError)):
        to_json(Build(0, (1, 0, 0, 0, 0, 2)))  # type: ignore[arg-type]


def test_the_opening_pair_is_read_in_ascending_order():
    assert from_json({"kind": "choose", "cards": [7, 3]}) == Choose((3, 7))
    assert from_json({"kind": "choose", "cards": [63, 0]}) == Choose((0, 63))


def test_absent_optional_fields_mean_none_and_explicit_minus_one_is_the_same():
    assert from_json({"kind": "act", "card": 4}) == Act(4, -1, (), -1)
    assert from_json({"kind": "act", "card": 4, "target": -1, "put": -1, "take": []}) == Act(4)
    assert from_json({"kind": "build", "row": 1, "side": "left", "pay": {"pesos": 1000}}) == \
        Build(2, (0, 0, 0, 0, 0, 1000, 0))


def test_take_lists_up_to_64_materials_sorted_by_material():
    many = {"kind": "act", "card": 12, "take": ["gray", "red"] * 32}
    assert from_json(many) == Act(12, -1, (RED,) * 32 + (GRAY,) * 32)
    with pytest.raises(IllegalDecision) as error:
        from_json({**many, "take": ["red"] * 65})
    assert error.value.detail == f"'take' must be a list of material names {COLORS}"


def _int_message(key: str, low: int, high: int) -> str:
    return f"'{key}' must be an integer from {low} to {high}"


CARDS_MESSAGE = "'cards' must be a list of two card indexes"
TAKE_MESSAGE = f"'take' must be a list of material names {COLORS}"
PAY_MESSAGE = f"'pay' must be an object with keys from {COSTS}"
AMOUNT_MESSAGE = "payment amounts must be integers from 0 to 1000"
SIDE_MESSAGE = "'side' must be 'left' or 'right'"
BUILD = {"kind": "build", "row": 0, "side": "left", "pay": {"pesos": 2}}


@pytest.mark.parametrize(("obj", "message"), [
    ([], "a decision must be a JSON object"),
    ("end_turn", "a decision must be a JSON object"),
    (None, "a decision must be a JSON object"),
    ({}, "unknown decision kind None"),
    ({"kind": "pass"}, "unknown decision kind 'pass'"),
    ({"kind": "end_turn", "card": 1}, "unexpected fields ['card']"),
    ({"kind": "cover", "covered": 1, "card": 2, "to": 0, "by": 1},
     "unexpected fields ['by', 'to']"),
    ({"kind": "choose", "cards": [1, 2], "seat": 0}, "unexpected fields ['seat']"),
    ({"kind": "choose", "cards": [1, 2, 3]}, CARDS_MESSAGE),
    ({"kind": "choose", "cards": [1]}, CARDS_MESSAGE),
    ({"kind": "choose"}, CARDS_MESSAGE),
    ({"kind": "choose", "cards": "12"}, CARDS_MESSAGE),
    ({"kind": "choose", "cards": {"1": 1, "2": 2}}, CARDS_MESSAGE),
    ({"kind": "choose", "cards": [1, 64]}, CARDS_MESSAGE),
    ({"kind": "choose", "cards": [-1, 3]}, CARDS_MESSAGE),
    ({"kind": "choose", "cards": [1.0, 3]}, CARDS_MESSAGE),
    ({"kind": "choose", "cards": [True, 3]}, CARDS_MESSAGE),
    ({"kind": "act"}, _int_message("card", 0, 63)),
    ({"kind": "act", "card": 64}, _int_message("card", 0, 63)),
    ({"kind": "act", "card": -1}, _int_message("card", 0, 63)),
    ({"kind": "act", "card": "3"}, _int_message("card", 0, 63)),
    ({"kind": "act", "card": 3.0}, _int_message("card", 0, 63)),
    ({"kind": "act", "card": True}, _int_message("card", 0, 63)),
    ({"kind": "act", "card": 1, "target": -2}, _int_message("target", -1, 63)),
    ({"kind": "act", "card": 1, "target": 64}, _int_message("target", -1, 63)),
    ({"kind": "act", "card": 1, "target": None}, _int_message("target", -1, 63)),
    ({"kind": "act", "card": 3, "put": -2}, _int_message("put", -1, 63)),
    ({"kind": "act", "card": 3, "put": 64}, _int_message("put", -1, 63)),
    ({"kind": "act", "card": 12, "take": "red"}, TAKE_MESSAGE),
    ({"kind": "act", "card": 12, "take": ""}, TAKE_MESSAGE),
    ({"kind": "act", "card": 12, "take": {"red": 1}}, TAKE_MESSAGE),
    ({"kind": "act", "card": 12, "take": ["purple"]}, TAKE_MESSAGE),
    ({"kind": "act", "card": 12, "take": ["green"]}, TAKE_MESSAGE),
    ({"kind": "act", "card": 12, "take": [0]}, TAKE_MESSAGE),
    ({"kind": "act", "card": 12, "take": ["pesos"]}, TAKE_MESSAGE),
    ({"kind": "act", "card": 12, "dice": 6}, "unexpected fields ['dice']"),
    ({"kind": "tax", "victim": 1, "take": "pesos"},
     f"'take' must be one of {COLORS[:-1]}, 'worker']"),
    ({"kind": "tax", "victim": 1},
     f"'take' must be one of {COLORS[:-1]}, 'worker']"),
    ({"kind": "tax", "victim": 64, "take": "red"}, _int_message("victim", 0, 63)),
    ({"kind": "tax", "victim": -1, "take": "worker"}, _int_message("victim", 0, 63)),
    ({"kind": "tax", "take": "red"}, _int_message("victim", 0, 63)),
    ({**BUILD, "side": "middle"}, SIDE_MESSAGE),
    ({**BUILD, "side": 0}, SIDE_MESSAGE),
    ({"kind": "build", "row": 0, "pay": {}}, SIDE_MESSAGE),
    ({**BUILD, "pay": ["pesos"]}, PAY_MESSAGE),
    ({**BUILD, "pay": []}, PAY_MESSAGE),
    ({**BUILD, "pay": None}, PAY_MESSAGE),
    ({**BUILD, "pay": {"vp": 1}}, PAY_MESSAGE),
    ({**BUILD, "pay": {"pesos": 1001}}, AMOUNT_MESSAGE),
    ({**BUILD, "pay": {"pesos": -1}}, AMOUNT_MESSAGE),
    ({**BUILD, "pay": {"pesos": 2.0}}, AMOUNT_MESSAGE),
    ({**BUILD, "pay": {"red": True}}, AMOUNT_MESSAGE),
    ({**BUILD, "pay": {"red": "1"}}, AMOUNT_MESSAGE),
    ({**BUILD, "row": 2}, _int_message("row", 0, 1)),
    ({**BUILD, "row": -1}, _int_message("row", 0, 1)),
    ({"kind": "build", "side": "left", "pay": {}}, _int_message("row", 0, 1)),
    ({**BUILD, "end": 3}, "unexpected fields ['end']"),
    ({"kind": "cover", "covered": 64, "card": 1}, _int_message("covered", 0, 63)),
    ({"kind": "cover", "covered": 1, "card": 64}, _int_message("card", 0, 63)),
    ({"kind": "cover", "covered": 1, "card": -1}, _int_message("card", 0, 63)),
    ({"kind": "cover", "card": 1}, _int_message("covered", 0, 63)),
])
def test_a_malformed_decision_is_refused_with_the_reason_given(obj: Any, message: str):
    with pytest.raises(IllegalDecision) as error:
        from_json(obj)
    assert error.value.reason == "malformed" and error.value.detail == message
    assert str(error.value) == f"malformed: {message}"


@pytest.mark.parametrize("rules", [classic_rules(), find_edition("edition2024")],
                         ids=["classic", "edition2024"])
def test_every_legal_decision_of_a_played_game_survives_the_round_trip(rules):
    """What a client sends back from `view.legal` is what the engine listed."""
    chooser = random.Random(26)
    state = new_game(rules, 3, 26, ages=[20, 30, 40])
    kinds = set()
    while state.phase != OVER:
        seat = next(s for s in range(3) if legal_decisions(state, s))
        options = legal_decisions(state, seat)
        for decision in options:
            assert from_json(to_json(decision, rules.names), rules.names) == decision
            kinds.add(kind_of(decision))
        apply(state, seat, chooser.choice(options))
    taxes = {"tax"} if "tax_collector" in rules.keys else set()  # 2024 has no Tax Collector
    assert kinds == {"choose", "act", "build", "end_turn", "cover", *taxes}
