"""Root-parallel search: every worker searches with a seed of its own, so the
workers' searches of one decision differ (were they seeded alike, N workers
would repeat one search N times, and cost N cores for one core's answer)."""

from __future__ import annotations

from havana_game.ai import parallel
from havana_game.ai.parallel import think, worker_seed

from .test_ai_parallel import _views


def test_each_worker_of_a_decision_has_its_own_seed():
    for seed in (0, 1, 7, 123456):
        seeds = [worker_seed(seed, w) for w in range(8)]
        assert len(set(seeds)) == len(seeds)


def test_two_workers_root_statistics_for_one_position_differ(monkeypatch):
    seen = []
    real_merge = parallel.merge

    def recording_merge(results, workers):
        seen.append(results)
        return real_merge(results, workers)

    monkeypatch.setattr(parallel, "merge", recording_merge)
    view = max(_views(6), key=lambda v: len(v["legal"]))
    assert len(view["legal"]) > 2
    thought = think(view, None, 11, 2, iterations=60)
    assert thought.workers == 2
    (results,) = seen
    assert len(results) == 2
    (first, _), (second, _) = results
    assert sorted(map(repr, first)) != sorted(map(repr, second)), \
        "both workers ran the same search"
