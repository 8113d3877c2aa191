"""Full states drawn at random among those consistent with one seat's view.

The engine says what the view determines and what it leaves open
(`rules.inference`); this module draws the open parts from the bot's generator:

- another seat's secret cards are its surely secret cards plus
  `discard_unseen_taken` cards drawn from those seen going onto its discard pile
  (Refreshment took them back unseen); which of them are face down, and which lie
  unseen in its discard pile (Recycling), is drawn too;
- the draw pile is the unseen buildings, shuffled;
- the engine's RNG state is fresh, from the caller's generator.

With `reopen`, a choice other seats made in secret in this step is not drawn but
left open for the search to make for them: at setup, the two cards of a seat
that has chosen go back into its hand; in phase 3, the seats before the viewer
in turn order take their face-down card back into their hand and cover again,
each the face-up card it is seen to have covered (`pinned`). Each of them chose
without seeing what the later seats choose, so their choices and the viewer's
are one simultaneous choice, searched for every seat alike, rather than a card
drawn at random for those who chose first.

`Determinizer(view, rules)` does the copying once; `sample(rng)` is cheap.
"""

from __future__ import annotations

import random

from ..rules import Ruleset, State, View
from ..rules.inference import (
    ViewMismatch,
    card_mask,
    public_state,
    secret_cards,
    unseen_buildings,
)
from ..rules.state import COVER, SETUP, bits

__all__ = ["Determinizer", "ViewMismatch"]


class Determinizer:
    """Samples full states consistent with one seat's view."""

    def __init__(self, view: View, rules: Ruleset, reopen: bool = False) -> None:
        seat = view["you"]
        if seat is None:
            raise ViewMismatch("a spectator's view has no seat to play")
        self.rules = rules
        self.seat: int = seat
        self.template = public_state(view, rules)
        self.secret_pools = [secret_cards(view, s, rules) for s in range(self.template.players)]
        self.pile = unseen_buildings(self.template, view["pile_size"])
        self.pinned: dict[int, int] = {}
        """Per seat that covers again in the search, the face-up card it covers."""
        self.reopened: frozenset[int] = frozenset()
        """The seats whose secret choice of this step is left open."""
        if reopen:
            self._reopen()

    def _reopen(self) -> None:
        """Leave the secret choices already made in this step open (module docstring)."""
        state = self.template
        if state.phase == SETUP:
            chosen = [s for s in range(state.players) if s != self.seat
                      and self.secret_pools[s].face_down]
        elif state.phase == COVER:
            chosen = list(state.order[:state.turn])
            for seat in chosen:
                self.pinned[seat] = state.covered[seat]
                state.covered[seat] = -1
            state.turn = 0
        else:
            return
        for seat in chosen:
            self.secret_pools[seat] = self.secret_pools[seat]._replace(face_down=0)
        self.reopened = frozenset(chosen)

    def sample(self, rng: random.Random) -> State:
        """One full state consistent with the view; hidden parts drawn from `rng`."""
        state = self.template.clone()
        for seat, (sure, face_down, taken, put_down) in enumerate(self.secret_pools):
            if seat == self.seat:
                continue
            secret = list(sure)
            if taken:
                back = rng.sample(bits(state.placed[seat]), taken)
                secret.extend(back)
                state.discard[seat] = state.placed[seat] & ~card_mask(back)
            _shuffle(secret, rng)
            state.face_down[seat] = tuple(sorted(secret[:face_down]))
            state.discard[seat] |= card_mask(secret[face_down:face_down + put_down])
            state.hand[seat] = card_mask(secret[face_down + put_down:])
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
