"""Game-log lines and the results screen's per-player story, from the public
events, in player names."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..content import classic_rules
from .i18n import tr, trn

Event = dict[str, Any]


def building_name(ident: str) -> str:
    return next((b.name for b in classic_rules().buildings if b.id == ident), ident)


def building_vp(ident: str) -> int:
    return next((b.vp for b in classic_rules().buildings if b.id == ident), 0)


def card_name(card: int) -> str:
    return tr(f"card.{classic_rules().cards[card].key}")


def materials_text(materials: dict[str, int] | list[str]) -> str:
    """"2 red, 1 gray" from a count dict or a list of names."""
    counts = Counter(materials) if isinstance(materials, list) else Counter(materials)
    parts = [f"{n} {tr('color.' + name)}" for name, n in counts.items() if n]
    return ", ".join(parts) or tr("nothing")


def log_line(event: Event, name: Callable[[int], str]) -> str | None:
    """One log line for a public event; None for events the log skips."""
    kind, d = event["kind"], event["data"]
    who = name(d["seat"]) if "seat" in d else ""
    lines: dict[str, Callable[[], str]] = {
        "round_started": lambda: tr("log.round", n=d["round"]),
        "turn_started": lambda: tr("log.turn", name=who),
        "action": lambda: tr("log.action", name=who, card=card_name(d["card"])),
        "materials_taken": lambda: tr("log.materials", name=who,
                                      what=materials_text(d["materials"]),
                                      source=tr("source." + d["source"])),
        "pesos_taken": lambda: trn("log.pesos", d["count"], name=who,
                                   source=tr("source." + d["source"])),
        "workers_taken": lambda: trn("log.workers", d["count"], name=who),
        "building_built": lambda: tr("log.built", name=who, building=building_name(d["building"]),
                                     vp=building_vp(d["building"])),
        "building_removed": lambda: tr("log.removed", name=who,
                                       building=building_name(d["building"])),
        "row_refilled": lambda: tr("log.refill", row=d["row"] + 1),
        "cards_revealed": lambda: tr("log.revealed"),
        "card_covered": lambda: tr("log.covered", name=who, card=card_name(d["covered"])),
        "cards_chosen": lambda: tr("log.chosen", name=who),
        "taxed": lambda: tr("log.taxed", name=who, victim=name(d["victim"]),
                            what=tr("color." + d["take"])),
        "pesos_stolen": lambda: trn("log.pesos_stolen", d["count"], name=who,
                                    victim=name(d["victim"])),
        "materials_stolen": lambda: tr("log.materials_stolen", name=who, victim=name(d["victim"]),
                                       what=materials_text(d["materials"])),
        "market_supplied": lambda: tr("log.supplied", what=materials_text(d["materials"]),
                                      n=d["pesos"]),
        "card_taken_back": lambda: tr("log.took_back", name=who),
        "discards_taken_back": lambda: tr("log.discards", name=who, n=d["count"]),
        "game_over": lambda: tr("log.over", names=", ".join(name(s) for s in d["winners"])),
    }
    make = lines.get(kind)
    return make() if make else None


def story(events: list[Event], seat: int, built: list[str]) -> str:
    """A short account of one player's game."""
    stolen = sum(1 for e in events if e["kind"] in ("pesos_stolen", "materials_stolen")
                 and e["data"].get("seat") == seat)
    taxed = sum(1 for e in events if e["kind"] == "taxed" and e["data"].get("victim") == seat)
    pesos = sum(e["data"]["count"] for e in events if e["kind"] == "pesos_taken"
                and e["data"].get("seat") == seat)
    gathered = sum(sum(e["data"]["materials"].values()) for e in events
                   if e["kind"] == "materials_taken" and e["data"].get("seat") == seat)
    if built:
        biggest = max(built, key=building_vp)
        parts = [tr("story.built", n=len(built), vp=sum(building_vp(b) for b in built),
                    big=building_name(biggest))]
    else:
        parts = [tr("story.nothing")]
    parts.append(tr("story.pesos", n=pesos))
    parts.append(tr("story.materials", n=gathered))
    if stolen:
        parts.append(tr("story.stole", n=stolen))
    if taxed:
        parts.append(tr("story.taxed", n=taxed))
    return "; ".join(parts) + "."
