"""The presentation vocabulary: how the game is shown, in one data file
(`data/presentation.json`) that every screen showing the game reads. The pygame
client draws with it; a web page is served the same document (`document()`), so
no color, shape or label is typed twice.

It holds the table's palette, each material's color and shape (color-blind
letters are the `letter` text key, in the player's language), the seats'
colors, the action cards' tints, and the text keys (gettext message ids) of
card, building and material names, of each decision kind's prompt and of each
event's log line. Standard library only: a host or a web server may use it
without pygame.

    >>> material_color("red"), material_shape("red")
    ((196, 64, 52), 'brick')
    >>> text_key("card", name="siesta"), event_key("taxed", "worker")
    ('card.siesta', 'log.taxed.worker')
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

PATH = Path(__file__).resolve().parent / "data" / "presentation.json"

Color = tuple[int, int, int]


@lru_cache(maxsize=1)
def vocabulary() -> dict[str, Any]:
    """The whole vocabulary, as the data file has it."""
    loaded: dict[str, Any] = json.loads(PATH.read_text("utf-8"))
    return loaded


def document() -> str:
    """The vocabulary as JSON text, as a web page is served it."""
    return json.dumps(vocabulary(), ensure_ascii=False, sort_keys=True)


def _color(value: list[int]) -> Color:
    red, green, blue = value
    return red, green, blue


def palette(name: str) -> Color:
    """A color of the table's palette ("ink", "panel", "accent", ...)."""
    return _color(vocabulary()["palette"][name])


def material_colors() -> dict[str, Color]:
    """Every material's color (of every edition), by its word."""
    return {name: _color(m["color"]) for name, m in vocabulary()["materials"].items()}


def material_color(name: str) -> Color:
    return _color(vocabulary()["materials"][name]["color"])


def material_shapes() -> dict[str, str]:
    """Every material's shape: brick, triangle, hexagon, diamond or rubble. Each
    edition's four colors take the classic slots' shapes, so shape alone tells
    the slots apart; color-blind letters tell the colors apart."""
    return {name: str(m["shape"]) for name, m in vocabulary()["materials"].items()}


def material_shape(name: str) -> str:
    return str(vocabulary()["materials"][name]["shape"])


def seat_colors() -> tuple[Color, ...]:
    """Each seat's color, seat 0 first."""
    return tuple(_color(c) for c in vocabulary()["seat_colors"])


def card_tints() -> dict[str, Color]:
    """Each action card's tint, by its effect key (every edition's cards)."""
    return {key: _color(c) for key, c in vocabulary()["card_tints"].items()}


def text_key(kind: str, **fields: Any) -> str:
    """The text key of a name: `kind` "card", "effect", "building", "material",
    "letter", "amount", "phase", "end_reason", "error", "ai_level" or "edition",
    filled in with `fields` (`text_key("building", id="capitolio")`)."""
    return str(vocabulary()["text_keys"][kind]).format(**fields)


def decision_mode(kind: str) -> str:
    """The screen's mode for a decision kind ("end_turn" is asked with "build")."""
    return str(vocabulary()["decisions"][kind]["mode"])


def decision_prompt(kind: str) -> str:
    """The text key of the prompt asking a decision of `kind`."""
    return str(vocabulary()["decisions"][kind]["prompt"])


def event_key(kind: str, variant: str = "text", data: Mapping[str, Any] | None = None) -> str:
    """The text key of the log line of an event of `kind` (in its `variant`, where
    an event has several), filled in from the event's `data`."""
    return str(vocabulary()["events"][kind][variant]).format_map(data or {})


def logged_events() -> set[str]:
    """The event kinds the log shows (the others have no line)."""
    return {kind for kind, keys in vocabulary()["events"].items() if keys}
