"""What a view shows at each moment (RULES.md "Information", PROTOCOL.md "The view"):
the exact public fields a client draws from."""

from __future__ import annotations

import pytest

from havana_game.content import classic_rules
from havana_game.rules import new_game, spectator_view, view_for
from havana_game.rules.state import (
    BLACK_MARKET_DONE,
    CONSERVED,
    OVER,
    SMUGGLING_DONE,
    WORKER_DONE,
)

from .positions import CARD, opened

RULES = classic_rules()


def test_before_the_reveal_nobody_has_an_order_a_turn_or_face_up_cards():
    view = view_for(new_game(RULES, 3, seed=4), 1)
    assert (view["round"], view["phase"], view["step"]) == (0, "setup", None)
    assert (view["order"], view["active"], view["to_decide"]) == ([], None, [0, 1, 2])
    assert (view["ranking"], view["winners"], view["end_reason"]) == ([], [], None)
    for seat in view["seats"]:
        assert (seat["face_up"], seat["number"], seat["protected"]) == ([], None, False)
        assert (seat["has_face_down"], seat["covered"], seat["hand_size"]) == (False, None, 13)


def test_in_phase_1_the_view_names_the_step_the_active_seat_and_the_numbers():
    state = opened([("siesta", "protection"), ("pesos", "mama"), ("worker", "mama")])
    view = spectator_view(state)
    assert (view["round"], view["phase"], view["step"]) == (1, "actions", "act")
    assert (view["order"], view["turn"], view["active"], view["to_decide"]) == (
        [0, 2, 1], 0, 0, [0])  # numbers 02, 89, 49: lowest first
    assert view["acted"] == [False, False]
    assert [s["face_up"] for s in view["seats"]] == [
        [CARD["siesta"], CARD["protection"]], [CARD["pesos"], CARD["mama"]],
        [CARD["worker"], CARD["mama"]]]
    assert [s["number"] for s in view["seats"]] == [2, 89, 49]
    assert [s["protected"] for s in view["seats"]] == [True, False, False]
    assert view["ranking"] == [] and "hand" not in view and view["you"] is None


@pytest.mark.parametrize(("acted", "shown"), [(0, [False, False]), (1, [True, False]),
                                              (2, [False, True]), (3, [True, True])])
def test_acted_shows_which_face_up_card_was_carried_out(acted, shown):
    state = opened([("siesta", "protection"), ("pesos", "mama")])
    state.acted = acted
    assert view_for(state, 0)["acted"] == shown


FLAGS = {"worker_first_done": WORKER_DONE, "black_market_first_done": BLACK_MARKET_DONE,
         "smuggling_first_done": SMUGGLING_DONE, "conserved": CONSERVED}


@pytest.mark.parametrize("flag", FLAGS)
def test_each_once_per_round_flag_is_shown_on_its_own(flag):
    state = opened([("siesta", "protection"), ("pesos", "mama")])
    state.done_this_round = FLAGS[flag]
    view = view_for(state, 1)
    assert {name: view[name] for name in FLAGS} == {name: name == flag for name in FLAGS}


def test_at_the_end_the_view_ranks_the_seats():
    state = opened([("siesta", "protection"), ("pesos", "mama"), ("worker", "mama")])
    state.phase, state.end_reason, state.winners = OVER, "round_limit", (2,)
    for seat, vp in enumerate((4, 1, 9)):
        state.res[seat * 8 + 7] = vp
    view = spectator_view(state)
    assert (view["phase"], view["step"], view["active"], view["to_decide"]) == (
        "over", None, None, [])
    assert (view["winners"], view["ranking"], view["end_reason"]) == (
        [2], [2, 0, 1], "round_limit")
