"""Medium strategy for the card choices (setup pair, phase-3 cover): which pair to
show, from what each action card is worth next round (`effects.WORTHS`, one record
per effect).

Strategy:
- A contested card is discounted when the pair's number is high (later players
  find the market emptied and fewer victims after them). A low card (Siesta 0)
  makes Mama 9 an 09.
- A card put down leaves the hand until the discards come back, so a new card
  costs part of its typical worth: strong cards wait for a rich market.
"""

from __future__ import annotations

from ..rules import State
from .effects import WORTHS, outlook
from .plan import Plan

KEEP_WEIGHT = 0.45
"""Share of a card's typical worth lost by putting it down now."""


def card_worths(state: State, seat: int, plan: Plan) -> list[float]:
    """Worth of carrying out each card next round, before the lateness discount."""
    seen = outlook(state, seat, plan)
    return [WORTHS[key].next_round(seen) for key in state.rules.keys]


def lateness(players: int, number: int) -> float:
    """Discount for contested cards: a high number acts late in the round."""
    per_point = 0.004 if players == 2 else 0.0065
    return max(0.3, 1.0 - number * per_point)


def pair_worth(state: State, worths: list[float], cards: tuple[int, int],
               new: tuple[int, ...]) -> float:
    """Worth of showing `cards` next round, `new` being the ones put down from hand."""
    defs = state.rules.cards
    keys = state.rules.keys
    a, b = defs[cards[0]].number, defs[cards[1]].number
    late = lateness(state.players, min(a, b) * 10 + max(a, b))
    total = 0.0
    for card in cards:
        total += worths[card] * (late if WORTHS[keys[card]].contested else 1.0)
    for card in new:
        total -= KEEP_WEIGHT * WORTHS[keys[card]].typical
    return total
