"""Every legal decision of the seat(s) that must decide: the rules, read as lists.

`legal_decisions` is the single source of legality; `engine.apply` accepts a
decision only if it is in this list.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations, product

from .decisions import END_TURN, Act, Build, Choose, Cover, Decision, Tax
from .materials import (
    COLORED,
    GRAY,
    MATERIALS,
    RESOURCE_COUNT,
    SUBSTITUTION,
    WORKER_TAKE,
    WORKERS,
)
from .ruleset import Building, Ruleset
from .state import ACT, ACTIONS, CONSERVED, COVER, SETUP, SMUGGLING_DONE, TAX, State, bits
from .vocabulary import CardIndex


# Decisions made as the NamedTuple's own constructor makes them, but without its
# __new__, a Python function even in the compiled engine: the option lists of
# Mama, the thieves, Refreshment and building made a few a decision, each a tenth
# of the engine's cost of a decision.
def _act(card: int, target: int = -1, take: tuple[int, ...] = (), put: int = -1) -> Act:
    return tuple.__new__(Act, (card, target, take, put))


def _tax(victim: int, take: int) -> Tax:
    return tuple.__new__(Tax, (victim, take))


def _build(end: int, payment: tuple[int, ...]) -> Build:
    return tuple.__new__(Build, (end, payment))


@cache
def _opening_pairs(hand: int) -> tuple[Decision, ...]:
    """Every pair of distinct cards in a hand (bitmask)."""
    return tuple(Choose((a, b)) for a, b in combinations(bits(hand), 2))


@cache
def _cover_table(card_count: int) -> tuple[tuple[Cover, ...], ...]:
    """`Cover(covered, card)` for every pair of card indexes, built once."""
    return tuple(tuple(Cover(c, n) for n in range(card_count)) for c in range(card_count))


def _cover_options(state: State, seat: int) -> tuple[Decision, ...]:
    """Cover either face-up card with any card of the hand."""
    table = _cover_table(len(state.rules.keys))
    cards = bits(state.hand[seat])
    low, high = state.face_up[seat]
    return (*[table[low][n] for n in cards], *[table[high][n] for n in cards])


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
    return state.rules.protection in state.face_up[seat]


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


def multisets(counts: list[int], k: int, kinds: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """All ascending tuples of `k` items drawn from `kinds`, within the `counts` held."""
    return _multisets(tuple(counts[kind] for kind in kinds), k, kinds)


MULTISETS_KEPT = 4096
"""How many amounts held `_multisets` remembers: its answers depend on every seat's
materials, so a cache without a bound grows with every game a long-running host
plays (21 MB over 10,000 games); the most recent ones cover a game's own."""


@lru_cache(maxsize=MULTISETS_KEPT)
def _multisets(held: tuple[int, ...], k: int, kinds: tuple[int, ...]
               ) -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = []

    def walk(start: int, left: int, chosen: tuple[int, ...]) -> None:
        if left == 0:
            out.append(chosen)
            return
        for i in range(start, len(kinds)):
            if held[i] > chosen.count(kinds[i]):
                walk(i, left - 1, (*chosen, kinds[i]))

    walk(0, min(k, sum(held)), ())
    return tuple(out)


def payments(cost: tuple[int, ...], res: list[int], base: int) -> list[tuple[int, ...]]:
    """Every exact payment of `cost` from the resources at `res[base:]`.

    Besides paying as printed, 5 gray may stand for any 1 colored material and
    5 pesos for 1 worker, any number of times; never the other way round.
    """
    red, yellow, brown, blue, gray, pesos, workers = res[base: base + 7]
    c_red, c_yellow, c_brown, c_blue, c_gray, c_pesos, c_workers = cost
    short_colored = ((c_red - red if c_red > red else 0) + (c_yellow - yellow if c_yellow > yellow
                     else 0) + (c_brown - brown if c_brown > brown else 0)
                     + (c_blue - blue if c_blue > blue else 0))
    short_workers = c_workers - workers if c_workers > workers else 0
    if (gray < c_gray + SUBSTITUTION * short_colored
            or pesos < c_pesos + SUBSTITUTION * short_workers):
        return []
    spare_gray = (gray - c_gray) // SUBSTITUTION
    spare_pesos = (pesos - c_pesos) // SUBSTITUTION
    if not (spare_gray and c_red + c_yellow + c_brown + c_blue) and not (spare_pesos and c_workers):
        return [cost]
    colored_options = [
        range(max(0, cost[c] - spare_gray), min(cost[c], res[base + c]) + 1) for c in COLORED
    ]
    worker_options = range(max(0, c_workers - spare_pesos), min(c_workers, workers) + 1)
    out = []
    for paid in product(*colored_options):
        substituted = sum(cost[c] - paid[i] for i, c in enumerate(COLORED))
        if substituted > spare_gray:
            continue
        gray_paid = c_gray + SUBSTITUTION * substituted
        for workers_paid in worker_options:
            pesos_paid = c_pesos + SUBSTITUTION * (c_workers - workers_paid)
            out.append((*paid, gray_paid, pesos_paid, workers_paid))
    return out


def can_afford(rules: Ruleset, building: Building, resources: Sequence[int],
               face_up: Sequence[CardIndex]) -> bool:
    """A player holding `resources` (a `State.resources` list, or at least its first
    seven counters) with `face_up` cards could build `building` now: it needs the
    Architect face up if it is marked so, and an exact payment must exist (5-for-1
    substitutions included)."""
    if building.architect and rules.architect not in face_up:
        return False
    return bool(payments(building.cost, list(resources), 0))


def build_options(state: State, seat: int) -> list[Decision]:
    """End the turn, or build any end building the seat can pay for now."""
    out: list[Decision] = [END_TURN]
    architect = state.rules.architect in state.face_up[seat]
    buildings = state.rules.buildings
    res = state.res
    base = seat * RESOURCE_COUNT
    for row_index, row in enumerate(state.rows):
        if not row:
            continue
        for side in (0, 1) if len(row) > 1 else (0,):
            building = buildings[row[-1] if side else row[0]]
            if building.architect and not architect:
                continue
            for payment in payments(building.cost, res, base):
                out.append(_build(row_index * 2 + side, payment))
    return out


def _refreshment(state: State, seat: int, card: int) -> list[Decision]:
    """Optional: take any card of your discard pile back, or decline."""
    return [_act(card), *[_act(card, c) for c in bits(state.discard[seat])]]


def _conservation(state: State, seat: int, card: int) -> list[Decision]:
    """Optional: box an end building, unless someone already did this round."""
    if state.done_this_round & CONSERVED:
        return [_act(card)]
    return [_act(card), *[_act(card, end) for end in ends(state)]]


def _pesos_thief(state: State, seat: int, card: int) -> list[Decision]:
    return [_act(card, v) for v in thief_victims(state, seat)] or [_act(card)]


def _loot(state: State, card: int, victims: list[int], two_from: int) -> list[Decision]:
    """Materials of a victim's (gray allowed): 1, or 2 from a victim holding
    `two_from` colored or more; as many as it has if fewer."""
    out: list[Decision] = []
    for victim in victims:
        base = victim * RESOURCE_COUNT
        held = state.res[base: base + GRAY + 1]
        count = 2 if held[0] + held[1] + held[2] + held[3] >= two_from else 1
        out.extend(_act(card, victim, take) for take in multisets(held, count, MATERIALS))
    return out or [_act(card)]


def _materials_thief(state: State, seat: int, card: int) -> list[Decision]:
    """Classic 6: 1 material, 2 from a victim with more than 3 colored."""
    return _loot(state, card, thief_victims(state, seat), 4)


def later_victims(state: State) -> list[int]:
    """2024 cards 5 and 6: later unprotected players only (nobody if none)."""
    return [s for s in later_players(state) if not is_protected(state, s)]


def _fence(state: State, seat: int, card: int) -> list[Decision]:
    """2024 Receptador: 1 material, 2 from a victim with 4 or more colored."""
    return _loot(state, card, later_victims(state), 4)


def _thief(state: State, seat: int, card: int) -> list[Decision]:
    """2024 Ladrón: a later unprotected player of your choice."""
    return [_act(card, v) for v in later_victims(state)] or [_act(card)]


def _recycling(state: State, seat: int, card: int) -> list[Decision]:
    """2024 Reciclaje: any hand card down, then any discard card (the one just put
    down included) back into hand; with an empty hand only the taking."""
    hand, discard = bits(state.hand[seat]), state.discard[seat]
    if not hand:
        return [_act(card, taken) for taken in bits(discard)] or [_act(card)]
    return [_act(card, taken, (), put) for put in hand for taken in bits(discard | 1 << put)]


def _smuggling(state: State, seat: int, card: int) -> list[Decision]:
    """2024 Contrabando: first this round, 2 random or 1 of a kind the bag holds;
    later, 1 random."""
    if state.done_this_round & SMUGGLING_DONE or not any(state.bag):
        return [_act(card)]
    return [_act(card), *[_act(card, -1, (m,)) for m in MATERIALS if state.bag[m]]]


def _mama(state: State, seat: int, card: int) -> list[Decision]:
    """Half (rounded up) of the market's colored materials, colors of your choice."""
    market = state.market
    colored = market[0] + market[1] + market[2] + market[3]
    return [_act(card, -1, take) for take in multisets(market, (colored + 1) // 2, COLORED)]


_CHOICES = {"refreshment": _refreshment, "conservation": _conservation,
            "pesos_thief": _pesos_thief, "materials_thief": _materials_thief, "mama": _mama,
            "thief": _thief, "fence": _fence, "recycling": _recycling, "smuggling": _smuggling}
"""Cards whose action involves a choice; every other card is carried out as is."""


@cache
def _plain(card: int) -> list[Decision]:
    return [_act(card)]


def card_options(state: State, seat: int, card: int) -> list[Decision]:
    """The ways to carry out face-up `card` now (at least one: a no-op counts)."""
    choices = _CHOICES.get(state.rules.keys[card])
    return choices(state, seat, card) if choices else _plain(card)


def tax_options(state: State) -> list[Decision]:
    victim = state.tax_queue[0]
    base = victim * RESOURCE_COUNT
    out: list[Decision] = [_tax(victim, m) for m in MATERIALS if state.res[base + m]]
    if state.res[base + WORKERS]:
        out.append(_tax(victim, WORKER_TAKE))
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
        result: tuple[Decision, ...] = _opening_pairs(state.hand[seat])
    elif phase == ACTIONS and state.order[state.turn] == seat:
        if state.step == ACT:
            low, high = state.face_up[seat]
            acted = state.acted
            if acted == 0:
                result = (*card_options(state, seat, low), *card_options(state, seat, high))
            else:
                result = tuple(card_options(state, seat, high if acted == 1 else low))
        elif state.step == TAX:
            result = tuple(tax_options(state))
        else:
            result = tuple(build_options(state, seat))
    elif phase == COVER and state.order[state.turn] == seat:
        result = _cover_options(state, seat)
    else:
        return ()
    state.cache = (seat, result)
    return result

