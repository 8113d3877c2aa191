"""How good a position is for each seat: the search's reward at a leaf.

A finished game gives the winners an equal share of 1. Otherwise each seat's
strength is its VP plus the VP its holdings are likely to become (`holdings_vp`:
never more than what they buy, so building always beats holding on); the rewards
are a softmax of the strengths with a temperature that grows with the target VP,
so they sum to 1 like a win share.

`late_rewards` (the expert level's) values holdings less as the game nears its
end: once the leader is within the last `LATE_SPAN_SHARE` of the target VP, what
a seat holds counts in proportion to the VP still to go, since materials and
pesos left at the end score nothing; building late beats saving.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..rules import State
from .plan import holdings_vp, plan_for

TEMPERATURE_SHARE = 1 / 6
"""The softmax temperature as a share of the target VP."""


def strength(state: State, seat: int) -> float:
    """VP plus the VP its holdings are likely to become."""
    return state.vp(seat) + holdings_vp(state, seat, plan_for(state, seat))


LATE_SPAN_SHARE = 0.3
"""The share of the target VP, before the leader reaches it, over which
`late_rewards` lowers the worth of holdings to nothing."""


def rewards(state: State) -> list[float]:
    """Per seat, a reward in [0, 1]; the rewards sum to 1."""
    return _rewards(state, late=False)


def late_rewards(state: State) -> list[float]:
    """`rewards` with holdings worth less near the end (`LATE_SPAN_SHARE`)."""
    return _rewards(state, late=True)


def _rewards(state: State, late: bool) -> list[float]:
    players = state.players
    outcome = state.outcome()
    if outcome is not None:
        share = 1.0 / len(outcome.winners)
        return [share if s in outcome.winners else 0.0 for s in range(players)]
    target = state.rules.target_vp(players)
    temperature = TEMPERATURE_SHARE * target
    if late:
        left = target - max(state.vp(s) for s in range(players))
        keep = min(1.0, max(0.0, left / (LATE_SPAN_SHARE * target)))
        strengths = [state.vp(s) + keep * holdings_vp(state, s, plan_for(state, s))
                     for s in range(players)]
    else:
        strengths = [strength(state, s) for s in range(players)]
    top = max(strengths)
    weights = [math.exp((x - top) / temperature) for x in strengths]
    total = sum(weights)
    return [w / total for w in weights]


EVALUATIONS: dict[str, Callable[[State], list[float]]] = {
    "standard": rewards, "late": late_rewards}
"""Leaf evaluations by name (a search in a worker process is told the name)."""
