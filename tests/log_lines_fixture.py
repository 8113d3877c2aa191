"""Write tests/fixtures/log_lines.json: every event seat 0 is sent in a few seeded
random games of both editions (2-4 players), plus the seat events only the
desktop makes, each with the desktop's English log line; the English catalog's
texts those lines use and the editions' cards and buildings, so the web page's
test (tests/web/loglines.test.mjs) renders the same events and compares.

Written first with the log's two per-event programs, before the lines became
data (presentation.json `events`): tests/test_log_lines.py checks the desktop
still says the same. Rewrite it when an English text changes:

    .venv/bin/python -m tests.log_lines_fixture
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from havana_game import i18n
from havana_game.content import find_edition
from havana_game.editions import EDITIONS
from havana_game.rules import apply, legal_decisions, new_game
from net.host.web import catalog, editions

PATH = Path(__file__).resolve().parent / "fixtures" / "log_lines.json"
NAMES = ["Ana", "Benito", "Carmen", "Diego"]
GAMES = [(edition, players, 40 + players) for edition in EDITIONS for players in (2, 3, 4)]
PREFIXES = ("log.", "amount.", "card.", "building.", "ai.", "list.separator", "nothing")


def extra_events() -> list[dict[str, Any]]:
    """The desktop's own seat events (client/table/seatstate.py), the host's seatings
    and the variants the seeded games may miss."""
    return [
        {"kind": "seated", "data": {"seat": 1, "name": "Benito", "version": 0}},
        {"kind": "seated", "data": {"seat": 1, "name": "Carmen", "version": 9}},
        {"kind": "seat_left", "data": {"seat": 1, "seconds": 104.6}},
        {"kind": "seat_left", "data": {"seat": 1, "seconds": None}},
        {"kind": "seat_standin", "data": {"seat": 1, "level": "hard"}},
        {"kind": "seat_back", "data": {"seat": 1}},
        {"kind": "seat_opened", "data": {"seat": 1, "name": "Carmen"}},
        {"kind": "seat_opened", "data": {"seat": 1}},
        {"kind": "cover_started", "data": {}},
        {"kind": "card_recycled", "data": {"seat": 1, "taken": 2, "put": False}},
        {"kind": "card_recycled", "data": {"seat": 1, "taken": -1, "put": False}},
        {"kind": "game_over", "data": {"winners": [0, 1], "reason": "round_limit", "vp": [9, 9]}},
    ]


def played(edition: str, players: int, seed: int) -> list[dict[str, Any]]:
    """The events seat 0 is sent in a random game (its own secrets included)."""
    state = new_game(find_edition(edition), players, seed)
    chooser = random.Random(seed)
    out: list[dict[str, Any]] = []
    while state.deciders():
        seat = state.deciders()[0]
        for event in apply(state, seat, chooser.choice(legal_decisions(state, seat))):
            if event.visible_to(0):
                out.append(json.loads(json.dumps({"kind": event.kind, "data": event.data})))
    return out


def games() -> list[dict[str, Any]]:
    from havana_game.client.table import edition as table_edition
    from havana_game.client.table.logtext import log_line

    i18n.set_language("en")
    out = []
    for edition, players, seed in GAMES:
        table_edition._current[0] = find_edition(edition)
        seen: set[str] = set()
        events = [e for e in played(edition, players, seed) + extra_events()
                  if not (json.dumps(e, sort_keys=True) in seen
                          or seen.add(json.dumps(e, sort_keys=True)))]
        names = NAMES[:players]
        out.append({"edition": edition, "names": names, "events": events,
                    "lines": [log_line(e, names.__getitem__) for e in events]})
    table_edition._current[0] = find_edition(EDITIONS[0])
    return out


def messages() -> dict[str, list[str]]:
    """The English texts the lines are made of."""
    every = json.loads(catalog("en"))["messages"]
    return {key: forms for key, forms in sorted(every.items()) if key.startswith(PREFIXES)}


def document() -> dict[str, Any]:
    return {"messages": messages(), "editions": json.loads(editions()), "games": games()}


def main() -> None:
    PATH.write_text(json.dumps(document(), ensure_ascii=False, separators=(",", ":")) + "\n",
                    "utf-8")
    print(f"wrote {PATH}")


if __name__ == "__main__":
    main()
