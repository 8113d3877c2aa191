"""What a seat is building towards, and what its resources are worth to it.

Strategy: a seat aims at the end building with the best VP per missing resource
(Architect buildings only if it holds the Architect in hand or face up). What that
target still lacks is the seat's *need*; a resource it needs is worth more than
the same resource spare. Everything here reads public state plus the seat's own
cards, so a bot may use it on a determinized state without learning secrets.
"""

from __future__ import annotations

from typing import NamedTuple

from ..rules import State
from ..rules.materials import WORKERS

BASE_WORTH = (1.0, 1.0, 1.0, 1.0, 0.3, 0.35, 0.9)
"""Worth of one unit of each cost resource (red..blue, gray, pesos, workers), in
"colored material" units, when the seat does not specifically need it."""
NEED_BONUS = 0.8
"""Extra worth of a unit the seat's target building still lacks."""


class Plan(NamedTuple):
    """A seat's target building and what it still lacks."""

    target: int
    """Building index aimed at, or -1 when no end building is within reach."""
    need: tuple[int, ...]
    """Missing units per cost resource (7 numbers)."""
    distance: float
    """Weighted count of the missing units (0: affordable as printed)."""


NO_PLAN = Plan(-1, (0,) * 7, 99.0)


def end_buildings(state: State) -> list[int]:
    """Building indexes at the (distinct) end positions of both rows."""
    out = []
    for row in state.rows:
        if row:
            out.append(row[0])
            if len(row) > 1:
                out.append(row[-1])
    return out


def has_architect(state: State, seat: int) -> bool:
    """The seat holds the Architect face up or in hand (it can plan for it)."""
    card = state.rules.architect
    return card >= 0 and (card in state.face_up[seat] or bool(state.hand[seat] >> card & 1))


def shortfall(cost: tuple[int, ...], res: list[int]) -> tuple[int, ...]:
    """Units of each cost resource missing to pay `cost` as printed, from a seat's
    counters (`State.resources`); written out like `distance`, for the search."""
    red, yellow, brown, blue, gray, pesos, workers, _vp = res
    c_red, c_yellow, c_brown, c_blue, c_gray, c_pesos, c_workers = cost
    return (c_red - red if c_red > red else 0, c_yellow - yellow if c_yellow > yellow else 0,
            c_brown - brown if c_brown > brown else 0, c_blue - blue if c_blue > blue else 0,
            c_gray - gray if c_gray > gray else 0, c_pesos - pesos if c_pesos > pesos else 0,
            c_workers - workers if c_workers > workers else 0)


def distance(cost: tuple[int, ...], res: list[int]) -> float:
    """Weighted count of the units missing to pay `cost` (`DISTANCE_WEIGHT`) from a
    seat's counters (`State.resources`); written out because the search calls it
    for every end on every step."""
    red, yellow, brown, blue, gray, pesos, workers, _vp = res
    c_red, c_yellow, c_brown, c_blue, c_gray, c_pesos, c_workers = cost
    colored = ((c_red - red if c_red > red else 0) + (c_yellow - yellow if c_yellow > yellow else 0)
               + (c_brown - brown if c_brown > brown else 0)
               + (c_blue - blue if c_blue > blue else 0))
    return (colored + 0.35 * ((c_gray - gray if c_gray > gray else 0)
                              + (c_pesos - pesos if c_pesos > pesos else 0))
            + 0.8 * (c_workers - workers if c_workers > workers else 0))


def interest(state: State, seat: int, building: int) -> float:
    """How attractive a building is to a seat: VP / (1 + distance)."""
    b = state.rules.buildings[building]
    return b.vp / (1.0 + distance(b.cost, state.resources(seat)))


def plan_for(state: State, seat: int) -> Plan:
    """The end building with the best VP / (1 + distance) for the seat."""
    buildings = state.rules.buildings
    res = state.resources(seat)
    architect = has_architect(state, seat)
    best, best_score, best_distance = -1, -1.0, 99.0
    for index in end_buildings(state):
        building = buildings[index]
        if building.architect and not architect:
            continue
        missing = distance(building.cost, res)
        score = building.vp / (1.0 + missing)
        if score > best_score:
            best, best_score, best_distance = index, score, missing
    if best < 0:
        return NO_PLAN
    return Plan(best, shortfall(buildings[best].cost, res), best_distance)


def unit_worth(plan: Plan, resource: int, already: int = 0) -> float:
    """Worth of one more unit of `resource` after `already` extra units."""
    bonus = NEED_BONUS if plan.need[resource] > already else 0.0
    return BASE_WORTH[resource] + bonus


def gain_worth(plan: Plan, gains: tuple[int, ...] | list[int]) -> float:
    """Worth of receiving `gains[i]` units of each cost resource."""
    total = 0.0
    for resource, count in enumerate(gains):
        if count:
            needed = min(count, plan.need[resource])
            total += count * BASE_WORTH[resource] + needed * NEED_BONUS
    return total


def materials_worth(plan: Plan, materials: tuple[int, ...]) -> float:
    """Worth of receiving the listed material indexes."""
    gains = [0] * 7
    for m in materials:
        gains[m] += 1
    return gain_worth(plan, gains)


def holdings_worth(state: State, seat: int, plan: Plan) -> float:
    """Worth of everything the seat holds (materials, pesos, workers); units that
    pay for the target building count half a need bonus extra."""
    res = state.resources(seat)
    cost = state.rules.buildings[plan.target].cost if plan.target >= 0 else NO_PLAN.need
    total = 0.0
    for resource in range(WORKERS + 1):
        held = res[resource]
        if held:
            useful = held if held < cost[resource] else cost[resource]
            total += held * BASE_WORTH[resource] + useful * NEED_BONUS * 0.5
    return total



PROGRESS_SHARE = 0.7
"""Share of the target building's VP that holdings paying all of it are worth:
less than 1, so building converts holdings into more than they were worth."""
SPARE_VP = 0.25
"""VP per "colored material" unit of holdings that do not pay for the target."""


def holdings_vp(state: State, seat: int, plan: Plan) -> float:
    """The VP the seat's holdings are likely to become: the target building's VP
    in proportion to the share of its cost (weighted by `BASE_WORTH`) they pay
    for, times `PROGRESS_SHARE`; the rest at `SPARE_VP` per unit of worth.

    Holdings are worth what they buy, never more: paying for a building always
    raises a seat's strength (its VP rise by more than the holdings it spends were
    worth), so a search scoring leaves with this prefers building to hoarding."""
    res = state.resources(seat)
    covered = spare = weight = 0.0
    cost = state.rules.buildings[plan.target].cost if plan.target >= 0 else NO_PLAN.need
    for resource in range(WORKERS + 1):
        held, needed, unit = res[resource], cost[resource], BASE_WORTH[resource]
        paying = held if held < needed else needed
        covered += paying * unit
        spare += (held - paying) * unit
        weight += needed * unit
    toward = PROGRESS_SHARE * state.rules.buildings[plan.target].vp * covered / weight \
        if plan.target >= 0 and weight else 0.0
    return toward + SPARE_VP * spare
