"""The edition of the table on the screen: the client takes its cards, deck and
material words from the game it plays (a view's "ruleset" and "deck"), never from
a fixed ruleset. Until a game is seen, and in menus, it is the default edition.
The art's caches are keyed by what they draw (names, costs, colors), so faces of
two editions never mix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...content import edition_for, find_edition
from ...editions import DEFAULT_EDITION
from ...rules import Building, CardDef, Ruleset

_current: list[Ruleset] = [find_edition(DEFAULT_EDITION)]


def rules() -> Ruleset:
    """The ruleset of the game on the screen."""
    return _current[0]


def follow(view: Mapping[str, Any]) -> None:
    """Use the edition a view names (raises `content.UnknownEdition` if this program
    does not have it)."""
    if view["deck"] != _current[0].fingerprint:
        _current[0] = edition_for(view["ruleset"], view["deck"])


def card(index: int) -> CardDef:
    return rules().cards[index]


def card_key(index: int) -> str:
    """The effect key of action card `index` ("conservation", "mama", ...)."""
    return rules().keys[index]


def materials() -> tuple[str, ...]:
    """The edition's material words: four colors, then "gray"."""
    return rules().names.materials


def costs() -> tuple[str, ...]:
    """The materials, "pesos", "workers": a building cost's order."""
    return rules().names.costs


def building(ident: str) -> Building:
    """The building card with id `ident`."""
    return _buildings(rules())[ident]


_BY_ID: dict[str, dict[str, Building]] = {}


def _buildings(ruleset: Ruleset) -> dict[str, Building]:
    found = _BY_ID.get(ruleset.fingerprint)
    if found is None:
        found = _BY_ID[ruleset.fingerprint] = {b.id: b for b in ruleset.buildings}
    return found
