"""Fit the learned evaluation's weights (`docs/bench/ai-value-weights-2p.json`) on the
positions `tools/value_data.py` wrote, and compare it with the search's
evaluation (`ai.evaluate.rewards`) on games left out of the fit.

The model is a conditional logit: a seat's chance to win is the softmax over the
seats of its strength, the weighted sum of its inputs (`value_model.inputs`). It is fitted by
Newton's method on the log-likelihood of the winners (a shared win counts as
shares), with a small L2 penalty. Every fifth game is held out; the report gives,
on those, the mean log-loss and Brier score of the winners, and how often the
most likely seat won, for the search's evaluation (rebuilt from the same
positions), for that evaluation with its temperature fitted, and for the model.

    python3 tools/fit_value.py /tmp/value-2p-*.jsonl [--write docs/bench/ai-value-weights-2p.json]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from value_model import FEATURES, POSITION, inputs  # noqa: E402

from havana_game.ai.evaluate import LATE_SPAN_SHARE, TEMPERATURE_SHARE  # noqa: E402

Position = tuple[list[list[float]], list[float]]
"""Every seat's position (`value_model.position`), and every seat's share of the win."""
Chances = Callable[[list[list[float]]], list[float]]
"""Every seat's chance to win from every seat's position."""

PENALTY = 1e-3
"""L2 penalty per position on the weights."""
HELD_OUT = 5
"""Every HELD_OUT-th game is left out of the fit."""

VP, HOLDINGS = POSITION.index("vp"), POSITION.index("holdings")


def load(paths: Sequence[Path]) -> tuple[list[Position], list[Position], int]:
    """The positions of the fitted games, of the held-out games, and the games."""
    fit: list[Position] = []
    held: list[Position] = []
    games = 0
    for path in paths:
        for line in path.read_text().splitlines():
            game = json.loads(line)
            games += 1
            winners = game["winners"]
            shares = [1.0 / len(winners) if s in winners else 0.0
                      for s in range(game["players"])]
            target = held if game["game"] % HELD_OUT == 0 else fit
            target.extend((seats, shares) for seats in game["positions"])
    return fit, held, games


def softmax(strengths: list[float]) -> list[float]:
    top = max(strengths)
    exps = [math.exp(x - top) for x in strengths]
    total = sum(exps)
    return [e / total for e in exps]


def model_chances(weights: Sequence[float]) -> Chances:
    """The conditional logit's chances with `weights`."""
    def chances(seats: list[list[float]]) -> list[float]:
        return softmax([sum(w * x for w, x in zip(weights, f, strict=True))
                        for f in inputs(seats)])
    return chances


def search_chances(scale: float = 1 / TEMPERATURE_SHARE) -> Chances:
    """The search's evaluation (`evaluate.rewards`) from the positions: the softmax
    of VP plus the holdings' share, in target-VP units times `scale`."""
    def chances(seats: list[list[float]]) -> list[float]:
        progress = min(1.0, max(f[VP] for f in seats))
        share = min(1.0, max(0.0, (1.0 - progress) / LATE_SPAN_SHARE))
        return softmax([scale * (f[VP] + share * f[HOLDINGS]) for f in seats])
    return chances


def scores(positions: list[Position], chances: Chances) -> dict[str, float]:
    """Mean log-loss and Brier score of the winners, and how often the most likely won."""
    loss = brier = hits = 0.0
    for seats, shares in positions:
        p = chances(seats)
        loss -= sum(y * math.log(max(q, 1e-12)) for q, y in zip(p, shares, strict=True))
        brier += sum((q - y) ** 2 for q, y in zip(p, shares, strict=True))
        hits += shares[max(range(len(p)), key=p.__getitem__)]
    n = max(1, len(positions))
    return {"log_loss": round(loss / n, 4), "brier": round(brier / n, 4),
            "most_likely_won": round(hits / n, 4)}


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix x = vector (Gaussian elimination, partial pivoting)."""
    n = len(vector)
    rows = [row[:] + [v] for row, v in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def fit(positions: list[Position], steps: int = 20) -> list[float]:
    """The weights that maximize the penalized log-likelihood (Newton's method)."""
    k = len(FEATURES)
    weights = [0.0] * k
    prepared = [(inputs(seats), shares) for seats, shares in positions]
    for _ in range(steps):
        gradient = [-PENALTY * len(positions) * w for w in weights]
        hessian = [[PENALTY * len(positions) if i == j else 0.0 for j in range(k)]
                   for i in range(k)]
        for seats, shares in prepared:
            p = softmax([sum(w * x for w, x in zip(weights, f, strict=True)) for f in seats])
            mean = [sum(q * f[i] for q, f in zip(p, seats, strict=True)) for i in range(k)]
            for q, y, f in zip(p, shares, seats, strict=True):
                for i in range(k):
                    gradient[i] += (y - q) * f[i]
                    centred = f[i] - mean[i]
                    if centred:
                        row = hessian[i]
                        for j in range(k):
                            row[j] += q * centred * (f[j] - mean[j])
        step = solve(hessian, gradient)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return weights


def fitted_scale(positions: list[Position]) -> float:
    """The temperature (as its inverse) that fits the search's evaluation best."""
    low, high = 0.5, 40.0
    for _ in range(40):  # golden-section search on the log-loss
        a, b = high - 0.618 * (high - low), low + 0.618 * (high - low)
        if scores(positions, search_chances(a))["log_loss"] < \
                scores(positions, search_chances(b))["log_loss"]:
            high = b
        else:
            low = a
    return (low + high) / 2


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", nargs="+", type=Path, help="tools/value_data.py's files")
    parser.add_argument("--write", type=Path,
                        help="write the weights here (value_model.WEIGHTS reads them)")
    parser.add_argument("--source", default="",
                        help="with --write: how the data was made (kept in the file)")
    args = parser.parse_args()
    try:
        fitted, held, games = load(args.data)
    except (OSError, ValueError, KeyError, TypeError) as error:
        parser.error(f"not a file of tools/value_data.py's games: {error}")
    if not fitted or not held:
        parser.error("too few games to fit and to hold out (every fifth game is held out)")
    weights = fit(fitted)
    scale = fitted_scale(fitted)
    report = {
        "games": games, "positions_fitted": len(fitted), "positions_held_out": len(held),
        "held_out": {"search_evaluation": scores(held, search_chances()),
                     "search_evaluation_fitted_temperature": scores(held, search_chances(scale)),
                     "learned": scores(held, model_chances(weights))},
        "fitted_inverse_temperature": round(scale, 3),
        "weights": {name: round(w, 4) for name, w in zip(FEATURES, weights, strict=True)},
    }
    print(json.dumps(report, indent=1))
    if args.write is not None:
        args.write.write_text(json.dumps({
            "about": "Weights of the learned evaluation (tools/value_model.py), "
                     "fitted by tools/fit_value.py",
            "source": args.source, "games": games, "positions_fitted": len(fitted),
            "held_out": report["held_out"], "weights": report["weights"],
        }, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
