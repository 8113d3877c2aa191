"""Reading an edition's card list and building deck (`parse_ruleset`): what a
well-formed file gives, and the exact message a modder reads for each bad entry."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from havana_game.rules import (
    Building,
    CardDef,
    Choose,
    IllegalDecision,
    RulesetError,
    apply,
    new_game,
    parse_ruleset,
)
from havana_game.rules.ruleset import CLASSIC_NAMES, SetupRule

EDITIONS = Path(__file__).resolve().parent.parent / "havana_game" / "data" / "editions"


def edition_docs(name: str) -> tuple[Any, Any]:
    """An edition's card list and building deck as the files hold them."""
    folder = EDITIONS / name
    return (json.loads((folder / "cards.json").read_text("utf-8")),
            json.loads((folder / "buildings.json").read_text("utf-8")))


def card(key: str = "siesta", number: int = 0, **extra: Any) -> dict[str, Any]:
    return {"key": key, "number": number, **extra}


def cards_doc(*cards: Any, **extra: Any) -> dict[str, Any]:
    """A card list: by default two cards, Siesta (0) and Pesos (8)."""
    return {"cards": list(cards) or [card(), card("pesos", 8)], **extra}


def building(ident: str = "b1", **extra: Any) -> dict[str, Any]:
    """A 1 VP building costing 1 peso, with any entry replaced by `extra`."""
    return {"id": ident, "name": "Hut", "vp": 1, "architect": False, "cost": {"pesos": 1},
            **extra}


def deck_doc(*buildings: Any, **extra: Any) -> dict[str, Any]:
    return {"buildings": list(buildings) or [building()], **extra}


def rejected(cards: Any, deck: Any) -> str:
    """The message of the error `parse_ruleset` raises for these documents."""
    with pytest.raises(RulesetError) as error:
        parse_ruleset(cards, deck)
    return str(error.value)


# --- what a good file gives -------------------------------------------------------


def test_the_classic_files_give_the_classic_ruleset():
    rules = parse_ruleset(*edition_docs("classic"))
    assert (rules.name, rules.deck_name) == ("classic", "havana-project-36")
    assert rules.keys == ("siesta", "refreshment", "protection", "debris", "conservation",
                          "tax_collector", "worker", "architect", "pesos_thief",
                          "materials_thief", "black_market", "pesos", "mama")
    assert (rules.protection, rules.architect) == (2, 7)
    assert rules.cards[1] == CardDef(key="refreshment", name="refreshment", number=1,
                                     optional=True)
    assert rules.cards[0] == CardDef(key="siesta", name="siesta", number=0, optional=False)
    assert len(rules.buildings) == 36
    assert rules.buildings[0] == Building(id="b01", name="Beach Hut", vp=1, architect=False,
                                          cost=(0, 0, 0, 0, 1, 2, 0))
    assert rules.names == CLASSIC_NAMES
    assert rules.setup == SetupRule()


def test_the_2024_files_give_its_names_colours_and_setup():
    rules = parse_ruleset(*edition_docs("edition2024"))
    assert rules.name == "edition2024"
    assert rules.cards[2] == CardDef(key="beggar", name="mendigo", number=2, optional=False)
    assert rules.cards[4] == CardDef(key="conservation", name="ruina", number=3, optional=True)
    assert (rules.protection, rules.architect) == (1, 7)
    assert rules.names.materials == ("red", "yellow", "green", "white", "gray")
    assert rules.names.costs == ("red", "yellow", "green", "white", "gray", "pesos", "workers")
    assert rules.names.tax_takes == ("red", "yellow", "green", "white", "gray", "worker")
    assert rules.setup == SetupRule(pesos=1, random_materials=0, gray=1, market_materials=3,
                                    market_pesos=3, win_at_once=True)


FROZEN = ("a released edition's data is frozen: its saved games and tables carry this "
          "fingerprint and a host refuses them (unknown_edition) once it changes. Put a "
          "changed card list or deck under a new edition name (a new folder in "
          "havana_game/data/editions and its name in havana_game/editions.py) and keep the "
          "released one as it was")


def test_the_editions_keep_the_fingerprints_their_saves_and_tables_carry():
    """Saves, journals and the lobby compare these: any change to the canonical
    form (key order, separators, what is hashed) or to a released edition's data
    would orphan every saved game and table."""
    classic, edition2024 = parse_ruleset(*edition_docs("classic")), parse_ruleset(
        *edition_docs("edition2024"))
    assert classic.fingerprint == (
        "cdddad981761e4a793651bfcb7d3aa5ccec3428acd08ae690966eb4d07bbd049"), FROZEN
    assert edition2024.fingerprint == (
        "474a44eed5ad8c26f0599f76a3b5a148ef30d3249f300bc5793a74cb50c82870"), FROZEN


def test_the_fingerprint_hashes_the_canonical_source_whatever_the_key_order():
    cards, deck = cards_doc(), deck_doc()
    rules = parse_ruleset(cards, deck)
    assert json.loads(rules.source) == {"cards": cards, "deck": deck}
    assert " " not in rules.source.replace('"Hut"', "") and "\n" not in rules.source
    assert rules.fingerprint == hashlib.sha256(rules.source.encode()).hexdigest()
    reordered = parse_ruleset(dict(reversed(cards.items())), dict(reversed(deck.items())))
    assert (reordered.source, reordered.fingerprint) == (rules.source, rules.fingerprint)
    renamed = parse_ruleset(cards, deck_doc(building(name="Shed")))
    assert renamed.fingerprint != rules.fingerprint


def test_defaults_of_a_minimal_file():
    """No ruleset or deck name, no colours, no setup, no card names or optional flags."""
    rules = parse_ruleset(cards_doc(), deck_doc())
    assert (rules.name, rules.deck_name) == ("classic", "custom")
    assert rules.cards == (CardDef("siesta", "siesta", 0, False),
                           CardDef("pesos", "pesos", 8, False))
    assert rules.keys == ("siesta", "pesos")
    assert (rules.protection, rules.architect) == (-1, -1)
    assert rules.names == CLASSIC_NAMES
    assert rules.names.costs == ("red", "yellow", "brown", "blue", "gray", "pesos", "workers")
    assert rules.names.tax_takes == ("red", "yellow", "brown", "blue", "gray", "worker")
    assert rules.setup == SetupRule(pesos=1, random_materials=1, gray=0, market_materials=3,
                                    market_pesos=4, win_at_once=False)
    assert rules.buildings == (Building("b1", "Hut", 1, False, (0, 0, 0, 0, 0, 1, 0)),)


def test_names_and_flags_given_in_the_file_are_kept():
    rules = parse_ruleset(
        cards_doc(card("architect", 4, name="arquitecto"), card("protection", 1),
                  card("refreshment", 1, optional=True), ruleset="house"),
        deck_doc(building(architect=True, vp=20, name="Capitolio",
                          cost={"red": 1, "yellow": 2, "brown": 3, "blue": 4, "gray": 5,
                                "pesos": 6, "workers": 7}), deck="mine"))
    assert (rules.name, rules.deck_name) == ("house", "mine")
    assert rules.cards[0] == CardDef("architect", "arquitecto", 4, False)
    assert rules.cards[2] == CardDef("refreshment", "refreshment", 1, True)
    assert (rules.protection, rules.architect) == (1, 0)
    assert rules.buildings[0] == Building("b1", "Capitolio", 20, True, (1, 2, 3, 4, 5, 6, 7))


def test_a_deck_with_its_own_colours_prices_buildings_in_them():
    deck = deck_doc(building(cost={"green": 2, "white": 1, "gray": 3}),
                    colours=["white", "red", "green", "ochre"])
    rules = parse_ruleset(cards_doc(), deck)
    assert rules.names.materials == ("white", "red", "green", "ochre", "gray")
    assert rules.names.costs == ("white", "red", "green", "ochre", "gray", "pesos", "workers")
    assert rules.names.tax_takes == ("white", "red", "green", "ochre", "gray", "worker")
    assert rules.buildings[0].cost == (1, 0, 2, 0, 3, 0, 0)
    assert rejected(cards_doc(), deck_doc(building(cost={"blue": 1}), colours=deck["colours"])
                    ) == "building 0: unknown cost entries ['blue']"


def test_a_setup_entry_left_out_keeps_its_classic_value():
    rules = parse_ruleset(cards_doc(setup={"pesos": 2, "win_at_once": True}), deck_doc())
    assert rules.setup == SetupRule(pesos=2, random_materials=1, gray=0, market_materials=3,
                                    market_pesos=4, win_at_once=True)


def test_a_custom_setup_is_what_players_and_market_start_with():
    setup = {"pesos": 3, "random_materials": 0, "gray": 2, "market_materials": 1,
             "market_pesos": 5}
    classic_cards, classic_deck = edition_docs("classic")
    rules = parse_ruleset({**classic_cards, "setup": setup}, classic_deck)
    state = new_game(rules, 2, seed=3)
    for seat in range(2):
        assert state.resources(seat)[:7] == [0, 0, 0, 0, 2, 3, 0]
    assert sum(state.market[:5]) == 1 and state.market[5] == 5


@pytest.mark.parametrize(("players", "target"), [(2, 25), (3, 20), (4, 15)])
def test_target_vp_by_player_count(players, target):
    assert parse_ruleset(cards_doc(), deck_doc()).target_vp(players) == target


# --- bounds a file may reach ------------------------------------------------------


@pytest.mark.parametrize("count", [2, 16])
def test_a_set_of_2_to_16_cards_is_accepted(count):
    rules = parse_ruleset(cards_doc(*[card("pesos", i % 10) for i in range(count)]), deck_doc())
    assert len(rules.cards) == count


@pytest.mark.parametrize("count", [1, 120])
def test_a_deck_of_1_to_120_buildings_is_accepted(count):
    rules = parse_ruleset(cards_doc(), deck_doc(*[building(f"b{i}") for i in range(count)]))
    assert [b.id for b in rules.buildings] == [f"b{i}" for i in range(count)]


def test_the_extreme_values_of_each_entry_are_accepted():
    rules = parse_ruleset(
        cards_doc(card(number=0, name="a"), card("pesos", 9, name="n" * 32)),
        deck_doc(building("i", name="N", vp=1, cost={"gray": 20}),
                 building("i" * 32, name="n" * 64, vp=20, cost={"b": 0, "workers": 1}),
                 colours=["c" * 16, "b", "c", "d"]))
    assert [(c.name, c.number) for c in rules.cards] == [("a", 0), ("n" * 32, 9)]
    assert [(b.id, b.name, b.vp) for b in rules.buildings] == [("i", "N", 1),
                                                               ("i" * 32, "n" * 64, 20)]
    assert rules.buildings[0].cost == (0, 0, 0, 0, 20, 0, 0)
    assert rules.names.materials[0] == "c" * 16


_SETUP_HIGH = {"pesos": 10, "random_materials": 5, "gray": 5, "market_materials": 10,
               "market_pesos": 20}


@pytest.mark.parametrize(("key", "high"), _SETUP_HIGH.items())
def test_each_setup_entry_accepts_0_to_its_limit(key, high):
    for value in (0, high):
        rules = parse_ruleset(cards_doc(setup={key: value}), deck_doc())
        assert getattr(rules.setup, key) == value


@pytest.mark.parametrize(("key", "high"), _SETUP_HIGH.items())
@pytest.mark.parametrize("offset", ["over", "negative", "bool", "text"])
def test_each_setup_entry_rejects_values_out_of_its_range(key, high, offset):
    value = {"over": high + 1, "negative": -1, "bool": True, "text": "1"}[offset]
    assert rejected(cards_doc(setup={key: value}), deck_doc()) == (
        f"card list: setup {key} must be 0-{high}")


# --- the message for each bad entry -----------------------------------------------


@pytest.mark.parametrize(("cards", "message"), [
    ([], "card list: expected an object with a 'cards' list"),
    ({"cards": {"siesta": 0}}, "card list: expected an object with a 'cards' list"),
    ({"ruleset": "x"}, "card list: expected an object with a 'cards' list"),
    (cards_doc(card(), "siesta"), "card 1: a card must be an object"),
    (cards_doc(card(), card("nap")), "card 1: unknown card effect 'nap'"),
    (cards_doc(card(), {"number": 1}), "card 1: unknown card effect None"),
    (cards_doc(card(), card(name="")), "card 1: name must be a short identifier"),
    (cards_doc(card(), card(name="n" * 33)), "card 1: name must be a short identifier"),
    (cards_doc(card(), card(name="la siesta")), "card 1: name must be a short identifier"),
    (cards_doc(card(), card(name=7)), "card 1: name must be a short identifier"),
    (cards_doc(card(), card(number=10)), "card 1: number must be 0-9"),
    (cards_doc(card(), card(number=-1)), "card 1: number must be 0-9"),
    (cards_doc(card(), card(number=True)), "card 1: number must be 0-9"),
    (cards_doc(card(), card(number=2.0)), "card 1: number must be 0-9"),
    (cards_doc(card(), {"key": "siesta"}), "card 1: number must be 0-9"),
    (cards_doc(card(), card(optional=1)), "card 1: optional must be true or false"),
    (cards_doc(card(), card(optional=None)), "card 1: optional must be true or false"),
    (cards_doc(card()), "card list: a set has 2 to 16 cards"),
    (cards_doc(*[card()] * 17), "card list: a set has 2 to 16 cards"),
    (cards_doc(setup=[]), "card list: 'setup' must be an object"),
    (cards_doc(setup={"pesos": 1, "wood": 1, "bonus": 2}),
     "card list: unknown setup entries ['bonus', 'wood']"),
    (cards_doc(setup={"win_at_once": "yes"}),
     "card list: setup win_at_once must be true or false"),
    (cards_doc(setup={"win_at_once": 1}), "card list: setup win_at_once must be true or false"),
])
def test_a_bad_card_list_is_rejected_with_its_reason(cards, message):
    assert rejected(cards, deck_doc()) == message


@pytest.mark.parametrize(("deck", "message"), [
    ([], "building deck: expected an object with a 'buildings' list"),
    ({"buildings": {"b1": {}}}, "building deck: expected an object with a 'buildings' list"),
    ({"deck": "x"}, "building deck: expected an object with a 'buildings' list"),
    (deck_doc(building(), "b2"), "building 1: a building must be an object"),
    (deck_doc(building(), building("")), "building 1: id must be a short string"),
    (deck_doc(building(), building("i" * 33)), "building 1: id must be a short string"),
    (deck_doc(building(), building(2)), "building 1: id must be a short string"),
    (deck_doc(building(), building("b2", name="")), "building 1: name must be a short string"),
    (deck_doc(building(), building("b2", name="n" * 65)),
     "building 1: name must be a short string"),
    (deck_doc(building(), building("b2", name=None)), "building 1: name must be a short string"),
    (deck_doc(building(), building("b2", vp=0)), "building 1: vp must be 1-20"),
    (deck_doc(building(), building("b2", vp=21)), "building 1: vp must be 1-20"),
    (deck_doc(building(), building("b2", vp=True)), "building 1: vp must be 1-20"),
    (deck_doc(building(), building("b2", vp="3")), "building 1: vp must be 1-20"),
    (deck_doc(building(), building("b2", architect=0)),
     "building 1: architect must be true or false"),
    (deck_doc(building(), building("b2", architect=None)),
     "building 1: architect must be true or false"),
    (deck_doc(building(), building("b2", cost=[1, 0])), "building 1: cost must be an object"),
    (deck_doc(building(), building("b2", cost={"pesos": 1, "gold": 1, "brick": 2})),
     "building 1: unknown cost entries ['brick', 'gold']"),
    (deck_doc(building(), building("b2", cost={"red": 21})), "building 1: costs must be 0-20"),
    (deck_doc(building(), building("b2", cost={"red": 2, "gray": -1})),
     "building 1: costs must be 0-20"),
    (deck_doc(building(), building("b2", cost={"workers": True})),
     "building 1: costs must be 0-20"),
    (deck_doc(building(), building("b2", cost={"pesos": 1.0})), "building 1: costs must be 0-20"),
    (deck_doc(building(), building("b2", cost={})), "building 1: a building must cost something"),
    (deck_doc(building(), building("b2", cost={"pesos": 0, "red": 0})),
     "building 1: a building must cost something"),
    ({"buildings": []}, "building deck: 1 to 120 buildings"),
    (deck_doc(*[building(f"b{i}") for i in range(121)]), "building deck: 1 to 120 buildings"),
    (deck_doc(building("b1"), building("b2"), building("b1")),
     "building deck: building ids must be unique"),
])
def test_a_bad_building_deck_is_rejected_with_its_reason(deck, message):
    assert rejected(cards_doc(), deck) == message


@pytest.mark.parametrize("colours", [
    ["red", "yellow", "green"],
    ["red", "yellow", "green", "white", "black"],
    ["red", "yellow", "red", "white"],
    ["red", "yellow", "gray", "white"],
    ["red", "yellow", "green", "c" * 17],
    ["red", "yellow", "green", "sky blue"],
    ["red", "yellow", "green", 4],
    "rgbw",
    {"red": 1, "yellow": 2, "green": 3, "white": 4},
])
def test_a_deck_without_four_distinct_colour_names_is_rejected(colours):
    assert rejected(cards_doc(), deck_doc(colours=colours)) == (
        "building deck: 'colours' must list four distinct color names")


def test_a_ruleset_error_is_a_value_error():
    assert issubclass(RulesetError, ValueError)


# --- IllegalDecision, as a client reads it ----------------------------------------


def test_an_illegal_decision_carries_its_reason_and_detail():
    state = new_game(parse_ruleset(*edition_docs("classic")), 2, seed=1)
    with pytest.raises(IllegalDecision) as error:
        apply(state, 5, Choose((0, 1)))
    assert (error.value.reason, error.value.detail) == ("no_such_seat",
                                                        "seat 5 is not at this table")
    assert str(error.value) == "no_such_seat: seat 5 is not at this table"


def test_an_illegal_decision_without_detail_reads_as_its_reason():
    error = IllegalDecision("game_over")
    assert (error.reason, error.detail, str(error)) == ("game_over", "", "game_over")
    assert isinstance(error, ValueError)
