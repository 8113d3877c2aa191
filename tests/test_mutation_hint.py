"""`HintSeat` (issue 47: its mutants were reached by no test of the hint): the
tournament seat plays what the Hint button suggests, asking the hard bot with
the seat's budget (less the share kept for the gains) and workers, and says how
many iterations that search took; a view with one legal decision is answered
without a search, and a failed search is an error, not a silent move."""

from __future__ import annotations

import pytest

from havana_game.ai import hint
from havana_game.ai.bots import DEFAULT_BUDGET_MS
from havana_game.ai.hint import EXPLAIN_SHARE, HINT_BUDGET_MS, HintSeat

from .test_ai_parallel import _views


class CountingBot:
    """Stands for the hard bot the hint asks: keeps what it was given, picks the
    last legal decision and says it searched 17 iterations."""

    made: list[CountingBot] = []
    fails = False

    def __init__(self, seed, rules=None, budget_ms=DEFAULT_BUDGET_MS, iterations=None,
                 workers=None):
        self.seed, self.budget_ms, self.workers = seed, budget_ms, workers
        self.last_iterations = 0
        CountingBot.made.append(self)

    def decide(self, view):
        if CountingBot.fails:
            raise RuntimeError("a search that failed")
        self.last_iterations = 17
        return view["legal"][-1]


@pytest.fixture
def counting(monkeypatch):
    monkeypatch.setattr(hint, "HardBot", CountingBot)
    CountingBot.made.clear()
    CountingBot.fails = False
    yield CountingBot.made
    CountingBot.made.clear()


def test_a_hint_seat_plays_the_hint_with_its_budget_and_workers(counting):
    view = _views(1)[0]
    seat = HintSeat(seed=9, budget_ms=400, workers=2)
    assert seat.level == "hint" and seat.last_iterations == 0
    assert seat.decide(view) == view["legal"][-1]
    (bot,) = counting
    assert bot.budget_ms == pytest.approx(400 * (1 - EXPLAIN_SHARE))
    assert bot.workers == 2 and bot.seed == 0  # the button's hints are all seeded alike
    assert seat.last_iterations == 17


def test_a_hint_seat_by_default_has_the_hints_budget_and_the_default_workers(counting):
    view = _views(1)[0]
    HintSeat(seed=1).decide(view)
    (bot,) = counting
    assert bot.budget_ms == pytest.approx(HINT_BUDGET_MS * (1 - EXPLAIN_SHARE))
    assert bot.workers is None


def test_a_hint_seat_answers_a_view_with_one_decision_without_a_search(counting):
    view = _views(1)[0]
    only = {**view, "legal": view["legal"][:1]}
    seat = HintSeat(seed=1)
    assert seat.decide(only) == view["legal"][0]
    assert counting == [] and seat.last_iterations == 0 and seat.service.searches == 0


def test_a_hint_seat_whose_search_fails_says_so(counting):
    CountingBot.fails = True
    seat = HintSeat(seed=1)
    with pytest.raises(RuntimeError, match="^the hint failed$"):
        seat.decide(_views(1)[0])
