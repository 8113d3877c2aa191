"""How good a position is for each seat: the search's reward at a leaf.

A finished game gives the winners an equal share of 1. Otherwise each seat's
strength is its VP plus the VP its holdings are likely to become (`holdings_vp`:
never more than what they buy, so building always beats holding on); the rewards
are a softmax of the strengths with a temperature that grows with the target VP,
so they sum to 1 like a win share.
"""

from __future__ import annotations

import math

from ..rules import State
from .plan import holdings_vp, plan_for

TEMPERATURE_SHARE = 1 / 6
"""The softmax temperature as a share of the target VP."""


def strength(state: State, seat: int) -> float:
    """VP plus the VP its holdings are likely to become."""
    return state.vp(seat) + holdings_vp(state, seat, plan_for(state, seat))


def rewards(state: State) -> list[float]:
    """Per seat, a reward in [0, 1]; the rewards sum to 1."""
    players = state.players
    outcome = state.outcome()
    if outcome is not None:
        share = 1.0 / len(outcome.winners)
        return [share if s in outcome.winners else 0.0 for s in range(players)]
    temperature = TEMPERATURE_SHARE * state.rules.target_vp(players)
    strengths = [strength(state, s) for s in range(players)]
    top = max(strengths)
    weights = [math.exp((x - top) / temperature) for x in strengths]
    total = sum(weights)
    return [w / total for w in weights]
