"""Root-parallel search (`hard@MS:N`): worker processes from a long-lived pool
(ending idle, started again by the next search, never outliving the program),
summed root statistics, a decision reproducible for a seed and a worker count;
the expert level; the tournament's `hint` seat plays what the Hint button says."""

import json
import os
import random
import subprocess
import sys

import pytest

from havana_game.ai import make_bot, parallel
from havana_game.ai.bots import ExpertBot, HardBot
from havana_game.ai.hint import HintSeat, HintService, hint_for
from havana_game.ai.parallel import merge, think, worker_pool
from havana_game.ai.tournament import bot_for, seat_budget, seat_workers
from havana_game.cli import main
from havana_game.content import classic_rules
from havana_game.rules import Act, EndTurn, apply, legal_decisions, new_game, view_for

RULES = classic_rules()


def _views(count, players=2, seed=4):
    """Views with a real choice from a random game."""
    rng = random.Random(seed)
    state = new_game(RULES, players, seed)
    found = []
    while state.deciders() and len(found) < count:
        seat = state.deciders()[0]
        options = legal_decisions(state, seat)
        if len(options) > 1 and rng.random() < 0.3:
            found.append(view_for(state, seat))
        apply(state, seat, rng.choice(options))
    return found


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_the_same_seed_and_workers_give_the_same_decision(workers):
    for view in _views(4):
        first = HardBot(7, iterations=20, workers=workers).decide(view)
        assert first == HardBot(7, iterations=20, workers=workers).decide(view)
        assert first in view["legal"]


def test_every_worker_searches_and_the_iterations_add_up():
    view = _views(1)[0]
    thought = think(view, None, 5, 3, iterations=15)
    assert thought.workers == 3 and thought.iterations == 45
    bot = HardBot(1, iterations=10, workers=2)
    bot.decide(view)
    assert bot.last_iterations == 20


def test_the_workers_root_statistics_are_summed_and_the_most_visited_wins():
    a, b = Act(1, -1, ()), EndTurn()
    assert merge([([(a, 5, 2.0), (b, 4, 3.0)], 9), ([(b, 3, 1.0)], 3)], 2).decision == b
    assert merge([([(a, 5, 2.0), (b, 4, 3.0)], 9), ([(a, 1, 1.0)], 1)], 2).decision == a


def test_the_pool_is_started_once_and_searches_in_other_processes():
    pool = worker_pool()
    assert worker_pool() is pool
    assert worker_pool(1) is pool
    assert os.getpid() not in set(pool.map(_pid, range(4)))


def _pid(_):
    return os.getpid()


def test_by_default_a_bot_thinks_on_one_core_and_on_every_core_when_asked():
    bot = HardBot(1)
    assert bot.workers == 1 and HardBot(1, workers=3).workers == 3
    try:
        parallel.use_every_core(True)  # the setting, changed mid-game: the next move uses it
        assert bot.workers == (os.cpu_count() or 1)
        assert HardBot(1, workers=3).workers == 3  # a count named stays
    finally:
        parallel.use_every_core(False)
    assert bot.workers == 1


def test_seat_labels_name_budget_and_workers():
    assert seat_budget("hard@500:2", None) == ("hard", 500.0)
    assert seat_workers("hard@500:2") == 2 and seat_workers("hard@500") is None
    bot = bot_for("hard@300:1", 1, None)
    assert isinstance(bot, HardBot) and bot.budget_ms == 300.0 and bot.workers == 1
    expert = bot_for("expert@200:2", 1, None)
    assert isinstance(expert, ExpertBot) and expert.budget_ms == 200.0 and expert.workers == 2
    hint = bot_for("hint@50:1", 1, None)
    assert isinstance(hint, HintSeat)


@pytest.mark.parametrize("seat", ["hard@100:0", "hard@100:x", "medium@100:2"])
def test_a_bad_worker_count_is_refused(seat, capsys):
    assert main(["tournament", "--players", "2", "--seats", f"easy,{seat}"]) == 2


def test_a_tournament_with_workers_and_a_hint_seat_reports_iterations(capsys):
    assert main(["tournament", "--players", "2", "--seats", "hint@20:1,hard@20:2",
                 "--games", "1", "--seed", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["iterations_mean"]) == {"hint@20:1", "hard@20:2"}
    assert min(report["iterations_mean"].values()) >= 1


def test_the_hint_seat_plays_what_the_hint_button_suggests():
    for view in _views(3):
        seat = HintSeat(0, budget_ms=50, workers=1)
        played = seat.decide(view)
        assert played in view["legal"] and seat.last_iterations >= 1
    service = HintService(lambda v: hint_for(v, budget_ms=30, workers=1))
    view = _views(1)[0]
    service.ask(view)
    assert service.wait(30)
    hint = service.take()
    assert hint is not None and hint.decision in view["legal"]


def test_the_expert_level_is_registered():
    assert make_bot("expert", 1).level == "expert"
    assert ExpertBot(1).budget_ms > HardBot(1).budget_ms


IDLE_THEN_SEARCH = """
import time
import psutil
from havana_game.ai import parallel
from havana_game.content import classic_rules
from havana_game.rules import new_game, view_for
parallel.IDLE_TIMEOUT_S = 3.0
view = view_for(new_game(classic_rules(), 2, 1), 0)
me = psutil.Process()
def forkserver(child):
    try:
        return "forkserver" in " ".join(child.cmdline())
    except psutil.Error:  # ended while listed (a zombie's command line is gone): not counted
        return False
def workers():
    return sum(forkserver(c) for c in me.children(recursive=True))
def until(condition):
    deadline = time.monotonic() + 60  # a safety net only: the condition ends the wait
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.05)
parallel.think(view, None, 1, 2, iterations=5)
print(parallel.pool_running(), workers() >= 2, flush=True)
until(lambda: not parallel.pool_running())
until(lambda: workers() == 1)
print(parallel.pool_running(), workers(), flush=True)
thought = parallel.think(view, None, 1, 2, iterations=5)
print(parallel.pool_running(), workers() >= 2, thought.workers, flush=True)
"""


def test_an_idle_pool_ends_and_the_next_search_starts_it_again():
    """With the idle time lowered to 3 s: the pool is up right after a search (the
    fork server and workers; a pool starts its workers as work needs them), ends
    once idle (its workers gone, the fork server stays), and the next search runs
    on a new pool of two workers."""
    done = subprocess.run([sys.executable, "-c", IDLE_THEN_SEARCH], capture_output=True,
                          text=True, timeout=180)
    lines = [line.split() for line in done.stdout.splitlines()]
    assert (done.returncode, lines) == (
        0, [["True", "True"], ["False", "1"], ["True", "True", "2"]]), done.stderr


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.3])
def test_a_warm_up_never_outlives_the_programs_exit(delay):
    """A program ending while its pool is being warmed exits at once, cleanly: no
    error about futures scheduled after the interpreter's shutdown, no hang."""
    code = (f"import time\nfrom havana_game.ai import parallel\nparallel.warm()\n"
            f"time.sleep({delay})\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0 and done.stderr == "", done.stderr
