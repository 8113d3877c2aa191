"""The bots' part of each card effect: one `EffectWorth` per effect key the engine
declares (`rules.ruleset.CARD_KEYS`; an effect without one stops the import), so a
new effect's worth is written in one place.

Strategy, by effect (the medium level's; the search's rollouts use it too):
- Market cards (Debris, Pesos, Mama) and thieves are worth what they would take
  now; they are `contested` (a high number finds the market emptied and fewer
  victims after it). Worker and Architect are worth the workers they bring; the
  Architect also what the Architect buildings at the row ends are worth to the seat.
- Protection is worth more the more the seat holds; Refreshment and Recycling the
  cards they bring back; Tax Collector a peso plus the harm to each later player;
  Beggar a peso; Smuggling the better of two random draws or the best kind in the bag.
- Carrying a card out: take what the plan needs (Mama's colors, the thief's victim
  and loot, Smuggling's kind or two random draws), take the best card back with
  Refreshment or Recycling (putting down the least useful), use Conservation only
  to box a building an opponent is closer to than the seat, never its own target.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from ..rules import Act, State
from ..rules.actions import workers_in_bank
from ..rules.materials import COLORED, GRAY, PESOS, WORKERS
from ..rules.ruleset import CARD_KEYS
from .plan import (
    BASE_WORTH,
    Plan,
    end_buildings,
    holdings_worth,
    interest,
    materials_worth,
    unit_worth,
)


class Outlook(NamedTuple):
    """What the cards could bring a seat next round, worked out once for all of them."""

    state: State
    seat: int
    plan: Plan
    steal_pesos: float
    """The Pesos Thief's take from the richest other seat."""
    steal_materials: float
    """The Materials Thief's (or Receptador's) best loot."""
    steal_thief: float
    """The 2024 Ladrón's take from the richest other seat."""
    draw: float
    """One material drawn from the bag."""
    bank: int
    """Workers in the bank."""


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


def draw_worth(state: State, plan: Plan) -> float:
    """Worth of one material drawn at random from the bag."""
    bag_total = sum(state.bag) or 1
    return sum(state.bag[m] * unit_worth(plan, m) for m in range(GRAY + 1)) / bag_total


def outlook(state: State, seat: int, plan: Plan) -> Outlook:
    return Outlook(state, seat, plan, *_steal_worth(state, seat, plan), draw_worth(state, plan),
                   workers_in_bank(state))


def _architect_bonus(state: State, seat: int) -> float:
    """Half the best VP / (1 + distance) among Architect buildings at the ends."""
    buildings = state.rules.buildings
    return 0.5 * max((interest(state, seat, b) for b in end_buildings(state)
                      if buildings[b].architect), default=0.0)


def _mama(o: Outlook) -> float:
    market = o.state.market
    colored = market[0] + market[1] + market[2] + market[3]
    return best_colored(o.plan, market, (colored + 1) // 2) \
        + (market[GRAY] + 1) // 2 * unit_worth(o.plan, GRAY)


def _smuggling(o: Outlook) -> float:
    return max(1.6 * o.draw, max((unit_worth(o.plan, m) for m in range(GRAY + 1)
                                  if o.state.bag[m]), default=0.0))


ActWorth = Callable[[State, int, Plan, Act], float]


def _nothing_to_choose(state: State, seat: int, plan: Plan, act: Act) -> float:
    return 0.0


def _loot(state: State, seat: int, plan: Plan, act: Act) -> float:
    return materials_worth(plan, act.take)


def _smuggled(state: State, seat: int, plan: Plan, act: Act) -> float:
    return materials_worth(plan, act.take) if act.take else 2 * draw_worth(state, plan)


def _pesos_stolen(state: State, seat: int, plan: Plan, act: Act) -> float:
    return 0.0 if act.target < 0 else state.pesos(act.target) // 2 * BASE_WORTH[PESOS]


def _thief_stolen(state: State, seat: int, plan: Plan, act: Act) -> float:
    return 0.0 if act.target < 0 else thief_take(state.pesos(act.target)) * BASE_WORTH[PESOS]


def _recycled(state: State, seat: int, plan: Plan, act: Act) -> float:
    """The card brought back, less half the typical worth of the one put down."""
    keys = state.rules.keys
    if act.target == act.put:
        return 0.0
    taken = WORTHS[keys[act.target]].typical if act.target >= 0 else 0.0
    return taken - (0.5 * WORTHS[keys[act.put]].typical if act.put >= 0 else 0.0)


def _taken_back(state: State, seat: int, plan: Plan, act: Act) -> float:
    return 0.0 if act.target < 0 else 0.1 + WORTHS[state.rules.keys[act.target]].typical


def _boxed(state: State, seat: int, plan: Plan, act: Act) -> float:
    """Box a building an opponent is closer to than the seat, never its target."""
    if act.target < 0:
        return 0.0
    row = state.rows[act.target >> 1]
    building = row[-1] if act.target & 1 else row[0]
    if building == plan.target:
        return -5.0
    rival = max(interest(state, s, building) for s in range(state.players) if s != seat)
    return 0.5 * (rival - interest(state, seat, building)) - 0.3


@dataclass(frozen=True, slots=True)
class EffectWorth:
    """What one card effect is worth to a bot."""

    typical: float
    """Typical worth of playing the card (what putting it down from hand costs)."""
    next_round: Callable[[Outlook], float]
    """Worth of carrying it out next round, before the lateness discount."""
    act: ActWorth = _nothing_to_choose
    """Worth of each way of carrying it out now (its options)."""
    contested: bool = False
    """Worth less when played late in the round."""
    denial: float = 0.0
    """How much the denial strategy wants it face up."""
    thief: bool = False
    """It robs a victim (the denial strategy aims it at the leader)."""


WORTHS: dict[str, EffectWorth] = {
    "siesta": EffectWorth(0.6, lambda o: 0.0),
    "refreshment": EffectWorth(0.5, lambda o: 0.6 if o.state.discard[o.seat] else 0.05,
                               _taken_back),
    "protection": EffectWorth(0.5, lambda o: 0.06 * (o.state.players - 1)
                              * holdings_worth(o.state, o.seat, o.plan)),
    "debris": EffectWorth(1.0, lambda o: o.state.market[GRAY] * unit_worth(o.plan, GRAY),
                          contested=True, denial=0.5),
    "conservation": EffectWorth(0.3, lambda o: 0.3, _boxed),
    "tax_collector": EffectWorth(0.8, lambda o: unit_worth(o.plan, PESOS)
                                 + 0.25 * (o.state.players - 1)),
    "worker": EffectWorth(1.4, lambda o: min(1.6, o.bank) * unit_worth(o.plan, WORKERS)),
    "architect": EffectWorth(1.6, lambda o: min(1, o.bank) * unit_worth(o.plan, WORKERS)
                             + _architect_bonus(o.state, o.seat)),
    "pesos_thief": EffectWorth(0.8, lambda o: o.steal_pesos * 0.8, _pesos_stolen,
                               contested=True, denial=1.5, thief=True),
    "materials_thief": EffectWorth(1.0, lambda o: o.steal_materials * 0.8, _loot,
                                   contested=True, denial=2.5, thief=True),
    "black_market": EffectWorth(1.6, lambda o: 1.6 * o.draw, denial=2.0),
    "pesos": EffectWorth(1.5, lambda o: (o.state.market[PESOS] + 1) // 2
                         * unit_worth(o.plan, PESOS), contested=True),
    "mama": EffectWorth(3.0, _mama, _loot, contested=True, denial=3.0),
    "beggar": EffectWorth(0.5, lambda o: unit_worth(o.plan, PESOS)),
    "recycling": EffectWorth(0.5, lambda o: 0.4 if o.state.discard[o.seat] else 0.1, _recycled),
    "thief": EffectWorth(0.8, lambda o: o.steal_thief * 0.8, _thief_stolen,
                         contested=True, denial=1.5, thief=True),
    "fence": EffectWorth(1.0, lambda o: o.steal_materials * 0.8, _loot,
                         contested=True, denial=2.5, thief=True),
    "smuggling": EffectWorth(1.7, _smuggling, _smuggled, denial=2.0),
}
"""Effect key -> its worth to a bot; every key of `rules.ruleset.CARD_KEYS`."""

_missing = set(CARD_KEYS) - set(WORTHS)
if _missing:
    raise ImportError(f"card effects without a worth for the bots: {sorted(_missing)}")
