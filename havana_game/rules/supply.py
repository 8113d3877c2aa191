"""Moving things between the bag, market, bank, box and players; the row refill."""

from __future__ import annotations

from . import rng
from .events import Event, emit
from .materials import RESOURCE_COUNT
from .state import State

REFILL_AT = 2
"""A row with exactly this many cards left gets new cards between them."""
REFILL_COUNT = 4


def draw_from_bag(state: State, count: int) -> list[int]:
    """Draw up to `count` random materials from the bag (fewer if it runs out)."""
    bag = state.bag
    drawn = []
    for _ in range(count):
        total = bag[0] + bag[1] + bag[2] + bag[3] + bag[4]
        if not total:
            break
        state.rng, pick = rng.below(state.rng, total)
        material = 0
        while pick >= bag[material]:
            pick -= bag[material]
            material += 1
        bag[material] -= 1
        drawn.append(material)
    return drawn


def named(state: State, materials: list[int] | tuple[int, ...]) -> dict[str, int]:
    """{"red": 2, ...} for a list of material indexes, in the edition's words (for events)."""
    words = state.rules.names.materials
    out: dict[str, int] = {}
    for m in materials:
        out[words[m]] = out.get(words[m], 0) + 1
    return out


def give_materials(state: State, seat: int, materials: list[int] | tuple[int, ...]) -> None:
    base = seat * RESOURCE_COUNT
    for m in materials:
        state.res[base + m] += 1


def refill_row(state: State, row_index: int, events: list[Event]) -> None:
    """A row left with exactly 2 cards gets 4 from the draw pile between them
    (what the pile has, if fewer)."""
    row = state.rows[row_index]
    if len(row) != REFILL_AT or not state.pile:
        return
    take = min(REFILL_COUNT, len(state.pile))
    dealt = state.pile[len(state.pile) - take:][::-1]
    state.pile = state.pile[:len(state.pile) - take]
    new_row = (row[0], *dealt, row[1])
    state.rows = (new_row, state.rows[1]) if row_index == 0 else (state.rows[0], new_row)
    buildings = state.rules.buildings
    emit(events, "row_refilled", row=row_index, buildings=[buildings[b].id for b in dealt],
         pile_size=len(state.pile))


def remove_end(state: State, end: int) -> int:
    """Take the building at an end position out of its row; return its index."""
    row_index, side = end >> 1, end & 1
    row = state.rows[row_index]
    building = row[-1] if side else row[0]
    rest = row[:-1] if side else row[1:]
    state.rows = (rest, state.rows[1]) if row_index == 0 else (state.rows[0], rest)
    return building
