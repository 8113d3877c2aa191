"""Random playouts through the engine's public API (the `havana simulate` command)."""

from __future__ import annotations

import random
import time
from typing import Any

from .rules import MAX_ROUNDS, Ruleset, apply, legal_decisions, new_game


def random_game(rules: Ruleset, players: int, seed: int) -> tuple[Any, int]:
    """Play one game with uniformly random legal decisions; return (state, decisions)."""
    state = new_game(rules, players, seed)
    chooser = random.Random(seed ^ 0x5EED)
    decisions = 0
    while True:
        seats = state.deciders()
        if not seats:
            return state, decisions
        seat = seats[0]
        apply(state, seat, chooser.choice(legal_decisions(state, seat)))
        decisions += 1


def simulate(rules: Ruleset, players: int, games: int, seed: int) -> dict[str, Any]:
    """Play `games` random games; same seed, same figures (apart from timing)."""
    wins = [0] * players
    rounds = finished = decisions = 0
    endings: dict[str, int] = {}
    started = time.perf_counter()
    for game in range(games):
        state, count = random_game(rules, players, seed * 1_000_003 + game)
        decisions += count
        rounds += state.round
        finished += bool(state.winners)
        endings[state.end_reason] = endings.get(state.end_reason, 0) + 1
        for seat in state.winners:
            wins[seat] += 1
    elapsed = max(time.perf_counter() - started, 1e-9)
    return {
        "players": players, "games": games, "seed": seed, "finished": finished,
        "rounds_mean": rounds / games if games else 0.0, "round_limit": MAX_ROUNDS,
        "decisions": decisions, "endings": endings, "wins": wins,
        "seconds": round(elapsed, 4),
        "decisions_per_s": round(decisions / elapsed, 1),
        "games_per_s": round(games / elapsed, 2),
    }
