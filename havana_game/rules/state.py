"""The full game state. Only the engine mutates it; only `views` lets it out.

Layout is chosen for cheap cloning (a search AI clones thousands of times a
second): counters live in flat lists of ints, hands and discard piles are
bitmasks over the card set, and rows, the draw pile and built buildings are
tuples that are replaced, never mutated, so a clone shares them.
"""

from __future__ import annotations

from typing import Final

from .ruleset import Ruleset

# Phases of a round.
SETUP: Final = 0  # everyone chooses two opening cards, face down, at once
ACTIONS: Final = 1  # phase 1: players in turn order act and build
COVER: Final = 3  # phase 3: players in turn order put a new card face down
OVER: Final = 4
PHASE_NAMES: Final = {SETUP: "setup", ACTIONS: "actions", COVER: "cover", OVER: "over"}

# Steps of a phase-1 turn.
ACT: Final = 0  # carry out one of the two face-up cards not yet used
TAX: Final = 1  # the Tax Collector picks what each later player loses
BUILD: Final = 2  # build from the four ends, or end the turn
STEP_NAMES: Final = {ACT: "act", TAX: "tax", BUILD: "build"}

# Bits of `State.done_this_round`.
WORKER_DONE: Final = 1  # someone carried out a Worker action this round
BLACK_MARKET_DONE: Final = 2  # someone carried out a Black Market action this round
CONSERVED: Final = 4  # a building was removed with Conservation this round


class State:
    """A Havana game in progress. Create with `engine.new_game`."""

    __slots__ = (
        "rules", "players", "rng", "version", "round", "phase", "step", "order", "turn",
        "acted", "tax_queue", "done_this_round", "res", "market", "bag", "box", "rows",
        "pile", "removed", "built", "hand", "discard", "placed", "hidden_taken", "face_up",
        "face_down", "covered", "age_rank", "winners", "end_reason", "cache",
    )

    rules: Ruleset
    players: int
    rng: int
    """The generator's state (secret)."""
    version: int
    """Counts applied decisions; a client command names the version it saw."""
    round: int
    phase: int
    step: int
    order: tuple[int, ...]
    """This round's turn order (phase 1 and phase 3), fixed at the start of phase 1."""
    turn: int
    """Index into `order` of the seat whose turn it is (phases 1 and 3)."""
    acted: int
    """Bit 0 / bit 1: the active seat has carried out its low / high face-up card."""
    tax_queue: tuple[int, ...]
    """Later players the active Tax Collector still has to pick from."""
    done_this_round: int
    res: list[int]
    """Per seat 8 counters (see `materials`): materials, pesos, workers, VP."""
    market: list[int]
    """Five material counts, then pesos."""
    bag: list[int]
    """Material counts in the bag (its order is the RNG's business)."""
    box: list[int]
    """Materials that left the game."""
    rows: tuple[tuple[int, ...], tuple[int, ...]]
    """Building indexes of the two face-up rows, left to right."""
    pile: tuple[int, ...]
    """The face-down draw pile; the next card drawn is the last."""
    removed: tuple[int, ...]
    """Buildings boxed by Conservation."""
    built: tuple[tuple[int, ...], ...]
    hand: list[int]
    """Per seat, a bitmask over the card set."""
    discard: list[int]
    """Per seat, the cards actually in the discard pile (bitmask)."""
    placed: list[int]
    """Per seat, the cards everyone saw go onto the discard pile since it was last
    taken back (bitmask); public."""
    hidden_taken: list[int]
    """Per seat, how many unknown cards Refreshment took back since then; public."""
    face_up: list[tuple[int, int]]
    """Per seat, the two face-up cards, low number first."""
    face_down: list[tuple[int, ...]]
    """Per seat, the secret card(s) placed and not yet revealed: two at setup, one in
    phase 3; empty when none."""
    covered: list[int]
    """Per seat, the face-up card covered in phase 3 (public), or -1."""
    age_rank: tuple[int, ...]
    """Per seat, the final tie-break rank: 0 is the youngest and goes first."""
    winners: tuple[int, ...]
    end_reason: str
    cache: tuple[int, tuple] | None
    """(seat, legal decisions) for the current state, or None."""

    def clone(self) -> State:
        """An independent copy; immutable parts are shared."""
        c = State.__new__(State)
        c.rules = self.rules
        c.players = self.players
        c.rng = self.rng
        c.version = self.version
        c.round = self.round
        c.phase = self.phase
        c.step = self.step
        c.order = self.order
        c.turn = self.turn
        c.acted = self.acted
        c.tax_queue = self.tax_queue
        c.done_this_round = self.done_this_round
        c.res = self.res[:]
        c.market = self.market[:]
        c.bag = self.bag[:]
        c.box = self.box[:]
        c.rows = self.rows
        c.pile = self.pile
        c.removed = self.removed
        c.built = self.built
        c.hand = self.hand[:]
        c.discard = self.discard[:]
        c.placed = self.placed[:]
        c.hidden_taken = self.hidden_taken[:]
        c.face_up = self.face_up[:]
        c.face_down = self.face_down[:]
        c.covered = self.covered[:]
        c.age_rank = self.age_rank
        c.winners = self.winners
        c.end_reason = self.end_reason
        c.cache = self.cache
        return c

    @property
    def active(self) -> int:
        """The seat whose turn it is in phase 1 or 3, or -1."""
        return self.order[self.turn] if self.phase in (ACTIONS, COVER) else -1

    def deciders(self) -> tuple[int, ...]:
        """Seats that must decide now: several at setup (simultaneous), else one."""
        if self.phase == SETUP:
            return tuple(s for s in range(self.players) if not self.face_down[s])
        if self.phase == OVER:
            return ()
        return (self.order[self.turn],)


def bits(mask: int) -> list[int]:
    """Card indexes set in a hand or discard bitmask, ascending."""
    out = []
    index = 0
    while mask:
        if mask & 1:
            out.append(index)
        mask >>= 1
        index += 1
    return out
