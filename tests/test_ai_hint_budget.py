"""The hint searches as the hard bot does: the hard bot's budget (less only the
small share kept to work out its gains) on as many workers. Checked on the
budget the hint's search is given, not on elapsed time."""

from __future__ import annotations

from havana_game.ai import hint
from havana_game.ai.bots import DEFAULT_BUDGET_MS
from havana_game.ai.hint import EXPLAIN_SHARE, HINT_BUDGET_MS, hint_for

from .test_ai_parallel import _views


class RecordingBot:
    """Stands for the hard bot the hint asks: keeps what it was given."""

    made: list[RecordingBot] = []

    def __init__(self, seed, rules=None, budget_ms=DEFAULT_BUDGET_MS, iterations=None,
                 workers=None):
        self.budget_ms, self.iterations, self.workers = budget_ms, iterations, workers
        self.last_iterations = 0
        RecordingBot.made.append(self)

    def decide(self, view):
        return view["legal"][0]


def test_the_hints_search_gets_the_hard_bots_budget(monkeypatch):
    assert HINT_BUDGET_MS == DEFAULT_BUDGET_MS
    assert EXPLAIN_SHARE <= 0.1
    monkeypatch.setattr(hint, "HardBot", RecordingBot)
    RecordingBot.made.clear()
    view = _views(1)[0]
    found = hint_for(view)
    assert found.decision == view["legal"][0]
    (bot,) = RecordingBot.made
    hard = DEFAULT_BUDGET_MS
    assert bot.budget_ms >= hard * (1 - EXPLAIN_SHARE) - 1e-9
    assert bot.budget_ms <= hard
    assert bot.iterations is None  # bounded by its time, as the hard bot's move
    assert bot.workers is None  # the default count, as the hard bot's
    RecordingBot.made.clear()
    hint_for(view, budget_ms=400)
    assert RecordingBot.made[0].budget_ms >= 400 * 0.9

