"""Root-parallel search (`hard@MS:N`): worker processes from a long-lived pool,
summed root statistics, a decision reproducible for a seed and a worker count;
the expert level; the tournament's `hint` seat plays what the Hint button says."""

import json
import os
import random
import time

import pytest

from havana_game.ai import make_bot, parallel
from havana_game.ai.bots import ExpertBot, HardBot
from havana_game.ai.determinize import Determinizer
from havana_game.ai.hint import HintSeat, HintService, hint_for
from havana_game.ai.ismcts import SHARE_EVERY, Search
from havana_game.ai.parallel import SharedRoot, merge, search_root, think, worker_pool
from havana_game.ai.tournament import bot_for, seat_budget, seat_workers
from havana_game.cli import main
from havana_game.content import classic_rules
from havana_game.rules import (
    Act,
    EndTurn,
    apply,
    from_json,
    legal_decisions,
    new_game,
    to_json,
    view_for,
)

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


def _wide_view():
    """A view with 4 to 12 legal decisions (so a short search tries each)."""
    return next(v for v in _views(40, seed=9) if 4 <= len(v["legal"]) <= 12)


def _least_visited(view, seed=3, iterations=300):
    search = Search(Determinizer(view, RULES), random.Random(seed))
    search.run(iterations=iterations)
    mine = search.root.stats[view["you"]]
    return min(mine, key=lambda d: mine[d][0])


def test_a_search_follows_the_root_statistics_the_others_share():
    """A decision the other searches found excellent draws this search's visits,
    though alone it visited that decision least."""
    view = _wide_view()
    favourite = _least_visited(view)
    search = Search(Determinizer(view, RULES), random.Random(3),
                    exchange=lambda mine: {favourite: (5000, 4900.0)})
    search.run(iterations=300)
    own = search.own_root()
    assert sum(visits for visits, _ in own.values()) == search.iterations
    assert own[favourite][0] > 0.5 * search.iterations


def test_the_shared_root_passes_each_workers_statistics_to_the_others():
    view = _wide_view()
    slots = {from_json(obj, RULES.names): slot for slot, obj in enumerate(view["legal"])}
    first, second = list(slots)[:2]
    board = SharedRoot(view, 3)
    other = SharedRoot(view, 3, board.name)
    try:
        assert board.exchange_for(0, slots)({first: (5, 2.5)}) == {}
        assert other.exchange_for(1, slots)({first: (1, 1.0), second: (2, 0.5)}) == \
            {first: (5, 2.5)}
        assert other.exchange_for(2, slots)({}) == {first: (6, 3.5), second: (2, 0.5)}
    finally:
        other.close()
        board.close()
        board.memory.unlink()


def test_a_worker_searches_by_the_shared_root_statistics():
    """`search_root` as worker 0 of 2, with worker 1's figures planted in the memory."""
    view = _wide_view()
    favourite = _least_visited(view)
    slot = [from_json(obj, RULES.names) for obj in view["legal"]].index(favourite)
    board = SharedRoot(view, 2)
    try:
        stride = 2 * board.decisions
        board.numbers[stride + 2 * slot] = 5000
        board.numbers[stride + 2 * slot + 1] = 4900.0
        stats, iterations = search_root(view, None, 3, time.perf_counter() + 0.3, None,
                                        (board.name, 0, 2))
        visits = dict((d, n) for d, n, _ in stats)
        assert visits[favourite] > 0.5 * iterations
        assert 0 < board.numbers[2 * slot] <= visits[favourite]  # it published its own
    finally:
        board.close()
        board.memory.unlink()


@pytest.mark.skipif(not os.path.isdir("/dev/shm"), reason="shared memory is listed in /dev/shm")
def test_timed_workers_share_and_free_their_memory(monkeypatch):
    """The workers of a timed decision publish their root visits as they go (each
    all but its last, at most SHARE_EVERY - 1, iterations), and the block is gone
    afterwards."""
    made, published = [], []

    class Recorded(parallel.SharedRoot):
        def __init__(self, view, workers, name=None):
            super().__init__(view, workers, name)
            made.append(self.name.lstrip("/"))

        def close(self):
            published.append(list(self.numbers))
            super().close()

    monkeypatch.setattr(parallel, "SharedRoot", Recorded)
    view = _wide_view()
    thought = think(view, None, 5, 2, deadline=time.perf_counter() + 1.0)
    assert thought.workers == 2 and thought.iterations >= 2
    assert to_json(thought.decision, RULES.names) in view["legal"]
    assert len(made) == 1 and made[0] not in os.listdir("/dev/shm")
    visits = sum(published[0][0::2])
    assert visits > 0 and visits >= thought.iterations - 2 * (SHARE_EVERY - 1)


def test_the_pool_is_started_once_and_searches_in_other_processes():
    pool = worker_pool()
    assert worker_pool() is pool
    assert worker_pool(1) is pool
    assert os.getpid() not in set(pool.map(_pid, range(4)))


def _pid(_):
    return os.getpid()


def test_by_default_a_bot_thinks_on_every_core():
    assert HardBot(1).workers == (os.cpu_count() or 1)
    assert HardBot(1, workers=1).workers == 1


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
