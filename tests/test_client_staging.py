"""Staged choices against the legal decisions: picks, options, cheapest payment."""

from __future__ import annotations

import random

import pytest

from havana_game.client.table import edition
from havana_game.client.table.staging import Staging, mode
from havana_game.content import find_edition
from havana_game.editions import DEFAULT_EDITION, EDITIONS
from havana_game.rules import apply, legal_decisions, new_game, view_for

from .seeds import HOST_SEED


def _view(legal):
    return {"phase": "actions", "legal": legal}


def test_opening_picks_keep_the_last_two():
    view = {"phase": "setup", "legal": [{"kind": "choose", "cards": [a, b]}
                                        for a in range(4) for b in range(a + 1, 4)]}
    staging = Staging()
    for card in (3, 1, 2):
        staging.toggle_card(view, card)
    assert staging.cards == [1, 2]
    assert staging.decision(view) == {"kind": "choose", "cards": [1, 2]}
    staging.toggle_card(view, 2)
    assert staging.decision(view) is None


def test_card_options_need_a_pick():
    legal = [{"kind": "act", "card": 8, "target": 1}, {"kind": "act", "card": 8, "target": 2},
             {"kind": "act", "card": 11}]
    staging = Staging(act_card=8)
    assert mode(_view(legal)) == "act"
    assert len(staging.options(_view(legal))) == 2
    assert staging.decision(_view(legal)) is None
    staging.option = 1
    assert staging.decision(_view(legal)) == legal[1]
    staging.act_card, staging.option = 11, None
    assert staging.decision(_view(legal)) == legal[2]


def test_cheapest_payment_first_and_cycling():
    printed = {"kind": "build", "row": 0, "side": "left", "pay": {"red": 1, "pesos": 2}}
    rubble = {"kind": "build", "row": 0, "side": "left", "pay": {"gray": 5, "pesos": 2}}
    legal = [{"kind": "end_turn"}, rubble, printed]
    staging = Staging(end=(0, "left"))
    assert mode(_view(legal)) == "build"
    assert staging.decision(_view(legal)) == printed
    staging.pay_index += 1
    assert staging.decision(_view(legal)) == rubble


@pytest.mark.parametrize("name", EDITIONS)
def test_every_legal_decision_can_be_staged_as_a_hint_would(name):
    """`Staging.adopt` stages any legal decision so that Confirm sends exactly
    it; ending the turn is the one decision with its own button instead."""
    rules = find_edition(name)
    rng = random.Random(HOST_SEED)
    try:
        for _ in range(4):
            state = new_game(rules, rng.choice([2, 3, 4]), rng.randrange(1 << 30))
            while state.outcome() is None:
                seat = state.deciders()[0]
                view = view_for(state, seat)
                edition.follow(view)
                for decision in view["legal"]:
                    staging = Staging()
                    staging.adopt(view, decision)
                    expected = None if decision["kind"] == "end_turn" else decision
                    assert staging.decision(view) == expected, (mode(view), decision)
                apply(state, seat, rng.choice(legal_decisions(state, seat)))
    finally:
        edition.follow(view_for(new_game(find_edition(DEFAULT_EDITION), 2, 0), 0))
