"""The page and the desktop stage choices by the same rules: the page's staging
(havana_game/web/staging.js, run in Node) and the desktop's
(havana_game/client/table/staging.py) agree on every view of seeded games of both
editions: the mode of the question, the order the payments of each building end are
offered in (cheapest first by presentation.json's payment_weights, then fewest
units), and that every legal decision, staged by a player's taps on the page or
picked on the desktop, is exactly that decision (End turn: the page stages it, the
desktop's button sends it at once)."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from havana_game.client.table import edition
from havana_game.client.table.staging import Staging, mode
from havana_game.content import find_edition
from havana_game.rules import apply, legal_decisions, new_game, view_for
from net.host.web import editions

DRIVER = Path(__file__).parent / "web" / "stage_driver.mjs"
GAMES = {"classic": [(2, 11), (3, 12), (4, 13)], "edition2024": [(2, 21), (3, 22), (4, 23)]}
"""Per edition, the (players, seed) of the games whose views are compared."""


def views(edition_name: str, players: int, seed: int) -> list[dict[str, Any]]:
    """Every view a deciding seat gets in a random game, as the page receives it
    (through JSON: tuples as lists)."""
    state = new_game(find_edition(edition_name), players, seed)
    chooser = random.Random(seed)
    seen = []
    while seats := state.deciders():
        for seat in seats:
            seen.append(json.loads(json.dumps(view_for(state, seat))))
        seat = seats[0]
        apply(state, seat, chooser.choice(legal_decisions(state, seat)))
    return seen


def desktop(view: dict[str, Any]) -> dict[str, Any]:
    """What the desktop's staging makes of `view`, in the driver's terms."""
    edition.follow(view)
    legal = view.get("legal") or []
    staged = []
    for wanted in legal:
        if wanted["kind"] == "end_turn":  # the desktop's End turn button sends it, unstaged
            continue
        staging = Staging()
        staging.adopt(view, wanted)
        staged.append(staging.decision(view))
    ends: dict[str, list[Any]] = {}
    for d in legal:
        key = f"{d['row']}/{d['side']}" if d["kind"] == "build" else None
        if key is not None and key not in ends:
            ends[key] = Staging(end=(d["row"], d["side"])).payments(view)
    return {"mode": mode(view), "staged": staged, "payments": ends}


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node (Debian's nodejs)")
@pytest.mark.parametrize("edition_name", sorted(GAMES))
def test_page_and_desktop_stage_alike(edition_name: str) -> None:
    seen = [view for players, seed in GAMES[edition_name]
            for view in views(edition_name, players, seed)]
    page = json.loads(subprocess.run(
        ["node", str(DRIVER)], input=json.dumps({"editions": json.loads(editions()),
                                                 "views": seen}),
        capture_output=True, text=True, check=True, timeout=120).stdout)
    assert len(page) == len(seen)
    kinds = set()
    for view, theirs in zip(seen, page, strict=True):
        ours = desktop(view)
        legal = view.get("legal") or []
        kinds |= {d["kind"] for d in legal}
        assert theirs["mode"] == ours["mode"], view
        assert ours["staged"] == [d for d in legal if d["kind"] != "end_turn"], \
            "the desktop stages each legal decision as itself"
        assert theirs["staged"] == legal, "the page's taps stage each legal decision as itself"
        assert theirs["payments"] == ours["payments"], "payments offered in one order"
    assert kinds >= {"choose", "cover", "act", "build", "end_turn"}, kinds
