"""The line at the top of the action panel: what the seat is asked, or whom the
table waits for."""

from __future__ import annotations

from collections.abc import Callable

from ...presentation import decision_prompt
from ...rules import View
from ..ui.i18n import tr
from .logtext import building_name, card_name
from .staging import Staging


def prompt(view: View, current: str, staging: Staging,
           name: Callable[[int], str]) -> str:
    """The prompt for decision mode `current` (`staging.mode`), naming seats with
    `name`; Reciclaje asks for the card to put down, then for the card to take back."""
    if current == "wait":
        if view["phase"] == "over":
            return tr("prompt.over")
        active = view["active"]
        if view["phase"] == "setup" or active is None:
            return tr("prompt.wait_all")
        if reached_goal(view, active):
            return tr("prompt.wait_goal", name=name(active), vp=view["seats"][active]["vp"],
                      target=view["target_vp"])
        return tr("prompt.wait", name=name(active))
    if current == "act" and staging.act_card is not None and staging.options(view):
        if staging.puts(view):
            picked = staging.put_down(view) is not None
            return tr("prompt.recycle_take" if picked else "prompt.recycle_put",
                      card=card_name(staging.act_card))
        return tr("prompt.act_option", card=card_name(staging.act_card))
    if current == "tax":
        taxed = name(view["tax_queue"][0]) if view["tax_queue"] else ""
        return tr(decision_prompt("tax"), name=taxed)
    if current == "build" and staging.end is not None:
        row, side = staging.end
        ident = view["rows"][row][-1 if side == "right" else 0]
        count = len(staging.payments(view))
        return tr("prompt.pay", building=building_name(ident),
                  i=staging.pay_index % max(1, count) + 1, n=count)
    you = view["you"]
    if current == "build" and you is not None and reached_goal(view, you):
        return tr("prompt.build_goal", vp=view["seats"][you]["vp"], target=view["target_vp"])
    return tr(decision_prompt(current))


def reached_goal(view: View, seat: int | None) -> bool:
    """`seat` has the goal's VP on its turn: the game ends when the turn does
    (docs/RULES.md "Winning")."""
    return seat is not None and view["phase"] == "actions" \
        and view["seats"][seat]["vp"] >= view["target_vp"]
