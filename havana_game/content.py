"""Loads the game's data files (action cards, building deck) into a `Ruleset`."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path

from .rules import Ruleset, RulesetError, parse_ruleset


def _package_json(name: str) -> object:
    return json.loads(resources.files("havana_game").joinpath("data", name).read_text("utf-8"))


@cache
def classic_rules() -> Ruleset:
    """The classic cards with the project's 36-building deck."""
    return parse_ruleset(_package_json("cards.json"), _package_json("buildings.json"))


def rules_with_deck(deck_path: Path) -> Ruleset:
    """The classic cards with a building deck read from `deck_path`."""
    try:
        deck = json.loads(deck_path.read_text("utf-8"))
    except (OSError, ValueError, RecursionError) as error:  # ValueError: bad JSON or UTF-8
        raise RulesetError(f"cannot read building deck {deck_path}: {str(error)[:200]}") from None
    return parse_ruleset(_package_json("cards.json"), deck)
