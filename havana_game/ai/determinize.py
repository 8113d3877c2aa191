"""A full `State` rebuilt from one seat's view, hidden parts sampled.

The view (`rules.view_for`) is the only input. What it shows is copied; what it
hides is sampled consistent with everything the seat has seen (RULES.md
"Information"):

- another seat's secret cards (hand plus face-down) are its full set minus its
  face-up cards and minus the cards seen going onto its discard pile, plus
  `discard_unseen_taken` cards drawn at random from those seen (Refreshment took
  them back unseen); which secret cards are face down is drawn at random;
- the bag holds 10 of each color and 40 gray minus the market, every player's
  materials and the box (its order is the fresh RNG's business);
- the draw pile is every building not in a row, built or removed, shuffled;
- the engine's RNG state is fresh, from the caller's generator.

`Determinizer(view, rules)` does the copying once; `sample(rng)` is cheap.
"""

from __future__ import annotations

import random
from typing import Any

from ..rules import Ruleset, State
from ..rules.materials import (
    COLORED_PER_COLOR,
    GRAY_TOTAL,
    MATERIAL_NAMES,
    RESOURCE_COUNT,
)
from ..rules.state import (
    ACT,
    BLACK_MARKET_DONE,
    CONSERVED,
    PHASE_NAMES,
    SETUP,
    STEP_NAMES,
    WORKER_DONE,
    bits,
)

_PHASES = {name: phase for phase, name in PHASE_NAMES.items()}
_STEPS = {name: step for step, name in STEP_NAMES.items()}


def _mask(cards: list[int]) -> int:
    out = 0
    for card in cards:
        out |= 1 << card
    return out


class ViewMismatch(ValueError):
    """The view does not fit the ruleset (another deck or an inconsistent view)."""


class Determinizer:
    """Samples full states consistent with one seat's view."""

    def __init__(self, view: dict[str, Any], rules: Ruleset) -> None:
        if view["deck"] != rules.fingerprint:
            raise ViewMismatch("the view was made with another card set or deck")
        self.rules = rules
        self.seat: int = view["you"]
        self.template = self._public_state(view)
        self.secret_pools = [self._secret_pool(view, s) for s in range(self.template.players)]
        on_table = {b for row in self.template.rows for b in row}
        on_table.update(self.template.removed)
        for built in self.template.built:
            on_table.update(built)
        self.pile = [b for b in range(len(rules.buildings)) if b not in on_table]
        if len(self.pile) != view["pile_size"]:
            raise ViewMismatch("the buildings in view do not match the deck")

    def _public_state(self, view: dict[str, Any]) -> State:
        rules = self.rules
        index = {b.id: i for i, b in enumerate(rules.buildings)}
        players = view["players"]
        seats = view["seats"]
        s = State.__new__(State)
        s.rules, s.players, s.rng, s.version = rules, players, 0, view["version"]
        s.round, s.phase = view["round"], _PHASES[view["phase"]]
        s.step = _STEPS[view["step"]] if view["step"] else ACT
        s.order = tuple(view["order"]) or tuple(range(players))
        s.turn = view["turn"]
        s.acted = int(view["acted"][0]) | int(view["acted"][1]) << 1
        s.tax_queue = tuple(view["tax_queue"])
        s.done_this_round = (WORKER_DONE * view["worker_first_done"]
                             | BLACK_MARKET_DONE * view["black_market_first_done"]
                             | CONSERVED * view["conserved"])
        s.res = []
        for seat in seats:
            s.res.extend([*(seat["materials"][m] for m in MATERIAL_NAMES), seat["pesos"],
                          seat["workers"], seat["vp"]])
        s.market = [*(view["market"][m] for m in MATERIAL_NAMES), view["market"]["pesos"]]
        s.box = [view["box"][m] for m in MATERIAL_NAMES]
        s.bag = []
        for m in range(len(MATERIAL_NAMES)):
            total = GRAY_TOTAL if m == len(MATERIAL_NAMES) - 1 else COLORED_PER_COLOR
            held = sum(s.res[p * RESOURCE_COUNT + m] for p in range(players))
            s.bag.append(total - held - s.market[m] - s.box[m])
        if min(s.bag) < 0 or sum(s.bag) != view["bag_size"]:
            raise ViewMismatch("material counts in view do not add up")
        low_row, high_row = view["rows"]
        s.rows = (tuple(index[b] for b in low_row), tuple(index[b] for b in high_row))
        s.pile = ()
        s.removed = tuple(index[b] for b in view["removed"])
        s.built = tuple(tuple(index[b] for b in seat["built"]) for seat in seats)
        s.placed = [_mask(seat["discard_seen"]) for seat in seats]
        s.hidden_taken = [seat["discard_unseen_taken"] for seat in seats]
        s.discard = s.placed[:]
        s.hand = [0] * players
        s.face_up = [tuple(seat["face_up"]) if seat["face_up"] else (-1, -1) for seat in seats]
        s.face_down = [()] * players
        s.covered = [-1 if seat["covered"] is None else seat["covered"] for seat in seats]
        s.age_rank = tuple(seat["age_rank"] for seat in seats)
        s.winners = tuple(view["winners"])
        s.end_reason = view["end_reason"] or ""
        s.cache = None
        me = self.seat
        s.hand[me] = _mask(view["hand"])
        s.face_down[me] = tuple(view["face_down"])
        s.discard[me] = _mask(view["discard"])
        return s

    def _secret_pool(self, view: dict[str, Any], seat: int) -> tuple[list[int], int, int]:
        """(cards surely secret, number of face-down cards, cards taken back unseen)."""
        if seat == self.seat:
            return [], 0, 0
        public = view["seats"][seat]
        shown = _mask(public["face_up"]) | _mask(public["discard_seen"])
        sure = [c for c in range(len(self.rules.cards)) if not shown >> c & 1]
        face_down = 0
        if public["has_face_down"]:
            face_down = 2 if _PHASES[view["phase"]] == SETUP else 1
        if len(sure) + public["discard_unseen_taken"] != public["hand_size"] + face_down:
            raise ViewMismatch(f"seat {seat}'s card counts do not add up")
        return sure, face_down, public["discard_unseen_taken"]

    def sample(self, rng: random.Random) -> State:
        """One full state consistent with the view; hidden parts drawn from `rng`."""
        state = self.template.clone()
        for seat, (sure, face_down, taken) in enumerate(self.secret_pools):
            if seat == self.seat:
                continue
            secret = list(sure)
            if taken:
                back = rng.sample(bits(state.placed[seat]), taken)
                secret.extend(back)
                state.discard[seat] = state.placed[seat] & ~_mask(back)
            _shuffle(secret, rng)
            state.face_down[seat] = tuple(sorted(secret[:face_down]))
            state.hand[seat] = _mask(secret[face_down:])
        pile = self.pile[:]
        _shuffle(pile, rng)
        state.pile = tuple(pile)
        state.rng = rng.getrandbits(64)
        return state


def _shuffle(items: list[int], rng: random.Random) -> None:
    """Fisher-Yates with `rng.random()`: cheaper than `Random.shuffle`, which the
    search would otherwise spend a tenth of its time in."""
    draw = rng.random
    for i in range(len(items) - 1, 0, -1):
        j = int(draw() * (i + 1))
        items[i], items[j] = items[j], items[i]
