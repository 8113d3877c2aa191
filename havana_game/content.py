"""Loads the game's data files into a `Ruleset`: one folder per edition.

`havana_game/data/editions/<name>/` holds the edition's action cards
(`cards.json`: effect keys, numbers, setup) and its building deck
(`buildings.json`: brick colors and buildings). The code side of an edition is
the effects its cards name (`rules.actions.EFFECTS`, `rules.legal` for choices).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path

from .editions import DEFAULT_EDITION, EDITIONS
from .rules import Ruleset, RulesetError, parse_ruleset

__all__ = ["DEFAULT_EDITION", "EDITIONS", "UnknownEdition", "bot_names", "classic_rules",
           "edition_for", "find_edition", "rules_with_deck"]

class UnknownEdition(RulesetError):
    """An edition name this program has no data for."""


def _edition_json(edition: str, name: str) -> object:
    folder = resources.files("havana_game").joinpath("data", "editions", edition)
    return json.loads(folder.joinpath(name).read_text("utf-8"))


@cache
def find_edition(name: str) -> Ruleset:
    """The ruleset of an edition by name ("classic", "edition2024"); raises
    `UnknownEdition` for any other name."""
    if name not in EDITIONS:
        raise UnknownEdition(f"unknown edition {name!r}; this program plays "
                             f"{', '.join(EDITIONS)}")
    return parse_ruleset(_edition_json(name, "cards.json"), _edition_json(name, "buildings.json"))


@cache
def bot_names() -> tuple[str, ...]:
    """The names bots go by at a table, in the order they are given
    (`data/bot_names.json`): people's names, so a log reads like a game."""
    raw = json.loads(resources.files("havana_game").joinpath("data", "bot_names.json")
                     .read_text("utf-8"))
    return tuple(str(name) for name in raw["names"])


@cache
def reactions() -> tuple[str, ...]:
    """The quick reactions a seat may send its table, in the order they are
    offered (`data/reactions.json`); each one's words are `reaction.<id>`."""
    raw = json.loads(resources.files("havana_game").joinpath("data", "reactions.json")
                     .read_text("utf-8"))
    return tuple(str(name) for name in raw["reactions"])


def classic_rules() -> Ruleset:
    """The classic cards with the project's 36-building deck."""
    return find_edition("classic")


def rules_with_deck(deck_path: Path, edition: str = DEFAULT_EDITION) -> Ruleset:
    """An edition's cards with a building deck read from `deck_path`."""
    find_edition(edition)  # the name is checked before any file is read
    try:
        deck = json.loads(deck_path.read_text("utf-8"))
    except (OSError, ValueError, RecursionError) as error:  # ValueError: bad JSON or UTF-8
        raise RulesetError(f"cannot read building deck {deck_path}: {str(error)[:200]}") from None
    return parse_ruleset(_edition_json(edition, "cards.json"), deck)


def edition_for(name: str, fingerprint: str) -> Ruleset:
    """The edition a game names (a view's or `welcome`'s "ruleset" and "deck"): raises
    `UnknownEdition` unless this program has it with exactly that card and deck data."""
    rules = find_edition(name)
    if rules.fingerprint != fingerprint:
        raise UnknownEdition(f"this program's {name} data differs from the game's "
                             "(another version of Havana?)")
    return rules
