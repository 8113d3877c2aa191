"""Building known positions for rule tests: real setup through the public API,
then resources placed by hand where a test needs a particular situation."""

from __future__ import annotations

from collections.abc import Sequence

from havana_game.content import classic_rules
from havana_game.rules import END_TURN, Choose, State, apply, legal_decisions, new_game
from havana_game.rules.state import ACTIONS, BUILD, COVER

CARD = {card.key: index for index, card in enumerate(classic_rules().cards)}
COST_FIELDS = ("red", "yellow", "brown", "blue", "gray", "pesos", "workers", "vp")


def opened(pairs: Sequence[tuple[str, str]], seed: int = 0,
           before_reveal: dict[int, dict[str, int]] | None = None) -> State:
    """A game whose players opened with the given card pairs (by key). Seat 0 is
    the youngest. `before_reveal` sets resources before the turn order is fixed."""
    state = new_game(classic_rules(), len(pairs), seed, ages=[20 + s for s in range(len(pairs))])
    for seat, resources in (before_reveal or {}).items():
        give(state, seat, **resources)
    for seat, (a, b) in enumerate(pairs):
        apply(state, seat, Choose(tuple(sorted((CARD[a], CARD[b])))))  # type: ignore[arg-type]
    return state


def give(state: State, seat: int, **amounts: int) -> None:
    """Set a seat's counters (red=, gray=, pesos=, workers=, vp=, ...)."""
    for name, value in amounts.items():
        state.set_amount(seat, COST_FIELDS.index(name), value)


def holding(state: State, seat: int) -> dict[str, int]:
    counters = state.resources(seat)
    return {name: counters[i] for i, name in enumerate(COST_FIELDS) if counters[i]}


def set_market(state: State, **amounts: int) -> None:
    for name, value in amounts.items():
        state.market[COST_FIELDS.index(name)] = value
    state.cache = None


def clear_resources(state: State) -> None:
    """Empty every player's materials, pesos and workers (VP stay)."""
    for seat in range(state.players):
        give(state, seat, red=0, yellow=0, brown=0, blue=0, gray=0, pesos=0, workers=0)


def act(state: State, key: str, target: int = -1, take: Sequence[str] = ()) -> list:
    """The active seat carries out its face-up card `key`."""
    from havana_game.rules import Act
    from havana_game.rules.materials import MATERIAL_NAMES

    materials = tuple(sorted(MATERIAL_NAMES.index(m) for m in take))
    return apply(state, state.active, Act(CARD[key], target, materials))


def end_turn(state: State) -> None:
    """End the active seat's turn if it is still in its building step."""
    if state.phase == ACTIONS and state.step == BUILD:
        apply(state, state.active, END_TURN)


def round_1_cover(cleared: bool = False) -> State:
    """Round 1's phase 3, seat 0 (Siesta and Worker face up) to cover first; every
    seat played its first legal decisions in phase 1 (with `cleared`: holding
    nothing from the start)."""
    state = opened([("siesta", "worker"), ("pesos", "mama")])
    if cleared:
        clear_resources(state)
    while state.phase == ACTIONS:
        apply(state, state.active, legal_decisions(state, state.active)[0])
    assert state.phase == COVER and state.active == 0
    return state
