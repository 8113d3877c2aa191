"""The 2024 edition (docs/RULES.md "The 2024 edition"): each
card's behaviour, the setup, the immediate win, and the edition's words in views."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from havana_game.content import find_edition
from havana_game.rules import (
    MAX_ROUNDS,
    Act,
    Build,
    Choose,
    State,
    apply,
    legal_decisions,
    new_game,
    view_for,
)
from havana_game.rules.materials import BLUE, BROWN, GRAY, PESOS, RED, VP, WORKERS, YELLOW
from havana_game.rules.state import ACTIONS, BUILD, OVER

RULES = find_edition("edition2024")
CARD = {card.key: index for index, card in enumerate(RULES.cards)}
GREEN, WHITE = BROWN, BLUE  # the 2024 colors occupy the classic slots 2 and 3


def opened(pairs: Sequence[tuple[str, str]], seed: int = 0) -> State:
    """Seats open with these card pairs (by effect key); seat 0 is the youngest.
    Everyone's resources are emptied before the reveal, so seat order follows the
    numbers alone."""
    state = new_game(RULES, len(pairs), seed, ages=[20 + s for s in range(len(pairs))])
    for seat in range(state.players):
        for resource in range(VP + 1):
            state.set_amount(seat, resource, 0)
    for seat, (a, b) in enumerate(pairs):
        low, high = sorted((CARD[a], CARD[b]))
        apply(state, seat, Choose((low, high)))
    return state


def act(state: State, key: str, target: int = -1, take: tuple[int, ...] = (),
        put: int = -1) -> list:
    return apply(state, state.active, Act(CARD[key], target, take, put))


def card_options(state: State, key: str) -> list[Act]:
    return [d for d in legal_decisions(state, state.active)
            if isinstance(d, Act) and d.card == CARD[key]]


def test_the_edition_has_13_cards_and_34_buildings_in_its_colors():
    assert len(RULES.cards) == 13 and len(RULES.buildings) == 34
    assert RULES.names.materials == ("red", "yellow", "green", "white", "gray")
    assert [c.number for c in RULES.cards] == [0, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9]
    assert RULES.name == "edition2024" and RULES.protection == CARD["protection"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_gives_a_peso_and_a_gray_each_and_a_market_of_3_pesos(players):
    state = new_game(RULES, players, seed=5)
    for seat in range(players):
        assert state.resources(seat) == [0, 0, 0, 0, 1, 1, 0, 0]
    assert sum(state.market[:GRAY + 1]) == 3 and state.market[PESOS] == 3
    # The gray came from the supply before the bag was filled, 3 went to the market.
    assert sum(state.bag) == 80 - players - 3
    view = view_for(state, 0)
    assert set(view["market"]) == {"red", "yellow", "green", "white", "gray", "pesos"}
    assert sum(view["bag_content"].values()) == view["bag_size"]


def test_mendigo_takes_one_peso_from_the_bank():
    state = opened([("beggar", "siesta"), ("mama", "pesos")])
    market = state.market[:]
    act(state, "beggar")
    assert state.pesos(0) == 1 and state.market == market


def test_reciclaje_puts_a_card_down_unseen_and_shows_the_card_taken():
    state = opened([("recycling", "siesta"), ("mama", "pesos")])
    state.discard[0] = state.placed[0] = 1 << CARD["mama"]
    state.hand[0] &= ~(1 << CARD["mama"])
    state.cache = None
    options = card_options(state, "recycling")
    hand = [c for c in range(13) if state.hand[0] >> c & 1]
    # Any hand card down, then the mama back or the card just put down.
    assert {(a.put, a.target) for a in options} == {
        (p, t) for p in hand for t in (CARD["mama"], p)}
    events = act(state, "recycling", target=CARD["mama"], put=CARD["fence"])
    assert state.hand[0] >> CARD["mama"] & 1 and state.discard[0] == 1 << CARD["fence"]
    public = [e for e in events if e.kind == "card_recycled" and e.to is None]
    assert public[0].data == {"seat": 0, "taken": CARD["mama"], "put": True}
    private = [e for e in events if e.kind == "card_recycled" and e.to == 0]
    assert private[0].data["card"] == CARD["fence"]
    seen_by_other = view_for(state, 1)["seats"][0]
    assert seen_by_other["discard_seen"] == [] and seen_by_other["discard_unseen_put"] == 1
    assert seen_by_other["discard_size"] == 1
    assert view_for(state, 0)["discard"] == [CARD["fence"]]


def test_reciclaje_may_take_the_card_just_put_down_straight_back():
    state = opened([("recycling", "siesta"), ("mama", "pesos")])
    hand = state.hand[0]
    act(state, "recycling", target=CARD["fence"], put=CARD["fence"])
    assert state.hand[0] == hand and state.discard[0] == 0
    assert view_for(state, 1)["seats"][0]["discard_size"] == 0


def test_reciclaje_with_an_empty_hand_only_takes_a_discard_back():
    state = opened([("recycling", "siesta"), ("mama", "pesos")])
    state.hand[0] = 0
    state.discard[0] = state.placed[0] = 1 << CARD["mama"] | 1 << CARD["fence"]
    state.cache = None
    assert card_options(state, "recycling") == [Act(CARD["recycling"], CARD["fence"]),
                                                Act(CARD["recycling"], CARD["mama"])]
    state.discard[0] = state.placed[0] = 0  # nothing to put down, nothing to take
    state.cache = None
    assert card_options(state, "recycling") == [Act(CARD["recycling"])]


def finish_turn(state: State) -> None:
    """The active seat carries out its other card plainly and builds nothing."""
    seat = state.active
    while state.active == seat:
        apply(state, seat, legal_decisions(state, seat)[0])


def test_contrabando_first_offers_two_random_or_one_kind_the_bag_holds():
    state = opened([("smuggling", "siesta"), ("smuggling", "pesos")])
    state.bag[:] = [0, 3, 0, 2, 10]
    state.cache = None
    options = card_options(state, "smuggling")
    assert {a.take for a in options} == {(), (YELLOW,), (WHITE,), (GRAY,)}
    act(state, "smuggling", take=(WHITE,))
    assert state.amount(0, WHITE) == 1 and state.bag[WHITE] == 1
    # Siesta and a turn with nothing to build were played at once: the next player,
    # not the first this round, draws one random material, no choice.
    assert state.active == 1
    assert card_options(state, "smuggling") == [Act(CARD["smuggling"])]
    before = sum(state.bag)
    act(state, "smuggling")
    assert sum(state.bag) == before - 1 and sum(state.resources(1)[:GRAY + 1]) == 1


def test_contrabando_two_random_materials_when_chosen():
    state = opened([("smuggling", "siesta"), ("mama", "pesos")])
    act(state, "smuggling")
    assert sum(state.resources(0)[:GRAY + 1]) == 2


@pytest.mark.parametrize(("pesos", "stolen"), [(1, 1), (2, 2), (5, 2), (6, 3), (9, 3)])
def test_ladron_takes_two_pesos_three_from_a_player_with_six_or_more(pesos, stolen):
    state = opened([("thief", "siesta"), ("mama", "pesos")])
    state.set_amount(1, PESOS, pesos)
    assert card_options(state, "thief") == [Act(CARD["thief"], 1)]
    act(state, "thief", target=1)
    assert state.pesos(0) == stolen and state.pesos(1) == pesos - stolen


def test_thieves_target_later_unprotected_players_only():
    # Seat 1 plays first (05), seat 0 second (06); the last player has nobody later.
    state = opened([("fence", "siesta"), ("thief", "siesta"), ("mama", "pesos")])
    assert state.order == (1, 0, 2)
    state.set_amount(0, PESOS, 7)
    state.set_amount(2, PESOS, 7)
    assert {a.target for a in card_options(state, "thief")} == {0, 2}
    state = opened([("thief", "siesta"), ("protection", "mama")])
    assert card_options(state, "thief") == [Act(CARD["thief"])]
    state = opened([("thief", "pesos"), ("siesta", "protection")])
    assert state.order == (1, 0)  # 01 before 58: seat 0 is last, nobody is later
    finish_turn(state)
    assert card_options(state, "thief") == [Act(CARD["thief"])]


@pytest.mark.parametrize(("colored", "count"), [(3, 1), (4, 2)])
def test_receptador_takes_one_material_two_from_a_player_with_four_colored(colored, count):
    state = opened([("fence", "siesta"), ("mama", "pesos")])
    state.set_amount(1, RED, colored)
    state.set_amount(1, GRAY, 1)
    takes = {a.take for a in card_options(state, "fence")}
    assert takes == ({(RED,), (GRAY,)} if count == 1 else {(RED, RED), (RED, GRAY)})
    loot = (RED,) * count
    act(state, "fence", target=1, take=loot)
    assert state.amount(0, RED) == count and state.amount(1, RED) == colored - count


def test_the_game_ends_at_once_when_a_building_reaches_the_target():
    state = opened([("siesta", "architect"), ("mama", "pesos")])
    state.set_amount(0, VP, 24)
    for resource in (RED, YELLOW, GREEN, WHITE):
        state.set_amount(0, resource, 9)
    state.set_amount(0, GRAY, 40)
    state.set_amount(0, PESOS, 40)
    state.set_amount(0, WORKERS, 9)
    act(state, "siesta")
    assert state.phase == ACTIONS and state.step == BUILD
    build = next(d for d in legal_decisions(state, 0) if isinstance(d, Build))
    events = apply(state, 0, build)
    assert state.phase == OVER and state.winners == (0,)
    assert state.end_reason == "target_reached" and events[-1].kind == "game_over"
    assert legal_decisions(state, 0) == ()


def test_views_and_decisions_use_the_edition_colors():
    state = opened([("fence", "siesta"), ("mama", "pesos")])
    state.set_amount(1, GREEN, 4)
    view = view_for(state, 0)
    assert view["ruleset"] == "edition2024"
    assert view["seats"][1]["materials"]["green"] == 4 and "brown" not in view["market"]
    assert {"kind": "act", "card": CARD["fence"], "target": 1, "take": ["green", "green"]} \
        in view["legal"]


def rich(state: State, seat: int) -> None:
    """Give `seat` enough of everything to build anything."""
    for resource in (RED, YELLOW, GREEN, WHITE):
        state.set_amount(seat, resource, 9)
    state.set_amount(seat, GRAY, 40)
    state.set_amount(seat, PESOS, 40)
    state.set_amount(seat, WORKERS, 9)


def test_building_the_last_building_ends_the_game_at_once():
    """docs/RULES.md "Endings in the 2024 edition": right after the building that empties both
    rows and the pile (classic: after phase 1), the best ranked wins; seat 1's
    turn never comes, though seat 0 had an action left to carry out."""
    state = opened([("siesta", "architect"), ("mama", "pesos")])
    state.rows, state.pile = ((state.rows[0][0],), ()), ()
    rich(state, 0)
    state.set_amount(1, VP, 9)
    state.cache = None
    act(state, "siesta")
    assert state.step == BUILD
    build = next(d for d in legal_decisions(state, 0) if isinstance(d, Build))
    events = apply(state, 0, build)
    assert [e.kind for e in events][-2:] == ["building_built", "game_over"]
    assert state.phase == OVER and state.end_reason == "no_buildings_left"
    assert state.winners == ((0,) if state.vp(0) > 9 else (1,))
    assert legal_decisions(state, 0) == legal_decisions(state, 1) == ()


def test_demolishing_the_last_building_ends_the_game_at_once():
    """Ruina (an action) that removes the last building ends the game right after
    it: seat 0's other face-up card is never carried out."""
    state = opened([("siesta", "conservation"), ("mama", "pesos")])
    state.rows, state.pile = ((), (state.rows[1][-1],)), ()
    state.set_amount(1, VP, 2)
    state.cache = None
    events = act(state, "conservation", target=2)
    assert [e.kind for e in events][-2:] == ["building_removed", "game_over"]
    assert state.phase == OVER and state.end_reason == "no_buildings_left"
    assert state.winners == (1,) and bin(state.acted).count("1") == 1


def test_paying_the_last_materials_into_the_box_ends_the_game_at_once():
    """A payment that leaves no material with any player, in the bag or the market
    ends the game right after that building."""
    state = opened([("siesta", "architect"), ("mama", "pesos")])
    building = next(i for i, b in enumerate(RULES.buildings)
                    if not b.architect and sum(b.cost[:GRAY + 1]) and b.vp < 8)
    state.rows, state.pile = ((building,), (state.rows[1][0],)), state.pile
    state.bag[:] = [0] * 5
    state.market[:GRAY + 1] = [0] * 5
    cost = RULES.buildings[building].cost
    for resource in (RED, YELLOW, GREEN, WHITE, GRAY, PESOS, WORKERS):
        state.set_amount(0, resource, cost[resource])
    state.box[:] = [10 - cost[m] for m in range(4)] + [40 - cost[GRAY]]
    state.set_amount(1, VP, 9)
    state.cache = None
    act(state, "siesta")
    build = next(d for d in legal_decisions(state, 0)
                 if isinstance(d, Build) and d.end >> 1 == 0 and d.payment == tuple(cost))
    events = apply(state, 0, build)
    assert [e.kind for e in events][-2:] == ["building_built", "game_over"]
    assert state.end_reason == "no_materials_left" and state.winners == (1,)
    assert state.box[:GRAY + 1] == [10, 10, 10, 10, 40]


@pytest.mark.parametrize("ending", ["no_buildings_left", "no_materials_left"])
def test_an_ending_already_reached_ends_the_game_at_the_next_action(ending):
    """The check is made after every action: the first one ends such a game."""
    state = opened([("siesta", "pesos"), ("siesta", "beggar")])
    if ending == "no_buildings_left":
        state.rows, state.pile = ((), ()), ()
    else:
        state.bag[:] = [0] * 5
        state.market[:GRAY + 1] = [0] * 5
        state.box[:] = [10, 10, 10, 10, 40]
    state.set_amount(1, VP, 3)
    state.cache = None
    events = act(state, "siesta")
    assert state.phase == OVER and state.end_reason == ending and state.winners == (1,)
    assert events[-1].kind == "game_over" and state.acted == 1


def test_the_round_bound_still_ends_the_game_after_phase_1():
    state = opened([("siesta", "pesos"), ("siesta", "beggar")])
    state.round = MAX_ROUNDS
    act(state, "siesta")
    assert state.phase == ACTIONS
    while state.phase == ACTIONS:
        apply(state, state.active, legal_decisions(state, state.active)[0])
    assert state.end_reason == "round_limit"


