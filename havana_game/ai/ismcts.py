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

Chance (bag draws, draw-pile order) comes from the sample's fresh RNG, so the tree
is open-loop over chance. Every random draw comes from the `random.Random` given,
so a search with an iteration cap is exactly reproducible; with a time limit the
number of iterations, and so the result, depends on the machine's speed.
"""

from __future__ import annotations

import math
import random
import time

from ..rules import Decision, State, apply, legal_decisions
from ..rules.state import COVER, OVER, SETUP
from .determinize import Determinizer
from .evaluate import rewards
from .policy import medium_decision

EXPLORATION = 0.3
"""UCB exploration constant. Rewards are in [0, 1] but spread little (their
standard deviation at a root is about 0.11, and decisions differ by 0.01 to
0.05), so at 0.6 the search spread its visits almost evenly; at 0.3 it follows
the better lines deeper: 0.3 beat 0.6 in 60% of 80 two-player games at 1,500
iterations each (docs/bench/ai-notes.md, tools/tune_search.py)."""
ROLLOUT_DECISIONS = 4
"""Decisions played by the medium policy after the new node before scoring."""

Stats = list
"""[visits, reward sum, availability] of one decision at one node."""


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
                 rollout_decisions: int = ROLLOUT_DECISIONS) -> None:
        self.determinizer = determinizer
        self.rng = rng
        self.exploration = exploration
        self.rollout_decisions = rollout_decisions
        self.players = determinizer.template.players
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
        """The searching seat's decision with the most visits at the root."""
        mine = self.root.stats[self.determinizer.seat]
        return max(mine, key=lambda d: (mine[d][0], mine[d][1]))

    def _select(self, node: _Node, seat: int, legal: tuple[Decision, ...]) -> Decision:
        """A random decision never tried here, else the best by UCB on availability.
        One pass counts availability and scores (the search's hottest loop)."""
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

    def _descend(self, state: State, node: _Node) -> list[tuple[int, Decision]]:
        """Pick and apply one decision, or one per seat of a simultaneous group."""
        picks = []
        phase, round_ = state.phase, state.round
        group = phase in (SETUP, COVER)
        while True:
            seat = state.deciders()[0]
            decision = self._select(node, seat, legal_decisions(state, seat))
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
            key = tuple(d for _, d in picks)
            child = node.children.get(key)
            if child is None:
                node.children[key] = _Node(self.players)
                break
            node = child
        self._rollout(state)
        reward = rewards(state)
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
