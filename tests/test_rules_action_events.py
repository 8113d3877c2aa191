"""What each action card takes or gives and what it tells the table (docs/PROTOCOL.md
"Game data", "Game data of `edition2024`" and "Events"): hand-built positions, the
exact counters after the action and the exact events it reports, in order, for both
editions; boundaries: an empty market, bag or bank, zero pesos, card 0."""

from __future__ import annotations

from havana_game.rules import Act, Tax, legal_decisions, view_for
from havana_game.rules.events import Event
from havana_game.rules.materials import GRAY, PESOS, RED, WORKER_TAKE
from havana_game.rules.state import TAX, State

from .positions import CARD, act, clear_resources, give, holding, opened, set_market
from .test_rules_edition2024 import CARD as CARD_2024
from .test_rules_edition2024 import GREEN, WHITE
from .test_rules_edition2024 import act as act_2024
from .test_rules_edition2024 import opened as opened_2024

FLOW = {"action", "forced", "turn_started", "round_started", "cover_started", "game_over"}
"""Events of the turn's course, not of a card's action."""

SIESTA = 0  # card 0 in both editions


def card_events(events: list[Event]) -> list[Event]:
    """The events the first action reported: those after its `action` event, up to
    the next event of the turn's course."""
    start = next(i for i, e in enumerate(events) if e.kind == "action") + 1
    out = []
    for event in events[start:]:
        if event.kind in FLOW:
            break
        out.append(event)
    return out


def public(kind: str, **data: object) -> Event:
    return Event(kind, None, data)


def without(state: State, seat: int, *cards: int) -> None:
    """Move `cards` from the seat's hand onto its discard pile, face up (seen by all)."""
    for card in cards:
        state.hand[seat] &= ~(1 << card)
        state.discard[seat] |= 1 << card
        state.placed[seat] |= 1 << card
    state.cache = None


# Classic 2009


def test_refreshment_takes_back_card_0_and_tells_only_its_owner_which():
    state = opened([("refreshment", "pesos"), ("worker", "architect")])
    without(state, 0, SIESTA, CARD["mama"])
    events = act(state, "refreshment", SIESTA)
    assert card_events(events) == [public("card_taken_back", seat=0),
                                   Event("card_taken_back", 0, {"seat": 0, "card": SIESTA})]
    assert state.hand[0] >> SIESTA & 1 and state.discard[0] == 1 << CARD["mama"]
    assert state.hidden_taken[0] == 1


def test_debris_reports_the_gray_it_took_even_none():
    state = opened([("debris", "siesta"), ("worker", "architect")])
    clear_resources(state)
    set_market(state, red=0, yellow=0, brown=0, blue=2, gray=3)
    assert card_events(act(state, "debris")) == [
        public("materials_taken", seat=0, source="market", materials={"gray": 3})]
    assert holding(state, 0) == {"gray": 3} and state.market[:5] == [0, 0, 0, 2, 0]
    state = opened([("debris", "siesta"), ("worker", "architect")])
    clear_resources(state)
    set_market(state, gray=0)
    assert card_events(act(state, "debris")) == [
        public("materials_taken", seat=0, source="market", materials={"gray": 0})]
    assert holding(state, 0) == {}


def test_conservation_reports_the_building_boxed_then_the_row_refill():
    state = opened([("conservation", "siesta"), ("worker", "architect")])
    left, middle, right = state.rows[1][:3]
    state.rows = (state.rows[0], (left, middle, right))
    state.cache = None
    pile = state.pile
    ids = [b.id for b in state.rules.buildings]
    events = card_events(act(state, "conservation", target=3))  # row 1, right end
    dealt = pile[-4:][::-1]
    assert events == [
        public("building_removed", seat=0, building=ids[right], row=1, side=1),
        public("row_refilled", row=1, buildings=[ids[b] for b in dealt], pile_size=len(pile) - 4)]
    assert state.removed == (right,) and state.rows[1] == (left, *dealt, middle)


def test_conservation_of_a_left_end_names_row_and_side():
    state = opened([("conservation", "siesta"), ("worker", "architect")])
    row = state.rows[1]
    events = card_events(act(state, "conservation", target=2))  # row 1, left end
    assert events == [public("building_removed", seat=0,
                             building=state.rules.buildings[row[0]].id, row=1, side=0)]
    assert state.rows[1] == row[1:]


def test_tax_collector_takes_one_peso_from_the_bank_then_asks_what_to_tax():
    state = opened([("tax_collector", "siesta"), ("pesos", "mama")])
    assert state.order == (0, 1)
    clear_resources(state)
    give(state, 1, red=1, workers=1)
    market = list(state.market)
    events = card_events(act(state, "tax_collector"))
    assert events == [public("pesos_taken", seat=0, source="bank", count=1)]
    assert holding(state, 0) == {"pesos": 1} and state.market == market
    assert state.step == TAX and state.tax_queue == (1,)
    assert set(legal_decisions(state, 0)) == {Tax(1, RED), Tax(1, WORKER_TAKE)}


def test_a_tax_collector_with_nobody_to_tax_only_takes_its_peso():
    state = opened([("tax_collector", "siesta"), ("pesos", "mama")])
    clear_resources(state)
    give(state, 1, pesos=4, vp=3)  # pesos and VP cannot be taxed
    events = act(state, "tax_collector")
    assert card_events(events) == [public("pesos_taken", seat=0, source="bank", count=1)]
    assert not [e for e in events if e.kind == "taxed"] and state.step != TAX
    assert holding(state, 0) == {"pesos": 1} and holding(state, 1) == {"pesos": 4, "vp": 3}


def test_worker_reports_the_workers_taken_from_a_short_bank():
    state = opened([("worker", "siesta"), ("pesos", "mama")])
    clear_resources(state)
    give(state, 1, workers=14)  # one worker left in the bank
    assert card_events(act(state, "worker")) == [public("workers_taken", seat=0, count=1)]
    assert holding(state, 0) == {"workers": 1}


def test_pesos_thief_takes_half_rounded_down_and_reports_it():
    state = opened([("pesos_thief", "siesta"), ("pesos", "mama")])
    clear_resources(state)
    give(state, 0, pesos=2)
    give(state, 1, pesos=7)
    assert card_events(act(state, "pesos_thief", target=1)) == [
        public("pesos_stolen", seat=0, victim=1, count=3)]
    assert holding(state, 0) == {"pesos": 5} and holding(state, 1) == {"pesos": 4}


def test_pesos_thief_takes_nothing_from_a_victim_with_one_peso():
    state = opened([("pesos_thief", "siesta"), ("pesos", "mama")])
    clear_resources(state)
    give(state, 1, pesos=1)
    assert card_events(act(state, "pesos_thief", target=1)) == [
        public("pesos_stolen", seat=0, victim=1, count=0)]
    assert holding(state, 0) == {} and holding(state, 1) == {"pesos": 1}


def test_materials_thief_reports_the_materials_by_name():
    state = opened([("materials_thief", "siesta"), ("pesos", "mama")])
    clear_resources(state)
    give(state, 1, yellow=1, brown=1, red=2, gray=3)
    assert card_events(act(state, "materials_thief", target=1, take=["brown", "gray"])) == [
        public("materials_stolen", seat=0, victim=1, materials={"brown": 1, "gray": 1})]
    assert holding(state, 1) == {"red": 2, "yellow": 1, "gray": 2}


def test_black_market_reports_what_it_drew_and_an_empty_bag_gives_nothing():
    state = opened([("black_market", "siesta"), ("black_market", "mama")])
    clear_resources(state)
    state.bag = [0, 0, 0, 0, 3]
    assert card_events(act(state, "black_market")) == [
        public("materials_taken", seat=0, source="bag", materials={"gray": 2})]
    assert holding(state, 0) == {"gray": 2} and state.bag == [0, 0, 0, 0, 1]
    state = opened([("black_market", "siesta"), ("black_market", "mama")])
    clear_resources(state)
    state.bag = [0, 0, 0, 0, 0]
    assert card_events(act(state, "black_market")) == [
        public("materials_taken", seat=0, source="bag", materials={})]
    assert holding(state, 0) == {}


def test_pesos_takes_half_the_market_rounded_up_one_of_one_none_of_none():
    for market, taken in ((5, 3), (1, 1), (0, 0)):
        state = opened([("pesos", "siesta"), ("worker", "mama")])
        clear_resources(state)
        set_market(state, pesos=market)
        assert card_events(act(state, "pesos")) == [
            public("pesos_taken", seat=0, source="market", count=taken)]
        assert holding(state, 0) == ({"pesos": taken} if taken else {})
        assert state.market[PESOS] == market - taken


def test_mama_reports_the_colors_chosen_and_the_gray():
    state = opened([("mama", "siesta"), ("pesos", "worker")])
    clear_resources(state)
    set_market(state, red=3, yellow=2, brown=1, blue=0, gray=5)
    events = card_events(act(state, "mama", take=["yellow", "yellow", "brown"]))
    assert events == [public("materials_taken", seat=0, source="market",
                             materials={"yellow": 2, "brown": 1, "gray": 3})]
    assert state.market[:5] == [3, 0, 0, 0, 2]


def test_mama_on_an_empty_market_takes_nothing():
    state = opened([("mama", "siesta"), ("pesos", "worker")])
    clear_resources(state)
    set_market(state, red=0, yellow=0, brown=0, blue=0, gray=0)
    assert [d for d in legal_decisions(state, 0) if d.card == CARD["mama"]] == [Act(CARD["mama"])]
    assert card_events(act(state, "mama")) == [
        public("materials_taken", seat=0, source="market", materials={})]
    assert holding(state, 0) == {}


# The 2024 edition


def test_mendigo_gives_one_peso_from_the_bank_to_a_player_with_none():
    state = opened_2024([("mama", "pesos"), ("beggar", "siesta")])
    assert state.order == (1, 0)
    market = list(state.market)
    assert card_events(act_2024(state, "beggar")) == [
        public("pesos_taken", seat=1, source="bank", count=1)]
    assert state.pesos(1) == 1 and state.pesos(0) == 0 and state.market == market


def test_mendigo_adds_one_peso_to_what_a_player_has():
    state = opened_2024([("beggar", "siesta"), ("mama", "pesos")])
    state.set_amount(0, PESOS, 5)
    act_2024(state, "beggar")
    assert state.pesos(0) == 6


def test_reciclaje_may_put_down_card_0_and_take_it_straight_back():
    state = opened_2024([("recycling", "pesos"), ("mama", "thief")])
    hand, discard = state.hand[0], state.discard[0]
    assert hand >> SIESTA & 1
    events = card_events(act_2024(state, "recycling", target=SIESTA, put=SIESTA))
    assert events == [public("card_recycled", seat=0, taken=SIESTA, put=True),
                      Event("card_recycled", 0,
                            {"seat": 0, "taken": SIESTA, "put": True, "card": SIESTA})]
    assert state.hand[0] == hand and state.discard[0] == discard
    assert state.hidden_put[0] == 0


def test_reciclaje_puts_card_0_down_unseen_and_takes_a_seen_card():
    state = opened_2024([("recycling", "pesos"), ("mama", "thief")])
    without(state, 0, CARD_2024["fence"])
    events = card_events(act_2024(state, "recycling", target=CARD_2024["fence"], put=SIESTA))
    assert events[1] == Event("card_recycled", 0, {"seat": 0, "taken": CARD_2024["fence"],
                                                   "put": True, "card": SIESTA})
    assert state.discard[0] == 1 << SIESTA and state.placed[0] == 0
    assert state.hidden_put[0] == 1
    assert view_for(state, 1)["seats"][0]["discard_unseen_put"] == 1


def test_reciclaje_with_an_empty_hand_only_takes_a_card():
    state = opened_2024([("recycling", "pesos"), ("mama", "thief")])
    without(state, 0, CARD_2024["mama"])
    state.hand[0] = 0
    options = [d for d in legal_decisions(state, 0) if d.card == CARD_2024["recycling"]]
    assert options == [Act(CARD_2024["recycling"], CARD_2024["mama"])]
    events = card_events(act_2024(state, "recycling", target=CARD_2024["mama"]))
    assert events == [public("card_recycled", seat=0, taken=CARD_2024["mama"], put=False),
                      Event("card_recycled", 0,
                            {"seat": 0, "taken": CARD_2024["mama"], "put": False, "card": -1})]
    assert state.hand[0] == 1 << CARD_2024["mama"] and state.discard[0] == 0
    assert state.hidden_put[0] == 0


def test_ladron_reports_the_pesos_stolen_none_from_a_player_with_none():
    for pesos, stolen in ((0, 0), (6, 3)):
        state = opened_2024([("thief", "siesta"), ("mama", "pesos")])
        state.set_amount(1, PESOS, pesos)
        assert card_events(act_2024(state, "thief", target=1)) == [
            public("pesos_stolen", seat=0, victim=1, count=stolen)]
        assert state.pesos(0) == stolen and state.pesos(1) == pesos - stolen


def test_receptador_reports_the_materials_in_the_editions_words():
    state = opened_2024([("fence", "siesta"), ("mama", "pesos")])
    state.set_amount(1, GREEN, 3)
    state.set_amount(1, WHITE, 1)
    assert card_events(act_2024(state, "fence", target=1, take=(GREEN, WHITE))) == [
        public("materials_stolen", seat=0, victim=1, materials={"green": 1, "white": 1})]
    assert state.amount(0, GREEN) == 1 and state.amount(0, WHITE) == 1
    assert state.amount(1, GREEN) == 2 and state.amount(1, WHITE) == 0


def test_contrabando_reports_the_kind_chosen_or_the_random_draw():
    state = opened_2024([("smuggling", "siesta"), ("mama", "pesos")])
    state.bag[:] = [0, 0, 0, 2, 4]
    assert card_events(act_2024(state, "smuggling", take=(WHITE,))) == [
        public("materials_taken", seat=0, source="bag", materials={"white": 1})]
    assert state.bag == [0, 0, 0, 1, 4] and state.amount(0, WHITE) == 1
    state = opened_2024([("smuggling", "siesta"), ("mama", "pesos")])
    state.bag[:] = [0, 0, 0, 0, 4]
    assert card_events(act_2024(state, "smuggling")) == [
        public("materials_taken", seat=0, source="bag", materials={"gray": 2})]
    assert state.bag == [0, 0, 0, 0, 2] and state.amount(0, GRAY) == 2


def test_contrabando_on_an_empty_bag_takes_nothing():
    state = opened_2024([("smuggling", "siesta"), ("mama", "pesos")])
    state.bag[:] = [0, 0, 0, 0, 0]
    state.cache = None
    assert card_events(act_2024(state, "smuggling")) == [
        public("materials_taken", seat=0, source="bag", materials={})]
    assert all(state.amount(0, m) == 0 for m in range(GRAY + 1))

