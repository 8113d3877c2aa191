"""Game-log lines and the results screen's per-player story, from the public
events, in player names."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..ui.i18n import has_message, tr, trn
from .edition import rules

Event = dict[str, Any]


def building_name(ident: str) -> str:
    """A building's name in the current language."""
    return tr(f"building.{ident}")


def building_vp(ident: str) -> int:
    return next((b.vp for b in rules().buildings if b.id == ident), 0)


def card_name(card: int) -> str:
    return tr(f"card.{rules().cards[card].name}")


def amounts_text(amounts: dict[str, int] | list[str]) -> str:
    """"2 red, 1 gray" from a count dict or a list of names (materials, pesos,
    workers), each amount in its plural form; "nothing" if all are zero."""
    parts = [trn(f"amount.{name}", n) for name, n in Counter(amounts).items() if n]
    return tr("list.separator").join(parts) or tr("nothing")


def error_text(reason: str | None) -> str:
    """A rejected decision or host error in the player's language, from its reason
    code (the engine's and the protocol's codes each have a message)."""
    key = f"error.{reason}"
    return tr(key) if has_message(key) else tr("error.unknown", reason=reason)


def log_line(event: Event, name: Callable[[int], str]) -> str | None:
    """One log line for a public event; None for events the log skips (a
    `seated` at the deal: every seat's first player)."""
    kind, d = event["kind"], event["data"]
    who = name(d["seat"]) if "seat" in d else ""
    lines: dict[str, Callable[[], str | None]] = {
        "round_started": lambda: tr("log.round", n=d["round"]),
        "turn_started": lambda: tr("log.turn", name=who),
        "action": lambda: tr("log.action", name=who, card=card_name(d["card"])),
        "materials_taken": lambda: tr(f"log.materials.{d['source']}", name=who,
                                      materials=amounts_text(d["materials"])),
        "pesos_taken": lambda: trn(f"log.pesos.{d['source']}", d["count"], name=who),
        "workers_taken": lambda: trn("log.workers", d["count"], name=who),
        "building_built": lambda: tr("log.built", name=who, building=building_name(d["building"]),
                                     vp=building_vp(d["building"])),
        "building_removed": lambda: tr("log.removed", name=who,
                                       building=building_name(d["building"])),
        "row_refilled": lambda: tr("log.refill", row=d["row"] + 1),
        "cards_revealed": lambda: tr("log.revealed"),
        "card_covered": lambda: tr("log.covered", name=who, card=card_name(d["covered"])),
        "cards_chosen": lambda: tr("log.chosen", name=who),
        "taxed": lambda: tr("log.taxed.worker", name=who, victim=name(d["victim"]))
        if d["take"] == "worker" else tr("log.taxed.material", name=who, victim=name(d["victim"]),
                                         materials=amounts_text([d["take"]])),
        "pesos_stolen": lambda: trn("log.pesos_stolen", d["count"], name=who,
                                    victim=name(d["victim"])),
        "materials_stolen": lambda: tr("log.materials_stolen", name=who, victim=name(d["victim"]),
                                       materials=amounts_text(d["materials"])),
        "market_supplied": lambda: trn("log.supplied", d["pesos"],
                                       materials=amounts_text(d["materials"])),
        "card_taken_back": lambda: tr("log.took_back_card", name=who, card=card_name(d["card"]))
        if "card" in d else tr("log.took_back", name=who),
        "card_recycled": lambda: (tr("log.recycled", name=who, card=card_name(d["taken"]))
                                  if d["put"] else tr("log.recycled_only", name=who,
                                                      card=card_name(d["taken"])))
        if d["taken"] >= 0 else tr("log.recycled_nothing", name=who),
        "forced": lambda: tr("log.forced_end" if d["end_turn"] else "log.forced", name=who),
        "discards_taken_back": lambda: trn("log.discards", d["count"], name=who),
        "game_over": lambda: trn("log.over", len(d["winners"]), names=names_text(
            [name(s) for s in d["winners"]])),
        "seat_left": lambda: tr("log.seat_left", name=who, time=clock(d["seconds"]))
        if d["seconds"] is not None else tr("log.seat_left_now", name=who),
        "seat_standin": lambda: tr("log.seat_standin", name=who, ai=tr(f"ai.{d['level']}")),
        "seat_back": lambda: tr("log.seat_back", name=who),
        "seat_opened": lambda: tr("log.seat_opened", name=d.get("name") or who),
        "seated": lambda: tr("log.seat_taken", name=d["name"]) if d["version"] else None,
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
