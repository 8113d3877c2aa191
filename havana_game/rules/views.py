"""What a seat may see (docs/RULES.md "Information"): the only way state leaves the engine.

Public: rows, draw pile size, market, bag size, every player's resources, VP,
built buildings, face-up cards, hand size, which card was covered in phase 3, the
cards seen going onto each discard pile (and how many unseen cards Refreshment
took back since, and how many cards Recycling put down unseen), the bag's content
by kind (everything outside it is visible, so it can be counted). Private to the
seat: its hand, its face-down cards, its real discard pile and its legal
decisions. Never: other hands or face-down cards, which unseen card is in a
discard pile, the bag or draw-pile order, the RNG state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypedDict

from .actions import workers_in_bank
from .decisions import Decision, to_json
from .flow import final_ranking, number
from .legal import is_protected, legal_decisions
from .materials import PESOS, VP, WORKERS
from .state import (
    ACTIONS,
    BLACK_MARKET_DONE,
    CONSERVED,
    OVER,
    PHASE_NAMES,
    SETUP,
    SMUGGLING_DONE,
    STEP_NAMES,
    WORKER_DONE,
    State,
    bits,
)
from .vocabulary import CardIndex, Seat

VIEW_VERSION = 1


class SeatView(TypedDict):
    """One seat's public part of a view (PROTOCOL.md "A map in view.seats")."""

    seat: Seat
    materials: dict[str, int]
    pesos: int
    workers: int
    vp: int
    built: list[str]
    face_up: list[CardIndex]
    number: int | None
    protected: bool
    hand_size: int
    discard_seen: list[CardIndex]
    discard_unseen_taken: int
    discard_unseen_put: int
    discard_size: int
    has_face_down: bool
    covered: CardIndex | None
    age_rank: int


class PrivateView(TypedDict, total=False):
    """What a seated player's view adds to the public one (absent for spectators)."""

    hand: list[CardIndex]
    face_down: list[CardIndex]
    discard: list[CardIndex]
    legal: list[dict[str, Any]]


class View(PrivateView):
    """A view as `view_for` returns it and the host sends it (PROTOCOL.md "The view")."""

    view_version: int
    ruleset: str
    deck: str
    players: int
    target_vp: int
    version: int
    round: int
    phase: str
    step: str | None
    order: list[Seat]
    turn: int
    active: Seat | None
    to_decide: list[Seat]
    acted: list[bool]
    tax_queue: list[Seat]
    worker_first_done: bool
    black_market_first_done: bool
    smuggling_first_done: bool
    conserved: bool
    market: dict[str, int]
    bag_size: int
    bag_content: dict[str, int]
    box: dict[str, int]
    workers_in_bank: int
    rows: list[list[str]]
    pile_size: int
    removed: list[str]
    seats: list[SeatView]
    winners: list[Seat]
    ranking: list[Seat]
    end_reason: str | None
    you: Seat | None



def _seat_public(state: State, seat: int) -> SeatView:
    counters = state.resources(seat)
    words = state.rules.names.materials
    buildings = state.rules.buildings
    face_up = list(state.face_up[seat]) if state.phase != SETUP else []
    placed = bits(state.placed[seat])
    return {
        "seat": seat,
        "materials": {name: counters[i] for i, name in enumerate(words)},
        "pesos": counters[PESOS],
        "workers": counters[WORKERS],
        "vp": counters[VP],
        "built": [buildings[b].id for b in state.built[seat]],
        "face_up": face_up,
        "number": number(state, seat) if face_up else None,
        "protected": bool(face_up) and is_protected(state, seat),
        "hand_size": bin(state.hand[seat]).count("1"),
        "discard_seen": placed,
        "discard_unseen_taken": state.hidden_taken[seat],
        "discard_unseen_put": state.hidden_put[seat],
        "discard_size": len(placed) - state.hidden_taken[seat] + state.hidden_put[seat],
        "has_face_down": bool(state.face_down[seat]),
        "covered": state.covered[seat] if state.covered[seat] >= 0 else None,
        "age_rank": state.age_rank[seat],
    }


def private_view(state: State, seat: Seat,
                 legal: Sequence[Decision] | None = None) -> PrivateView:
    """The part of `view_for(state, seat)` only that seat may see: its hand, its
    face-down cards, its real discard pile and its legal decisions (pass `legal`
    when `legal_decisions(state, seat)` is already known)."""
    if legal is None:
        legal = legal_decisions(state, seat)
    names = state.rules.names
    return {"hand": bits(state.hand[seat]), "face_down": list(state.face_down[seat]),
            "discard": bits(state.discard[seat]), "legal": [to_json(d, names) for d in legal]}


def view_for(state: State, seat: Seat | None) -> View:
    """Everything `seat` may see (None: a spectator), as plain JSON/msgpack data."""
    buildings = state.rules.buildings
    words = state.rules.names.materials
    active = state.active
    view: View = {
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
        "worker_first_done": bool(state.done_this_round & WORKER_DONE),
        "black_market_first_done": bool(state.done_this_round & BLACK_MARKET_DONE),
        "smuggling_first_done": bool(state.done_this_round & SMUGGLING_DONE),
        "conserved": bool(state.done_this_round & CONSERVED),
        "market": {**{name: state.market[i] for i, name in enumerate(words)},
                   "pesos": state.market[PESOS]},
        "bag_size": sum(state.bag),
        "bag_content": {name: state.bag[i] for i, name in enumerate(words)},
        "box": {name: state.box[i] for i, name in enumerate(words)},
        "workers_in_bank": workers_in_bank(state),
        "rows": [[buildings[b].id for b in row] for row in state.rows],
        "pile_size": len(state.pile),
        "removed": [buildings[b].id for b in state.removed],
        "seats": [_seat_public(state, s) for s in range(state.players)],
        "winners": list(state.winners),
        "ranking": final_ranking(state) if state.phase == OVER else [],
        "end_reason": state.end_reason or None,
        "you": seat,
    }
    if seat is not None:
        private = private_view(state, seat)
        view["hand"], view["face_down"] = private["hand"], private["face_down"]
        view["discard"], view["legal"] = private["discard"], private["legal"]
    return view


def spectator_view(state: State) -> View:
    """The public view: what anyone watching the table may see."""
    return view_for(state, None)
