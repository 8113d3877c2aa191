"""Labels for the decisions a seat picks from: text plus resource icons."""

from __future__ import annotations

from typing import Any

import pygame

from ...presentation import effect
from ...rules import View
from ..ui import tokens
from ..ui.i18n import tr
from .edition import card_key, costs
from .logtext import building_name, card_name

Decision = dict[str, Any]


def _end_name(view: View, end: int) -> str:
    row = view["rows"][end >> 1]
    return building_name(row[-1] if end & 1 else row[0])


def option_label(view: View, decision: Decision, names: list[str], icon: int,
                 letters: bool) -> tuple[str, list[pygame.Surface]]:
    """How an act or tax option reads on its button (the card effect's `choice`)."""
    icons = [tokens.resource_icon(m, icon, letters) for m in decision.get("take", [])
             if isinstance(decision.get("take"), list)]
    if decision["kind"] == "tax":
        take = decision["take"]
        image = tokens.resource_icon("workers" if take == "worker" else take, icon, letters)
        return tr("option.victim", name=names[decision["victim"]]), [image]
    look = effect(card_key(decision["card"]))
    target = decision.get("target")
    if look.choice == "recycle":
        return _recycling_label(decision), []
    if look.untaken and not icons:
        return tr(look.untaken), []
    if look.choice in ("take_back", "remove_end"):
        if target is None:
            return tr("decline"), []
        if look.choice == "take_back":
            return tr("option.card", card=card_name(target)), []
        return _end_name(view, target), []
    if target is not None:
        return tr("option.victim", name=names[target]), icons
    return "", icons


def _recycling_label(decision: Decision) -> str:
    """Reciclaje: the hand card put down and the discarded card taken back."""
    put, taken = decision.get("put"), decision.get("target")
    if taken is None:
        return tr("nothing")
    if put is None:
        return tr("option.card", card=card_name(taken))
    if put == taken:
        return tr("option.recycle_same", card=card_name(put))
    return tr("option.recycle", put=card_name(put), card=card_name(taken))


def removes_a_building(card: int | None) -> bool:
    """Carrying out `card` boxes a row-end building (its effect's choice is
    remove_end: Conservation, 2024 Ruina)."""
    return card is not None and effect(card_key(card)).choice == "remove_end"


def payment_icons(decision: Decision, icon: int, letters: bool) -> list[tuple[pygame.Surface,
                                                                              int]]:
    """A payment as (icon, amount) pairs in cost order."""
    pay = decision.get("pay", {})
    return [(tokens.resource_icon(k, icon, letters), pay[k]) for k in costs() if pay.get(k)]
