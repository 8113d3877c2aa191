"""The presentation vocabulary: how the game is shown, in one data file
(`data/presentation.json`) that every screen showing the game reads. The pygame
client draws with it; the web seat page reads the same document, as
`web/presentation.js` and its colors as `web/presentation.css`, both written by
`tools/web_presentation.py` (a test checks them), so no color, shape or label is
typed twice.

It holds the table's palette, each material's color and shape (color-blind
letters are the `letter` text key, in the player's language), the seats'
colors, each card effect's look (`EffectLook`: tint, emblem, the choice its
options offer), and the text keys (gettext message ids) of
card, building and material names, of each decision kind's prompt and of each
event's log line, with what fills it in (`EventLine`: both clients' logs read
it). Standard library only: a host or a web server may use it without pygame.

    >>> material_color("red"), material_shape("red")
    ((196, 64, 52), 'brick')
    >>> text_key("card", name="siesta"), event_line("taxed", {"take": "worker"}).key
    ('card.siesta', 'log.taxed.worker')
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

PATH = resources.files("havana_game").joinpath("data", "presentation.json")
"""The presentation document, read through importlib.resources (an installed wheel
and a bundled app hold it inside the package)."""

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


def payment_weights(costs: tuple[str, ...]) -> tuple[int, ...]:
    """How dear each entry of a payment is, in the edition's cost order (four
    colors, gray, pesos, workers): payments are proposed cheapest first."""
    weights = vocabulary()["payment_weights"]
    return (*[int(weights["colored"])] * 4, *(int(weights[name]) for name in costs[4:]))


def seat_colors() -> tuple[Color, ...]:
    """Each seat's color, seat 0 first."""
    return tuple(_color(c) for c in vocabulary()["seat_colors"])


CHOICES = ("plain", "take_back", "remove_end", "recycle")
"""How a card's options read (`EffectLook.choice`): plain (a victim, materials, or
both), take_back (a discarded card back, or decline), remove_end (an end building
boxed, or decline), recycle (a hand card put down and a discarded card taken back)."""


class PresentationError(ValueError):
    """An effect the engine knows that the vocabulary does not show or explain."""


@dataclass(frozen=True, slots=True)
class EffectLook:
    """How one card effect is shown, by every screen (`effects` in the data file)."""

    key: str
    tint: Color
    """The card's color band."""
    picture: str
    """The emblem's picture (the pygame client's `emblems.PICTURES`)."""
    slots: tuple[int, ...]
    """The edition's materials the picture shows, by index (0-3 colors, 4 gray)."""
    mark: str
    """What is drawn over the picture ("" none; `emblems.MARKS`)."""
    choice: str
    """How its options read: one of `CHOICES`."""
    untaken: str
    """Text key of the option taking nothing ("" when that option is labelled plainly)."""
    hint: str
    """The first-game guide's hint key while its options are chosen among ("" none)."""
    robs: bool
    """It takes from a victim: the log says so when it found none."""


def _look(key: str, raw: dict[str, Any]) -> EffectLook:
    emblem = raw["emblem"]
    return EffectLook(key, _color(raw["tint"]), str(emblem["picture"]),
                      tuple(int(i) for i in emblem.get("slots", ())), str(emblem.get("mark", "")),
                      str(raw["choice"]), str(raw.get("untaken", "")), str(raw.get("hint", "")),
                      bool(raw.get("robs", False)))


@lru_cache(maxsize=1)
def effects() -> dict[str, EffectLook]:
    """Every card effect's look, by effect key (every edition's cards)."""
    return {key: _look(key, raw) for key, raw in vocabulary()["effects"].items()}


def effect(key: str) -> EffectLook:
    return effects()[key]


def check_effects(keys: Iterable[str], pictures: Iterable[str], marks: Iterable[str]) -> None:
    """Raise `PresentationError` unless every effect key in `keys` (the engine's)
    has a look whose picture is one of `pictures`, whose mark is one of `marks`
    (or none) and whose choice is one of `CHOICES`: an effect nobody draws or
    explains stops the program at start-up, never shows a blank card."""
    looks, known, marked = effects(), set(pictures), {"", *marks}
    for key in keys:
        look = looks.get(key)
        if look is None:
            raise PresentationError(f"card effect {key!r} has no look in {PATH.name} "
                                    "(effects: tint, emblem, choice)")
        if look.picture not in known or look.mark not in marked or look.choice not in CHOICES:
            raise PresentationError(f"card effect {key!r}: {PATH.name} names an emblem "
                                    f"({look.picture!r}, mark {look.mark!r}) or a choice "
                                    f"({look.choice!r}) no screen has")


def card_tints() -> dict[str, Color]:
    """Each action card's tint, by its effect key (every edition's cards)."""
    return {key: look.tint for key, look in effects().items()}


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


Spec = tuple[str, str]
"""How a line's argument is made from an event's data: (kind, field), e.g.
("player", "seat"): the name of the seat in the field `seat`."""

TESTS = ("present", "absent", "true", "false", "null", "negative", "equals")
"""A line's `when`: [test, field] (or ["equals", field, value])."""

ARGUMENT_KINDS = ("value", "player", "players", "card", "building", "building_vp", "amounts",
                  "plus_one", "size", "clock", "ai_level")
"""What each kind of argument says (the log's interpreters, `client/table/logtext.py`
and `web/logtext.js`, each make every one)."""


@dataclass(frozen=True, slots=True)
class EventLine:
    """The log line an event's data calls for (`events` in the data file)."""

    key: str
    """Its text key, filled in from the event's data ("log.materials.bag")."""
    args: dict[str, Spec]
    """Each placeholder of the text and how it is made."""
    count: Spec | None
    """The number that chooses the plural form (None: a text without plural)."""


def _holds(when: list[Any], data: Mapping[str, Any]) -> bool:
    test, field, *value = when
    found = data.get(field)
    holds: dict[str, bool] = {
        "present": field in data, "absent": field not in data, "true": bool(found),
        "false": not found, "null": found is None,
        "negative": isinstance(found, int | float) and found < 0,
        "equals": bool(value) and found == value[0]}
    return holds[test]


def event_lines(kind: str) -> list[dict[str, Any]]:
    """The lines an event of `kind` may have, as the data file has them: the first
    whose `when` holds is the event's (none, or `skip`: the log has no line)."""
    lines: list[dict[str, Any]] = vocabulary()["events"].get(kind, [])
    return lines


def event_line(kind: str, data: Mapping[str, Any]) -> EventLine | None:
    """The log line of an event of `kind` with `data`, or None if the log skips it."""
    for line in event_lines(kind):
        if "when" in line and not _holds(line["when"], data):
            continue
        if line.get("skip"):
            return None
        count = line.get("count")
        return EventLine(str(line["key"]).format_map(data),
                         {name: (str(how), str(field)) for name, (how, field)
                          in line.get("args", {}).items()},
                         (str(count[0]), str(count[1])) if count else None)
    return None


def event_keys(kind: str) -> list[str]:
    """The text keys an event of `kind` may be told with, unfilled
    ("log.materials.{source}")."""
    return [str(line["key"]) for line in event_lines(kind) if "key" in line]


def logged_events() -> set[str]:
    """The event kinds the log shows (the others have no line)."""
    return {kind for kind in vocabulary()["events"] if event_keys(kind)}
