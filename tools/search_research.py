"""Search settings measured on the way to the shipped ones, kept for
tools/tune_search.py: a building's payments as one choice (families), and roots
keyed by every pick ("keyed") or open-loop over every other seat's pick there
("others"). The bots search with `havana_game.ai.ismcts.Search` as it is; the
figures are in docs/bench/ai-notes.md.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, Literal

from havana_game.ai.determinize import Determinizer
from havana_game.ai.evaluate import rewards
from havana_game.ai.ismcts import (
    EXPLORATION,
    ROLLOUT_DECISIONS,
    Search,
    Stats,
    most_visited,
)
from havana_game.ai.parallel import RootStats, Thought, summed
from havana_game.rules import Build, Decision, State

OpenLoop = Literal["keyed", "reopened", "others", "own"]
"""Whose picks in a simultaneous group at the root do not key the child: nobody's
("keyed": the child is keyed by the joint pick, even of the reopened seats), the
reopened seats' ("reopened", the shipped searches'), every seat's but the
searcher's ("others"); with "own" no other seat's decision keys a child at any
node (`ismcts.OpenLoop`)."""
ROOT_ONLY: dict[str, Callable[[Determinizer], frozenset[int]]] = {
    "keyed": lambda determinizer: frozenset(),
    "others": lambda determinizer: frozenset(range(determinizer.template.players))
    - {determinizer.seat},
}
"""The research modes: the seats whose picks do not key the root's children (below
the root every pick keys them)."""


def family(decision: Decision) -> object:
    """What a decision does, whatever it pays with: a building's payments are one
    family (the building at that end), every other decision its own."""
    return ("build", decision.end) if isinstance(decision, Build) else decision


def family_totals(stats: dict[Decision, tuple[int, float]]) -> dict[object, tuple[int, float]]:
    """Visits and reward sums added up per family (`family`)."""
    totals: dict[object, tuple[int, float]] = {}
    for d, (visits, reward) in stats.items():
        seen, total = totals.get(family(d), (0, 0.0))
        totals[family(d)] = (seen + visits, total + reward)
    return totals


def most_visited_family(stats: dict[Decision, tuple[int, float]]) -> Decision:
    """The most visited family, then its most visited payment (ties: the higher
    reward sum). With each payment its own choice, a building payable in two ways
    splits its visits and loses the most-visited count to ending the turn at equal
    value (docs/bench/ai-notes.md, "payments split the visits")."""
    totals = family_totals(stats)
    chosen = max(totals, key=lambda f: totals[f])
    return most_visited({d: st for d, st in stats.items() if family(d) == chosen})


class ResearchSearch(Search):
    """`ismcts.Search` with the research settings: `families` (a building's
    payments are one choice: the search picks which building, or ending the turn,
    by the payments' summed statistics, then how to pay), and every `OpenLoop`."""

    def __init__(self, determinizer: Determinizer, rng: random.Random,
                 exploration: float = EXPLORATION,
                 rollout_decisions: int = ROLLOUT_DECISIONS, families: bool = False,
                 prior_bias: float = 0.0,
                 evaluation: Callable[[State], list[float]] = rewards,
                 open_loop: OpenLoop = "reopened") -> None:
        super().__init__(determinizer, rng, exploration, rollout_decisions, prior_bias,
                         evaluation, "own" if open_loop == "own" else "reopened")
        self.families = families
        if open_loop in ROOT_ONLY:
            self.unkeyed = ROOT_ONLY[open_loop](determinizer)

    def best(self) -> Decision:
        if not self.families:
            return super().best()
        mine = self.root.stats[self.determinizer.seat]
        return most_visited_family({d: (st[0], st[1]) for d, st in mine.items()})

    def _select(self, node: Any, seat: int, legal: tuple[Decision, ...],
                state: State) -> Decision:
        """With `families`, where a building can be paid in more than one way, the
        building is chosen first among the families, then its payment."""
        if self.families and any(isinstance(d, Build) for d in legal):
            return self._select_family(node.stats[seat], legal)
        return super()._select(node, seat, legal, state)

    def _select_family(self, stats: dict[Decision, Stats],
                       legal: tuple[Decision, ...]) -> Decision:
        """UCB over families (their payments' summed visits and rewards, the most
        available payment's availability), a family never tried first; then UCB
        over the chosen family's payments, a payment never tried first."""
        groups: dict[object, list[Decision]] = {}
        for d in legal:
            st = stats.get(d)
            if st is None:
                st = stats[d] = [0, 0.0, 0]
            st[2] += 1
            groups.setdefault(family(d), []).append(d)
        c, log, sqrt = self.exploration, math.log, math.sqrt
        totals = {f: (sum(stats[d][0] for d in ds), sum(stats[d][1] for d in ds),
                      max(stats[d][2] for d in ds)) for f, ds in groups.items()}
        untried = [f for f, (visits, _, _) in totals.items() if not visits]
        if untried:
            chosen = untried[self.rng.randrange(len(untried))]
        else:
            chosen = max(totals, key=lambda f: totals[f][1] / totals[f][0]
                         + c * sqrt(log(totals[f][2]) / totals[f][0]))
        payments = groups[chosen]
        fresh = [d for d in payments if not stats[d][0]]
        if fresh:
            return fresh[self.rng.randrange(len(fresh))]
        tries = totals[chosen][0]
        return max(payments, key=lambda d: stats[d][1] / stats[d][0]
                   + c * sqrt(log(tries) / stats[d][0]))


def searched(determinizer: Determinizer, seed: int, iterations: int,
             exploration: float = EXPLORATION, families: bool = False,
             rollout_decisions: int = ROLLOUT_DECISIONS, prior_bias: float = 0.0,
             evaluation: Callable[[State], list[float]] = rewards,
             open_loop: OpenLoop = "reopened") -> tuple[RootStats, int]:
    """One research search of `iterations` for the determinizer's seat: its root
    statistics and iterations (as `parallel.searched`)."""
    search = ResearchSearch(determinizer, random.Random(seed), exploration,
                            rollout_decisions, families, prior_bias, evaluation, open_loop)
    search.run(iterations=iterations)
    mine = search.root.stats[determinizer.seat]
    return [(d, st[0], st[1]) for d, st in mine.items()], search.iterations


def merge(results: list[tuple[RootStats, int]], workers: int, families: bool) -> Thought:
    """Sum the searches' root statistics; the most visited decision wins, or with
    `families` the most visited family's most visited payment."""
    pick = most_visited_family if families else most_visited
    return Thought(pick(summed(results)), sum(n for _, n in results), workers)
