"""Every legal decision of the seat(s) that must decide: the rules, read as lists.

`legal_decisions` is the single source of legality; `engine.apply` accepts a
decision only if it is in this list.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, product

from .decisions import END_TURN, Act, Build, Choose, Cover, Decision, Tax
from .materials import (
    COLORED, GRAY, MATERIALS, PESOS, RESOURCE_COUNT, SUBSTITUTION, WORKER_TAKE, WORKERS,
)
from .state import ACT, ACTIONS, CONSERVED, COVER, SETUP, TAX, State, bits


@cache
def _opening_pairs(card_count: int) -> tuple[tuple[int, Choose], ...]:
    """(bitmask, decision) for every pair of distinct cards of a set."""
    return tuple(((1 << a) | (1 << b), Choose((a, b)))
                 for a, b in combinations(range(card_count), 2))


@cache
def _cover_table(card_count: int) -> tuple[tuple[Cover, ...], ...]:
    return tuple(tuple(Cover(c, n) for n in range(card_count)) for c in range(card_count))


def ends(state: State) -> list[int]:
    """The distinct buildable end positions (row * 2 + side); a 1-card row has one."""
    out = []
    for row_index, row in enumerate(state.rows):
        if row:
            out.append(row_index * 2)
            if len(row) > 1:
                out.append(row_index * 2 + 1)
    return out


def building_at(state: State, end: int) -> int:
    row = state.rows[end >> 1]
    return row[-1] if end & 1 else row[0]


def is_protected(state: State, seat: int) -> bool:
    """Card 2 Protection face up: no Tax Collector or thief takes anything this round."""
    protection = state.rules.card_index("protection")
    return protection in state.face_up[seat]


def later_players(state: State) -> tuple[int, ...]:
    """Players whose phase-1 turn this round comes after the active player's."""
    return state.order[state.turn + 1:]


def thief_victims(state: State, seat: int) -> list[int]:
    """Cards 5 and 6: a later unprotected player; if nobody comes later, any
    unprotected other player. Protected later players never count."""
    later = later_players(state)
    pool = later if later else [s for s in range(state.players) if s != seat]
    return [s for s in pool if not is_protected(state, s)]


def has_taxable(state: State, seat: int) -> bool:
    """True if the seat holds a material or a worker the Tax Collector could take."""
    base = seat * RESOURCE_COUNT
    return any(state.res[base + i] for i in (*MATERIALS, WORKERS))


def multisets(counts: list[int], k: int, kinds: tuple[int, ...]) -> list[tuple[int, ...]]:
    """All ascending tuples of `k` items drawn from `kinds`, within the `counts` held."""
    out: list[tuple[int, ...]] = []

    def walk(start: int, left: int, chosen: tuple[int, ...]) -> None:
        if left == 0:
            out.append(chosen)
            return
        for i in range(start, len(kinds)):
            kind = kinds[i]
            used = chosen.count(kind)
            if counts[kind] > used:
                walk(i, left - 1, (*chosen, kind))

    walk(0, k, ())
    return out


def payments(cost: tuple[int, ...], res: list[int], base: int) -> list[tuple[int, ...]]:
    """Every exact payment of `cost` from the resources at `res[base:]`.

    Besides paying as printed, 5 gray may stand for any 1 colored material and
    5 pesos for 1 worker, any number of times; never the other way round.
    """
    gray, pesos, workers = res[base + GRAY], res[base + PESOS], res[base + WORKERS]
    short_colored = 0
    for color in COLORED:
        if cost[color] > res[base + color]:
            short_colored += cost[color] - res[base + color]
    short_workers = cost[WORKERS] - workers if cost[WORKERS] > workers else 0
    if (gray < cost[GRAY] + SUBSTITUTION * short_colored
            or pesos < cost[PESOS] + SUBSTITUTION * short_workers):
        return []
    spare_gray = (gray - cost[GRAY]) // SUBSTITUTION
    spare_pesos = (pesos - cost[PESOS]) // SUBSTITUTION
    can_swap_colored = spare_gray and (cost[0] + cost[1] + cost[2] + cost[3])
    if not can_swap_colored and not (spare_pesos and cost[WORKERS]):
        return [cost]
    colored_options = [
        range(max(0, cost[c] - spare_gray), min(cost[c], res[base + c]) + 1) for c in COLORED
    ]
    worker_options = range(max(0, cost[WORKERS] - spare_pesos), min(cost[WORKERS], workers) + 1)
    out = []
    for paid in product(*colored_options):
        substituted = sum(cost[c] - paid[i] for i, c in enumerate(COLORED))
        if substituted > spare_gray:
            continue
        gray_paid = cost[GRAY] + SUBSTITUTION * substituted
        for workers_paid in worker_options:
            pesos_paid = cost[PESOS] + SUBSTITUTION * (cost[WORKERS] - workers_paid)
            out.append((*paid, gray_paid, pesos_paid, workers_paid))
    return out


def build_options(state: State, seat: int) -> list[Decision]:
    """End the turn, or build any end building the seat can pay for now."""
    out: list[Decision] = [END_TURN]
    architect = state.rules.card_index("architect") in state.face_up[seat]
    buildings = state.rules.buildings
    base = seat * RESOURCE_COUNT
    for end in ends(state):
        building = buildings[building_at(state, end)]
        if building.architect and not architect:
            continue
        for payment in payments(building.cost, state.res, base):
            out.append(Build(end, payment))  # type: ignore[arg-type]
    return out


def card_options(state: State, seat: int, card: int) -> list[Decision]:
    """The ways to carry out face-up `card` now (at least one: a no-op counts)."""
    key = state.rules.cards[card].key
    if key == "refreshment":
        return [Act(card)] + [Act(card, c) for c in bits(state.discard[seat])]
    if key == "conservation":
        if state.done_this_round & CONSERVED:
            return [Act(card)]
        return [Act(card)] + [Act(card, end) for end in ends(state)]
    if key == "pesos_thief":
        return [Act(card, v) for v in thief_victims(state, seat)] or [Act(card)]
    if key == "materials_thief":
        out: list[Decision] = []
        for victim in thief_victims(state, seat):
            base = victim * RESOURCE_COUNT
            held = state.res[base: base + GRAY + 1]
            colored = held[0] + held[1] + held[2] + held[3]
            count = min(2 if colored > 3 else 1, colored + held[GRAY])
            out.extend(Act(card, victim, take) for take in multisets(held, count, MATERIALS))
        return out or [Act(card)]
    if key == "mama":
        market = state.market
        colored = market[0] + market[1] + market[2] + market[3]
        return [Act(card, -1, take) for take in multisets(market, (colored + 1) // 2, COLORED)]
    return [Act(card)]


def tax_options(state: State) -> list[Decision]:
    victim = state.tax_queue[0]
    base = victim * RESOURCE_COUNT
    out: list[Decision] = [Tax(victim, m) for m in MATERIALS if state.res[base + m]]
    if state.res[base + WORKERS]:
        out.append(Tax(victim, WORKER_TAKE))
    return out


def legal_decisions(state: State, seat: int) -> tuple[Decision, ...]:
    """Every decision `seat` may make now; empty if it has nothing to decide."""
    cached = state.cache
    if cached is not None and cached[0] == seat:
        return cached[1]
    phase = state.phase
    if phase == SETUP:
        if state.face_down[seat]:
            return ()
        hand = state.hand[seat]
        result: tuple[Decision, ...] = tuple(
            d for mask, d in _opening_pairs(len(state.rules.cards)) if hand & mask == mask)
    elif phase == ACTIONS and state.order[state.turn] == seat:
        if state.step == ACT:
            low, high = state.face_up[seat]
            options: list[Decision] = []
            if not state.acted & 1:
                options += card_options(state, seat, low)
            if not state.acted & 2:
                options += card_options(state, seat, high)
            result = tuple(options)
        elif state.step == TAX:
            result = tuple(tax_options(state))
        else:
            result = tuple(build_options(state, seat))
    elif phase == COVER and state.order[state.turn] == seat:
        table = _cover_table(len(state.rules.cards))
        cards = bits(state.hand[seat])
        result = tuple(table[c][n] for c in state.face_up[seat] for n in cards)
    else:
        return ()
    state.cache = (seat, result)
    return result

