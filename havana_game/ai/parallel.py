"""Root-parallel ISMCTS on worker processes: the workers a decision is given
(one by default, every core if the player asks) think about it together.

A decision on N workers sends the seat's view to N searches in the long-lived
process pool (`worker_pool`, started on the program's first search, or ahead of it
by `warm`, so a decision costs no process start and no import; it ends after
`IDLE_TIMEOUT_S` without a search, and the next one starts it again). The workers
are forked from a fork server that has the engine loaded (spawned where there is
none), not from the program: a fork of the host or the client would hold copies
of its sockets and pipes (a connection the host closes would stay open in the
workers, its port bound).
Each search samples its own determinizations from the same view with its own
seed; their root statistics for the searching seat are summed, and the decision
is the most visited (ties: the higher reward sum, then the first seen in worker
order). A worker ends when the program that started it is gone.

Deadlines are `time.perf_counter` values, the system-wide monotonic clock on
Linux, macOS and Windows, so a worker compares its clock with the caller's: a
search that waited in the queue behind other tables' searches (the pool is
shared) starts late and stops on time, with fewer iterations.

With an iteration cap each worker runs that many iterations, and the decision is
exactly reproducible for a seed and a worker count.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager, suppress
from dataclasses import dataclass

from .. import platforms
from ..content import edition_for
from ..rules import Decision, Ruleset, State, View
from .determinize import Determinizer
from .evaluate import rewards
from .ismcts import (
    EXPLORATION,
    OPEN_LOOP,
    ROLLOUT_DECISIONS,
    OpenLoop,
    Search,
    most_visited,
)

RootStats = list[tuple[Decision, int, float]]
"""The searching seat's root decisions with their visits and reward sums."""


EVERY_CORE = False
"""Whether a decision with no worker count named searches on every core
(`use_every_core`) rather than on one."""


def use_every_core(every: bool) -> None:
    """Let decisions that name no worker count search on every core (`every`), or
    on one (the default: a second core wins few games, see `default_workers`)."""
    global EVERY_CORE
    EVERY_CORE = every


def cores() -> int:
    """The machine's cores (1 where the system does not say)."""
    return os.cpu_count() or 1


def default_workers() -> int:
    """Workers of a decision when none are named: one, unless the player asked for
    every core (`use_every_core`). Measured (docs/bench/ai-notes.md): twice the
    iterations on two workers won 54.0% of 400 two-player games against one worker
    at the same time (8 workers: 52.9% of 85), short of the 57% a core's battery,
    fans and window time would be worth."""
    return cores() if EVERY_CORE else 1


@dataclass(frozen=True)
class Thought:
    """The outcome of one root-parallel search."""

    decision: Decision
    """The most visited decision over all workers."""
    iterations: int
    """Iterations summed over the workers."""
    workers: int
    """How many searches answered in time."""


@dataclass(frozen=True)
class SearchSettings:
    """How a level searches, beside its time and workers (the hard bot's: the defaults)."""

    prior_bias: float = 0.0
    """The weight of the medium policy's opinion (`ismcts.Search`); 0: none."""
    reopen: bool = False
    """Whether the secret choices other seats made before it in this step are the
    search's to make (`determinize.Determinizer`)."""
    open_loop: OpenLoop = OPEN_LOOP
    """Whose picks at the root do not key the child (`ismcts.OpenLoop`)."""


def search_root(view: View, rules: Ruleset | None, seed: int, deadline: float | None,
                iterations: int | None,
                settings: SearchSettings = SearchSettings()) -> tuple[RootStats, int]:
    """One worker's search (run in a pool process): its root statistics for the
    view's seat and the iterations it ran."""
    determinizer = Determinizer(view, rules or edition_for(view["ruleset"], view["deck"]),
                                settings.reopen)
    return searched(determinizer, seed, deadline, iterations, prior_bias=settings.prior_bias,
                    open_loop=settings.open_loop)


def searched(determinizer: Determinizer, seed: int, deadline: float | None,
             iterations: int | None, exploration: float = EXPLORATION,
             rollout_decisions: int = ROLLOUT_DECISIONS,
             prior_bias: float = 0.0,
             evaluation: Callable[[State], list[float]] = rewards,
             open_loop: OpenLoop = OPEN_LOOP) -> tuple[RootStats, int]:
    """One search for the determinizer's seat: its root statistics and iterations."""
    search = Search(determinizer, random.Random(seed), exploration, rollout_decisions,
                    prior_bias, evaluation, open_loop)
    search.run(deadline=deadline, iterations=iterations)
    mine = search.root.stats[determinizer.seat]
    return [(d, st[0], st[1]) for d, st in mine.items()], search.iterations


def worker_seed(seed: int, worker: int) -> int:
    """The seed of worker `worker` of a decision seeded `seed`."""
    return seed * 1_000_003 + worker


def merge(results: list[tuple[RootStats, int]], workers: int) -> Thought:
    """Sum the workers' root statistics; the most visited decision wins
    (`ismcts.most_visited`)."""
    return Thought(most_visited(summed(results)), sum(n for _, n in results), workers)


def summed(results: list[tuple[RootStats, int]]) -> dict[Decision, tuple[int, float]]:
    """The searches' root statistics added up: visits and reward sum per decision."""
    visits: dict[Decision, tuple[int, float]] = {}
    for stats, _ in results:
        for decision, n, reward in stats:
            seen, total = visits.get(decision, (0, 0.0))
            visits[decision] = (seen + n, total + reward)
    return visits


PROCESSES_PER_CORE = 2
"""Pool processes per core: two decisions searching at once (a hint and a bot's
simultaneous choice, two tables' bots) share the cores for their whole budgets,
where with one process per core the second would wait in the queue and start
after its deadline."""
STARTING_NAP = 0.05
"""Seconds each worker sleeps when the pool starts, so that every worker (not one
of them several times) answers before the pool is handed out."""

IDLE_TIMEOUT_S = 120.0
"""Seconds without a search after which the pool's workers end (a client between
games holds no search processes); the next search starts them again, forked from
the fork server, which stays. Tests lower it."""

_pool: ProcessPoolExecutor | None = None
_pool_size = 0
_pool_lock = threading.Lock()
_searches = 0
"""Searches running on the pool now (it never ends under one)."""
_last_use = 0.0
"""When the pool was last asked for or a search on it ended (`time.monotonic`)."""


PARENT_CHECK_S = 1.0
"""Seconds between a worker's looks at whether the program it searches for lives."""


WORKER_NICENESS = 5
"""How much lower than the program's the workers' CPU priority is: the host's
event loop and the client's window get a core at once when they need one, the
searches take the rest (a worker already at the lowest priority stays there)."""


def _worker_start(parent: int) -> None:
    """A worker leaves Ctrl+C to the program (which stops the pool), yields the
    CPU to it (`WORKER_NICENESS`), and ends when the program is gone (killed, so
    it could not stop the pool)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    platforms.lower_priority(WORKER_NICENESS)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True,
                     name="havana-watch").start()


def _watch_parent(parent: int) -> None:
    running = platforms.liveness(parent)  # that process, not a later one given its pid
    while True:
        time.sleep(PARENT_CHECK_S)
        if not running():
            os._exit(0)


def worker_pool(size: int | None = None) -> ProcessPoolExecutor:
    """The program's pool of search processes, at least `size` strong (default:
    `PROCESSES_PER_CORE` per core). Started on first use, and again after it ended
    idle (`IDLE_TIMEOUT_S`); later calls reuse it. Raises RuntimeError if the
    program is ending (no new process then)."""
    with _pool_lock:
        return _started(size)


def warm() -> None:
    """Start the pool in a background thread, so that the first search finds it
    up. The thread is not a daemon: the program's exit waits for a start under
    way, and a start the exit refuses ends quietly, its pool dropped."""
    threading.Thread(target=_warm, name="havana-warm").start()


def _warm() -> None:
    with suppress(RuntimeError):  # the program is ending: no pool to start
        worker_pool()


def pool_running() -> bool:
    """Whether the pool's processes are up (started and not ended idle)."""
    return _pool is not None


def _started(size: int | None) -> ProcessPoolExecutor:
    """`worker_pool`'s work, under `_pool_lock`; marks the pool used now."""
    global _pool, _pool_size, _last_use
    wanted = max(size or 0, PROCESSES_PER_CORE * default_workers())
    _last_use = time.monotonic()
    if _pool is not None and _pool_size >= wanted:
        return _pool
    if _pool is not None:
        _pool.shutdown(wait=False)
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if context.get_start_method() == "forkserver":
        context.set_forkserver_preload([__name__])
    pool = ProcessPoolExecutor(max_workers=wanted, mp_context=context,
                               initializer=_worker_start, initargs=(os.getpid(),))
    _pool, _pool_size = None, 0
    try:
        for started in [pool.submit(time.sleep, STARTING_NAP) for _ in range(wanted)]:
            started.result()  # every worker up before the first deadline is set
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    _pool, _pool_size = pool, wanted
    threading.Thread(target=_end_when_idle, args=(pool,), daemon=True,
                     name="havana-idle").start()
    return pool


def _end_when_idle(pool: ProcessPoolExecutor) -> None:
    """End `pool` once it has been idle `IDLE_TIMEOUT_S` (no search running, none
    asked for); return at once if it is no longer the program's pool."""
    global _pool, _pool_size
    while True:
        with _pool_lock:
            if _pool is not pool:
                return
            left = _last_use + IDLE_TIMEOUT_S - time.monotonic()
            if _searches == 0 and left <= 0:
                _pool, _pool_size = None, 0
                break
            nap = left if _searches == 0 else IDLE_TIMEOUT_S
        time.sleep(nap)
    pool.shutdown(wait=False)


@contextmanager
def _searching(size: int) -> Iterator[ProcessPoolExecutor]:
    """The pool, at least `size` strong, held for one search (it cannot end idle
    meanwhile); its idle time counts from the search's end."""
    global _searches, _last_use
    with _pool_lock:
        pool = _started(size)
        _searches += 1
    try:
        yield pool
    finally:
        with _pool_lock:
            _searches -= 1
            _last_use = time.monotonic()


def _drop_pool(broken: ProcessPoolExecutor) -> None:
    """Forget a broken pool (a worker was killed); the next search starts a new one."""
    global _pool, _pool_size
    with _pool_lock:
        if _pool is broken:
            _pool, _pool_size = None, 0
    broken.shutdown(wait=False)


def think(view: View, rules: Ruleset | None, seed: int, workers: int,
          deadline: float | None = None, iterations: int | None = None,
          answer_by: float | None = None,
          settings: SearchSettings = SearchSettings()) -> Thought:
    """Search the view's decision on `workers` pool processes until `deadline` (a
    `time.perf_counter` value) or for `iterations` per worker. With `answer_by`, a
    worker that has not answered by then (a core taken by another program, a
    search queued behind another table's) is left out, unless none has answered.
    If the pool breaks (a worker killed), the search runs here in the caller."""
    workers = max(1, workers)
    with _searching(workers) as pool:
        return _thought(pool, view, rules, seed, workers, deadline, iterations, answer_by,
                        settings)


def _thought(pool: ProcessPoolExecutor, view: View, rules: Ruleset | None, seed: int,
             workers: int, deadline: float | None, iterations: int | None,
             answer_by: float | None, settings: SearchSettings) -> Thought:
    """`think` on `pool`, held for this search."""
    try:
        futures: list[Future[tuple[RootStats, int]]] = [
            pool.submit(search_root, view, rules, worker_seed(seed, w), deadline, iterations,
                        settings)
            for w in range(workers)]
        if answer_by is not None:
            wait(futures, timeout=max(0.0, answer_by - time.perf_counter()))
            if not any(future.done() for future in futures):
                wait(futures, return_when=FIRST_COMPLETED)
        else:
            wait(futures)
        results = [future.result() for future in futures if future.done()]
    except (BrokenProcessPool, RuntimeError):
        _drop_pool(pool)
        results = [search_root(view, rules, worker_seed(seed, w), deadline, iterations,
                               settings) for w in range(workers)]
    return merge(results, len(results))
