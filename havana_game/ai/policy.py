"""The medium strategy as a policy on a `State` (also the search's rollout policy).

Rules of play, by decision kind:
- Choose / Cover: the pair with the best `cards.pair_worth` (plan-aware card worths,
  a lateness discount on contested cards, an opportunity cost on cards put down).
- Act: take what the plan needs (Mama's colors, the thief's victim and loot,
  Smuggling's kind or two random draws), take the best card back with Refreshment
  or Recycling (putting down the least useful), use Conservation only to box a building
  an opponent is closer to than the seat, never its own target.
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
from ..rules.materials import PESOS, WORKER_TAKE, WORKERS
from .cards import TYPICAL, card_worths, draw_worth, pair_worth, thief_take
from .plan import BASE_WORTH, Plan, interest, materials_worth, plan_for, unit_worth

VP_WORTH = 1.6
"""A victory point built, in "colored material" units."""
EASY_RANDOM_SHARE = 0.35
"""How often the easy level plays a uniformly random legal decision."""


def _conservation_worth(state: State, seat: int, plan: Plan, end: int) -> float:
    row = state.rows[end >> 1]
    building = row[-1] if end & 1 else row[0]
    if building == plan.target:
        return -5.0
    rival = max(interest(state, s, building) for s in range(state.players) if s != seat)
    return 0.5 * (rival - interest(state, seat, building)) - 0.3


def _recycling_worth(state: State, act: Act) -> float:
    """The card brought back, less half the typical worth of the one put down."""
    keys = state.rules.keys
    if act.target == act.put:
        return 0.0
    taken = TYPICAL[keys[act.target]] if act.target >= 0 else 0.0
    return taken - (0.5 * TYPICAL[keys[act.put]] if act.put >= 0 else 0.0)


def _act_worth(state: State, seat: int, plan: Plan, act: Act) -> float:
    key = state.rules.keys[act.card]
    if key in ("mama", "materials_thief", "fence"):
        return materials_worth(plan, act.take)
    if key == "smuggling":
        return materials_worth(plan, act.take) if act.take else 2 * draw_worth(state, plan)
    if act.target < 0 and key in ("pesos_thief", "thief", "refreshment", "conservation"):
        return 0.0
    if key == "pesos_thief":
        return state.pesos(act.target) // 2 * BASE_WORTH[PESOS]
    if key == "thief":
        return thief_take(state.pesos(act.target)) * BASE_WORTH[PESOS]
    if key == "recycling":
        return _recycling_worth(state, act)
    if key == "refreshment":
        return 0.1 + TYPICAL[state.rules.keys[act.target]]
    if key == "conservation":
        return _conservation_worth(state, seat, plan, act.target)
    return 0.0


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
        return [_act_worth(state, seat, plan, a)  # type: ignore[arg-type]
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
