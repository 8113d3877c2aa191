"""Bot tournaments: games with rotated seats, win rates with 95% intervals,
decision times, and the building deck's balance (what gets built, game length).

Seats rotate: in game g the level list is shifted by g places, so every level
plays every seat equally often. A shared win counts as an equal share.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..rules import Decision, Ruleset, State, apply, from_json, new_game, view_for
from .base import Bot, make_bot
from .bots import DEFAULT_BUDGET_MS, EXPERT_BUDGET_MS, ExpertBot, HardBot
from .hoarding import HoardingTally

Z95 = 1.959964


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """Wilson score 95% interval for a proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + Z95 * Z95 / trials
    centre = (p + Z95 * Z95 / (2 * trials)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95 * Z95 / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], share: float) -> float:
    """Nearest-rank percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


SEARCHING_LEVELS = ("hard", "expert", "hint")
"""Levels that search, whose seat label may name a budget and workers."""


def seat_budget(label: str, budget_ms: float | None) -> tuple[str, float | None]:
    """A seat label's level and thinking time: "hard@1000" (or "hard@1000:2") is
    the hard bot at 1000 ms per decision whatever the tournament's budget; "hard"
    thinks `budget_ms` (its own default if None)."""
    level, _, own = label.partition("@")
    own = own.partition(":")[0]
    return level, float(own) if own else budget_ms


def seat_workers(label: str) -> int | None:
    """The worker processes a seat label names ("hard@500:2": 2), or None: every core."""
    _, colon, workers = label.partition("@")[2].partition(":")
    return int(workers) if colon else None


def bot_for(label: str, seed: int, budget_ms: float | None) -> Bot:
    """The bot a seat label names; a searching level thinks `budget_ms` per
    decision if given, or the time its label names, on the workers it names."""
    level, budget = seat_budget(label, budget_ms)
    workers = seat_workers(label)
    if level == "hint":
        from .hint import HINT_BUDGET_MS, HintSeat
        return HintSeat(seed, budget_ms=budget or HINT_BUDGET_MS, workers=workers)
    if level == "hard" and (budget is not None or workers is not None):
        return HardBot(seed, budget_ms=budget or DEFAULT_BUDGET_MS, workers=workers)
    if level == "expert" and (budget is not None or workers is not None):
        return ExpertBot(seed, budget_ms=budget or EXPERT_BUDGET_MS, workers=workers)
    return make_bot(level, seed)


class Tally:
    """Running figures of a tournament."""

    def __init__(self, levels: Sequence[str], rules: Ruleset) -> None:
        self.edition = rules.name
        self.levels = sorted(set(levels))
        self.seats_per_level = {lv: levels.count(lv) for lv in self.levels}
        self.wins = dict.fromkeys(self.levels, 0.0)
        self.decision_ms: dict[str, list[float]] = {lv: [] for lv in self.levels}
        self.iterations: dict[str, list[int]] = {lv: [] for lv in self.levels}
        """Search iterations per decision of the searching levels."""
        self.rounds: list[int] = []
        self.endings: dict[str, int] = {}
        self.built = dict.fromkeys((b.id for b in rules.buildings), 0)
        self.hoarding = HoardingTally(levels)
        self.games = 0

    def report(self, players: int, seed: int, budget_ms: float | None,
               first_game: int = 0) -> dict[str, Any]:
        trials = {lv: self.games * n for lv, n in self.seats_per_level.items()}
        return {
            "edition": self.edition, "players": players, "games": self.games, "seed": seed,
            "first_game": first_game,
            "budget_ms": budget_ms,
            "seats_per_level": self.seats_per_level,
            "win_rate": {lv: round(self.wins[lv] / max(1, trials[lv]), 4) for lv in self.levels},
            "ci95": {lv: [round(x, 4) for x in wilson(self.wins[lv], trials[lv])]
                     for lv in self.levels},
            "decision_ms_mean": {lv: round(sum(t) / max(1, len(t)), 3)
                                 for lv, t in self.decision_ms.items()},
            "decision_ms_p95": {lv: round(percentile(t, 0.95), 3)
                                for lv, t in self.decision_ms.items()},
            "decisions": {lv: len(t) for lv, t in self.decision_ms.items()},
            "iterations_mean": {lv: round(sum(n) / len(n), 1)
                                for lv, n in self.iterations.items() if n},
            "rounds": {"mean": round(sum(self.rounds) / max(1, self.games), 2),
                       "p95": percentile(self.rounds, 0.95),
                       "min": min(self.rounds, default=0), "max": max(self.rounds, default=0)},
            "end_reasons": self.endings,
            "built_per_game": {b: round(n / max(1, self.games), 3)
                               for b, n in self.built.items()},
            "hoarding": self.hoarding.report(),
        }


def play_game(rules: Ruleset, bots: Sequence[Bot], seed: int,
              on_decision: Callable[[State, int, Decision, float], None]) -> State:
    """Play one game, each bot seeing only its seat's view; report every real
    decision (more than one option) with the state before it is applied and the
    milliseconds it took. Return the final state."""
    state = new_game(rules, len(bots), seed)
    while state.deciders():
        seat = state.deciders()[0]
        view = view_for(state, seat)
        started = time.perf_counter()
        decision = from_json(bots[seat].decide(view), rules.names)
        elapsed_ms = (time.perf_counter() - started) * 1000.0
        if len(view.get("legal", [])) > 1:
            on_decision(state, seat, decision, elapsed_ms)
        apply(state, seat, decision)
    return state


def game_seating(levels: Sequence[str], game: int, seed: int) -> tuple[list[str], int]:
    """Game number `game` of a tournament seeded `seed`: its levels by seat (the
    list shifted by `game` places) and its own deal seed."""
    players = len(levels)
    return [levels[(s + game) % players] for s in range(players)], seed * 1_000_003 + game


def run_tournament(rules: Ruleset, levels: Sequence[str], games: int, seed: int,
                   budget_ms: float | None = None,
                   progress: Callable[[int, dict[str, Any]], None] | None = None,
                   first_game: int = 0,
                   seat_bot: Callable[[str, int, float | None], Bot] = bot_for
                   ) -> dict[str, Any]:
    """Play `games` games of len(levels) players with rotated seats. Game number g
    (from `first_game`) is dealt from its own seed and seated by g, so a stopped
    tournament resumed at its next game number plays the games it did not.
    `seat_bot(label, seed, budget_ms)` makes each seat's bot (default `bot_for`)."""
    players = len(levels)
    tally = Tally(levels, rules)
    ids = [b.id for b in rules.buildings]
    for game in range(first_game, first_game + games):
        seating, game_seed = game_seating(levels, game, seed)
        bots = [seat_bot(level, game_seed * 8 + s, budget_ms)
                for s, level in enumerate(seating)]

        def record(state: State, seat: int, decision: Decision, ms: float,
                   seating: list[str] = seating, bots: list[Bot] = bots) -> None:
            tally.decision_ms[seating[seat]].append(ms)
            searched = getattr(bots[seat], "last_iterations", None)
            if searched is not None:
                tally.iterations[seating[seat]].append(searched)
            tally.hoarding.observe(state, seat, seating[seat], decision)

        state = play_game(rules, bots, game_seed, record)
        tally.hoarding.end_game(state, seating)
        tally.games += 1
        tally.rounds.append(state.round)
        tally.endings[state.end_reason] = tally.endings.get(state.end_reason, 0) + 1
        for winner in state.winners:
            tally.wins[seating[winner]] += 1.0 / len(state.winners)
        for built in state.built:
            for building in built:
                tally.built[ids[building]] += 1
        if progress is not None:
            progress(tally.games, tally.report(players, seed, budget_ms, first_game))
    return tally.report(players, seed, budget_ms, first_game)
