"""The `havana tournament` command and its figures."""

import json

from havana_game.ai.tournament import percentile, wilson
from havana_game.cli import main


def test_wilson_interval_contains_the_rate():
    low, high = wilson(18, 20)
    assert low < 0.9 < high
    assert wilson(0, 0) == (0.0, 1.0)
    assert percentile([5, 1, 3, 2, 4], 0.95) == 5
    assert percentile([], 0.95) == 0.0


def test_tournament_json(capsys):
    assert main(["tournament", "--players", "3", "--seats", "medium,easy,random",
                 "--games", "3", "--seed", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["win_rate"]) == {"medium", "easy", "random"}
    assert abs(sum(report["win_rate"].values()) - 1.0) < 1e-6
    for level in report["win_rate"]:
        low, high = report["ci95"][level]
        assert low <= report["win_rate"][level] <= high
        assert report["decision_ms_p95"][level] >= 0
    assert report["games"] == 3 and report["rounds"]["mean"] > 0
    assert sum(report["built_per_game"].values()) > 0


def test_tournament_text_with_a_hard_seat(capsys):
    assert main(["tournament", "--players", "2", "--seats", "hard,medium", "--games", "1",
                 "--seed", "1", "--budget-ms", "5"]) == 0
    out = capsys.readouterr().out
    assert "hard" in out and "win rate" in out and "built per game" in out
