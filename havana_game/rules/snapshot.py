"""The full state as plain data (secrets included): for saves and replay checks.

Never send a snapshot to a player: `views.view_for` is the only way state leaves
the host.
"""

from __future__ import annotations

from typing import Any

from .state import State, bits


def snapshot(state: State) -> dict[str, Any]:
    """Every field of the state as JSON data; two equal states give equal snapshots."""
    ids = [b.id for b in state.rules.buildings]
    return {
        "players": state.players, "rng": state.rng, "version": state.version,
        "round": state.round, "phase": state.phase, "step": state.step,
        "order": list(state.order), "turn": state.turn, "acted": state.acted,
        "tax_queue": list(state.tax_queue), "done_this_round": state.done_this_round,
        "res": list(state.res), "market": list(state.market), "bag": list(state.bag),
        "box": list(state.box), "rows": [[ids[b] for b in row] for row in state.rows],
        "pile": [ids[b] for b in state.pile], "removed": [ids[b] for b in state.removed],
        "built": [[ids[b] for b in seat] for seat in state.built],
        "hand": [bits(h) for h in state.hand], "discard": [bits(d) for d in state.discard],
        "placed": [bits(p) for p in state.placed], "hidden_taken": list(state.hidden_taken),
        "face_up": [list(f) for f in state.face_up],
        "face_down": [list(f) for f in state.face_down], "covered": list(state.covered),
        "age_rank": list(state.age_rank), "winners": list(state.winners),
        "end_reason": state.end_reason,
    }
