"""tools/bench_ai.py: the search's speed, by worker count and by rollout depth."""

import json
import subprocess
import sys
from pathlib import Path

from havana_game.ai.ismcts import ROLLOUT_DECISIONS

ROOT = Path(__file__).resolve().parent.parent


def _bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "tools/bench_ai.py", "--players", "2",
                           "--positions", "2", "--budget-ms", "60", "--workers", "1", *args],
                          capture_output=True, text=True, cwd=ROOT, check=False)


def test_rollout_depths_are_timed_against_the_default_depth():
    """A search without rollouts makes more iterations in the same time than the
    default; the default's ratio is 1."""
    done = _bench("--rollouts", "0")
    assert done.returncode == 0, done.stderr
    depths = json.loads(done.stdout)["by_rollout_decisions"]
    assert set(depths) == {"0", str(ROLLOUT_DECISIONS)}
    assert depths[str(ROLLOUT_DECISIONS)]["ratio"] == 1.0
    assert depths["0"]["ratio"] > 1.0 and depths["0"]["iterations_per_cpu_s"] > 0


def test_a_bad_rollout_depth_is_refused_in_one_line():
    done = _bench("--rollouts", "4,x")
    assert done.returncode == 2 and "not '4,x'" in done.stderr.strip().splitlines()[-1]
    done = _bench("--rollouts", "-1")
    assert done.returncode == 2 and "0 or more" in done.stderr.strip().splitlines()[-1]
