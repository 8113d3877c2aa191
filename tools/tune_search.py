"""Search settings against each other at equal iterations: a tournament whose
seats are the hard bot's search with a given UCB exploration constant and
iteration count, searched in this process (no worker pool, no clock), so the
result depends on the settings only, not on the machine's speed or load.

Players: one per seat. A seat is `cC nN` written without the space, e.g.
`c0.3n1500`: exploration C, N iterations per search; `c0.3n1500x2` sums the root
statistics of 2 such searches, as the root-parallel workers do (`parallel.merge`);
`c0.3n1500x2p` splits the root between 2 searches instead (`PartitionedSearches`:
after a shared first look each deepens one of the best decisions, the better mean
wins). Then, in this order and each optional: `f` makes a building's payments one
choice (`search_research.family`), e.g. `c0.3n1500f`; `bB` searches with the
prior bias B (`ismcts.PRIOR_BIAS`, the expert's), e.g. `c0.3n1500b0.1`; `rR` plays R
medium-policy decisions in each rollout (`ismcts.ROLLOUT_DECISIONS` if not
given), e.g. `c0.3n1500r8`; `v` scores leaves with the learned evaluation
(`tools/value_model.py`) instead of `evaluate.rewards`, e.g. `c0.3n1500v`; `o`
searches the secret choices other seats already made in this step as open
(the determinizer's `reopen`), the root's children keyed by those seats' picks
too, e.g. `c0.3n1500o`; `O` likewise, the tree open-loop over those picks
(`ismcts.OPEN_LOOP`, the expert's); `A` likewise, the tree open-loop over every
other seat's pick at the root (`search_research.OpenLoop` "others"); `W` likewise,
the tree keyed by the seat's own decisions only, at every node ("own").
A seat may also be a level that does not search (`random`, `easy`, `medium`,
`denial`, `rush`), so that settings can be played against the scripted levels for
their hoarding figures.

    python3 tools/tune_search.py --seats c0.3n1500,c0.6n1500 --games 40 \\
        [--first-game G] [--seed S] [--keep FILE]

Prints the tournament's JSON report (`havana tournament --json`'s figures);
progress to stderr after every game.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from search_research import (
    OpenLoop,
    ResearchSearch,
    family,
    family_totals,
    merge,
    searched,
)
from value_model import rewards as value_rewards

from havana_game.ai.base import BOT_LEVELS, Bot
from havana_game.ai.bots import ViewBot
from havana_game.ai.determinize import Determinizer
from havana_game.ai.evaluate import rewards
from havana_game.ai.ismcts import ROLLOUT_DECISIONS
from havana_game.ai.parallel import summed
from havana_game.ai.tournament import SEARCHING_LEVELS, bot_for, run_tournament
from havana_game.cli_tournament import keep
from havana_game.content import classic_rules
from havana_game.rules import Decision, State

SEAT = re.compile(r"c(?P<c>\d+(?:\.\d+)?)n(?P<n>\d+)(?:x(?P<w>\d+)(?P<p>p)?)?(?P<f>f)?"
                  r"(?:b(?P<b>\d+(?:\.\d+)?))?(?:r(?P<r>\d+))?(?P<v>v)?(?P<o>[oOAW])?")
OPEN_LOOPS: dict[str | None, OpenLoop] = {None: "keyed", "o": "keyed", "O": "reopened",
                                          "A": "others", "W": "own"}
"""The search's `OpenLoop` by the seat's suffix."""
PLAIN_LEVELS = sorted(set(BOT_LEVELS) - set(SEARCHING_LEVELS))
"""The levels that do not search, so whose play does not depend on the clock."""


def seat_error(label: str) -> str | None:
    """Why `label` is not a seat, or None."""
    if SEAT.fullmatch(label) or label in PLAIN_LEVELS:
        return None
    return f"a seat is cCnN[xW[p]][f][bB][rR][v][o|O|A|W] (e.g. c0.3n1500) or one of " \
        f"{', '.join(PLAIN_LEVELS)}: not {label!r}"


def seat_bot(label: str, seed: int, budget_ms: float | None) -> Bot:
    """The bot of a seat: the search with its settings, or a plain level."""
    return SettingsBot(label, seed) if SEAT.fullmatch(label) else bot_for(label, seed, None)


class SettingsBot(ViewBot):
    """The hard bot's search with the seat's exploration, iterations and searches."""

    level = "settings"

    def __init__(self, label: str, seed: int) -> None:
        super().__init__(seed)
        found = SEAT.fullmatch(label)
        if found is None:
            raise ValueError(seat_error(label))
        self.exploration = float(found["c"])
        self.iterations = int(found["n"])
        self.searches = int(found["w"] or 1)
        self.families = bool(found["f"])
        self.partitioned = bool(found["p"])
        self.rollout_decisions = int(found["r"] or ROLLOUT_DECISIONS)
        self.prior_bias = float(found["b"] or 0.0)
        self.evaluation = value_rewards if found["v"] else rewards
        self.reopen = bool(found["o"])
        self.open_loop: OpenLoop = OPEN_LOOPS[found["o"]]
        self.last_iterations = 0
        self.last_root: dict[Decision, tuple[int, float]] = {}
        """The last decision's root statistics (visits, reward sum), summed over searches."""

    def reopens(self, players: int) -> bool:
        return self.reopen

    def choose(self, determinizer: Determinizer, seat: int) -> Decision:
        if self.partitioned:
            seeds = [self.rng.getrandbits(62) for _ in range(self.searches)]
            split = PartitionedSearches(determinizer, seeds, self.exploration, self.families,
                                        self.rollout_decisions, self.prior_bias,
                                        self.evaluation).run(self.iterations)
            results, decision, self.last_iterations = split.results, split.decision, \
                split.iterations
        else:
            results = [searched(determinizer, self.rng.getrandbits(62), self.iterations,
                                self.exploration, self.families, self.rollout_decisions,
                                self.prior_bias, self.evaluation, self.open_loop)
                       for _ in range(self.searches)]
            thought = merge(results, self.searches, self.families)
            decision, self.last_iterations = thought.decision, thought.iterations
        self.last_root = summed(results)
        return decision


PROBE_SHARE = 0.25
"""The share of each search's iterations spent on the whole root before it is split."""


class RestrictedSearch(ResearchSearch):
    """A search whose own seat, at the root, chooses only among `allowed` families
    (`search_research.family`; None: all)."""

    allowed: set[object] | None = None

    def _select(self, node: Any, seat: int, legal: tuple[Decision, ...],
                state: State) -> Decision:
        if self.allowed is not None and node is self.root and seat == self.determinizer.seat:
            legal = tuple(d for d in legal if family(d) in self.allowed) or legal
        return super()._select(node, seat, legal, state)


@dataclass
class Partitioned:
    """A partitioned decision: the choice, the iterations, each search's root."""

    decision: Decision
    iterations: int
    results: list[tuple[list[tuple[Decision, int, float]], int]]


class PartitionedSearches:
    """Searches that split the root: each searches the whole root for
    `PROBE_SHARE` of its iterations; their summed statistics rank the families
    (`search_research.family`); search i then spends the rest below the i-th best family
    only (the best one, again, where there are fewer families than searches).
    The family whose search found the higher mean reward is played, its most
    visited payment. Where one search could follow the two best lines as deep as
    one tree of twice the iterations does, summed trees follow each half as deep."""

    def __init__(self, determinizer: Determinizer, seeds: list[int], exploration: float,
                 families: bool, rollout_decisions: int = ROLLOUT_DECISIONS,
                 prior_bias: float = 0.0,
                 evaluation: Callable[[State], list[float]] = rewards) -> None:
        self.seat = determinizer.seat
        self.searches = [RestrictedSearch(determinizer, random.Random(seed), exploration,
                                          rollout_decisions, families, prior_bias, evaluation)
                         for seed in seeds]

    def run(self, iterations: int) -> Partitioned:
        probe = max(1, round(iterations * PROBE_SHARE))
        for search in self.searches:
            search.run(iterations=probe)
        totals = family_totals(summed(self._results()))
        ranked = sorted(totals, key=lambda f: totals[f], reverse=True)
        lines = [ranked[i] if i < len(ranked) else ranked[0] for i in range(len(self.searches))]
        means: dict[object, float] = {}
        for line, search in zip(lines, self.searches, strict=True):
            search.allowed = {line}
            search.run(iterations=iterations)
            mine = [st for d, st in search.root.stats[self.seat].items() if family(d) == line]
            mean = sum(st[1] for st in mine) / max(1, sum(st[0] for st in mine))
            means[line] = max(means.get(line, -1.0), mean)
        best = max(means, key=lambda f: (means[f], -ranked.index(f)))
        results = self._results()
        root = summed(results)
        decision = max((d for d in root if family(d) == best), key=lambda d: root[d])
        return Partitioned(decision, sum(s.iterations for s in self.searches), results)

    def _results(self) -> list[tuple[list[tuple[Decision, int, float]], int]]:
        """Each search's root statistics for the seat, and its iterations."""
        return [([(d, st[0], st[1]) for d, st in search.root.stats[self.seat].items()],
                 search.iterations) for search in self.searches]


def game_arguments(description: str, games: int) -> argparse.ArgumentParser:
    """A command line with the seats and the games to play: --seats (one per
    player, comma separated), --games (default `games`), --first-game, --seed."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--seats", required=True, help="settings per seat, comma separated")
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--first-game", type=int, default=0)
    parser.add_argument("--seed", type=int, default=0)
    return parser


def seats_of(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[str]:
    """The --seats labels; a bad one ends the program with its error (`seat_error`)."""
    seats: list[str] = args.seats.split(",")
    for label in seats:
        error = seat_error(label)
        if error is not None:
            parser.error(error)
    return seats


def main() -> int:
    parser = game_arguments(__doc__.split("\n\n")[0], 20)
    parser.add_argument("--keep", type=Path, help="write the figures so far after every game")
    args = parser.parse_args()
    seats = seats_of(parser, args)

    def progress(games: int, report: dict[str, Any]) -> None:
        print(games, json.dumps(report["win_rate"]), file=sys.stderr, flush=True)
        if args.keep is not None:
            keep(args.keep, report)

    report = run_tournament(classic_rules(), seats, args.games, args.seed, None, progress,
                            args.first_game, seat_bot)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
