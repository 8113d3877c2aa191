"""What a seat's view says about the full state (inference.py), which the AI's
determinizer builds on: `public_state` holds every public field of the real
state and the seat's own secrets, nothing else; `secret_cards` says exactly
which of another seat's cards are secret, and how many are face down, put down
unseen (Recycling) or taken back unseen (Refreshment); `unseen_buildings` is
the draw pile. A view that does not fit is refused with `ViewMismatch`."""

from __future__ import annotations

import random

import pytest

from havana_game.content import EDITIONS, classic_rules, find_edition
from havana_game.rules import Choose, Cover, apply, legal_decisions, new_game, view_for
from havana_game.rules.inference import (
    SecretCards,
    ViewMismatch,
    card_mask,
    public_state,
    secret_cards,
    unseen_buildings,
)
from havana_game.rules.state import (
    ACT,
    ACTIONS,
    BLACK_MARKET_DONE,
    CONSERVED,
    OVER,
    SETUP,
    SMUGGLING_DONE,
    TAX,
    WORKER_DONE,
)

from .positions import CARD, opened, round_1_cover

RULES = classic_rules()
ALL_CARDS = list(range(len(RULES.cards)))
PUBLIC = ("players", "version", "round", "phase", "turn", "acted", "tax_queue",
          "done_this_round", "res", "market", "box", "bag", "rows", "removed", "built",
          "placed", "hidden_taken", "hidden_put", "face_up", "covered", "age_rank",
          "winners", "end_reason")
"""The public fields a view gives as they are in the state."""


def assert_rebuilt(real, seat):
    """`public_state` of `seat`'s view (None: a spectator's) against the real state."""
    rebuilt = public_state(view_for(real, seat), real.rules)
    for name in PUBLIC:
        assert getattr(rebuilt, name) == getattr(real, name), name
    assert rebuilt.rules is real.rules
    assert rebuilt.step == (real.step if real.phase == ACTIONS else ACT)
    assert rebuilt.order == (real.order if real.round else tuple(range(real.players)))
    assert (rebuilt.rng, rebuilt.pile, rebuilt.cache) == (0, (), None)
    for other in range(real.players):
        if other == seat:
            assert rebuilt.hand[other] == real.hand[other]
            assert rebuilt.face_down[other] == real.face_down[other]
            assert rebuilt.discard[other] == real.discard[other]
        else:  # only what everyone saw go onto the discard pile; hands are unknown
            assert rebuilt.hand[other] == 0 and rebuilt.face_down[other] == ()
            assert rebuilt.discard[other] == real.placed[other]
    assert sorted(unseen_buildings(rebuilt, len(real.pile))) == sorted(real.pile)
    return rebuilt


def played(rules, players, seed):
    """Every state along a game of random legal decisions."""
    state = new_game(rules, players, seed)
    chooser = random.Random(seed)
    while True:
        yield state
        if not state.deciders():
            return
        seat = state.deciders()[0]
        apply(state, seat, chooser.choice(legal_decisions(state, seat)))


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_view_along_whole_games_gives_back_the_public_state(edition):
    rules = find_edition(edition)
    seen = {"tax": 0, "cover": 0, "setup": 0, "over": 0, "taken": 0, "put": 0, "removed": 0,
            "done": 0}
    for players, seed in [(2, 1), (3, 2), (4, 3), (3, 4)]:
        for number, state in enumerate(played(rules, players, seed)):
            if number % 3 and state.phase != OVER:
                continue
            for seat in (*range(players), None):
                assert_rebuilt(state, seat)
            seen["tax"] += bool(state.tax_queue)
            seen["cover"] += any(c >= 0 for c in state.covered)
            seen["setup"] += state.phase == SETUP and any(state.face_down)
            seen["over"] += state.phase == OVER
            seen["taken"] += any(state.hidden_taken)
            seen["put"] += any(state.hidden_put)
            seen["removed"] += bool(state.removed)
            seen["done"] += state.done_this_round not in (0, WORKER_DONE)
    # The Tax Collector and Refreshment are classic's, Recycling the 2024 edition's.
    only = {"tax": "classic", "taken": "classic", "put": "edition2024"}
    assert all(bool(count) == (only.get(key, edition) == edition)
               for key, count in seen.items()), seen


@pytest.mark.parametrize("bit", [WORKER_DONE, BLACK_MARKET_DONE, CONSERVED, SMUGGLING_DONE])
def test_each_first_of_the_round_flag_is_read_back(bit):
    state = opened([("siesta", "worker"), ("pesos", "mama")])
    state.done_this_round = bit
    assert public_state(view_for(state, 1), RULES).done_this_round == bit
    state.done_this_round = WORKER_DONE | BLACK_MARKET_DONE | CONSERVED | SMUGGLING_DONE
    assert public_state(view_for(state, 1), RULES).done_this_round == 15


@pytest.mark.parametrize("acted", [0, 1, 2, 3])
def test_the_actions_carried_out_are_read_back(acted):
    state = opened([("siesta", "worker"), ("pesos", "mama")])
    state.acted = acted
    assert public_state(view_for(state, 0), RULES).acted == acted


def test_the_tax_step_and_its_queue_are_read_back():
    state = opened([("siesta", "tax_collector"), ("worker", "pesos"), ("architect", "mama")])
    state.step, state.tax_queue = TAX, (2, 1)
    rebuilt = assert_rebuilt(state, 1)
    assert rebuilt.step == TAX and rebuilt.tax_queue == (2, 1)


def test_an_empty_color_in_the_bag_is_read_back_as_empty():
    state = opened([("siesta", "worker"), ("pesos", "mama")])
    state.box[0] += state.bag[0]
    state.bag[0] = 0
    rebuilt = assert_rebuilt(state, 0)
    assert rebuilt.bag[0] == 0 and rebuilt.bag == state.bag


def test_the_seats_own_cards_are_filled_in_and_nobody_elses():
    state = new_game(RULES, 3, seed=9)
    apply(state, 1, Choose((CARD["siesta"], CARD["mama"])))
    rebuilt = assert_rebuilt(state, 1)
    assert rebuilt.face_down == [(), (CARD["siesta"], CARD["mama"]), ()]
    assert rebuilt.hand == [0, card_mask(ALL_CARDS) & ~card_mask([0, CARD["mama"]]), 0]
    assert rebuilt.face_up == [(-1, -1)] * 3 and rebuilt.order == (0, 1, 2)
    spectator = assert_rebuilt(state, None)
    assert spectator.hand == [0, 0, 0] and spectator.face_down == [(), (), ()]


def test_a_finished_game_is_read_back_with_its_winners_and_reason():
    state = opened([("siesta", "protection"), ("pesos", "mama")])
    state.removed = (*state.rows[0], *state.rows[1], *state.pile)  # all boxed
    state.rows, state.pile = ((), ()), ()
    while state.phase != OVER:
        apply(state, state.active, legal_decisions(state, state.active)[0])
    rebuilt = assert_rebuilt(state, 0)
    assert rebuilt.phase == OVER and rebuilt.end_reason == "no_buildings_left"
    assert rebuilt.winners == state.winners != ()
    assert public_state(view_for(opened([("siesta", "worker")] * 2), 0), RULES).end_reason == ""


def test_card_masks():
    assert card_mask([]) == 0
    assert card_mask([0]) == 1
    assert card_mask([0, 3, 12]) == 0b1_0000_0000_1001


def test_the_viewers_own_cards_hold_no_secret():
    state = new_game(RULES, 2, seed=9)
    apply(state, 0, Choose((0, 1)))
    assert secret_cards(view_for(state, 0), 0, RULES) == SecretCards([], 0, 0, 0)


def test_at_setup_every_card_is_secret_and_a_chosen_pair_is_two_face_down():
    state = new_game(RULES, 3, seed=9)
    apply(state, 1, Choose((CARD["siesta"], CARD["mama"])))
    view = view_for(state, 0)
    assert secret_cards(view, 1, RULES) == SecretCards(ALL_CARDS, 2, 0, 0)
    assert secret_cards(view, 2, RULES) == SecretCards(ALL_CARDS, 0, 0, 0)


def test_in_phase_3_a_placed_card_is_one_face_down_and_face_up_cards_are_known():
    state = round_1_cover()
    apply(state, 0, Cover(CARD["siesta"], CARD["refreshment"]))
    view = view_for(state, 1)
    others = [c for c in ALL_CARDS if c not in (CARD["siesta"], CARD["worker"])]
    assert secret_cards(view, 0, RULES) == SecretCards(others, 1, 0, 0)
    assert assert_rebuilt(state, 1).covered == [CARD["siesta"], -1]


def test_seen_discards_are_known_and_refreshment_take_backs_are_counted():
    state = round_1_cover()
    apply(state, 0, Cover(CARD["siesta"], CARD["refreshment"]))
    apply(state, 1, Cover(CARD["mama"], CARD["debris"]))
    # Seat 0 took Siesta back with Refreshment: nobody else saw which card.
    state.discard[0] &= ~card_mask([CARD["siesta"]])
    state.hand[0] |= card_mask([CARD["siesta"]])
    state.hidden_taken[0] = 1
    view = view_for(state, 1)
    shown = {CARD["refreshment"], CARD["worker"], CARD["siesta"]}
    assert secret_cards(view, 0, RULES) == SecretCards(
        [c for c in ALL_CARDS if c not in shown], 0, 1, 0)
    rebuilt = assert_rebuilt(state, 1)
    assert rebuilt.discard[0] == card_mask([CARD["siesta"]]) and rebuilt.hidden_taken[0] == 1


def test_cards_recycling_put_down_unseen_stay_secret_and_are_counted():
    rules = find_edition("edition2024")
    state = new_game(rules, 2, seed=4)
    apply(state, 0, Choose((0, 1)))
    apply(state, 1, Choose((2, 3)))
    state.hand[0] &= ~card_mask([5])  # put down face down: nobody saw which
    state.discard[0] |= card_mask([5])
    state.hidden_put[0] = 1
    view = view_for(state, 1)
    assert secret_cards(view, 0, rules) == SecretCards(list(range(2, len(rules.cards))), 0, 0, 1)
    rebuilt = assert_rebuilt(state, 1)
    assert rebuilt.hidden_put == [1, 0] and rebuilt.discard[0] == 0


def test_card_counts_that_do_not_add_up_are_refused():
    state = round_1_cover()
    view = view_for(state, 1)
    others = [c for c in ALL_CARDS if c not in (CARD["siesta"], CARD["worker"])]
    assert secret_cards(view, 0, RULES) == SecretCards(others, 0, 0, 0)
    for field, change in [("hand_size", 1), ("discard_unseen_put", 1),
                          ("discard_unseen_taken", 1), ("has_face_down", True)]:
        broken = view_for(state, 1)
        seat = broken["seats"][0]
        seat[field] = change if isinstance(change, bool) else seat[field] + change
        with pytest.raises(ViewMismatch, match="^seat 0's card counts do not add up$"):
            secret_cards(broken, 0, RULES)


def test_a_view_of_another_deck_is_refused():
    view = view_for(new_game(RULES, 2, seed=1), 0)
    with pytest.raises(ViewMismatch, match="^the view was made with another card set or deck$"):
        public_state(view, find_edition("edition2024"))


@pytest.mark.parametrize("where", ["bag_size", "market", "box", "seat"])
def test_material_counts_that_do_not_add_up_are_refused(where):
    view = view_for(opened([("siesta", "worker"), ("pesos", "mama")]), 0)
    if where == "bag_size":
        view["bag_size"] += 1
    elif where == "market":
        view["market"]["red"] = 11
    elif where == "box":
        view["box"]["gray"] = 41
    else:
        view["seats"][1]["materials"]["blue"] += 1
    with pytest.raises(ViewMismatch, match="^material counts in view do not add up$"):
        public_state(view, RULES)


@pytest.mark.parametrize("where", ["rows", "removed", "built"])
def test_a_building_the_deck_does_not_have_is_refused(where):
    view = view_for(opened([("siesta", "worker"), ("pesos", "mama")]), 0)
    if where == "rows":
        view["rows"][1][0] = "x99"
    elif where == "removed":
        view["removed"] = ["x99"]
    else:
        view["seats"][1]["built"] = ["x99"]
    with pytest.raises(ViewMismatch, match="^the view names a building the deck does not have$"):
        public_state(view, RULES)


def test_the_draw_pile_is_every_building_not_in_view_and_its_size_must_match():
    state = opened([("siesta", "worker"), ("pesos", "mama")])
    state.removed = (state.pile[0],)
    state.built = ((state.pile[1],), (state.pile[2],))
    state.pile = state.pile[3:]
    rebuilt = assert_rebuilt(state, 0)
    assert sorted(unseen_buildings(rebuilt, len(state.pile))) == sorted(state.pile)
    with pytest.raises(ViewMismatch, match="^the buildings in view do not match the deck$"):
        unseen_buildings(rebuilt, len(state.pile) + 1)
