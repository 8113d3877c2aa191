"""Engine speed: random games through the public API, and state cloning.

Prints CPU-time figures (time.process_time, so other load on the machine skews
them less) and each figure's ratio to the goal of issue 2:
100,000 decisions/s, 500 random 4-player games/s, a clone under 5 microseconds.

    python3 tools/bench_engine.py [--games 400]
"""

from __future__ import annotations

import argparse
import json
import time

from havana_game.content import classic_rules
from havana_game.rules import apply, legal_decisions, new_game
from havana_game.simulate import random_game

GOALS = {"decisions_per_s": 100_000, "games_per_s_4p": 500, "clone_us": 5.0}


def playouts(players: int, games: int) -> tuple[float, float]:
    rules = classic_rules()
    started = time.process_time()
    decisions = 0
    for seed in range(games):
        decisions += random_game(rules, players, seed)[1]
    elapsed = time.process_time() - started
    return games / elapsed, decisions / elapsed


def clone_microseconds(samples: int = 200_000) -> float:
    state = new_game(classic_rules(), 4, 1)
    while state.round < 5:  # a mid-game state
        seat = state.deciders()[0]
        apply(state, seat, legal_decisions(state, seat)[-1])
    started = time.process_time()
    for _ in range(samples):
        state.clone()
    return (time.process_time() - started) / samples * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400)
    args = parser.parse_args()
    result: dict[str, float] = {}
    for players in (2, 3, 4):
        games_per_s, decisions_per_s = playouts(players, args.games)
        result[f"games_per_s_{players}p"] = round(games_per_s, 1)
        result[f"decisions_per_s_{players}p"] = round(decisions_per_s)
    result["decisions_per_s"] = result["decisions_per_s_4p"]
    result["clone_us"] = round(clone_microseconds(), 3)
    for key, goal in GOALS.items():
        ratio = goal / result[key] if key == "clone_us" else result[key] / goal
        result[f"{key}_vs_goal"] = round(ratio, 2)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
