"""Scripted strategies that play the way people do, as tournament opponents the
search was not tuned on (levels `denial` and `rush`).

- **Denial** keeps the colored materials from the others: it opens and covers so
  that its number is low (it acts before the others and empties the market), shows
  the cards that take colored materials (Mama, Black Market, Smuggling, the
  Materials Thief / Receptador) and thieves, and aims every thief at the leader.
- **Rush** goes for the cheapest victory points: it aims at the end building it
  can complete with the fewest missing units, and builds the cheapest affordable
  building whenever it can, as often as it can.

Both read only public state and their own cards, like every bot, and are
deterministic (ties go to the first listed decision).
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules import Act, Build, Choose, Cover, Decision, EndTurn, State, legal_decisions
from ..rules.materials import COLORED
from .effects import WORTHS
from .plan import Plan, distance, end_buildings, has_architect, shortfall
from .policy import best_by, medium_decision

LOW_NUMBER_WEIGHT = 0.08
"""Denial's worth of each point its two-digit number is lower (how much it wants
each card itself: `effects.EffectWorth.denial`)."""


def leader(state: State, seat: int) -> int:
    """The other seat most ahead: most VP, then most colored materials."""
    others = [s for s in range(state.players) if s != seat]
    return max(others, key=lambda s: (state.vp(s), sum(state.resources(s)[c] for c in COLORED)))


def _pair_score(state: State, cards: tuple[int, int]) -> float:
    keys, defs = state.rules.keys, state.rules.cards
    low, high = sorted(defs[c].number for c in cards)
    return (sum(WORTHS[keys[c]].denial for c in cards)
            - LOW_NUMBER_WEIGHT * (low * 10 + high))


def _denial_act_score(state: State, seat: int, act: Act) -> float:
    key = state.rules.keys[act.card]
    colored = sum(1 for m in act.take if m in COLORED)
    if WORTHS[key].thief:
        return -1.0 if act.target < 0 else 2.0 * (act.target == leader(state, seat)) + colored
    return float(colored)


def denial_decision(state: State, seat: int) -> Decision:
    """The denial strategy's decision (see the module docstring)."""
    options = legal_decisions(state, seat)
    first = options[0]
    if isinstance(first, Choose):
        return best_by(options, lambda d: _pair_score(state, d.cards)
                       if isinstance(d, Choose) else 0.0)
    if isinstance(first, Cover):
        def kept_pair(cover: Decision) -> float:
            assert isinstance(cover, Cover)
            low, high = state.face_up[seat]
            return _pair_score(state, (high if cover.covered == low else low, cover.card))
        return best_by(options, kept_pair)
    if isinstance(first, Act) and len(options) > 1:
        scores = [_denial_act_score(state, seat, d) for d in options if isinstance(d, Act)]
        if max(scores) > 0:
            return best_by(options, lambda d: _denial_act_score(state, seat, d)
                           if isinstance(d, Act) else 0.0)
    return medium_decision(state, seat)


def cheapest_plan(state: State, seat: int) -> Plan:
    """Rush: the end building with the fewest missing units, then the lowest cost."""
    buildings = state.rules.buildings
    res = state.resources(seat)
    architect = has_architect(state, seat)
    best, key = -1, (99.0, 99)
    for index in end_buildings(state):
        building = buildings[index]
        if building.architect and not architect:
            continue
        candidate = (distance(building.cost, res), sum(building.cost))
        if candidate < key:
            best, key = index, candidate
    if best < 0:
        return Plan(-1, (0,) * 7, 99.0)
    return Plan(best, shortfall(buildings[best].cost, res), key[0])


def _rush_build_score(state: State, decision: Decision) -> float:
    """Any building before ending the turn; the cheapest payment first."""
    if isinstance(decision, EndTurn) or not isinstance(decision, Build):
        return -1.0
    return 100.0 - sum(decision.payment)


def rush_decision(state: State, seat: int) -> Decision:
    """The rush strategy's decision (see the module docstring)."""
    options = legal_decisions(state, seat)
    if any(isinstance(d, Build) for d in options):
        return best_by(options, lambda d: _rush_build_score(state, d))
    return medium_decision(state, seat, cheapest_plan)


SCRIPTED: dict[str, Callable[[State, int], Decision]] = {
    "denial": denial_decision, "rush": rush_decision,
}
"""Level name -> strategy on a state."""
