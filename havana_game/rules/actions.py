"""The action cards of every edition: what carrying one out does.

Classic 2009 (docs/RULES.md "The 13 action cards") and the 2024 edition's new cards
(docs/RULES.md "The 2024 edition"): `EFFECTS` maps each effect key of
`ruleset.CARD_KEYS` to its function. Each effect receives an `Act` that
`legal.card_options` listed, so choices are already known to be allowed; an
effect only moves things and reports events.
"""

from __future__ import annotations

from collections.abc import Callable

from .decisions import Act
from .events import Event, emit
from .legal import has_taxable, is_protected, later_players
from .materials import GRAY, PESOS, RESOURCE_COUNT, WORKER_SUPPLY, WORKERS
from .state import BLACK_MARKET_DONE, CONSERVED, SMUGGLING_DONE, TAX, WORKER_DONE, State
from .supply import draw_from_bag, give_materials, named, refill_row, remove_end

Effect = Callable[[State, int, Act, list[Event]], None]


def workers_in_bank(state: State) -> int:
    """Workers are a limited supply of 15; the bank holds those no player has."""
    held = sum(state.res[s * RESOURCE_COUNT + WORKERS] for s in range(state.players))
    return WORKER_SUPPLY - held


def _take_workers(state: State, seat: int, wanted: int, events: list[Event]) -> int:
    """Take up to `wanted` workers from the bank; return how many were taken."""
    got = min(wanted, workers_in_bank(state))
    state.res[seat * RESOURCE_COUNT + WORKERS] += got
    emit(events, "workers_taken", seat=seat, count=got)
    return got


def no_action(state: State, seat: int, act: Act, events: list[Event]) -> None:
    """0 Siesta, 2 Protection: no action (Protection works by being face up)."""


def refreshment(state: State, seat: int, act: Act, events: list[Event]) -> None:
    """1 Refreshment (optional): take one card of your choice from your own discard
    pile into hand. Others see that a card came back, not which one."""
    if act.target < 0:
        return
    bit = 1 << act.target
    state.discard[seat] &= ~bit
    state.hand[seat] |= bit
    state.hidden_taken[seat] += 1
    emit(events, "card_taken_back", seat=seat)
    emit(events, "card_taken_back", seat, seat=seat, card=act.target)


def debris(state: State, seat: int, act: Act, events: list[Event]) -> None:
    """2 Debris: take all gray materials from the market."""
    count = state.market[GRAY]
    state.market[GRAY] = 0
    state.res[seat * RESOURCE_COUNT + GRAY] += count
    emit(events, "materials_taken", seat=seat, source="market",
         materials={state.rules.names.materials[GRAY]: count})


def conservation(state: State, seat: int, act: Act, events: list[Event]) -> None:
    """3 Conservation (optional): box one end building of either row; only one
    building per round in total, whoever removes it. Row refill applies."""
    if act.target < 0:
        return
    building = remove_end(state, act.target)
    state.removed = (*state.removed, building)
    state.done_this_round |= CONSERVED
    emit(events, "building_removed", seat=seat, building=state.rules.buildings[building].id,
         row=act.target >> 1, side=act.target & 1)
    refill_row(state, act.target >> 1, events)


def tax_collector(state: State, seat: int, act: Act, events: list[Event]) -> None:
    """3 Tax Collector: take 1 peso from the bank, then from each later,
    unprotected player remove 1 worker or 1 material (picked one by one)."""
    state.res[seat * RESOURCE_COUNT + PESOS] += 1
    emit(events, "pesos_taken", seat=seat, source="bank", count=1)
    queue = tuple(p for p in later_players(state)
                  if not is_protected(state, p) and has_taxable(state, p))
    if queue:
        state.tax_queue = queue
        state.step = TAX


def worker(state: State, seat: int, act: Act, events: list[Event]) -> None:
    """4 Worker: take 2 workers if you are the first this round to carry out a
    Worker action, else 1; never more than the bank has. A Worker action that
    finds the bank empty does nothing, so it is not carried out and leaves
    "first" to the next one (docs/RULES.md "Decisions")."""
    first = not state.done_this_round & WORKER_DONE
    if _take_workers(state, seat, 2 if first else 1, events):
        state.done_this_round |= WORKER_DONE


def architect(state: State, seat: int, act: Act, events: list[Event]) -> None:
    """4 Architect: take 1 worker (if any). Being face up allows Architect buildings."""
    _take_workers(state, seat, 1, events)


def pesos_thief(state: State, seat: int, act: Act, events: list[Event]) -> None:
    """5 Pesos Thief: take half (rounded down) of the chosen victim's pesos."""
    if act.target < 0:
        return
    victim = act.target * RESOURCE_COUNT + PESOS
    stolen = state.res[victim] // 2
    state.res[victim] -= stolen
    state.res[seat * RESOURCE_COUNT + PESOS] += stolen
    emit(events, "pesos_stolen", seat=seat, victim=act.target, count=stolen)


def materials_thief(state: State, seat: int, act: Act, events: list[Event]) -> None:
    """6 Materials Thief (and 2024 Receptador): take the chosen materials (gray
    allowed) from the victim; `legal` says how many (classic: 2 if the victim has
    more than 3 colored, 2024: 2 if it has 4 or more)."""
    if act.target < 0:
        return
    base = act.target * RESOURCE_COUNT
    for material in act.take:
        state.res[base + material] -= 1
    give_materials(state, seat, act.take)
    emit(events, "materials_stolen", seat=seat, victim=act.target, materials=named(state, act.take))


def black_market(state: State, seat: int, act: Act, events: list[Event]) -> None:
    """7 Black Market: draw 2 random materials from the bag if you are the first
    this round to carry out a Black Market action, else 1. One that finds the
    bag empty does nothing and is not counted as carried out."""
    first = not state.done_this_round & BLACK_MARKET_DONE
    drawn = draw_from_bag(state, 2 if first else 1)
    if drawn:
        state.done_this_round |= BLACK_MARKET_DONE
    give_materials(state, seat, drawn)
    emit(events, "materials_taken", seat=seat, source="bag", materials=named(state, drawn))


def pesos(state: State, seat: int, act: Act, events: list[Event]) -> None:
    """8 Pesos: take half (rounded up) of the market's pesos."""
    count = (state.market[PESOS] + 1) // 2
    state.market[PESOS] -= count
    state.res[seat * RESOURCE_COUNT + PESOS] += count
    emit(events, "pesos_taken", seat=seat, source="market", count=count)


def mama(state: State, seat: int, act: Act, events: list[Event]) -> None:
    """9 Mama: from the market take half (rounded up) of the colored materials,
    colors of your choice, and half (rounded up) of the gray."""
    gray = (state.market[GRAY] + 1) // 2
    taken = (*act.take, *([GRAY] * gray))
    for material in taken:
        state.market[material] -= 1
    give_materials(state, seat, taken)
    emit(events, "materials_taken", seat=seat, source="market", materials=named(state, taken))


def beggar(state: State, seat: int, act: Act, events: list[Event]) -> None:
    """2024 Mendigo: take 1 peso from the bank."""
    state.res[seat * RESOURCE_COUNT + PESOS] += 1
    emit(events, "pesos_taken", seat=seat, source="bank", count=1)


def recycling(state: State, seat: int, act: Act, events: list[Event]) -> None:
    """2024 Reciclaje: put 1 hand card face down onto your discard pile (nobody else
    sees which), then take 1 card of your discard pile into hand, shown to all. The
    card put down may be taken straight back."""
    if act.put >= 0:
        bit = 1 << act.put
        state.hand[seat] &= ~bit
        state.discard[seat] |= bit
        state.hidden_put[seat] += 1
    if act.target >= 0:
        bit = 1 << act.target
        state.discard[seat] &= ~bit
        state.hand[seat] |= bit
        if state.placed[seat] & bit:
            state.placed[seat] &= ~bit
        else:
            state.hidden_put[seat] -= 1
    emit(events, "card_recycled", seat=seat, taken=act.target, put=act.put >= 0)
    emit(events, "card_recycled", seat, seat=seat, taken=act.target, put=act.put >= 0,
         card=act.put)


def thief(state: State, seat: int, act: Act, events: list[Event]) -> None:
    """2024 Ladrón (card 5): take 2 pesos, 3 if the victim has 6 or more (all it has
    if fewer)."""
    if act.target < 0:
        return
    victim = act.target * RESOURCE_COUNT + PESOS
    stolen = min(state.res[victim], 3 if state.res[victim] >= 6 else 2)
    state.res[victim] -= stolen
    state.res[seat * RESOURCE_COUNT + PESOS] += stolen
    emit(events, "pesos_stolen", seat=seat, victim=act.target, count=stolen)


def smuggling(state: State, seat: int, act: Act, events: list[Event]) -> None:
    """2024 Contrabando: the first this round to carry it out draws 2 random
    materials from the bag or takes 1 of a kind of their choice (the bag's content
    by kind is public); later ones draw 1. One that finds the bag empty does
    nothing and is not counted as carried out."""
    first = not state.done_this_round & SMUGGLING_DONE
    if act.take:
        state.bag[act.take[0]] -= 1
        got = list(act.take)
    else:
        got = draw_from_bag(state, 2 if first else 1)
    if got:
        state.done_this_round |= SMUGGLING_DONE
    give_materials(state, seat, got)
    emit(events, "materials_taken", seat=seat, source="bag", materials=named(state, got))


EFFECTS: dict[str, Effect] = {
    "siesta": no_action, "refreshment": refreshment, "protection": no_action, "debris": debris,
    "conservation": conservation, "tax_collector": tax_collector, "worker": worker,
    "architect": architect, "pesos_thief": pesos_thief, "materials_thief": materials_thief,
    "black_market": black_market, "pesos": pesos, "mama": mama,
    "beggar": beggar, "recycling": recycling, "thief": thief, "fence": materials_thief,
    "smuggling": smuggling,
}
"""Effect key -> effect; every key of `ruleset.CARD_KEYS` is here (a test checks it)."""
