"""The decision machine: who decides, what they may decide, and applying it.

`legal_decisions` (in `legal`) is the one definition of legality; `apply`
accepts exactly the decisions it lists and leaves the state untouched otherwise.
A step with a single possible decision (a Siesta to carry out, a turn with
nothing to build) is carried out at once, so a seat is only asked real questions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import EFFECTS
from .decisions import Act, Build, Choose, Cover, Decision, EndTurn, Tax
from .errors import IllegalDecision
from .events import Event, emit
from .flow import choose_opening, cover, end_turn, ended_at_once, reached_target
from .legal import building_at, legal_decisions
from .materials import GRAY, RESOURCE_COUNT, VP, WORKER_TAKE, WORKERS
from .state import ACT, ACTIONS, BUILD, COVER, OVER, SETUP, TAX, State
from .supply import refill_row, remove_end

_EXPECTED: dict[tuple[int, int], tuple[type, ...]] = {
    (SETUP, ACT): (Choose,), (ACTIONS, ACT): (Act,), (ACTIONS, TAX): (Tax,),
    (ACTIONS, BUILD): (Build, EndTurn), (COVER, ACT): (Cover,),
}


def decision_kinds(state: State) -> tuple[type, ...]:
    """The decision types the rules expect now."""
    return _EXPECTED.get((state.phase, state.step), ())


def _reject(state: State, seat: int, decision: Decision) -> IllegalDecision:
    """Explain why a decision is not among the legal ones (reason codes are stable)."""
    if not 0 <= seat < state.players:
        return IllegalDecision("no_such_seat", f"seat {seat} is not at this table")
    if state.phase == OVER:
        return IllegalDecision("game_over", "the game has ended")
    if seat not in state.deciders():
        if state.phase == SETUP:
            return IllegalDecision("already_decided", "this seat has already chosen its cards")
        return IllegalDecision("not_your_turn", f"it is seat {state.active}'s turn")
    if type(decision) not in decision_kinds(state):
        return IllegalDecision("wrong_kind", "that kind of decision is not asked for now")
    if isinstance(decision, Choose | Cover):
        cards = decision.cards if isinstance(decision, Choose) else (decision.card,)
        if any(not 0 <= c < len(state.rules.cards) or not state.hand[seat] >> c & 1
               for c in cards):
            return IllegalDecision("card_not_in_hand", "that card is not in your hand")
        if isinstance(decision, Cover) and decision.covered not in state.face_up[seat]:
            return IllegalDecision("not_face_up", "only one of your face-up cards can be covered")
        if isinstance(decision, Choose) and decision.cards[0] > decision.cards[1]:
            return IllegalDecision("malformed", "list the two cards in increasing order")
        return IllegalDecision("same_card", "choose two different cards")
    if isinstance(decision, Act):
        if decision.card not in state.face_up[seat]:
            return IllegalDecision("not_face_up", "that card is not one of your face-up cards")
        slot = state.face_up[seat].index(decision.card)
        if state.acted >> slot & 1:
            return IllegalDecision("already_acted", "that card's action was carried out")
        return IllegalDecision("bad_target", "that target or choice is not allowed")
    if isinstance(decision, Build):
        if decision.end not in range(4) or not state.rows[decision.end >> 1]:
            return IllegalDecision("not_an_end", "build only from the ends of the two rows")
        building = state.rules.buildings[building_at(state, decision.end)]
        if building.architect and state.rules.architect not in state.face_up[seat]:
            return IllegalDecision("architect_required", "this building needs the Architect")
        if not any(isinstance(d, Build) and d.end == decision.end
                   for d in legal_decisions(state, seat)):
            return IllegalDecision("cannot_afford", "you cannot pay for this building")
        return IllegalDecision("wrong_payment", "the payment does not match the cost exactly")
    return IllegalDecision("bad_target", "that choice is not allowed")


def _normalize(state: State, decision: Build) -> Build:
    """A one-card row has one end: its right end is its left end."""
    if decision.end & 1 and decision.end in range(4) \
            and len(state.rows[decision.end >> 1]) == 1:
        return Build(decision.end - 1, decision.payment)
    return decision


def _build(state: State, seat: int, build: Build, events: list[Event]) -> None:
    """Pay exactly (materials to the box, pesos and workers to the bank); the card
    is the builder's for good. A row left with 2 cards is refilled. Where the
    edition ends the game at once (2024), reaching the target ends it here, and so
    does leaving no building or no material outside the box (`ended_at_once`)."""
    base = seat * RESOURCE_COUNT
    for i, amount in enumerate(build.payment):
        state.res[base + i] -= amount
        if i <= GRAY:
            state.box[i] += amount
    building = remove_end(state, build.end)
    state.res[base + VP] += state.rules.buildings[building].vp
    built = list(state.built)
    built[seat] = (*built[seat], building)
    state.built = tuple(built)
    emit(events, "building_built", seat=seat, building=state.rules.buildings[building].id,
         row=build.end >> 1, side=build.end & 1, payment=list(build.payment))
    refill_row(state, build.end >> 1, events)
    if state.rules.setup.win_at_once and not reached_target(state, seat, events):
        ended_at_once(state, events)


def _tax(state: State, seat: int, tax: Tax, events: list[Event]) -> None:
    """Workers go back to the bank, materials to the box."""
    index = tax.victim * RESOURCE_COUNT + (WORKERS if tax.take == WORKER_TAKE else tax.take)
    state.res[index] -= 1
    if tax.take != WORKER_TAKE:
        state.box[tax.take] += 1
    emit(events, "taxed", seat=seat, victim=tax.victim,
         take=state.rules.names.tax_takes[tax.take])
    state.tax_queue = state.tax_queue[1:]
    if not state.tax_queue:
        state.step = BUILD if state.acted == 3 else ACT


def _act(state: State, seat: int, act: Act, events: list[Event]) -> None:
    """Carry out a face-up card's effect; where the edition ends the game at once
    (2024), an action that leaves no building or no material outside the box ends
    it (`ended_at_once`)."""
    slot = state.face_up[seat].index(act.card)
    state.acted |= 1 << slot
    emit(events, "action", seat=seat, card=act.card)
    EFFECTS[state.rules.keys[act.card]](state, seat, act, events)
    if ended_at_once(state, events):
        return
    if state.step == ACT and state.acted == 3:
        state.step = BUILD


def _end_turn(state: State, seat: int, decision: EndTurn, events: list[Event]) -> None:
    end_turn(state, events)


def _cover(state: State, seat: int, decision: Cover, events: list[Event]) -> None:
    cover(state, seat, decision.covered, decision.card, events)


def _choose(state: State, seat: int, decision: Choose, events: list[Event]) -> None:
    choose_opening(state, seat, decision.cards, events)


_PERFORM: dict[type, Callable[[State, int, Any, list[Event]], None]] = {
    Act: _act, Build: _build, EndTurn: _end_turn, Tax: _tax, Cover: _cover, Choose: _choose,
}


def _perform(state: State, seat: int, decision: Decision, events: list[Event]) -> None:
    state.cache = None
    _PERFORM[type(decision)](state, seat, decision, events)


def _play_forced(state: State, events: list[Event]) -> None:
    """Carry out every step that has exactly one legal decision, each announced
    by a `forced` event (`end_turn`: the turn ends for want of anything to build)."""
    while state.phase == ACTIONS or state.phase == COVER:
        seat = state.order[state.turn]
        options = legal_decisions(state, seat)
        if len(options) != 1:
            return
        emit(events, "forced", seat=seat, end_turn=type(options[0]) is EndTurn)
        _perform(state, seat, options[0], events)


def _listed(decision: Decision, legal: tuple[Decision, ...]) -> bool:
    """`decision in legal`, looking for the very object first: a decision taken
    from the list (a bot's, a random game's) skips comparing it with the others."""
    for option in legal:
        if option is decision:
            return True
    return decision in legal


def apply(state: State, seat: int, decision: Decision) -> list[Event]:
    """Apply `seat`'s decision and return the events it caused.

    Raises `IllegalDecision` (state unchanged) unless the decision is one of
    `legal_decisions(state, seat)`.
    """
    if type(decision) is Build:
        decision = _normalize(state, decision)
    if type(decision) not in _EXPECTED.get((state.phase, state.step), ()) \
            or not 0 <= seat < state.players or not _listed(decision, legal_decisions(state, seat)):
        raise _reject(state, seat, decision)
    events: list[Event] = []
    _perform(state, seat, decision, events)
    state.version += 1
    _play_forced(state, events)
    return events


__all__ = ["apply", "decision_kinds", "legal_decisions"]
