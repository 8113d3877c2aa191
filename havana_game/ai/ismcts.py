"""Information Set Monte Carlo Tree Search (single observer, with determinization).

Each iteration samples a full state consistent with the searching seat's view
(`Determinizer.sample`), walks the tree choosing decisions legal in that sample,
adds one node, plays a short rollout with the medium policy and scores the
position (`evaluate.rewards`). Statistics are kept per (seat, decision) in each
node; UCB uses availability counts (how often a decision was legal when the node
was visited), since a sample decides which decisions exist.

Simultaneous choices are selected decoupled: at setup, and in phase 3 (the new
cards stay face down until everyone has placed, so it is simultaneous in what
each seat knows), every seat still to choose picks from its own statistics in the
same node, without seeing the others' picks; the child is keyed by the joint pick.
A determinizer made with `reopen` leaves the choices other seats already made in
secret in this step to the search too; at the root a seat that covered again
covers the face-up card it is seen to have covered (`Determinizer.pinned`), and
its pick does not key the child (`OPEN_LOOP`); with `OpenLoop` "own" only the
searching seat's own decisions key children at any node, so the tree is open-loop
over every other seat's decision as over chance. (Other settings measured on the
way there live in tools/search_research.py.)

With a prior bias (the expert's search in 2-player games, `PRIOR_BIAS`), the
medium policy's opinion guides the tree: at a node, decisions never tried are
tried best first by the medium strategy's worths, and UCB adds a bonus for them
that fades with the decision's visits (progressive bias).

Chance (bag draws, draw-pile order) comes from the sample's fresh RNG, so the tree
is open-loop over chance. Every random draw comes from the `random.Random` given,
so a search with an iteration cap is exactly reproducible; with a time limit the
number of iterations, and so the result, depends on the machine's speed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Literal

from ..rules import Build, Cover, Decision, State, apply, legal_decisions
from ..rules.state import COVER, OVER, SETUP
from .determinize import Determinizer
from .evaluate import rewards
from .policy import medium_decision, medium_scores

EXPLORATION = 0.3
"""UCB exploration constant. Rewards are in [0, 1] but spread little (their
standard deviation at a root is about 0.11, and decisions differ by 0.01 to
0.05), so at 0.6 the search spread its visits almost evenly; at 0.3 it follows
the better lines deeper: 0.3 beat 0.6 in 60% of 80 two-player games at 1,500
iterations each (docs/bench/ai-notes.md, tools/tune_search.py)."""
ROLLOUT_DECISIONS = 4
"""Decisions played by the medium policy after the new node before scoring."""
PRIOR_BIAS = 0.1
"""The expert's weight of the medium policy's opinion (`Search(prior_bias=...)`):
UCB adds PRIOR_BIAS * prior / (visits + 1), the prior being the decision's
medium-strategy worth scaled to [0, 1] among the decisions legal at that node.
Where the seat can build, the prior is neutral (`_judge`). At equal iterations
it won 61 of 100 two-player games against the search without ([51%, 70%]),
thinking about 6% longer, and 10 of 48 four-player games against three (25% is
even): docs/bench/ai-notes.md, seventh session. The hard bot and the hint search
without it."""

PRIOR_MAX_PLAYERS = 2
"""The expert searches with the prior bias at tables of at most this many players."""

OpenLoop = Literal["reopened", "own"]
"""Whose picks do not key the child, the tree being open-loop over them as over
chance: in a simultaneous group at the root, the reopened seats' ("reopened"; a
search that reopens nobody keys every child by the joint pick). With "own", no
other seat's decision keys a child at any node: the tree branches on the
searcher's own decisions only, each other seat choosing by its own statistics in
a chain of nodes between them."""

OPEN_LOOP: OpenLoop = "reopened"
"""The searches' `OpenLoop`. Keyed by every pick, a 4-player root with three seats
reopened splits 1,500 iterations among about 1,400 children, none searched below;
reopened so, a search won 1 of 17 four-player games against three searches that
draw those cards, open-loop over the reopened seats' picks 21 of 62
(docs/bench/ai-notes.md, tenth session)."""

UNTRIED = 1e6
"""A score above any UCB score (a mean reward is at most 1, the bonuses grow with
the log of the availability): decisions never tried come first."""

Stats = list
"""[visits, reward sum, availability] of one decision at one node, and with a
prior bias the decision's prior."""


def most_visited(stats: dict[Decision, tuple[int, float]]) -> Decision:
    """The decision with the most visits (ties: the higher reward sum)."""
    return max(stats, key=lambda d: (stats[d][0], stats[d][1]))


class _Node:
    __slots__ = ("stats", "children")

    def __init__(self, players: int) -> None:
        self.stats: list[dict[Decision, Stats]] = [{} for _ in range(players)]
        """Per seat, the statistics of its decisions at this node."""
        self.children: dict[tuple[Decision, ...], _Node] = {}


class Search:
    """An ISMCTS search for one decision of one seat."""

    def __init__(self, determinizer: Determinizer, rng: random.Random,
                 exploration: float = EXPLORATION,
                 rollout_decisions: int = ROLLOUT_DECISIONS, prior_bias: float = 0.0,
                 evaluation: Callable[[State], list[float]] = rewards,
                 open_loop: OpenLoop = OPEN_LOOP) -> None:
        self.determinizer = determinizer
        self.players = determinizer.template.players
        others = frozenset(range(self.players)) - {determinizer.seat}
        self.unkeyed = determinizer.reopened if open_loop == "reopened" else others
        """Seats whose picks at the root do not key the child (`OpenLoop`)."""
        self.unkeyed_below = self.unkeyed if open_loop == "own" else frozenset()
        """Seats whose picks below the root do not key the child."""
        self.evaluation = evaluation
        """Each seat's reward at a leaf (`evaluate.rewards`; tools/tune_search.py
        measures others)."""
        self.rng = rng
        self.exploration = exploration
        self.prior_bias = prior_bias
        self.rollout_decisions = rollout_decisions
        self.pinned = determinizer.pinned
        self.root = _Node(self.players)
        self.iterations = 0

    def run(self, seconds: float | None = None, iterations: int | None = None,
            deadline: float | None = None) -> Decision:
        """Search until the time (`seconds` from now, or the `time.perf_counter`
        `deadline`) or the iteration cap is spent (at least one iteration);
        return the searching seat's most visited decision."""
        if seconds is not None:
            deadline = time.perf_counter() + seconds
        if deadline is None and iterations is None:
            raise ValueError("give a time limit or an iteration cap")
        while True:
            self._iterate()
            self.iterations += 1
            if iterations is not None and self.iterations >= iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return self.best()

    def best(self) -> Decision:
        """The searching seat's decision with the most visits at the root (`most_visited`)."""
        mine = self.root.stats[self.determinizer.seat]
        return most_visited({d: (st[0], st[1]) for d, st in mine.items()})

    def _select(self, node: _Node, seat: int, legal: tuple[Decision, ...],
                state: State) -> Decision:
        """A random decision never tried here, else the best by UCB on availability.
        One pass counts availability and scores (the search's hottest loop). With
        a prior bias, by the medium policy's opinion too (`_select_biased`)."""
        if self.prior_bias and len(legal) > 1:
            return self._select_biased(node.stats[seat], legal, state, seat)
        stats = node.stats[seat]
        unvisited = []
        c, log, sqrt = self.exploration, math.log, math.sqrt
        best, best_score = legal[0], -1.0
        for d in legal:
            st = stats.get(d)
            if st is None:
                st = stats[d] = [0, 0.0, 1]
                unvisited.append(d)
                continue
            st[2] += 1
            visits = st[0]
            if not visits:
                unvisited.append(d)
            elif not unvisited:
                score = st[1] / visits + c * sqrt(log(st[2]) / visits)
                if score > best_score:
                    best, best_score = d, score
        if unvisited:
            return unvisited[self.rng.randrange(len(unvisited))]
        return best

    def _select_biased(self, stats: dict[Decision, Stats], legal: tuple[Decision, ...],
                       state: State, seat: int) -> Decision:
        """The decision never tried here with the best prior, else the best by UCB
        plus the prior bias, `prior_bias * prior / (visits + 1)`. The priors are
        judged when a decision is first legal here (`_judge`)."""
        if any(d not in stats for d in legal):
            self._judge(stats, legal, state, seat)
        c, bias, log, sqrt = self.exploration, self.prior_bias, math.log, math.sqrt
        best, best_score = legal[0], -1.0
        for d in legal:
            st = stats[d]
            st[2] += 1
            visits = st[0]
            if visits:
                score = st[1] / visits + c * sqrt(log(st[2]) / visits) + bias * st[3] / (visits + 1)
            else:
                score = UNTRIED + st[3]
            if score > best_score:
                best, best_score = d, score
        return best

    @staticmethod
    def _judge(stats: dict[Decision, Stats], legal: tuple[Decision, ...], state: State,
               seat: int) -> None:
        """The priors of the legal decisions, on this sample: their medium-strategy
        worths (`policy.medium_scores`) scaled to [0, 1], the best 1 (all 0 where
        they are worth the same); decisions new here get statistics. Where the seat
        can build, every prior is 0: the medium strategy counts a building's cost
        against its VP and ends the turn unless a building pays off, and that
        opinion in the tree made the search hoard (idle in 24% of the turns it
        could build against 7%, 4-player games: docs/bench/ai-notes.md)."""
        if any(isinstance(d, Build) for d in legal):
            worths = [0.0] * len(legal)
        else:
            worths = medium_scores(state, seat, legal)
        low = min(worths)
        span = max(worths) - low or 1.0
        for d, worth in zip(legal, worths, strict=True):
            prior = (worth - low) / span
            st = stats.get(d)
            if st is None:
                stats[d] = [0, 0.0, 0, prior]
            else:
                st[3] = prior

    def _descend(self, state: State, node: _Node) -> list[tuple[int, Decision]]:
        """Pick and apply one decision, or one per seat of a simultaneous group."""
        picks = []
        phase, round_ = state.phase, state.round
        group = phase in (SETUP, COVER)
        while True:
            seat = state.deciders()[0]
            legal = legal_decisions(state, seat)
            if seat in self.pinned and node is self.root:
                legal = tuple(d for d in legal if isinstance(d, Cover)
                              and d.covered == self.pinned[seat])
            decision = self._select(node, seat, legal, state)
            picks.append((seat, decision))
            apply(state, seat, decision)
            if not group or state.phase != phase or state.round != round_:
                return picks

    def _iterate(self) -> None:
        state = self.determinizer.sample(self.rng)
        node = self.root
        path: list[tuple[_Node, list[tuple[int, Decision]]]] = []
        while state.phase != OVER:
            picks = self._descend(state, node)
            path.append((node, picks))
            unkeyed = self.unkeyed if node is self.root else self.unkeyed_below
            key = tuple(d for s, d in picks if s not in unkeyed)
            child = node.children.get(key)
            if child is None:
                node.children[key] = _Node(self.players)
                break
            node = child
        self._rollout(state)
        reward = self.evaluation(state)
        for visited, picks in path:
            for seat, decision in picks:
                st = visited.stats[seat][decision]
                st[0] += 1
                st[1] += reward[seat]

    def _rollout(self, state: State) -> None:
        for _ in range(self.rollout_decisions):
            seats = state.deciders()
            if not seats:
                return
            apply(state, seats[0], medium_decision(state, seats[0]))
