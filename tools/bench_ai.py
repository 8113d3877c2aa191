"""Hard bot search speed: ISMCTS iterations per second in real game positions.

Plays a game with medium bots and, every few decisions, runs the hard bot's search
from the deciding seat's view for a fixed time; prints iterations per wall-clock
second and per CPU second (less skewed by other load on the machine; the goal of
issue 13 is at least 6,000 in a 4-player game, in both the compiled and the
pure-Python engine) and the search's decision time. Figures swing by a third
between runs on a shared machine: compare builds back to back (A/B), not with a
figure measured another day.

Then, for each worker count of --workers, the root-parallel search the hard bot
runs (`ai.parallel.think`, N pool processes on the same view): iterations per
second summed over the workers, per worker, and the decision time (p95 against
the budget: the workers stop max(4%, 8 ms) early to answer in time).

With `--rollouts R,...`, also the search's iterations per CPU second when each
rollout plays R medium-policy decisions (`tools/tune_search.py`'s `rR` seats), and
their ratio to `ismcts.ROLLOUT_DECISIONS`: the iterations that give two depths the
same thinking time.

    python3 tools/bench_ai.py [--players 4] [--positions 12] [--budget-ms 1000] [--workers 1,2]
                              [--rollouts 0,4,8]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from pathlib import Path

from havana_game.ai.bots import HardBot
from havana_game.ai.determinize import Determinizer
from havana_game.ai.ismcts import ROLLOUT_DECISIONS, Search
from havana_game.ai.parallel import worker_pool
from havana_game.ai.policy import medium_decision
from havana_game.ai.tournament import percentile
from havana_game.content import classic_rules
from havana_game.rules import View, apply, legal_decisions, new_game, view_for

GOAL_ITERATIONS_PER_S = 6000


def positions(players: int, count: int, seed: int) -> list[View]:
    """Seat views with a real choice, spread over a medium-vs-medium game."""
    rules = classic_rules()
    views: list[View] = []
    while len(views) < count:
        state = new_game(rules, players, seed)
        step = 0
        while state.deciders() and len(views) < count:
            seat = state.deciders()[0]
            if len(legal_decisions(state, seat)) > 1 and step % 7 == 0:
                views.append(view_for(state, seat))
            apply(state, seat, medium_decision(state, seat))
            step += 1
        seed += 1
    return views


def pool_cpu_seconds() -> float:
    """CPU seconds the pool's worker processes have used so far (Linux: /proc; 0
    elsewhere)."""
    total = 0.0
    for pid in worker_pool()._processes:  # noqa: SLF001 - the pool's own processes
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def parallel(views: list[View], budget_ms: float, workers: int) -> dict[str, float]:
    """The hard bot's root-parallel search on `workers` processes, in every view;
    also the cores the machine gave the workers (their CPU seconds per second),
    which on a busy machine is less than `workers`."""
    worker_pool(workers)
    rates, times = [], []
    iterations = 0
    cpu_before, wall_before = pool_cpu_seconds(), time.perf_counter()
    for i, view in enumerate(views):
        bot = HardBot(i, budget_ms=budget_ms, workers=workers)
        started = time.perf_counter()
        bot.decide(view)
        elapsed = time.perf_counter() - started
        rates.append(bot.last_iterations / elapsed)
        times.append(elapsed * 1000.0)
        iterations += bot.last_iterations
    cpu = pool_cpu_seconds() - cpu_before
    cores = cpu / (time.perf_counter() - wall_before)
    mean = sum(rates) / len(rates)
    return {"cores_obtained": round(cores, 2),
            "iterations_per_cpu_s": round(iterations / cpu) if cpu else 0,
            "iterations_per_s_mean": round(mean),
            "iterations_per_s_per_worker": round(mean / workers),
            "decision_ms_p95": round(percentile(times, 0.95), 1),
            "decision_ms_max": round(max(times), 1)}


def by_rollout(views: list[View], depths: list[int], budget_ms: float) -> dict[int, dict]:
    """Per rollout depth, iterations per CPU second over the views (each searched
    for the budget), and the ratio to the default depth's."""
    rules = classic_rules()
    rates = {}
    for depth in sorted({ROLLOUT_DECISIONS, *depths}):
        iterations, cpu = 0, 0.0
        for i, view in enumerate(views):
            cpu_started = time.process_time()
            search = Search(Determinizer(view, rules), random.Random(i),
                            rollout_decisions=depth)
            search.run(seconds=budget_ms / 1000.0)
            iterations += search.iterations
            cpu += time.process_time() - cpu_started
        rates[depth] = iterations / max(1e-9, cpu)
    return {depth: {"iterations_per_cpu_s": round(rate),
                    "ratio": round(rate / rates[ROLLOUT_DECISIONS], 3)}
            for depth, rate in rates.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--budget-ms", type=float, default=1000.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", default="1,2", metavar="N,...",
                        help="worker counts of the root-parallel search to measure")
    parser.add_argument("--rollouts", default="", metavar="R,...",
                        help="rollout depths (medium-policy decisions) to measure")
    args = parser.parse_args()
    try:
        depths = [int(r) for r in args.rollouts.split(",") if r]
    except ValueError:
        parser.error(f"--rollouts takes whole numbers, comma separated: not {args.rollouts!r}")
    if any(depth < 0 for depth in depths):
        parser.error("a rollout depth is 0 or more")
    views = positions(args.players, args.positions, args.seed)
    rules = classic_rules()
    rates, cpu_rates, times = [], [], []
    for i, view in enumerate(views):
        started, cpu_started = time.perf_counter(), time.process_time()
        search = Search(Determinizer(view, rules), random.Random(i))
        search.run(seconds=args.budget_ms / 1000.0)
        elapsed = time.perf_counter() - started
        rates.append(search.iterations / elapsed)
        cpu_rates.append(search.iterations / max(1e-9, time.process_time() - cpu_started))
        times.append(elapsed * 1000.0)
    print(json.dumps({
        "players": args.players, "positions": len(rates), "budget_ms": args.budget_ms,
        "parallel": {n: parallel(views, args.budget_ms, n)
                     for n in (int(w) for w in args.workers.split(","))},
        "iterations_per_s_mean": round(sum(rates) / len(rates)),
        "iterations_per_s_min": round(min(rates)),
        "iterations_per_cpu_s_mean": round(sum(cpu_rates) / len(cpu_rates)),
        "decision_ms_max": round(max(times), 1),
        "goal_iterations_per_s": GOAL_ITERATIONS_PER_S,
        **({"by_rollout_decisions": by_rollout(views, depths, args.budget_ms)} if depths else {}),
    }))


if __name__ == "__main__":
    main()
