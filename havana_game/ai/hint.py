"""A hint for a player: the hard bot's choice on that player's own view, and
what it gains. The hard bot only ever sees a view (it samples the hidden cards
from what the view allows), so a hint knows nothing the player does not."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..content import edition_for
from ..rules import View, apply, from_json
from .bots import HardBot
from .determinize import Determinizer

HINT_BUDGET_MS = 800.0
"""Thinking time of a hint: a little under the hard bot's second per move."""
SAMPLES = 8
"""Hidden-card samples the gains are averaged over (a draw from the bag differs)."""


@dataclass(frozen=True)
class Hint:
    """The suggested decision (an element of the view's `legal`) and its gains."""

    question: list[dict[str, Any]]
    """The view's legal decisions: the hint answers that question only (another
    seat's simultaneous choice moves the table on, not the question)."""
    decision: dict[str, Any]
    gains: dict[str, int] = field(default_factory=dict)
    """Average change of the seat's holdings and VP ("vp"), rounded; non-zero only,
    in the edition's cost words."""


def gains_of(view: View, decision: dict[str, Any], seed: int = 0) -> dict[str, int]:
    """What `decision` changes in the deciding seat's holdings and VP, averaged
    over states consistent with the view (forced steps that follow included)."""
    rules = edition_for(view["ruleset"], view["deck"])
    determinizer = Determinizer(view, rules)
    seat = determinizer.seat
    rng = random.Random(seed)
    totals = [0.0] * 8
    for _ in range(SAMPLES):
        state = determinizer.sample(rng)
        before = state.resources(seat)
        apply(state, seat, from_json(decision, rules.names))
        after = state.resources(seat)
        for i in range(8):
            totals[i] += (after[i] - before[i]) / SAMPLES
    names = (*rules.names.costs, "vp")
    return {name: round(total) for name, total in zip(names, totals, strict=True)
            if round(total)}


def hint_for(view: View, budget_ms: float = HINT_BUDGET_MS, seed: int = 0) -> Hint:
    """The hard bot's choice for the seat of `view` (which must have a decision
    to make), and its gains."""
    decision = HardBot(seed, budget_ms=budget_ms).decide(view)
    return Hint(view["legal"], decision, gains_of(view, decision, seed))
