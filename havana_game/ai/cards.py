"""Medium strategy for the card choices (setup pair, phase-3 cover): what each
action card is worth next round, and which pair to show.

Strategy:
- Market cards (Debris, Pesos, Mama) and thieves are worth what they would take
  now, discounted when the pair's number is high (later players find the market
  emptied and fewer victims after them). A low card (Siesta 0) makes Mama 9 an 09.
- Worker and Architect are worth the workers they bring; the Architect also what
  the Architect buildings at the row ends are worth to the seat.
- Protection is worth more the more the seat holds; Refreshment and Recycling the
  cards they bring back; Tax Collector a peso plus the harm to each later player;
  Beggar a peso; Smuggling the better of two random draws or the best kind in the bag.
- A card put down leaves the hand until the discards come back, so a new card
  costs part of its typical worth (`TYPICAL`): strong cards wait for a rich market.
"""

from __future__ import annotations

from ..rules import State
from ..rules.actions import workers_in_bank
from ..rules.materials import COLORED, GRAY, PESOS, WORKERS
from .plan import Plan, end_buildings, holdings_worth, interest, unit_worth

TYPICAL = {
    "siesta": 0.6, "refreshment": 0.5, "protection": 0.5, "debris": 1.0, "conservation": 0.3,
    "tax_collector": 0.8, "worker": 1.4, "architect": 1.6, "pesos_thief": 0.8,
    "materials_thief": 1.0, "black_market": 1.6, "pesos": 1.5, "mama": 3.0,
    "beggar": 0.5, "recycling": 0.5, "thief": 0.8, "fence": 1.0, "smuggling": 1.7,
}
"""Typical worth of playing each card, by effect key."""
KEEP_WEIGHT = 0.45
"""Share of a card's typical worth lost by putting it down now."""
CONTESTED = frozenset({"debris", "pesos", "mama", "pesos_thief", "materials_thief", "thief",
                       "fence"})
"""Cards worth less when played late in the round."""


def best_colored(plan: Plan, counts: list[int], k: int) -> float:
    """Worth of the best `k` colored units out of `counts` (colors chosen greedily)."""
    left = [counts[c] for c in COLORED]
    taken = [0, 0, 0, 0]
    total = 0.0
    for _ in range(k):
        options = [(unit_worth(plan, c, taken[c]), c) for c in COLORED if left[c]]
        if not options:
            break
        worth, color = max(options)
        total += worth
        left[color] -= 1
        taken[color] += 1
    return total


def thief_take(pesos: int) -> int:
    """What the 2024 Ladrón takes from a player with `pesos`: 2, 3 from 6 or more."""
    return min(pesos, 3 if pesos >= 6 else 2)


def _steal_worth(state: State, seat: int, plan: Plan) -> tuple[float, float, float]:
    """(Pesos Thief, Materials Thief or Receptador, Ladrón) worth against the richest
    other seat."""
    best_pesos = best_materials = best_thief = 0.0
    for victim in range(state.players):
        if victim == seat:
            continue
        held = state.resources(victim)
        best_pesos = max(best_pesos, held[PESOS] // 2 * unit_worth(plan, PESOS))
        best_thief = max(best_thief, thief_take(held[PESOS]) * unit_worth(plan, PESOS))
        count = 2 if held[0] + held[1] + held[2] + held[3] > 3 else 1
        worth = best_colored(plan, held, count)
        if count == 1 and held[GRAY]:
            worth = max(worth, unit_worth(plan, GRAY))
        best_materials = max(best_materials, worth)
    return best_pesos, best_materials, best_thief


def _architect_bonus(state: State, seat: int) -> float:
    """Half the best VP / (1 + distance) among Architect buildings at the ends."""
    buildings = state.rules.buildings
    return 0.5 * max((interest(state, seat, b) for b in end_buildings(state)
                      if buildings[b].architect), default=0.0)


def draw_worth(state: State, plan: Plan) -> float:
    """Worth of one material drawn at random from the bag."""
    bag_total = sum(state.bag) or 1
    return sum(state.bag[m] * unit_worth(plan, m) for m in range(GRAY + 1)) / bag_total


def card_worths(state: State, seat: int, plan: Plan) -> list[float]:
    """Worth of carrying out each card next round, before the lateness discount."""
    market = state.market
    steal_pesos, steal_materials, steal_thief = _steal_worth(state, seat, plan)
    draw = draw_worth(state, plan)
    bank = workers_in_bank(state)
    colored = market[0] + market[1] + market[2] + market[3]
    worth = {
        "siesta": 0.0,
        "refreshment": 0.6 if state.discard[seat] else 0.05,
        "protection": 0.06 * (state.players - 1) * holdings_worth(state, seat, plan),
        "debris": market[GRAY] * unit_worth(plan, GRAY),
        "conservation": 0.3,
        "tax_collector": unit_worth(plan, PESOS) + 0.25 * (state.players - 1),
        "worker": min(1.6, bank) * unit_worth(plan, WORKERS),
        "architect": min(1, bank) * unit_worth(plan, WORKERS) + _architect_bonus(state, seat),
        "pesos_thief": steal_pesos * 0.8,
        "materials_thief": steal_materials * 0.8,
        "black_market": 1.6 * draw,
        "pesos": (market[PESOS] + 1) // 2 * unit_worth(plan, PESOS),
        "mama": best_colored(plan, market, (colored + 1) // 2)
        + (market[GRAY] + 1) // 2 * unit_worth(plan, GRAY),
        "beggar": unit_worth(plan, PESOS),
        "recycling": 0.4 if state.discard[seat] else 0.1,
        "thief": steal_thief * 0.8,
        "fence": steal_materials * 0.8,
        "smuggling": max(1.6 * draw, max((unit_worth(plan, m) for m in range(GRAY + 1)
                                          if state.bag[m]), default=0.0)),
    }
    return [worth[key] for key in state.rules.keys]


def lateness(players: int, number: int) -> float:
    """Discount for contested cards: a high number acts late in the round."""
    per_point = 0.004 if players == 2 else 0.0065
    return max(0.3, 1.0 - number * per_point)


def pair_worth(state: State, worths: list[float], cards: tuple[int, int],
               new: tuple[int, ...]) -> float:
    """Worth of showing `cards` next round, `new` being the ones put down from hand."""
    defs = state.rules.cards
    keys = state.rules.keys
    a, b = defs[cards[0]].number, defs[cards[1]].number
    late = lateness(state.players, min(a, b) * 10 + max(a, b))
    total = 0.0
    for card in cards:
        total += worths[card] * (late if keys[card] in CONTESTED else 1.0)
    for card in new:
        total -= KEEP_WEIGHT * TYPICAL[keys[card]]
    return total
