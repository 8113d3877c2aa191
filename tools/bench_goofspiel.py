"""The engine beside a C++ game engine: Havana's random 4-player play and OpenSpiel's
goofspiel random play in one process, and `State.clone`, for one or more builds.

    python3 tools/bench_goofspiel.py [--python PY ...] [--label NAME ...] [--rounds 3]

Each `--python` is a build's interpreter (a venv with havana installed, editable or
not; the default is this one). Rounds alternate the builds (A B A B ...), so load on
the machine falls on all of them alike; each round runs one worker process per
build and engine kind (compiled, then HAVANA_PURE_PYTHON=1), and each worker times,
by CPU time (time.process_time) and alternating in slices:

- Havana: random 4-player classic games through the public API
  (`simulate.random_game`: legal_decisions, a uniform choice, apply), decisions per
  CPU-second; a simultaneous setup counts one decision per seat, as the engine does;
- goofspiel: OpenSpiel's goofspiel (C++, its defaults: 2 players, 13 cards, the
  point cards in random order) driven the same way from Python (legal_actions, a
  uniform choice, apply_actions), decisions per CPU-second, each player's card at a
  simultaneous node one decision, the point cards' chance nodes played but not
  counted; and the ratio of the two;
- clones per CPU-second of a mid-game 4-player state (round 5).

Prints one JSON object: per build the median of the rounds and every round's
figures, and each build's clone speed relative to the first build's. Keep it with
`python3 tools/record_bench.py docs/bench/NAME.json -- python3 tools/bench_goofspiel.py ...`.

OpenSpiel is a benchmark-only dependency, never the game's: install it into the
benchmark's venvs only, `VENV/bin/pip install open_spiel` (2.0.2 has Linux wheels
for CPython 3.11).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any

SLICES = 3
"""Each worker alternates Havana and goofspiel this many times."""


def havana_slice(games: int, first_seed: int) -> tuple[int, float]:
    """(decisions, CPU seconds) of `games` random 4-player Havana games."""
    from havana_game.content import classic_rules
    from havana_game.simulate import random_game

    rules = classic_rules()
    started = time.process_time()
    decisions = 0
    for seed in range(first_seed, first_seed + games):
        decisions += random_game(rules, 4, seed)[1]
    return decisions, time.process_time() - started


def goofspiel_slice(games: int, first_seed: int) -> tuple[int, float]:
    """(decisions, CPU seconds) of `games` random goofspiel games (OpenSpiel's C++)."""
    pyspiel: Any = importlib.import_module("pyspiel")
    game = pyspiel.load_game("goofspiel")
    players = game.num_players()
    started = time.process_time()
    decisions = 0
    for seed in range(first_seed, first_seed + games):
        chooser = random.Random(seed ^ 0x5EED)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chooser.choice(state.chance_outcomes())[0])
            elif state.is_simultaneous_node():
                state.apply_actions([chooser.choice(state.legal_actions(p))
                                     for p in range(players)])
                decisions += players
            else:
                state.apply_action(chooser.choice(state.legal_actions()))
                decisions += 1
    return decisions, time.process_time() - started


def clones_per_second(samples: int) -> float:
    """Clones per CPU-second of a mid-game 4-player state."""
    from havana_game.content import classic_rules
    from havana_game.rules import apply, legal_decisions, new_game

    state = new_game(classic_rules(), 4, 1)
    while state.round < 5:
        seat = state.deciders()[0]
        apply(state, seat, legal_decisions(state, seat)[-1])
    clone = state.clone
    started = time.process_time()
    for _ in range(samples):
        clone()
    return samples / (time.process_time() - started)


def worker(havana_games: int, goofspiel_games: int, clones: int) -> dict[str, Any]:
    """One build's figures, Havana and goofspiel alternating in this one process."""
    import havana_game

    havana = [0, 0.0]
    goof = [0, 0.0]
    havana_slice(2, 10_000)  # warm up: imports, the card set, the library
    goofspiel_slice(2, 10_000)
    for part in range(SLICES):
        count, seconds = havana_slice(havana_games, part * havana_games)
        havana[0] += count
        havana[1] += seconds
        count, seconds = goofspiel_slice(goofspiel_games, part * goofspiel_games)
        goof[0] += count
        goof[1] += seconds
    havana_rate = havana[0] / havana[1]
    goof_rate = goof[0] / goof[1]
    from havana_game.rules import engine

    kind = "pure Python" if (engine.__file__ or "").endswith(".py") else "compiled"
    return {"engine": kind, "source": os.path.dirname(havana_game.__file__),
            "havana_decisions_per_cpu_s": round(havana_rate),
            "goofspiel_decisions_per_cpu_s": round(goof_rate),
            "vs_goofspiel": round(havana_rate / goof_rate, 3),
            "clones_per_cpu_s": round(clones_per_second(clones))}


def run_worker(python: str, pure: bool, args: argparse.Namespace) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("HAVANA_PURE_PYTHON", None)
    if pure:
        env["HAVANA_PURE_PYTHON"] = "1"
    command = [python, os.path.abspath(__file__), "--worker",
               "--havana-games", str(args.havana_games // (2 if pure else 1)),
               "--goofspiel-games", str(args.goofspiel_games // (2 if pure else 1)),
               "--clones", str(args.clones // (2 if pure else 1))]
    done = subprocess.run(command, env=env, cwd="/", stdout=subprocess.PIPE, text=True,
                          check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def median_of(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    keys = [k for k, v in rounds[0].items() if isinstance(v, (int, float))]
    summary: dict[str, Any] = {k: statistics.median(r[k] for r in rounds) for k in keys}
    summary["engine"] = rounds[0]["engine"]
    summary["source"] = rounds[0]["source"]
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--python", nargs="+", default=[sys.executable])
    parser.add_argument("--label", nargs="+", help="a name per --python (default: its path)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-pure", action="store_true", help="compiled engines only")
    parser.add_argument("--havana-games", type=int, default=100, help="per slice")
    parser.add_argument("--goofspiel-games", type=int, default=2000, help="per slice")
    parser.add_argument("--clones", type=int, default=300_000)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.havana_games, args.goofspiel_games, args.clones)))
        return
    labels = args.label or args.python
    if len(labels) != len(args.python):
        parser.error("one --label per --python")
    kinds = ["compiled"] if args.no_pure else ["compiled", "pure"]
    runs: dict[str, dict[str, list[dict[str, Any]]]] = {
        label: {kind: [] for kind in kinds} for label in labels}
    for number in range(args.rounds):
        for kind in kinds:
            for label, python in zip(labels, args.python, strict=True):
                figures = run_worker(python, kind == "pure", args)
                if kind == "pure" and figures["engine"] != "pure Python":
                    continue  # a build older than the HAVANA_PURE_PYTHON switch
                runs[label][kind].append(figures)
                print(f"round {number + 1} {label} {kind}: {figures['havana_decisions_per_cpu_s']} "
                      f"decisions/s, {figures['vs_goofspiel']}x goofspiel, "
                      f"{figures['clones_per_cpu_s']} clones/s", file=sys.stderr)
    builds: dict[str, dict[str, dict[str, Any]]] = {
        label: {kind: {"median": median_of(rounds), "rounds": rounds}
                for kind, rounds in by_kind.items() if rounds}
        for label, by_kind in runs.items()}
    first = labels[0]
    for label in labels:
        for kind in builds[label]:
            median = builds[label][kind]["median"]
            median["clones_vs_" + first] = round(
                median["clones_per_cpu_s"] / builds[first][kind]["median"]["clones_per_cpu_s"], 2)
            median["decisions_vs_" + first] = round(
                median["havana_decisions_per_cpu_s"]
                / builds[first][kind]["median"]["havana_decisions_per_cpu_s"], 3)
    print(json.dumps({"alternating_rounds": args.rounds, "builds": builds}, indent=1))


if __name__ == "__main__":
    main()
