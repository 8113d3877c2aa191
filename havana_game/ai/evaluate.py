"""How good a position is for each seat: the search's reward at a leaf.

A finished game gives the winners an equal share of 1. Otherwise each seat's
strength is its VP plus the VP its holdings are likely to become (`holdings_vp`:
never more than what they buy, so building always beats holding on); the rewards
are a softmax of the strengths with a temperature that grows with the target VP,
so they sum to 1 like a win share.

Holdings count less as the game nears its end: once the leader is within the last
`LATE_SPAN_SHARE` of the target VP, what a seat holds counts in proportion to the
VP still to go, since materials and pesos left at the end score nothing; building
late beats saving. (Against the same evaluation without this, at the same budget,
it won 54.5% of 110 two-player games and left less unspent against the scripted
levels: docs/bench/ai-notes.md.)
"""

from __future__ import annotations

import math

from ..rules import State
from .plan import holdings_vp, plan_for

TEMPERATURE_SHARE = 1 / 6
"""The softmax temperature as a share of the target VP."""


LATE_SPAN_SHARE = 0.3
"""The share of the target VP, before the leader reaches it, over which the worth
of holdings falls to nothing (`holdings_share`)."""


def holdings_share(state: State) -> float:
    """How much of their likely worth holdings count for: all of it until the
    leader is within `LATE_SPAN_SHARE` of the target VP, then in proportion to
    the VP the leader still needs."""
    target = state.rules.target_vp(state.players)
    left = target - max(state.vp(s) for s in range(state.players))
    return min(1.0, max(0.0, left / (LATE_SPAN_SHARE * target)))


def strength(state: State, seat: int, share: float = 1.0) -> float:
    """VP plus `share` of the VP its holdings are likely to become."""
    return state.vp(seat) + share * holdings_vp(state, seat, plan_for(state, seat))


def final_rewards(state: State) -> list[float] | None:
    """Per seat, its share of the win if the game is over (the winners share 1), else None."""
    outcome = state.outcome()
    if outcome is None:
        return None
    share = 1.0 / len(outcome.winners)
    return [share if s in outcome.winners else 0.0 for s in range(state.players)]


def rewards(state: State) -> list[float]:
    """Per seat, a reward in [0, 1]; the rewards sum to 1."""
    final = final_rewards(state)
    if final is not None:
        return final
    players = state.players
    temperature = TEMPERATURE_SHARE * state.rules.target_vp(players)
    share = holdings_share(state)
    strengths = [strength(state, s, share) for s in range(players)]
    top = max(strengths)
    weights = [math.exp((x - top) / temperature) for x in strengths]
    total = sum(weights)
    return [w / total for w in weights]

