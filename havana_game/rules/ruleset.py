"""The ruleset: action cards and building deck, parsed from plain data.

Nothing here reads files: `parse_ruleset` takes the decoded JSON documents, so a
different deck of the same shape (for example one transcribed from the printed
cards) plugs in without code changes. An edition (classic 2009, the 2024 IGIARI
edition, ...) is such a pair of documents: its card list names the edition, the
effect of each card (a key of `actions.EFFECTS`) and its setup; its deck names
its four brick colors. `havana_game.content.find_edition` loads them by name.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from .materials import CLASSIC_COLORS, GRAY_NAME, WORKER_NAME

CARD_KEYS = (
    "siesta", "refreshment", "protection", "debris", "conservation", "tax_collector",
    "worker", "architect", "pesos_thief", "materials_thief", "black_market", "pesos", "mama",
    "beggar", "recycling", "thief", "fence", "smuggling",
)
"""Every action effect the engine knows (`actions.EFFECTS` carries them out);
a card names one of them. The last five are the 2024 edition's new cards."""

TARGET_VP = {2: 25, 3: 20, 4: 15}
"""Victory points that win at the end of a phase-1 turn, by player count."""


class RulesetError(ValueError):
    """A card list or building deck that does not have the expected shape."""


@dataclass(frozen=True, slots=True)
class CardDef:
    """One action card of a player's set."""

    key: str
    """Which effect the card carries out (one of `CARD_KEYS`)."""
    name: str
    """The printed card's name key (the client's text for it); the effect key unless
    an edition prints another card with the same effect."""
    number: int
    """The printed number, 0-9, that forms the player's two-digit number."""
    optional: bool
    """True when the player may decline the action (Refreshment, Conservation)."""


@dataclass(frozen=True, slots=True)
class Building:
    """A building card: its VP, whether it needs the Architect, and its cost."""

    id: str
    name: str
    vp: int
    architect: bool
    cost: tuple[int, int, int, int, int, int, int]
    """red, yellow, brown, blue, gray, pesos, workers."""


@dataclass(frozen=True, slots=True)
class Names:
    """The words decisions, views and events use for materials, in index order."""

    materials: tuple[str, ...]
    """The four brick colors, then "gray"."""
    costs: tuple[str, ...]
    """The materials, "pesos", "workers": a building cost's and a payment's order."""
    tax_takes: tuple[str, ...]
    """The materials, then "worker": what a Tax Collector pick may name."""

    @classmethod
    def of_colors(cls, colors: tuple[str, ...]) -> Names:
        materials = (*colors, GRAY_NAME)
        return cls(materials, (*materials, "pesos", "workers"), (*materials, WORKER_NAME))


CLASSIC_NAMES = Names.of_colors(CLASSIC_COLORS)


@dataclass(frozen=True, slots=True)
class SetupRule:
    """What each player and the market start with (docs/RULES.md "Setup")."""

    pesos: int = 1
    """Pesos each player takes."""
    random_materials: int = 1
    """Materials each player draws from the bag."""
    gray: int = 0
    """Gray each player takes from the supply before the bag is filled."""
    market_materials: int = 3
    """Random materials put into the market."""
    market_pesos: int = 4
    """Pesos put into the market."""
    win_at_once: bool = False
    """The game ends at once (2024): right after the building that reaches the
    target, instead of at the end of that player's turn (classic; the winner is the
    same), and right after the action or building that leaves no building (both
    rows and the pile empty) or puts the last material in the box, instead of after
    phase 1 (classic)."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Everything a game is played with besides the players' decisions."""

    name: str
    cards: tuple[CardDef, ...]
    buildings: tuple[Building, ...]
    deck_name: str
    fingerprint: str
    """sha256 of the canonical card and deck data: two parties with the same
    fingerprint play the same game."""
    source: str = ""
    """The card and deck documents as canonical JSON (what the fingerprint hashes)."""
    keys: tuple[str, ...] = ()
    """Each card's effect key, by card index."""
    protection: int = -1
    """Index of the Protection card (-1 if the set has none)."""
    architect: int = -1
    """Index of the Architect card (-1 if the set has none)."""
    names: Names = CLASSIC_NAMES
    """The edition's material words (its four brick colors)."""
    setup: SetupRule = SetupRule()

    def target_vp(self, players: int) -> int:
        return TARGET_VP[players]


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise RulesetError(message)


def _parse_card(raw: Any, where: str) -> CardDef:
    _require(isinstance(raw, dict), f"{where}: a card must be an object")
    key, number, optional = raw.get("key"), raw.get("number"), raw.get("optional", False)
    name = raw.get("name", key)
    _require(key in CARD_KEYS, f"{where}: unknown card effect {key!r}")
    _require(isinstance(name, str) and 0 < len(name) <= 32 and name.isidentifier(),
             f"{where}: name must be a short identifier")
    _require(type(number) is int and 0 <= number <= 9, f"{where}: number must be 0-9")
    _require(type(optional) is bool, f"{where}: optional must be true or false")
    return CardDef(key=key, name=name, number=number, optional=optional)


def _parse_building(raw: Any, where: str, cost_names: tuple[str, ...]) -> Building:
    _require(isinstance(raw, dict), f"{where}: a building must be an object")
    ident, name, vp, architect = raw.get("id"), raw.get("name"), raw.get("vp"), raw.get("architect")
    _require(isinstance(ident, str) and 0 < len(ident) <= 32, f"{where}: id must be a short string")
    _require(isinstance(name, str) and 0 < len(name) <= 64, f"{where}: name must be a short string")
    _require(type(vp) is int and 0 < vp <= 20, f"{where}: vp must be 1-20")
    _require(type(architect) is bool, f"{where}: architect must be true or false")
    cost_raw = raw.get("cost")
    _require(isinstance(cost_raw, dict), f"{where}: cost must be an object")
    unknown = set(cost_raw) - set(cost_names)
    _require(not unknown, f"{where}: unknown cost entries {sorted(unknown)}")
    cost = tuple(cost_raw.get(name, 0) for name in cost_names)
    _require(all(type(c) is int and 0 <= c <= 20 for c in cost), f"{where}: costs must be 0-20")
    _require(sum(cost) > 0, f"{where}: a building must cost something")
    return Building(id=ident, name=name, vp=vp, architect=architect, cost=cost)


def _parse_colors(deck_doc: dict[str, Any]) -> tuple[str, ...]:
    """The deck's four brick colors ("colours"; the classic four when absent)."""
    colors = deck_doc.get("colours", list(CLASSIC_COLORS))
    _require(isinstance(colors, list) and len(colors) == 4
             and all(isinstance(c, str) and c.isidentifier() and len(c) <= 16 for c in colors)
             and len(set(colors)) == 4 and GRAY_NAME not in colors,
             "building deck: 'colours' must list four distinct color names")
    return tuple(colors)


_SETUP_LIMITS = {"pesos": 10, "random_materials": 5, "gray": 5, "market_materials": 10,
                 "market_pesos": 20}


def _parse_setup(cards_doc: dict[str, Any]) -> SetupRule:
    """The card list's "setup" object (the classic setup when absent)."""
    raw = cards_doc.get("setup", {})
    _require(isinstance(raw, dict), "card list: 'setup' must be an object")
    unknown = set(raw) - {*_SETUP_LIMITS, "win_at_once"}
    _require(not unknown, f"card list: unknown setup entries {sorted(unknown)}")
    for key, high in _SETUP_LIMITS.items():
        value = raw.get(key, 0)
        _require(type(value) is int and 0 <= value <= high,
                 f"card list: setup {key} must be 0-{high}")
    _require(type(raw.get("win_at_once", False)) is bool,
             "card list: setup win_at_once must be true or false")
    return SetupRule(**raw)


def parse_ruleset(cards_doc: Any, deck_doc: Any) -> Ruleset:
    """Build a `Ruleset` from the decoded `cards.json` and `buildings.json` documents."""
    _require(isinstance(cards_doc, dict) and isinstance(cards_doc.get("cards"), list),
             "card list: expected an object with a 'cards' list")
    _require(isinstance(deck_doc, dict) and isinstance(deck_doc.get("buildings"), list),
             "building deck: expected an object with a 'buildings' list")
    cards = tuple(_parse_card(c, f"card {i}") for i, c in enumerate(cards_doc["cards"]))
    _require(2 <= len(cards) <= 16, "card list: a set has 2 to 16 cards")
    names = Names.of_colors(_parse_colors(deck_doc))
    buildings = tuple(
        _parse_building(b, f"building {i}", names.costs)
        for i, b in enumerate(deck_doc["buildings"])
    )
    _require(1 <= len(buildings) <= 120, "building deck: 1 to 120 buildings")
    ids = [b.id for b in buildings]
    _require(len(set(ids)) == len(ids), "building deck: building ids must be unique")
    source = json.dumps({"cards": cards_doc, "deck": deck_doc}, sort_keys=True,
                        separators=(",", ":"))
    keys = tuple(card.key for card in cards)
    return Ruleset(
        name=str(cards_doc.get("ruleset", "classic")),
        cards=cards,
        buildings=buildings,
        deck_name=str(deck_doc.get("deck", "custom")),
        fingerprint=hashlib.sha256(source.encode()).hexdigest(),
        source=source,
        keys=keys,
        protection=keys.index("protection") if "protection" in keys else -1,
        architect=keys.index("architect") if "architect" in keys else -1,
        names=names,
        setup=_parse_setup(cards_doc),
    )


__all__ = ["Building", "CLASSIC_NAMES", "CardDef", "Names", "Ruleset", "RulesetError",
           "SetupRule", "parse_ruleset", "TARGET_VP"]
