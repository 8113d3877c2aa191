"""`havana_game/ai/parallel.py` where its other tests let mutants live (issue 47).
What a worker process runs (`search_root`, `searched`, `_worker_start`,
`_watch_parent`) is run here in the test's own process, so that it counts as
tested (mutmut sees only this process); the pool's warm-up, dropping a broken
pool, and the core count. Every search names its worker count (the default
changes)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading

import psutil
import pytest

from havana_game import platforms
from havana_game.ai import parallel
from havana_game.ai.determinize import Determinizer
from havana_game.ai.evaluate import rewards
from havana_game.ai.parallel import SearchSettings, search_root, searched, worker_pool
from havana_game.rules import from_json

from .test_ai_parallel import RULES, _pid, _views


def _visits(stats):
    return {decision: (n, reward) for decision, n, reward in stats}


def test_a_workers_search_reports_its_seats_root_and_its_iterations():
    view = _views(1)[0]
    stats, iterations = search_root(view, None, 11, None, 40)
    assert iterations == 40
    legal = {from_json(d) for d in view["legal"]}
    assert {decision for decision, _, _ in stats} <= legal and len(stats) > 1
    assert sum(n for _, n, _ in stats) == 40  # each iteration picks one of the seat's options
    assert all(isinstance(n, int) and 0.0 <= reward <= n for _, n, reward in stats)
    assert search_root(view, None, 11, None, 40) == (stats, 40)  # reproducible for a seed
    assert search_root(view, RULES, 11, None, 40) == (stats, 40)  # the view's rules by default
    assert search_root(view, None, 12, None, 40)[0] != stats


def test_a_workers_search_follows_its_settings():
    """`search_root` is `searched` on the view's determinizer, with the settings'
    prior bias, reopening and open loop (the defaults: the hard bot's)."""
    view = _views(1, seed=6)[0]
    for settings in (SearchSettings(), SearchSettings(prior_bias=2.0),
                     SearchSettings(reopen=True), SearchSettings(open_loop=()),
                     SearchSettings(prior_bias=1.0, reopen=True)):
        expected = searched(Determinizer(view, RULES, settings.reopen), 3, None, 30,
                            prior_bias=settings.prior_bias, open_loop=settings.open_loop)
        assert search_root(view, None, 3, None, 30, settings) == expected, settings
    assert search_root(view, None, 3, None, 30, SearchSettings(prior_bias=2.0)) != \
        search_root(view, None, 3, None, 30)


def test_a_search_evaluates_with_what_it_is_given():
    view = _views(1, seed=8)[0]
    seen = []

    def counting(state):
        seen.append(state.version)
        return rewards(state)

    determinizer = Determinizer(view, RULES, False)
    stats, iterations = searched(determinizer, 5, None, 25, evaluation=counting)
    assert iterations == 25 and len(seen) >= 25
    assert searched(Determinizer(view, RULES, False), 5, None, 25) == (stats, 25)
    short = searched(Determinizer(view, RULES, False), 5, None, 25, rollout_decisions=0,
                     evaluation=counting)
    assert short != (stats, 25)  # no rollout: the states evaluated are others
    few = next(v for v in _views(30) if 2 <= len(v["legal"]) <= 4)  # each option tried often
    wide = searched(Determinizer(few, RULES, False), 5, None, 200)
    assert searched(Determinizer(few, RULES, False), 5, None, 200, exploration=0.0) != wide


def test_a_search_with_a_past_deadline_still_runs_an_iteration():
    view = _views(1)[0]
    _, iterations = searched(Determinizer(view, RULES, False), 5, 0.0, None)
    assert iterations >= 1


def test_a_worker_ignores_ctrl_c_yields_the_cpu_and_watches_its_program(monkeypatch):
    lowered: list[int] = []
    watched: list[tuple[int, str, bool]] = []
    done = threading.Event()

    def watch(parent):  # stands for the watch: records how it was started
        thread = threading.current_thread()
        watched.append((parent, thread.name, thread.daemon))
        done.set()

    monkeypatch.setattr(platforms, "lower_priority", lowered.append)
    monkeypatch.setattr(parallel, "_watch_parent", watch)
    before = signal.getsignal(signal.SIGINT)
    try:
        parallel._worker_start(4321)
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)
    assert done.wait(60)
    assert lowered == [parallel.WORKER_NICENESS] and watched == [(4321, "havana-watch", True)]


def test_a_worker_ends_once_its_program_is_gone_and_not_before(monkeypatch):
    program = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    ended: list[tuple[int, bool]] = []
    looks = threading.Semaphore(0)

    class Ended(Exception):
        pass

    def exit_(code):  # os._exit, recording whether the program was gone by then
        ended.append((code, program.poll() is not None))
        raise Ended

    real = platforms.liveness

    def liveness(pid):  # the real one, each look counted
        running = real(pid)

        def look():
            looks.release()
            return running()
        return look

    monkeypatch.setattr(parallel.os, "_exit", exit_)
    monkeypatch.setattr(parallel.platforms, "liveness", liveness)
    monkeypatch.setattr(parallel, "PARENT_CHECK_S", 0.01)
    watcher = threading.Thread(target=pytest.raises, args=(Ended, parallel._watch_parent,
                                                           program.pid), daemon=True)
    watcher.start()
    for _ in range(2):  # it looked twice while the program lived
        assert looks.acquire(timeout=60)
    program.kill()
    program.wait()
    watcher.join(60)
    assert ended == [(0, True)]


def test_warm_starts_the_pool_in_a_thread_the_exit_waits_for():
    parallel._drop_pool(worker_pool(2))
    assert not parallel.pool_running()
    parallel.warm()
    warming = [t for t in threading.enumerate() if t.name == "havana-warm"]
    assert len(warming) == 1 and not warming[0].daemon
    warming[0].join(120)
    assert parallel.pool_running()


def test_a_warm_up_the_ending_program_refuses_ends_quietly(monkeypatch):
    def refused(size):
        raise RuntimeError("cannot schedule new futures after interpreter shutdown")

    monkeypatch.setattr(parallel, "_started", refused)
    parallel._warm()  # no error


def test_a_dropped_pool_is_forgotten_and_shut_and_another_is_left_alone():
    pool = worker_pool(2)
    other = parallel.ProcessPoolExecutor(max_workers=1)
    parallel._drop_pool(other)
    assert parallel.pool_running() and worker_pool(2) is pool
    with pytest.raises(RuntimeError):
        other.submit(int)
    parallel._drop_pool(pool)
    assert not parallel.pool_running()
    with pytest.raises(RuntimeError):
        pool.submit(int)
    assert worker_pool(2) is not pool


def test_the_core_count_is_one_where_the_system_does_not_say(monkeypatch):
    monkeypatch.setattr(parallel.os, "cpu_count", lambda: None)
    assert parallel.cores() == 1
    monkeypatch.setattr(parallel.os, "cpu_count", lambda: 6)
    assert parallel.cores() == 6


def test_the_workers_come_from_the_fork_server_not_from_this_process():
    """Forked from a fork server that has the engine loaded, not from the program
    (a fork of the host would hold copies of its sockets)."""
    parallel._drop_pool(worker_pool(2))  # a pool started now, not one from before
    pool = worker_pool(2)
    for pid in set(pool.map(_pid, range(4))):
        parent = psutil.Process(pid).parent()
        assert parent is not None and parent.pid != os.getpid()
        assert "forkserver" in " ".join(parent.cmdline())


def test_the_settings_that_change_a_cover_search_reach_it():
    """Covering a card (the seats choose in turn, unseen): whose picks at the root
    key no child (`open_loop`) and whether the others' choices before it are the
    search's to make (`reopen`) each change what a search finds; a search with
    only a deadline, long past, still ends."""
    views = _views(25, seed=4)
    open_view, reopen_view = views[3], views[11]
    assert open_view["phase"] == reopen_view["phase"] == "cover"
    for view, settings in ((open_view, SearchSettings(open_loop=())),
                           (reopen_view, SearchSettings(reopen=True))):
        changed = search_root(view, None, 3, None, 30, settings)
        assert changed != search_root(view, None, 3, None, 30)
        assert changed == searched(Determinizer(view, RULES, settings.reopen), 3, None, 30,
                                   open_loop=settings.open_loop)
    determinizer = Determinizer(open_view, RULES, False)
    assert searched(determinizer, 3, None, 30, open_loop=()) != searched(determinizer, 3, None, 30)
    assert searched(determinizer, 3, None, 30) == searched(determinizer, 3, None, 30,
                                                           prior_bias=0.0)
    assert search_root(open_view, None, 3, 0.0, None)[1] >= 1
