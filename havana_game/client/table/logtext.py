"""Game-log lines and the results screen's per-player story, from the public
events, in player names."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ...presentation import event_key, text_key
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


def log_line(event: Event, name: Callable[[int], str]) -> str | None:
    """One log line for a public event; None for events the log skips (a
    `seated` at the deal: every seat's first player)."""
    kind, d = event["kind"], event["data"]
    who = name(d["seat"]) if "seat" in d else ""

    def key(variant: str = "text") -> str:
        """The text key of this event's line (`presentation.event_key`)."""
        return event_key(kind, variant, d)

    lines: dict[str, Callable[[], str | None]] = {
        "round_started": lambda: tr(key(), n=d["round"]),
        "turn_started": lambda: tr(key(), name=who),
        "action": lambda: tr(key(), name=who, card=card_name(d["card"])),
        "materials_taken": lambda: tr(key(), name=who, materials=amounts_text(d["materials"])),
        "pesos_taken": lambda: trn(key(), d["count"], name=who),
        "workers_taken": lambda: trn(key(), d["count"], name=who),
        "building_built": lambda: tr(key(), name=who, building=building_name(d["building"]),
                                     vp=building_vp(d["building"])),
        "building_removed": lambda: tr(key(), name=who, building=building_name(d["building"])),
        "row_refilled": lambda: tr(key(), row=d["row"] + 1),
        "cards_revealed": lambda: tr(key()),
        "card_covered": lambda: tr(key(), name=who, card=card_name(d["covered"])),
        "cards_chosen": lambda: tr(key(), name=who),
        "taxed": lambda: tr(key("worker"), name=who, victim=name(d["victim"]))
        if d["take"] == "worker" else tr(key("material"), name=who, victim=name(d["victim"]),
                                         materials=amounts_text([d["take"]])),
        "pesos_stolen": lambda: trn(key(), d["count"], name=who, victim=name(d["victim"])),
        "materials_stolen": lambda: tr(key(), name=who, victim=name(d["victim"]),
                                       materials=amounts_text(d["materials"])),
        "market_supplied": lambda: trn(key(), d["pesos"], materials=amounts_text(d["materials"])),
        "card_taken_back": lambda: tr(key("card"), name=who, card=card_name(d["card"]))
        if "card" in d else tr(key(), name=who),
        "card_recycled": lambda: tr(key() if d["put"] else key("only"), name=who,
                                    card=card_name(d["taken"]))
        if d["taken"] >= 0 else tr(key("nothing"), name=who),
        "forced": lambda: tr(key("end_turn" if d["end_turn"] else "text"), name=who),
        "discards_taken_back": lambda: trn(key(), d["count"], name=who),
        "game_over": lambda: trn(key(), len(d["winners"]), names=names_text(
            [name(s) for s in d["winners"]])),
        "seat_left": lambda: tr(key(), name=who, time=clock(d["seconds"]))
        if d["seconds"] is not None else tr(key("now"), name=who),
        "seat_standin": lambda: tr(key(), name=who, ai=tr_name("ai_level", level=d["level"])),
        "seat_back": lambda: tr(key(), name=who),
        "seat_opened": lambda: tr(key(), name=d.get("name") or who),
        "seated": lambda: tr(key(), name=d["name"]) if d["version"] else None,
    }
    make = lines.get(kind)
    return make() if make else None


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
