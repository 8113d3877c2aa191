"""The ruleset: action cards and building deck, parsed from plain data.

Nothing here reads files: `parse_ruleset` takes the decoded JSON documents, so a
different deck of the same shape (for example one transcribed from the printed
cards) plugs in without code changes.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from .materials import COST_NAMES

CARD_KEYS = (
    "siesta", "refreshment", "protection", "debris", "conservation", "tax_collector",
    "worker", "architect", "pesos_thief", "materials_thief", "black_market", "pesos", "mama",
)
"""The action effects the classic engine knows; every card names one of them."""

TARGET_VP = {2: 25, 3: 20, 4: 15}
"""Victory points that win at the end of a phase-1 turn, by player count."""


class RulesetError(ValueError):
    """A card list or building deck that does not have the expected shape."""


@dataclass(frozen=True, slots=True)
class CardDef:
    """One action card of a player's set."""

    key: str
    """Which effect the card carries out (one of `CARD_KEYS`)."""
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

    def target_vp(self, players: int) -> int:
        return TARGET_VP[players]


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise RulesetError(message)


def _parse_card(raw: Any, where: str) -> CardDef:
    _require(isinstance(raw, dict), f"{where}: a card must be an object")
    key, number, optional = raw.get("key"), raw.get("number"), raw.get("optional", False)
    _require(key in CARD_KEYS, f"{where}: unknown card effect {key!r}")
    _require(type(number) is int and 0 <= number <= 9, f"{where}: number must be 0-9")
    _require(type(optional) is bool, f"{where}: optional must be true or false")
    return CardDef(key=key, number=number, optional=optional)


def _parse_building(raw: Any, where: str) -> Building:
    _require(isinstance(raw, dict), f"{where}: a building must be an object")
    ident, name, vp, architect = raw.get("id"), raw.get("name"), raw.get("vp"), raw.get("architect")
    _require(isinstance(ident, str) and 0 < len(ident) <= 32, f"{where}: id must be a short string")
    _require(isinstance(name, str) and 0 < len(name) <= 64, f"{where}: name must be a short string")
    _require(type(vp) is int and 0 < vp <= 20, f"{where}: vp must be 1-20")
    _require(type(architect) is bool, f"{where}: architect must be true or false")
    cost_raw = raw.get("cost")
    _require(isinstance(cost_raw, dict), f"{where}: cost must be an object")
    unknown = set(cost_raw) - set(COST_NAMES)
    _require(not unknown, f"{where}: unknown cost entries {sorted(unknown)}")
    cost = tuple(cost_raw.get(name, 0) for name in COST_NAMES)
    _require(all(type(c) is int and 0 <= c <= 20 for c in cost), f"{where}: costs must be 0-20")
    _require(sum(cost) > 0, f"{where}: a building must cost something")
    return Building(id=ident, name=name, vp=vp, architect=architect, cost=cost)


def parse_ruleset(cards_doc: Any, deck_doc: Any) -> Ruleset:
    """Build a `Ruleset` from the decoded `cards.json` and `buildings.json` documents."""
    _require(isinstance(cards_doc, dict) and isinstance(cards_doc.get("cards"), list),
             "card list: expected an object with a 'cards' list")
    _require(isinstance(deck_doc, dict) and isinstance(deck_doc.get("buildings"), list),
             "building deck: expected an object with a 'buildings' list")
    cards = tuple(_parse_card(c, f"card {i}") for i, c in enumerate(cards_doc["cards"]))
    _require(2 <= len(cards) <= 16, "card list: a set has 2 to 16 cards")
    buildings = tuple(
        _parse_building(b, f"building {i}") for i, b in enumerate(deck_doc["buildings"])
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
    )


__all__ = ["Building", "CardDef", "Ruleset", "RulesetError", "parse_ruleset", "TARGET_VP"]
