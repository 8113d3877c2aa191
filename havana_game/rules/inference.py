"""What one seat's view says about the full state (docs/RULES.md "Information").

A search bot plays on full states; it may only know what its view shows. This
module rebuilds everything the view determines and describes what it leaves
open, so that the bot (`ai.determinize`) only has to draw the unknown parts:

- `public_state`: a `State` with every public field copied from the view and the
  seat's own secrets filled in; other seats' hands and face-down cards, the draw
  pile's order and the RNG are left empty (the bag's content follows from the
  material totals, its order is the RNG's business);
- `secret_cards`: per other seat, the cards that are surely secret (its set minus
  its face-up cards and the cards seen going onto its discard pile), how many are
  face down, how many lie unseen in its discard pile (Recycling), and how many
  unseen cards Refreshment took back from those seen;
- `unseen_buildings`: the buildings in no row, built or removed: the draw pile.
"""

from __future__ import annotations

from typing import NamedTuple

from .materials import COLORED_PER_COLOR, GRAY, GRAY_TOTAL
from .ruleset import Ruleset
from .state import (
    ACT,
    BLACK_MARKET_DONE,
    CONSERVED,
    PHASE_NAMES,
    SETUP,
    SMUGGLING_DONE,
    STEP_NAMES,
    WORKER_DONE,
    State,
)
from .views import View
from .vocabulary import BuildingIndex, CardIndex, Seat

_PHASES = {name: phase for phase, name in PHASE_NAMES.items()}
_STEPS = {name: step for step, name in STEP_NAMES.items()}


class ViewMismatch(ValueError):
    """The view does not fit the ruleset (another deck or an inconsistent view)."""


class SecretCards(NamedTuple):
    """What another seat's view leaves open about its cards."""

    sure: list[CardIndex]
    """Cards that are in its hand, face down, or unseen in its discard pile, for certain."""
    face_down: int
    """How many of its secret cards are face down (2 at setup, 1 in phase 3, or 0)."""
    taken_back: int
    """How many of the cards seen going onto its discard pile it took back unseen."""
    put_down: int
    """How many of its secret cards lie unseen in its discard pile (Recycling)."""


def card_mask(cards: list[CardIndex]) -> int:
    """The bitmask of a list of card indexes (hands and discard piles are masks)."""
    out = 0
    for card in cards:
        out |= 1 << card
    return out


def public_state(view: View, rules: Ruleset) -> State:
    """The state as far as `view` determines it (see the module docstring)."""
    if view["deck"] != rules.fingerprint:
        raise ViewMismatch("the view was made with another card set or deck")
    index = {b.id: i for i, b in enumerate(rules.buildings)}
    words = rules.names.materials
    players = view["players"]
    seats = view["seats"]
    s = State.__new__(State)
    s.rules, s.players, s.rng, s.version = rules, players, 0, view["version"]
    s.round, s.phase = view["round"], _PHASES[view["phase"]]
    step = view["step"]
    s.step = _STEPS[step] if step else ACT
    s.order = tuple(view["order"]) or tuple(range(players))
    s.turn = view["turn"]
    s.acted = int(view["acted"][0]) | int(view["acted"][1]) << 1
    s.tax_queue = tuple(view["tax_queue"])
    s.done_this_round = (WORKER_DONE * view["worker_first_done"]
                         | BLACK_MARKET_DONE * view["black_market_first_done"]
                         | SMUGGLING_DONE * view["smuggling_first_done"]
                         | CONSERVED * view["conserved"])
    s.res = []
    for seat in seats:
        s.res.extend([*(seat["materials"][m] for m in words), seat["pesos"],
                      seat["workers"], seat["vp"]])
    s.market = [*(view["market"][m] for m in words), view["market"]["pesos"]]
    s.box = [view["box"][m] for m in words]
    s.bag = []
    for m in range(GRAY + 1):
        total = GRAY_TOTAL if m == GRAY else COLORED_PER_COLOR
        held = sum(seat["materials"][words[m]] for seat in seats)
        s.bag.append(total - held - s.market[m] - s.box[m])
    if min(s.bag) < 0 or sum(s.bag) != view["bag_size"]:
        raise ViewMismatch("material counts in view do not add up")
    try:
        low_row, high_row = view["rows"]
        s.rows = (tuple(index[b] for b in low_row), tuple(index[b] for b in high_row))
        s.removed = tuple(index[b] for b in view["removed"])
        s.built = tuple(tuple(index[b] for b in seat["built"]) for seat in seats)
    except KeyError:
        raise ViewMismatch("the view names a building the deck does not have") from None
    s.pile = ()
    s.placed = [card_mask(seat["discard_seen"]) for seat in seats]
    s.hidden_taken = [seat["discard_unseen_taken"] for seat in seats]
    s.hidden_put = [seat["discard_unseen_put"] for seat in seats]
    s.discard = s.placed[:]
    s.hand = [0] * players
    s.face_up = [(seat["face_up"][0], seat["face_up"][1]) if seat["face_up"] else (-1, -1)
                 for seat in seats]
    s.face_down = [()] * players
    s.covered = [-1 if seat["covered"] is None else seat["covered"] for seat in seats]
    s.age_rank = tuple(seat["age_rank"] for seat in seats)
    s.winners = tuple(view["winners"])
    s.end_reason = view["end_reason"] or ""
    s.cache = None
    me = view["you"]
    if me is not None:
        s.hand[me] = card_mask(view.get("hand", []))
        s.face_down[me] = tuple(view.get("face_down", []))
        s.discard[me] = card_mask(view.get("discard", []))
    return s


def secret_cards(view: View, seat: Seat, rules: Ruleset) -> SecretCards:
    """What `view` leaves open about `seat`'s cards (nothing for the viewer's own)."""
    if seat == view["you"]:
        return SecretCards([], 0, 0, 0)
    public = view["seats"][seat]
    shown = card_mask(public["face_up"]) | card_mask(public["discard_seen"])
    sure = [c for c in range(len(rules.cards)) if not shown >> c & 1]
    face_down = 0
    if public["has_face_down"]:
        face_down = 2 if _PHASES[view["phase"]] == SETUP else 1
    put_down = public["discard_unseen_put"]
    if len(sure) + public["discard_unseen_taken"] != public["hand_size"] + face_down + put_down:
        raise ViewMismatch(f"seat {seat}'s card counts do not add up")
    return SecretCards(sure, face_down, public["discard_unseen_taken"], put_down)


def unseen_buildings(state: State, pile_size: int) -> list[BuildingIndex]:
    """The buildings of the deck in no row, built or removed in `state` (a
    `public_state`): the draw pile, whose size the view gives."""
    on_table = {b for row in state.rows for b in row}
    on_table.update(state.removed)
    for built in state.built:
        on_table.update(built)
    pile = [b for b in range(len(state.rules.buildings)) if b not in on_table]
    if len(pile) != pile_size:
        raise ViewMismatch("the buildings in view do not match the deck")
    return pile
