"""What a seat may see (RULES.md "Information"): the only way state leaves the engine.

Public: rows, draw pile size, market, bag size, every player's resources, VP,
built buildings, face-up cards, hand size, which card was covered in phase 3, the
cards seen going onto each discard pile (and how many unseen cards Refreshment
took back since). Private to the seat: its hand, its face-down cards, its real
discard pile and its legal decisions. Never: other hands or face-down cards, the
bag or draw-pile order, the RNG state.
"""

from __future__ import annotations

from typing import Any

from .actions import workers_in_bank
from .decisions import to_json
from .flow import number
from .legal import is_protected, legal_decisions
from .materials import MATERIAL_NAMES, PESOS, RESOURCE_COUNT, VP, WORKERS
from .state import ACTIONS, PHASE_NAMES, SETUP, STEP_NAMES, State, bits

VIEW_VERSION = 1


def _seat_public(state: State, seat: int) -> dict[str, Any]:
    base = seat * RESOURCE_COUNT
    buildings = state.rules.buildings
    face_up = list(state.face_up[seat]) if state.phase != SETUP else []
    placed = bits(state.placed[seat])
    return {
        "seat": seat,
        "materials": {name: state.res[base + i] for i, name in enumerate(MATERIAL_NAMES)},
        "pesos": state.res[base + PESOS],
        "workers": state.res[base + WORKERS],
        "vp": state.res[base + VP],
        "built": [buildings[b].id for b in state.built[seat]],
        "face_up": face_up,
        "number": number(state, seat) if face_up else None,
        "protected": bool(face_up) and is_protected(state, seat),
        "hand_size": bin(state.hand[seat]).count("1"),
        "discard_seen": placed,
        "discard_unseen_taken": state.hidden_taken[seat],
        "discard_size": len(placed) - state.hidden_taken[seat],
        "has_face_down": bool(state.face_down[seat]),
        "covered": state.covered[seat] if state.covered[seat] >= 0 else None,
        "age_rank": state.age_rank[seat],
    }


def view_for(state: State, seat: int | None) -> dict[str, Any]:
    """Everything `seat` may see (None: a spectator), as plain JSON/msgpack data."""
    buildings = state.rules.buildings
    active = state.active
    view: dict[str, Any] = {
        "view_version": VIEW_VERSION,
        "ruleset": state.rules.name,
        "deck": state.rules.fingerprint,
        "players": state.players,
        "target_vp": state.rules.target_vp(state.players),
        "version": state.version,
        "round": state.round,
        "phase": PHASE_NAMES[state.phase],
        "step": STEP_NAMES[state.step] if state.phase == ACTIONS else None,
        "order": list(state.order) if state.round else [],
        "turn": state.turn,
        "active": active if active >= 0 else None,
        "to_decide": list(state.deciders()),
        "acted": [bool(state.acted & 1), bool(state.acted & 2)],
        "tax_queue": list(state.tax_queue),
        "worker_first_done": bool(state.done_this_round & 1),
        "black_market_first_done": bool(state.done_this_round & 2),
        "conserved": bool(state.done_this_round & 4),
        "market": {**{name: state.market[i] for i, name in enumerate(MATERIAL_NAMES)},
                   "pesos": state.market[PESOS]},
        "bag_size": sum(state.bag),
        "box": {name: state.box[i] for i, name in enumerate(MATERIAL_NAMES)},
        "workers_in_bank": workers_in_bank(state),
        "rows": [[buildings[b].id for b in row] for row in state.rows],
        "pile_size": len(state.pile),
        "removed": [buildings[b].id for b in state.removed],
        "seats": [_seat_public(state, s) for s in range(state.players)],
        "winners": list(state.winners),
        "end_reason": state.end_reason or None,
        "you": seat,
    }
    if seat is not None:
        view["hand"] = bits(state.hand[seat])
        view["face_down"] = list(state.face_down[seat])
        view["discard"] = bits(state.discard[seat])
        view["legal"] = [to_json(d) for d in legal_decisions(state, seat)]
    return view


def spectator_view(state: State) -> dict[str, Any]:
    """The public view: what anyone watching the table may see."""
    return view_for(state, None)
