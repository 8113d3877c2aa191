"""Bot tournaments: games with rotated seats, win rates with 95% intervals,
decision times, and the building deck's balance (what gets built, game length).

Seats rotate: in game g the level list is shifted by g places, so every level
plays every seat equally often. A shared win counts as an equal share.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from ..rules import Decision, Ruleset, State, apply, from_json, new_game, view_for
from .base import Bot, make_bot
from .bots import DEFAULT_BUDGET_MS, EXPERT_BUDGET_MS, ExpertBot, HardBot
from .hoarding import HoardingTally, KeptHoarding

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
    """The worker processes a seat label names ("hard@500:2": 2), or None: the
    default (`parallel.default_workers`)."""
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


class KeptTally(BaseModel):
    """The raw figures of `Tally.kept`, checked when a tournament resumes."""

    model_config = ConfigDict(extra="forbid", strict=True)
    games: int
    wins: dict[str, float]
    decision_ms: dict[str, list[float]]
    iterations: dict[str, list[int]]
    rounds: list[int]
    endings: dict[str, int]
    built: dict[str, int]
    hoarding: KeptHoarding


class Tally:
    """Running figures of a tournament; between games `kept` gives them all, and
    `restore` takes them on again: a stopped tournament resumes with its figures."""

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

    def kept(self) -> dict[str, Any]:
        """Every figure's raw values between games (`restore` takes them back)."""
        return {"games": self.games, "wins": self.wins, "decision_ms": self.decision_ms,
                "iterations": self.iterations, "rounds": self.rounds,
                "endings": self.endings, "built": self.built,
                "hoarding": self.hoarding.kept()}

    def restore(self, kept: Any) -> None:
        """Take on the figures `kept` wrote for the same levels and edition. Figures
        of another shape, or of other levels or buildings, raise ValueError saying
        where."""
        try:
            figures = KeptTally.model_validate(kept)
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise ValueError(f"{where}: {first['msg']}") from None
        by_level: dict[str, Mapping[str, object]] = {
            "wins": figures.wins, "decision_ms": figures.decision_ms,
            "hoarding.held": figures.hoarding.held,
            "hoarding.could_build": figures.hoarding.could_build,
            "hoarding.idle": figures.hoarding.idle, "hoarding.excess": figures.hoarding.excess}
        for name, values in by_level.items():
            if sorted(values) != self.levels:
                raise ValueError(f"{name}: the levels {sorted(values)}, not {self.levels}")
        if not set(figures.iterations) <= set(self.levels):
            raise ValueError(f"iterations: levels {sorted(figures.iterations)} not seated")
        if sorted(figures.built) != sorted(self.built):
            raise ValueError(f"built: not the buildings of the {self.edition} edition")
        if figures.games != len(figures.rounds):
            raise ValueError(f"rounds: {len(figures.rounds)} games' rounds, "
                             f"not {figures.games}")
        self.games, self.wins, self.rounds = figures.games, figures.wins, figures.rounds
        self.decision_ms, self.endings = figures.decision_ms, figures.endings
        self.iterations = {lv: figures.iterations.get(lv, []) for lv in self.levels}
        self.built = figures.built
        self.hoarding.restore(figures.hoarding)

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
                   seat_bot: Callable[[str, int, float | None], Bot] = bot_for,
                   tally: Tally | None = None) -> dict[str, Any]:
    """Play `games` games of len(levels) players with rotated seats. Game number g
    (from `first_game`) is dealt from its own seed and seated by g, so a stopped
    tournament resumed at its next game number plays the games it did not.
    `seat_bot(label, seed, budget_ms)` makes each seat's bot (default `bot_for`).
    `tally` gathers the figures (default: a new one); one holding the figures of
    the games from `first_game` on that a stopped run played goes on after them."""
    players = len(levels)
    tally = tally if tally is not None else Tally(levels, rules)
    ids = [b.id for b in rules.buildings]
    start = first_game + tally.games
    for game in range(start, start + games):
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
