"""The medium strategy as a policy on a `State` (also the search's rollout policy).

Rules of play, by decision kind:
- Choose / Cover: the pair with the best `cards.pair_worth` (plan-aware card worths,
  a lateness discount on contested cards, an opportunity cost on cards put down).
- Act: what the card's effect says (`effects.EffectWorth.act`): take what the plan
  needs, the best card back, box only a building a rival is closer to.
- Tax: remove what the victim's own plan needs most.
- Build: the building with the best VP minus cost worth; build while anything
  pays off, then end the turn. (The easy level builds whatever it can afford.)

The policy reads only public state and the seat's own cards, so it is safe to run
on a determinized state. Ties go to the first listed decision (deterministic).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..rules import Act, Build, Choose, Cover, Decision, State, Tax, legal_decisions
from ..rules.materials import WORKER_TAKE, WORKERS
from .cards import card_worths, pair_worth
from .effects import WORTHS
from .plan import BASE_WORTH, Plan, plan_for, unit_worth

VP_WORTH = 1.6
"""A victory point built, in "colored material" units."""
EASY_RANDOM_SHARE = 0.35
"""How often the easy level plays a uniformly random legal decision."""


def _tax_worth(victim_plan: Plan, tax: Tax) -> float:
    return unit_worth(victim_plan, WORKERS if tax.take == WORKER_TAKE else tax.take)


def _build_worth(state: State, build: Build) -> float:
    row = state.rows[build.end >> 1]
    building = state.rules.buildings[row[-1] if build.end & 1 else row[0]]
    spent = sum(n * w for n, w in zip(build.payment, BASE_WORTH, strict=True))
    return VP_WORTH * building.vp - spent


def _best(options: Sequence[Decision], scores: list[float]) -> Decision:
    best = 0
    for i in range(1, len(scores)):
        if scores[i] > scores[best]:
            best = i
    return options[best]


def best_by(options: Sequence[Decision], score: Callable[[Decision], float]) -> Decision:
    """The option with the highest score; ties go to the first listed."""
    return _best(options, [score(d) for d in options])


def medium_decision(state: State, seat: int,
                    planner: Callable[[State, int], Plan] = plan_for) -> Decision:
    """The medium strategy's decision for `seat` (which must have one to make);
    `planner` picks the building it works towards."""
    options = legal_decisions(state, seat)
    if len(options) == 1:
        return options[0]
    return _best(options, medium_scores(state, seat, options, planner))


def medium_scores(state: State, seat: int, options: Sequence[Decision],
                  planner: Callable[[State, int], Plan] = plan_for) -> list[float]:
    """The medium strategy's worth of each of `options`, the seat's legal decisions
    (the rules of play above; only decisions of one kind are compared, so worths
    are in that kind's units). The strategy plays the first of the best."""
    first = options[0]
    if isinstance(first, Cover):
        plan = planner(state, seat)
        worths = card_worths(state, seat, plan)
        low, high = state.face_up[seat]
        return [pair_worth(state, worths, (high if c.covered == low else low,  # type: ignore[union-attr]
                                           c.card), (c.card,))  # type: ignore[union-attr]
                for c in options]
    if isinstance(first, Choose):
        plan = planner(state, seat)
        worths = card_worths(state, seat, plan)
        return [pair_worth(state, worths, c.cards, c.cards)  # type: ignore[union-attr]
                for c in options]
    if isinstance(first, Act):
        plan = planner(state, seat)
        keys = state.rules.keys
        return [WORTHS[keys[a.card]].act(state, seat, plan, a)  # type: ignore[union-attr,arg-type]
                for a in options]
    if isinstance(first, Tax):
        victim_plan = plan_for(state, first.victim)
        return [_tax_worth(victim_plan, t) for t in options]  # type: ignore[arg-type]
    return [0.0 if not isinstance(d, Build) else _build_worth(state, d) for d in options]


def easy_decision(state: State, seat: int, rng: random.Random) -> Decision:
    """The easy level, a beginner: builds whenever it can afford a building (the
    cheapest payment of the best one), otherwise the medium strategy, but often a
    random legal decision."""
    options = legal_decisions(state, seat)
    builds = [d for d in options if isinstance(d, Build)]
    if builds:
        return best_by(builds, lambda b: _build_worth(state, b))  # type: ignore[arg-type]
    if rng.random() < EASY_RANDOM_SHARE:
        return rng.choice(options)
    return medium_decision(state, seat)
