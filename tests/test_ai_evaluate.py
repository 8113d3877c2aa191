"""The hard bot's leaf evaluation values holdings at what they buy: building the
planned building never lowers the builder's strength (the cause of the hard bot
hoarding instead of building was an evaluation that valued held units above the
VP they buy, so the search preferred keeping them); and holdings count less as
the end nears (what is left at the end scores nothing)."""

from __future__ import annotations

import random

import pytest

from havana_game.ai.evaluate import LATE_SPAN_SHARE, holdings_share, rewards, strength
from havana_game.ai.plan import plan_for
from havana_game.content import classic_rules, find_edition
from havana_game.editions import EDITIONS
from havana_game.rules import Build, apply, legal_decisions, new_game

from .seeds import HOST_SEED


def _building_chances(edition: str, games: int):
    """(state, seat, build of its plan's target) at every build step of random games."""
    rules = find_edition(edition)
    for game in range(games):
        rng = random.Random(HOST_SEED + game)
        state = new_game(rules, 2 + game % 3, rng.randrange(1 << 30))
        while state.outcome() is None:
            seat = state.deciders()[0]
            legal = legal_decisions(state, seat)
            target = plan_for(state, seat).target
            for decision in legal:
                if isinstance(decision, Build) and \
                        state.rows[decision.end // 2][-(decision.end % 2)] == target:
                    yield state, seat, decision
                    break
            apply(state, seat, rng.choice(legal))


def test_building_the_planned_building_never_lowers_strength():
    checked = 0
    for edition in EDITIONS:
        for state, seat, build in _building_chances(edition, 12):
            before = strength(state, seat)
            after_state = state.clone()
            apply(after_state, seat, build)
            if after_state.outcome() is None:
                assert strength(after_state, seat) > before, (edition, build)
            checked += 1
    assert checked > 50


def test_holdings_count_less_as_the_leader_nears_the_target():
    rules = classic_rules()
    state = new_game(rules, 2, 3)
    state.set_amount(0, 5, 12)  # seat 0 holds 12 pesos
    target = rules.target_vp(2)
    full = strength(state, 0)
    assert full > state.vp(0) and holdings_share(state) == 1.0
    state.set_amount(1, 7, int(target * (1 - LATE_SPAN_SHARE)))  # the late span starts
    assert holdings_share(state) == 1.0
    before = rewards(state)[0]
    state.set_amount(1, 7, target - 1)  # seat 1 is one VP from winning
    share = holdings_share(state)
    assert share == pytest.approx(1 / (LATE_SPAN_SHARE * target))
    assert strength(state, 0, share) == pytest.approx(state.vp(0) + share * (full - state.vp(0)))
    assert rewards(state)[0] < before
    assert sum(rewards(state)) == pytest.approx(1.0)
