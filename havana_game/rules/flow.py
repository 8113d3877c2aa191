"""The round: setup, turn order, phase 2 supply, the phase-3 reveal, game end."""

from __future__ import annotations

from collections.abc import Sequence

from . import rng
from .events import Event, emit
from .materials import (
    COLORED_PER_COLOR,
    GRAY,
    GRAY_TOTAL,
    PESOS,
    RESOURCE_COUNT,
    VP,
    WORKERS,
)
from .ruleset import Ruleset
from .state import ACT, ACTIONS, COVER, OVER, SETUP, State, Termination
from .supply import draw_from_bag, give_materials, named
from .vocabulary import Seat

ROW_LENGTH = 6
SUPPLY_MATERIALS = 3
SUPPLY_PESOS = 3
TAKE_BACK_AT = 2
"""After the phase-3 reveal, a hand of this many cards or fewer takes back the discards."""
MAX_ROUNDS = 60
"""Safety bound: the game ends after phase 1 of this round."""
LOW_VP_AT_ENDS = (1, 2, 3)


def _shuffle(state: State, items: list[int]) -> None:
    for i in range(len(items) - 1, 0, -1):
        state.rng, j = rng.below(state.rng, i + 1)
        items[i], items[j] = items[j], items[i]


def _age_ranks(state: State, ages: Sequence[int | None] | None) -> tuple[int, ...]:
    """Final tie-break: the youngest goes first. Without ages for everyone, a
    random seat order drawn from the game seed."""
    seats = list(range(state.players))
    known = [age for age in ages if age is not None] if ages is not None else []
    if len(known) == state.players:
        seats.sort(key=lambda s: (known[s], s))
    else:
        _shuffle(state, seats)
    ranks = [0] * state.players
    for rank, seat in enumerate(seats):
        ranks[seat] = rank
    return tuple(ranks)


def _lay_out_rows(state: State, deck: list[int]) -> None:
    """Two rows of 6; at least one of the four ends must be worth 1-3 VP, else an
    end card (chosen by the seed) swaps with the first such card of the rest of the
    shuffled deck, the draw pile (a deck whose pile has none falls back on the
    rows' middle cards)."""
    buildings = state.rules.buildings
    shown = min(2 * ROW_LENGTH, len(deck))
    end_slots = sorted({0, ROW_LENGTH - 1, ROW_LENGTH, shown - 1} & set(range(shown)))
    if end_slots and not any(buildings[deck[i]].vp in LOW_VP_AT_ENDS for i in end_slots):
        search = [*range(shown, len(deck)), *range(shown)]
        spare = next((i for i in search
                      if i not in end_slots and buildings[deck[i]].vp in LOW_VP_AT_ENDS), None)
        if spare is not None:
            state.rng, pick = rng.below(state.rng, len(end_slots))
            slot = end_slots[pick]
            deck[slot], deck[spare] = deck[spare], deck[slot]
    state.rows = (tuple(deck[:min(ROW_LENGTH, shown)]), tuple(deck[ROW_LENGTH:shown]))
    state.pile = tuple(deck[shown:])


def new_game(rules: Ruleset, players: int, seed: int,
             ages: Sequence[int | None] | None = None) -> State:
    """Set up a game: shuffled rows, full hands, and the edition's `SetupRule`
    (classic: 1 random material and 1 peso each, a market of 3 materials and 4
    pesos; 2024: 1 gray from the supply and 1 peso each, a market of 3 materials
    and 3 pesos); everyone then chooses two cards at once."""
    if players not in (2, 3, 4):
        raise ValueError("Havana is played by 2 to 4 players")
    if ages is not None and len(ages) != players:
        raise ValueError("give one age per player, or none")
    s = State.__new__(State)
    s.rules, s.players, s.rng, s.version = rules, players, rng.seed_state(seed), 0
    s.round, s.phase, s.step, s.turn, s.acted = 0, SETUP, ACT, 0, 0
    s.order, s.tax_queue, s.done_this_round = tuple(range(players)), (), 0
    s.res = [0] * (RESOURCE_COUNT * players)
    s.market = [0] * (GRAY + 2)
    s.bag = [COLORED_PER_COLOR] * 4 + [GRAY_TOTAL]
    s.box = [0] * (GRAY + 1)
    s.removed, s.built = (), ((),) * players
    full_hand = (1 << len(rules.cards)) - 1
    s.hand, s.discard = [full_hand] * players, [0] * players
    s.placed, s.hidden_taken, s.hidden_put = [0] * players, [0] * players, [0] * players
    s.face_up, s.face_down, s.covered = [(-1, -1)] * players, [()] * players, [-1] * players
    s.winners, s.end_reason, s.cache = (), "", None
    s.age_rank = _age_ranks(s, ages)
    deck = list(range(len(rules.buildings)))
    _shuffle(s, deck)
    _lay_out_rows(s, deck)
    setup = rules.setup
    for seat in range(players):
        s.bag[GRAY] -= setup.gray
        s.res[seat * RESOURCE_COUNT + GRAY] += setup.gray
        give_materials(s, seat, draw_from_bag(s, setup.random_materials))
        s.res[seat * RESOURCE_COUNT + PESOS] = setup.pesos
    for material in draw_from_bag(s, setup.market_materials):
        s.market[material] += 1
    s.market[PESOS] = setup.market_pesos
    return s


def number(state: State, seat: int) -> int:
    """The two face-up cards, low digit first: 7 and 0 make 07, 2 and 8 make 28."""
    low, high = (state.rules.cards[c].number for c in state.face_up[seat])
    return min(low, high) * 10 + max(low, high)


def _order_key(state: State, seat: int) -> tuple[int, ...]:
    """Ascending number; ties: fewer VP, colored, pesos, workers, gray, then younger."""
    r = state.resources(seat)
    return (number(state, seat), r[VP], r[0] + r[1] + r[2] + r[3], r[PESOS], r[WORKERS],
            r[GRAY], state.age_rank[seat])


def _reveal(state: State, events: list[Event]) -> None:
    """Turn the face-down cards up: at setup both chosen cards; in phase 3 the new
    card replaces the covered one, which goes onto the discard pile."""
    cards = state.rules.cards
    revealed = []
    for seat in range(state.players):
        new = state.face_down[seat]
        if state.covered[seat] >= 0:
            covered = state.covered[seat]
            kept = state.face_up[seat][0] if state.face_up[seat][1] == covered else \
                state.face_up[seat][1]
            pair = (kept, new[0])
            if state.placed[seat] >> new[0] & 1:
                # It was seen going onto the discard pile, so it is the card Refreshment
                # took back unseen: now everyone knows which one.
                state.placed[seat] &= ~(1 << new[0])
                state.hidden_taken[seat] -= 1
            state.discard[seat] |= 1 << covered
            state.placed[seat] |= 1 << covered
        else:
            pair = new  # type: ignore[assignment]
        state.face_up[seat] = tuple(sorted(pair, key=lambda c: (cards[c].number, c)))  # type: ignore[assignment]
        state.face_down[seat], state.covered[seat] = (), -1
        revealed.append(list(state.face_up[seat]))
    emit(events, "cards_revealed", face_up=revealed)
    for seat in range(state.players):
        if bin(state.hand[seat]).count("1") <= TAKE_BACK_AT and state.discard[seat]:
            taken = state.discard[seat]
            state.hand[seat] |= taken
            state.discard[seat] = state.placed[seat] = 0
            state.hidden_taken[seat] = state.hidden_put[seat] = 0
            emit(events, "discards_taken_back", seat=seat, count=bin(taken).count("1"))


def start_round(state: State, events: list[Event]) -> None:
    """Reveal the face-down cards, then fix the turn order and begin phase 1."""
    _reveal(state, events)
    state.round += 1
    state.done_this_round = 0
    keys = [_order_key(state, s) for s in range(state.players)]
    state.order = tuple(sorted(range(state.players), key=keys.__getitem__))
    state.phase, state.turn, state.step, state.acted = ACTIONS, 0, ACT, 0
    emit(events, "round_started", round=state.round, order=list(state.order),
         numbers=[key[0] for key in keys])
    emit(events, "turn_started", seat=state.order[0])


def ranking_key(state: State, seat: Seat) -> tuple[int, ...]:
    """Who is ahead when no one reached the target: most VP, then most colored
    materials, pesos, workers and gray (docs/RULES.md "Ranking and ties")."""
    r = state.resources(seat)
    return (r[VP], r[0] + r[1] + r[2] + r[3], r[PESOS], r[WORKERS], r[GRAY])


def final_ranking(state: State) -> list[Seat]:
    """Every seat, best first: the winners, then the others by `ranking_key`
    (seats still tied keep seat order)."""
    return sorted(range(state.players), reverse=True,
                  key=lambda s: (s in state.winners, ranking_key(state, s)))


def finish(state: State, winners: tuple[Seat, ...], reason: Termination,
           events: list[Event]) -> None:
    """The game is over: record why and who won."""
    state.phase, state.winners, state.end_reason = OVER, winners, reason.value
    emit(events, "game_over", winners=list(winners), reason=reason.value,
         vp=[state.vp(s) for s in range(state.players)])


def _exhausted(state: State) -> Termination | None:
    """A fallback ending's condition (docs/RULES.md "Fallback endings"): no building is
    left (both rows and the draw pile are empty), or every material is in the box
    (no player, the bag or the market holds any)."""
    if not state.rows[0] and not state.rows[1] and not state.pile:
        return Termination.NO_BUILDINGS_LEFT
    held = sum(state.res[s * RESOURCE_COUNT + m] for s in range(state.players) for m in range(5))
    if not held and not any(state.bag) and not any(state.market[:GRAY + 1]):
        return Termination.NO_MATERIALS_LEFT
    return None


def _fallback_reason(state: State) -> Termination | None:
    """The engine's own endings, checked after phase 1: the fallback endings
    (classic; 2024 checks them at once, `ended_at_once`) and the round bound."""
    reason = _exhausted(state)
    if reason is None and state.round >= MAX_ROUNDS:
        return Termination.ROUND_LIMIT
    return reason


def _finish_ranked(state: State, reason: Termination, events: list[Event]) -> None:
    """No one reached the target: the best ranked seats win (`ranking_key`)."""
    best = max(ranking_key(state, s) for s in range(state.players))
    finish(state, tuple(s for s in range(state.players) if ranking_key(state, s) == best),
           reason, events)


def ended_at_once(state: State, events: list[Event]) -> bool:
    """Where the edition ends the game at once (2024, `SetupRule.win_at_once`),
    called right after every action and every building: if no building is left or
    every material is in the box, the game ends now, the best ranked winning.
    Classic checks these endings only after phase 1 (`end_turn`)."""
    if not state.rules.setup.win_at_once or state.phase == OVER:
        return False
    reason = _exhausted(state)
    if reason is None:
        return False
    _finish_ranked(state, reason, events)
    return True


def reached_target(state: State, seat: Seat, events: list[Event]) -> bool:
    """A player on turn with the target VP wins (only that player gains VP, so no
    one else can have reached it): the game ends."""
    if state.vp(seat) < state.rules.target_vp(state.players):
        return False
    finish(state, (seat,), Termination.TARGET_REACHED, events)
    return True


def end_turn(state: State, events: list[Event]) -> None:
    """After building: reaching the target VP wins at once; else the next player,
    or after the last one phase 2 (supply) and phase 3."""
    if reached_target(state, state.order[state.turn], events):
        return
    state.turn += 1
    state.step, state.acted, state.tax_queue = ACT, 0, ()
    if state.turn < state.players:
        emit(events, "turn_started", seat=state.order[state.turn])
        return
    reason = _fallback_reason(state)
    if reason is not None:
        _finish_ranked(state, reason, events)
        return
    drawn = draw_from_bag(state, SUPPLY_MATERIALS)
    for material in drawn:
        state.market[material] += 1
    state.market[PESOS] += SUPPLY_PESOS
    emit(events, "market_supplied", materials=named(state, drawn), pesos=SUPPLY_PESOS)
    state.phase, state.turn = COVER, 0
    emit(events, "cover_started", order=list(state.order))


def cover(state: State, seat: int, covered: int, card: int, events: list[Event]) -> None:
    """Phase 3, in turn order: which card is covered is public, the new one secret.
    When all have placed, the new cards are revealed together."""
    state.hand[seat] &= ~(1 << card)
    state.face_down[seat], state.covered[seat] = (card,), covered
    emit(events, "card_covered", seat=seat, covered=covered)
    emit(events, "card_covered", seat, seat=seat, covered=covered, card=card)
    state.turn += 1
    if state.turn == state.players:
        start_round(state, events)


def choose_opening(state: State, seat: int, cards: tuple[int, int], events: list[Event]) -> None:
    """Setup: the two cards are placed face down; when everyone has, all are revealed."""
    state.hand[seat] &= ~((1 << cards[0]) | (1 << cards[1]))
    state.face_down[seat] = cards
    emit(events, "cards_chosen", seat=seat)
    emit(events, "cards_chosen", seat, seat=seat, cards=list(cards))
    if all(state.face_down):
        start_round(state, events)


__all__ = ["final_ranking", "new_game", "number", "ranking_key"]
