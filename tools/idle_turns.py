"""Why a search passes on a building it can afford: for each turn in which the
searching seat could build and ended its turn instead, the root's statistics per
family (each building, whatever it pays with, and ending the turn: visits and mean
reward), and whether a building's payments together out-visit ending the turn
(the split that `search_research.family` removes). Searches at an iteration cap in
this process, so the figures do not depend on the machine's speed or load.

    python3 tools/idle_turns.py --seat c0.3n2400 --against denial --games 2 \\
        [--seed S] [--first-game G] [--json]

Games are dealt and seated as `havana tournament` deals and seats them: the
searching seat plays first in even games, second in odd ones.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tune_search import PLAIN_LEVELS, SEAT, SettingsBot, seat_bot  # noqa: E402

from havana_game.ai.tournament import game_seating, play_game  # noqa: E402
from havana_game.content import classic_rules  # noqa: E402
from havana_game.rules import Build, Decision, EndTurn, State, legal_decisions  # noqa: E402
from havana_game.rules.state import ACTIONS, BUILD  # noqa: E402


def family_name(decision: Decision) -> str:
    """A family as the figures name it: "end turn" or "build end N"."""
    return f"build end {decision.end}" if isinstance(decision, Build) else "end turn"


def families(root: dict[Decision, tuple[int, float]]) -> dict[str, dict[str, float]]:
    """The root statistics summed per family: visits, mean reward, payments."""
    out: dict[str, dict[str, float]] = {}
    for decision, (visits, reward) in root.items():
        f = out.setdefault(family_name(decision), {"visits": 0, "reward": 0.0, "payments": 0})
        f["visits"] += visits
        f["reward"] += reward
        f["payments"] += 1
    for f in out.values():
        f["mean"] = round(f.pop("reward") / max(1, f["visits"]), 4)
    return out


def idle_turns(seat_label: str, against: str, games: int, seed: int,
               first_game: int) -> dict[str, Any]:
    """Play the games and collect every idle turn of the searching seat."""
    rules = classic_rules()
    turns = 0
    idle: list[dict[str, Any]] = []
    for game in range(first_game, first_game + games):
        seating, game_seed = game_seating([seat_label, against], game, seed)
        bots = [seat_bot(level, game_seed * 8 + s, None) for s, level in enumerate(seating)]
        searching = seating.index(seat_label)
        bot = bots[searching]
        assert isinstance(bot, SettingsBot)
        seen: set[int] = set()

        def record(state: State, seat: int, decision: Decision, ms: float,
                   game: int = game, searching: int = searching,
                   seen: set[int] = seen, bot: SettingsBot = bot) -> None:
            nonlocal turns
            if seat != searching or state.phase != ACTIONS or state.step != BUILD:
                return
            if not any(isinstance(d, Build) for d in legal_decisions(state, seat)):
                return
            if state.round not in seen:
                seen.add(state.round)
                turns += 1
            if not isinstance(decision, EndTurn):
                return
            root = families(bot.last_root)
            ended = root["end turn"]["visits"]
            idle.append({"game": game, "round": state.round,
                         "vp": [state.vp(s) for s in range(state.players)],
                         "families": root,
                         "a_building_out_visits_ending": any(
                             f["visits"] > ended for name, f in root.items()
                             if name != "end turn")})
        play_game(rules, bots, game_seed, record)
    split = sum(turn["a_building_out_visits_ending"] for turn in idle)
    return {"seat": seat_label, "against": against, "games": games, "seed": seed,
            "first_game": first_game, "turns_it_could_build": turns,
            "idle_turns": len(idle), "idle_by_split_visits": split, "idle": idle}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seat", default="c0.3n2400", help="the searching seat, cCnN[xW][f]")
    parser.add_argument("--against", default="denial", choices=PLAIN_LEVELS)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--first-game", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if not SEAT.fullmatch(args.seat):
        parser.error(f"--seat is cCnN[xW][f] (e.g. c0.3n2400): not {args.seat!r}")
    if args.games < 1:
        parser.error(f"--games is 1 or more: not {args.games}")
    report = idle_turns(args.seat, args.against, args.games, args.seed, args.first_game)
    if args.json:
        print(json.dumps(report))
        return 0
    for turn in report["idle"]:
        shown = ", ".join(f"{name} {f['visits']} ({f['mean']:.3f}, {f['payments']} ways)"
                          for name, f in sorted(turn["families"].items(),
                                                key=lambda kv: -kv[1]["visits"]))
        mark = "  <- split" if turn["a_building_out_visits_ending"] else ""
        print(f"game {turn['game']} round {turn['round']} vp {turn['vp']}: {shown}{mark}")
    print(f"{report['idle_turns']} idle of {report['turns_it_could_build']} turns it could "
          f"build; {report['idle_by_split_visits']} where a building's payments together "
          f"out-visited ending the turn")
    return 0


if __name__ == "__main__":
    sys.exit(main())
