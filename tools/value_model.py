"""A learned evaluation to measure: each seat's chance to win, fitted on finished games.

Each seat's strength is a weighted sum of what describes its position (`position`:
VP and the VP its holdings are likely to become, the holdings themselves, its
cards, its turn order, its buildings; VP also times how near the leader is to the
target VP, holdings only times how far: `inputs`); the chance to win is the
softmax of the strengths over the seats (a conditional logit: only differences
between the seats count). The weights are
data (`WEIGHTS`), fitted by `tools/fit_value.py` on positions of games the search
played against itself (`tools/value_data.py`). `tools/tune_search.py` seats `...v`
search with it (`rewards`). A first layout, whose holdings could keep their worth
to the end, predicted the winners a little better than the search's evaluation,
won 54% at equal iterations and ended half again as many turns without building when
it could. This layout lets holdings count for nothing at the end; it won 47% of 129
and still held workers (docs/bench/ai-notes.md, ninth session). So the bots do not
use it.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path

from havana_game.ai.evaluate import final_rewards
from havana_game.ai.plan import has_architect, holdings_vp, plan_for
from havana_game.rules import State, number
from havana_game.rules.materials import GRAY, PESOS, WORKERS

WEIGHTS = Path(__file__).resolve().parent.parent / "docs" / "bench" / \
    "ai-value-weights-2p-fading.json"
"""The fitted weights (`tools/fit_value.py --write`)."""

POSITION = ("vp", "holdings", "pesos", "colored", "gray", "workers", "hand", "number",
            "architect", "buildings")
"""The names of `position`'s entries, in order."""
HELD = POSITION[1:6]
"""The entries that are holdings: they count times what is left of the way to the
target VP (`inputs`), so nothing when the leader reaches it (what is left at the end
scores nothing)."""
FEATURES = ("vp", "vp_late", *(f"{name}_fading" for name in HELD), *POSITION[6:])
"""The names of the model's inputs (`inputs`), the keys of the `WEIGHTS` file."""


def position(state: State, seat: int) -> list[float]:
    """What describes a seat's position, scaled to about [0, 1]: VP and the likely
    VP of its holdings (`plan.holdings_vp`) as shares of the target VP; pesos,
    colored and gray materials, workers held; cards in hand; the face-up number
    (low numbers act first); the Architect at hand; buildings built."""
    target = state.rules.target_vp(state.players)
    res = state.resources(seat)
    return [state.vp(seat) / target, holdings_vp(state, seat, plan_for(state, seat)) / target,
            res[PESOS] / 10, (res[0] + res[1] + res[2] + res[3]) / 5, res[GRAY] / 5,
            res[WORKERS] / 5, state.hand[seat].bit_count() / 13, _number(state, seat) / 100,
            float(has_architect(state, seat)), len(state.built[seat]) / 10]


def inputs(positions: list[list[float]]) -> list[list[float]]:
    """Every seat's model inputs from every seat's `position`: VP, VP times the
    leader's progress (its VP share of the target), the `HELD` entries times what
    is left of the progress, then the rest of the position."""
    progress = min(1.0, max(p[0] for p in positions))
    left = 1.0 - progress
    return [[p[0], p[0] * progress, *(x * left for x in p[1:6]), *p[6:]] for p in positions]


def _number(state: State, seat: int) -> int:
    """The seat's face-up number (`flow.number`); 50 before both cards are up."""
    return 50 if -1 in state.face_up[seat] else number(state, seat)


@cache
def weights() -> tuple[float, ...]:
    """The fitted weights (`WEIGHTS`), in `FEATURES` order."""
    doc = json.loads(WEIGHTS.read_text())
    return tuple(float(doc["weights"][name]) for name in FEATURES)


def win_chances(state: State, weight: tuple[float, ...] | None = None) -> list[float]:
    """Per seat, its chance to win by the model: the softmax of the strengths."""
    weight = weight or weights()
    seats = inputs([position(state, s) for s in range(state.players)])
    strengths = [sum(w * x for w, x in zip(weight, x_s, strict=True)) for x_s in seats]
    top = max(strengths)
    exps = [math.exp(x - top) for x in strengths]
    total = sum(exps)
    return [e / total for e in exps]


def rewards(state: State) -> list[float]:
    """The search's reward by the model: the shares of the win once the game is
    over, else every seat's chance to win (`win_chances`)."""
    return final_rewards(state) or win_chances(state)
