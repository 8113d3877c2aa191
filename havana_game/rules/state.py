"""The full game state. Only the engine mutates it; only `views` lets it out.

Layout is chosen for cheap cloning (a search AI clones thousands of times a
second): counters live in flat lists of ints, hands and discard piles are
bitmasks over the card set, and rows, the draw pile and built buildings are
tuples that are replaced, never mutated, so a clone shares them.

`FIELDS` is the one list of what a state holds: `snapshot.snapshot` and the save
file's state model (`havana_game.saves`) are derived from it, and `clone`, written
out field by field for speed, is checked against it (tests/test_rules_state.py: every
field copied or shared as its `Form` says, no list shared), so a new field is
declared here, set up in `flow.new_game` and given its line in `clone`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Final

from .decisions import Decision
from .materials import PESOS, RESOURCE_COUNT, VP
from .ruleset import Ruleset
from .vocabulary import Resource, Seat

# Phases of a round.
SETUP: Final = 0  # everyone chooses two opening cards, face down, at once
ACTIONS: Final = 1  # phase 1: players in turn order act and build
COVER: Final = 3  # phase 3: players in turn order put a new card face down
OVER: Final = 4
PHASE_NAMES: Final = {SETUP: "setup", ACTIONS: "actions", COVER: "cover", OVER: "over"}


class Phase(IntEnum):
    """The phase of a round, as stored in `State.phase` (phase 2, the market supply,
    happens between two decisions and is never a state of its own)."""

    SETUP = SETUP
    ACTIONS = ACTIONS
    COVER = COVER
    OVER = OVER

    @property
    def label(self) -> str:
        """The name views use for this phase ("setup", "actions", "cover", "over")."""
        return PHASE_NAMES[self.value]

# Steps of a phase-1 turn.
ACT: Final = 0  # carry out one of the two face-up cards not yet used
TAX: Final = 1  # the Tax Collector picks what each later player loses
BUILD: Final = 2  # build from the four ends, or end the turn
STEP_NAMES: Final = {ACT: "act", TAX: "tax", BUILD: "build"}

# Bits of `State.done_this_round`.
WORKER_DONE: Final = 1  # someone carried out a Worker action this round
BLACK_MARKET_DONE: Final = 2  # someone carried out a Black Market action this round
CONSERVED: Final = 4  # a building was removed with Conservation this round
SMUGGLING_DONE: Final = 8  # someone carried out a Smuggling action this round (2024)


class Form(Enum):
    """How a state field is stored, copied and written into a snapshot."""

    NUMBER = "number"
    """An int (bounds in the field)."""
    NUMBERS = "numbers"
    """A list of ints, mutated in place (copied by `clone`)."""
    SEATS = "seats"
    """A tuple of seat numbers (shared by clones)."""
    BUILDINGS = "buildings"
    """A tuple of building indexes; snapshots hold building ids."""
    BUILDING_GROUPS = "building_groups"
    """A tuple of tuples of building indexes (rows, built per seat); ids in snapshots."""
    CARD_SETS = "card_sets"
    """Per seat a bitmask over the card set (copied); snapshots list the card indexes."""
    CARD_GROUPS = "card_groups"
    """Per seat a tuple of card indexes (copied list of tuples)."""
    TEXT = "text"
    """A short string."""


COPIED_FORMS: Final = frozenset({Form.NUMBERS, Form.CARD_SETS, Form.CARD_GROUPS})
"""Forms held in lists that the engine mutates in place: a clone copies them."""


@dataclass(frozen=True, slots=True)
class StateField:
    """One field of `State`: its form and the bounds a saved value must respect."""

    name: str
    form: Form
    low: int = 0
    """Smallest value of the number(s) in the field (-1 where -1 means "none")."""
    high: int = 10_000
    """Largest value of the number(s) in the field."""
    length: int = 64
    """Most items a list (or, for per-seat forms, most seats) may have."""


_SEAT_MAX: Final = 3
_CARD_MAX: Final = 63
FIELDS: Final = (
    StateField("players", Form.NUMBER, 2, 4),
    StateField("rng", Form.NUMBER, 0, 2**64 - 1),
    StateField("version", Form.NUMBER),
    StateField("round", Form.NUMBER),
    StateField("phase", Form.NUMBER, 0, OVER),
    StateField("step", Form.NUMBER, 0, BUILD),
    StateField("order", Form.SEATS, 0, _SEAT_MAX),
    StateField("turn", Form.NUMBER),
    StateField("acted", Form.NUMBER, 0, 3),
    StateField("tax_queue", Form.SEATS, 0, _SEAT_MAX),
    StateField("done_this_round", Form.NUMBER, 0,
               WORKER_DONE | BLACK_MARKET_DONE | CONSERVED | SMUGGLING_DONE),
    StateField("res", Form.NUMBERS),
    StateField("market", Form.NUMBERS),
    StateField("bag", Form.NUMBERS),
    StateField("box", Form.NUMBERS),
    StateField("rows", Form.BUILDING_GROUPS, length=2),
    StateField("pile", Form.BUILDINGS, length=200),
    StateField("removed", Form.BUILDINGS, length=200),
    StateField("built", Form.BUILDING_GROUPS, length=4),
    StateField("hand", Form.CARD_SETS, 0, _CARD_MAX, length=4),
    StateField("discard", Form.CARD_SETS, 0, _CARD_MAX, length=4),
    StateField("placed", Form.CARD_SETS, 0, _CARD_MAX, length=4),
    StateField("hidden_taken", Form.NUMBERS),
    StateField("hidden_put", Form.NUMBERS),
    StateField("face_up", Form.CARD_GROUPS, -1, _CARD_MAX, length=4),
    StateField("face_down", Form.CARD_GROUPS, 0, _CARD_MAX, length=4),
    StateField("covered", Form.NUMBERS, -1, _CARD_MAX, length=4),
    StateField("age_rank", Form.SEATS, 0, _SEAT_MAX),
    StateField("winners", Form.SEATS, 0, _SEAT_MAX),
    StateField("end_reason", Form.TEXT, length=32),
)
"""Every field of the game state, in snapshot order. `rules` (the card set and
deck) and `cache` (the legal decisions of the moment) are not game data and not
listed: a clone shares `rules` and `cache`, a snapshot leaves them out."""


class Termination(Enum):
    """Why a game ended (docs/RULES.md "End of the game")."""

    TARGET_REACHED = "target_reached"
    NO_BUILDINGS_LEFT = "no_buildings_left"
    NO_MATERIALS_LEFT = "no_materials_left"
    ROUND_LIMIT = "round_limit"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: why it ended and who won (several seats share a tie)."""

    termination: Termination
    winners: tuple[Seat, ...]


class State:
    """A Havana game in progress. Create with `flow.new_game`."""

    __slots__ = ("rules", *(f.name for f in FIELDS), "cache")

    rules: Ruleset
    players: int
    rng: int
    """The generator's state (secret)."""
    version: int
    """Counts applied decisions; a client command names the version it saw."""
    round: int
    phase: int
    """A `Phase` value."""
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
    """Per seat 8 counters (see `materials`): materials, pesos, workers, VP. Outside
    the engine, read them with `resources`, `amount` and `vp`."""
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
    hidden_put: list[int]
    """Per seat, how many cards nobody else saw are in the discard pile (Recycling
    puts a hand card down face down); public. Save format 2 added it."""
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
    """A `Termination` value once the game is over, else empty."""
    cache: tuple[int, tuple[Decision, ...]] | None
    """(seat, legal decisions) for the current state, or None."""

    def clone(self) -> State:
        """An independent copy: lists the engine mutates are copied, the rest shared.

        One line per field of `FIELDS`, in its order (setattr over the field names
        made compiled clones three times slower); tests/test_rules_state.py checks
        the lines against `FIELDS` and a clone against its original."""
        c = State()
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
        c.hidden_put = self.hidden_put[:]
        c.face_up = self.face_up[:]
        c.face_down = self.face_down[:]
        c.covered = self.covered[:]
        c.age_rank = self.age_rank
        c.winners = self.winners
        c.end_reason = self.end_reason
        c.cache = self.cache
        return c

    def resources(self, seat: Seat) -> list[int]:
        """A copy of the seat's counters: five materials, pesos, workers, VP (the
        indexes of `materials`; the first seven are a building cost's order)."""
        base = seat * RESOURCE_COUNT
        return self.res[base: base + RESOURCE_COUNT]

    def amount(self, seat: Seat, resource: Resource) -> int:
        """How many of one resource (a `materials` index) the seat holds."""
        return self.res[seat * RESOURCE_COUNT + resource]

    def set_amount(self, seat: Seat, resource: Resource, value: int) -> None:
        """Set one counter, for building positions (tests, debugging tools); the
        cached legal decisions are dropped."""
        self.res[seat * RESOURCE_COUNT + resource] = value
        self.cache = None

    def vp(self, seat: Seat) -> int:
        """The seat's victory points."""
        return self.res[seat * RESOURCE_COUNT + VP]

    def pesos(self, seat: Seat) -> int:
        """The seat's pesos."""
        return self.res[seat * RESOURCE_COUNT + PESOS]

    def outcome(self) -> Outcome | None:
        """Why the game ended and who won, or None while it goes on."""
        if self.phase != OVER:
            return None
        return Outcome(Termination(self.end_reason), self.winners)

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
