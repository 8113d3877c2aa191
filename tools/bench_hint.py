"""Hint benchmark: the real client offscreen (SDL dummy driver, a new player's
settings, kept from game to game) plays local games against the hard bot (the
first press of each game: "first_press_ms_per_game"), every decision by pressing Hint (H) and
then Enter (Confirm, or End turn when that is the hint), `--think-ms` after the
question is asked (the player thinking a moment: a search started as the question
came, `HintService.prepare`, has that long). Prints per hint the time from the
press to the line shown and whether the press found its search finished, per
search its iterations, and the games won; compare the iterations with a tournament's `hint` seat
(`havana tournament --seats hint,hard --json`: "iterations_mean") to see that
a hint in the window gets what a bot's move gets.

    python3 tools/bench_hint.py [--games 1] [--hints 0 (no limit)] [--opponent hard]
                                [--think-ms 0]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from havana_game.ai.hint import Hint, hint_for  # noqa: E402
from havana_game.ai.tournament import percentile  # noqa: E402
from havana_game.rules import View  # noqa: E402

if TYPE_CHECKING:
    from havana_game.client.profile.settings import Settings


def play(opponent: str, seed: int, hint_limit: int, record: list[dict[str, float]],
         presses: list[dict[str, Any]], settings: Settings, think_ms: float = 0,
         size: tuple[int, int] = (1280, 720)) -> dict[str, Any]:
    """One local game through the window, with the player's `settings` (kept from
    game to game, as a player's are); the player's seat follows every hint."""
    import pygame

    from havana_game.client.app import App
    from havana_game.client.scenes.table import TableScene
    from havana_game.client.session.netlink import NetLink
    from havana_game.client.table.hints import HintService
    from havana_game.client.ui.i18n import tr

    app = App(settings, size=size)
    link = NetLink.local(["human", opponent], ["Ana", "Bo"], seed=seed)
    table = TableScene(app, link)
    asked: list[float] = []

    def think(view: View) -> Hint:  # the button's own thinking, timed
        hint = hint_for(view)
        record.append({"iterations": hint.iterations})
        return hint

    service = HintService(think, searching=table.asks.hints_allowed)  # as the table's own
    table.asks.hints = service
    app.switch(table)

    def frame(events: list[pygame.event.Event] | None = None) -> None:
        app.frame(1 / 60, events or [])
        time.sleep(0.005)

    def press(code: int) -> None:
        frame([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0),
               pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)])

    hints = 0
    while app.scene is table and table.view is not None or table.view is None:
        frame()
        view = table.view
        if view is None or view.get("phase") == "over":
            if view is not None:
                break
            continue
        if not table.flow.deciding() or table.model.has_pending or table.asks.hints.busy:
            continue
        if hint_limit and hints >= hint_limit:
            break
        version = view["version"]
        thought = time.perf_counter() + think_ms / 1000.0
        while time.perf_counter() < thought and table.view is not None \
                and table.view["version"] == version:
            frame()  # the player thinks a moment
        if table.view is None or table.view["version"] != version or not table.flow.deciding():
            continue
        ready = service.prepared(table.view)
        searches = service.searches
        asked.append(time.perf_counter())
        press(pygame.K_h)
        idle = 0  # frames with no hint on its way (a stale one is not shown)
        while table.asks.hint_text in ("", tr("hint.thinking")) and idle < 3:
            idle = 0 if table.asks.hints.busy else idle + 1
            frame()
        if table.asks.hint_text in ("", tr("hint.thinking")):
            continue  # the question changed while the hint thought: ask again
        presses.append({"shown_ms": round((time.perf_counter() - asked[-1]) * 1000.0, 1),
                        "prepared": ready, "searched": service.searches - searches,
                        "game": seed})
        hints += 1
        press(pygame.K_RETURN)
        deadline = time.monotonic() + 10
        while table.view is not None and table.view["version"] == version \
                and time.monotonic() < deadline:
            frame()
    final: dict[str, Any] = dict(table.view or {})
    table.close()
    return {"winners": final.get("winners"), "you": final.get("you"),
            "vp": [s.get("vp") for s in final.get("seats", [])], "hints": hints}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--hints", type=int, default=0, help="stop a game after N hints")
    parser.add_argument("--opponent", default="hard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think-ms", type=float, default=0,
                        help="frames run between the question and the press")
    args = parser.parse_args()
    os.environ.setdefault("HAVANA_CONFIG_DIR", "/tmp/havana-bench-hint")
    from havana_game.client.profile.settings import Settings
    settings = Settings(window_size=(1280, 720))  # a new player's, then kept
    record: list[dict[str, float]] = []
    presses: list[dict[str, Any]] = []
    games = []
    for g in range(args.games):  # a line per game on stderr: a long run's progress
        games.append(play(args.opponent, args.seed + g, args.hints, record, presses,
                          settings, args.think_ms))
        won = sum(game["you"] in (game["winners"] or []) for game in games)
        print(f"game {g + 1}: vp {games[-1]['vp']}, {games[-1]['hints']} hints; "
              f"won {won} of {g + 1}", file=sys.stderr, flush=True)
    iterations = [r["iterations"] for r in record]
    shown = [p["shown_ms"] for p in presses]
    finished = [g for g in games if g["winners"]]
    print(json.dumps({
        "opponent": args.opponent, "games": len(games), "think_ms": args.think_ms,
        "hints": len(presses), "searches": len(record),
        "presses_found_prepared": sum(p["prepared"] for p in presses),
        "first_press_ms_per_game": [next(p["shown_ms"] for p in presses if p["game"] == game)
                                    for game in dict.fromkeys(p["game"] for p in presses)],
        "iterations_per_hint_mean": round(sum(iterations) / max(1, len(iterations)), 1),
        "iterations_per_hint_min": min(iterations, default=0),
        "shown_ms_mean": round(sum(shown) / max(1, len(shown)), 1),
        "shown_ms_median": round(percentile(shown, 0.5), 1),
        "shown_ms_p95": round(percentile(shown, 0.95), 1),
        "shown_ms_max": max(shown, default=0),
        "finished_games": len(finished),
        "won": sum(g["you"] in g["winners"] for g in finished),
        "per_game": games, "per_press": presses, "per_search": record,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
