"""Game-log lines and the results screen's per-player story, from the public
events, in player names."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ...presentation import event_line, text_key
from ..ui.i18n import has_message, tr, tr_name, trn
from .edition import rules

Event = dict[str, Any]


def building_name(ident: str) -> str:
    """A building's name in the current language."""
    return tr_name("building", id=ident)


def building_vp(ident: str) -> int:
    return next((b.vp for b in rules().buildings if b.id == ident), 0)


def card_name(card: int) -> str:
    return tr_name("card", name=rules().cards[card].name)


def amounts_text(amounts: dict[str, int] | list[str]) -> str:
    """"2 red, 1 gray" from a count dict or a list of names (materials, pesos,
    workers), each amount in its plural form; "nothing" if all are zero."""
    parts = [trn(text_key("amount", name=name), n) for name, n in Counter(amounts).items() if n]
    return tr("list.separator").join(parts) or tr("nothing")


def error_text(reason: str | None) -> str:
    """A rejected decision or host error in the player's language, from its reason
    code (the engine's and the protocol's codes each have a message)."""
    key = text_key("error", reason=reason)
    return tr(key) if has_message(key) else tr("error.unknown", reason=reason)


Name = Callable[[int], str]

ARGUMENTS: dict[str, Callable[[Any, Name], Any]] = {
    "value": lambda value, name: value,
    "player": lambda seat, name: name(seat),
    "players": lambda seats, name: names_text([name(s) for s in seats]),
    "card": lambda card, name: card_name(card),
    "building": lambda ident, name: building_name(ident),
    "building_vp": lambda ident, name: building_vp(ident),
    "amounts": lambda amounts, name: amounts_text(
        [amounts] if isinstance(amounts, str) else amounts),
    "plus_one": lambda index, name: index + 1,
    "size": lambda items, name: len(items),
    "clock": lambda seconds, name: clock(seconds),
    "ai_level": lambda level, name: tr_name("ai_level", level=level),
}
"""How each kind of argument of a log line (`presentation.ARGUMENT_KINDS`) is said,
from the event's field and the seats' names (as web/logtext.js's `ARGUMENTS`)."""


def log_line(event: Event, name: Name) -> str | None:
    """One log line for a public event, as presentation.json's `events` describe it
    (`presentation.event_line`); None for events the log skips (a `seated` at the
    deal: every seat's first player)."""
    data = event["data"]
    line = event_line(event["kind"], data)
    if line is None:
        return None
    values = {arg: ARGUMENTS[how](data[field], name) for arg, (how, field) in line.args.items()}
    if line.count is None:
        return tr(line.key, **values)
    how, field = line.count
    return trn(line.key, ARGUMENTS[how](data[field], name), **values)


def clock(seconds: float) -> str:
    """"1:45" for 105 seconds."""
    whole = max(0, round(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def names_text(names: list[str]) -> str:
    """Several player names as one list."""
    return tr("list.separator").join(names)


def story(events: list[Event], seat: int, built: list[str]) -> list[str]:
    """A short account of one player's game, one phrase per fact."""
    stolen = sum(1 for e in events if e["kind"] in ("pesos_stolen", "materials_stolen")
                 and e["data"].get("seat") == seat)
    taxed = sum(1 for e in events if e["kind"] == "taxed" and e["data"].get("victim") == seat)
    pesos = sum(e["data"]["count"] for e in events if e["kind"] == "pesos_taken"
                and e["data"].get("seat") == seat)
    gathered = sum(sum(e["data"]["materials"].values()) for e in events
                   if e["kind"] == "materials_taken" and e["data"].get("seat") == seat)
    if built:
        biggest = max(built, key=building_vp)
        parts = [trn("story.built", len(built), vp=sum(building_vp(b) for b in built),
                     building=building_name(biggest))]
    else:
        parts = [tr("story.nothing")]
    parts.append(trn("story.pesos", pesos))
    parts.append(trn("story.materials", gathered))
    if stolen:
        parts.append(trn("story.stole", stolen))
    if taxed:
        parts.append(trn("story.taxed", taxed))
    return parts
