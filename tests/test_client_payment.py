"""Paying for a building, in the real client (offscreen) against its in-process
host: a click on a row end proposes that building's cheapest payment; the action
panel shows the very payment that Confirm sends, before and after flipping to the
next one."""

from __future__ import annotations

from typing import Any

import pygame

from havana_game.client.scenes.table import TableScene
from havana_game.client.session.netlink import NetLink
from havana_game.client.table import buttons as table_module
from havana_game.client.table.staging import payment_cost

from .seeds import HOST_SEED
from .test_client_support import click, make_app, play_to_step, step, until

WAIT = 120.0


def _end_with_payments(view: dict[str, Any]) -> tuple[str, list[dict[str, Any]]] | None:
    """A row end the seat can pay for in more than one way, and those ways."""
    by_end: dict[str, list[dict[str, Any]]] = {}
    for d in view["legal"]:
        if d["kind"] == "build":
            by_end.setdefault(f"end:{d['row']}:{d['side']}", []).append(d)
    return next(((end, found) for end, found in sorted(by_end.items()) if len(found) > 1), None)


def test_a_row_end_click_proposes_the_cheapest_payment_and_the_panel_shows_what_is_sent(
        tmp_path: Any, monkeypatch: Any):
    shown: list[Any] = []

    def draw_panel(*args: Any) -> None:
        shown.append(args[5])  # (surface, layout, prompt, error, active, payment, ...)
        original(*args)
    original = table_module.draw_panel
    monkeypatch.setattr(table_module, "draw_panel", draw_panel)
    app = make_app(tmp_path)
    table = TableScene(app, NetLink.local(["human", "random"], ["Ana", "Bo"], seed=HOST_SEED))
    app.switch(table)
    sent: list[dict[str, Any]] = []
    send = table.flow.send_decision

    def recorded(seat: int, decision: dict[str, Any]) -> None:
        sent.append(decision)
        send(seat, decision)
    table.flow.send_decision = recorded  # type: ignore[method-assign]
    found = None
    for _ in range(200):  # end turns (gathering materials) until a building has choices
        play_to_step(app, table, "build", WAIT)
        found = _end_with_payments(table.view)
        if found is not None:
            break
        version = table.view["version"]
        step(app, click(table.controls()["end_turn"]))
        until(app, lambda before=version: table.view["version"] > before, WAIT)
    assert found is not None, "no building with two payments came up"
    end, payments = found
    view = table.view
    step(app, click(table.controls()[end]))
    step(app)
    cheapest = min(payment_cost(d) for d in payments)
    staged = table.staging.decision(view)
    assert staged in payments and payment_cost(staged) == cheapest
    assert shown[-1] == staged, "the panel shows another payment than the one staged"
    step(app, click(table.controls()["pay_next"]))
    step(app)
    second = table.staging.decision(view)
    assert second in payments and second != staged and shown[-1] == second
    sent.clear()
    step(app, click(table.controls()["confirm"]))
    until(app, lambda: bool(sent), WAIT)
    assert sent == [second], "Confirm sent another payment than the panel showed"
    table.close()
    pygame.event.clear()
