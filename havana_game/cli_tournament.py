"""The `havana tournament` command: bots against bots, figures on stdout."""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

from .bot_levels import BOT_LEVEL_NAMES
from .cli_engine import natural, positive
from .editions import DEFAULT_EDITION, EDITIONS


def register(subparsers: Any) -> None:
    """Add `havana tournament`."""
    parser = subparsers.add_parser(
        "tournament", help="play bots against each other with rotated seats",
        description="Play K games between bot levels (seats rotated each game) and report "
                    "win rates with 95% intervals, decision times, building frequency and "
                    "game length.")
    parser.add_argument("--players", type=int, required=True, choices=(2, 3, 4),
                        help="players per game")
    parser.add_argument("--seats", required=True, metavar="LEVEL,...",
                        help="one level per seat, comma separated, e.g. hard,medium "
                             f"(levels: {', '.join(BOT_LEVEL_NAMES)}, and hint: what the Hint "
                             "button suggests); hard@MS is the hard bot thinking MS "
                             "milliseconds whatever --budget-ms says, hard@MS:N on N worker "
                             "processes (default: every core); hint@MS[:N] likewise")
    parser.add_argument("--games", type=positive, default=20, help="how many games")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--first-game", type=natural, default=0, metavar="G",
                        help="start at game number G (games are dealt and seated by "
                             "number): resumes a stopped tournament")
    parser.add_argument("--edition", choices=EDITIONS, default=DEFAULT_EDITION,
                        help="the rules and cards to play with")
    parser.add_argument("--budget-ms", type=float, default=None,
                        help="the hard bot's thinking time per decision (default 1000)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--progress", type=int, default=0, metavar="N",
                        help="every N games, print the win rates so far to stderr")
    parser.add_argument("--keep", type=Path, default=None, metavar="FILE",
                        help="after every game, write the figures so far to FILE as JSON "
                             "(a stopped tournament keeps them; resume with --first-game); "
                             "default: no file")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    levels = [level.strip() for level in args.seats.split(",")]
    unknown = [level for level in levels if not _known_seat(level)]
    if len(levels) != args.players or unknown:
        print(f"havana tournament: --seats needs {args.players} levels from "
              f"{', '.join(BOT_LEVEL_NAMES)}, hint or hard@MS[:N], not {args.seats!r}",
              file=sys.stderr)
        return 2

    def progress(games: int, report: dict[str, Any]) -> None:
        if args.keep is not None:
            keep(args.keep, report)
        if args.progress and games % args.progress == 0:
            print(json.dumps({"games": games, "win_rate": report["win_rate"],
                              "ci95": report["ci95"]}), file=sys.stderr, flush=True)

    from .ai.tournament import run_tournament
    from .content import find_edition
    report = run_tournament(find_edition(args.edition), levels, args.games, args.seed,
                            args.budget_ms, progress, args.first_game)
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        print(format_report(report))
    return 0


def keep(path: Path, report: dict[str, Any]) -> None:
    """Replace `path` with the report in one step (a stop mid-write leaves the
    previous figures); a failed write is said on stderr and the games go on."""
    from .saves import write_atomically
    try:
        write_atomically(path, (json.dumps(report, sort_keys=True) + "\n").encode())
    except OSError as error:
        print(f"havana tournament: cannot keep the figures in {path}: {error.strerror}",
              file=sys.stderr, flush=True)


SEARCHING = ("hard", "expert", "hint")
"""Seat levels that may name a budget and workers (hard@MS:N)."""


def _known_seat(label: str) -> bool:
    """Whether a --seats entry names a level or the hint seat, or a searching level
    with a positive budget and optionally a positive worker count."""
    level, at, spec = label.partition("@")
    if not at:
        return level in BOT_LEVEL_NAMES or level == "hint"
    budget, colon, workers = spec.partition(":")
    try:
        return level in SEARCHING and 0 < float(budget) < math.inf \
            and (not colon or int(workers) > 0)
    except ValueError:
        return False


def format_report(report: dict[str, Any]) -> str:
    """The tournament's figures as text."""
    lines = [f"{report['games']} games, {report['players']} players, seed {report['seed']}"]
    for level, rate in report["win_rate"].items():
        low, high = report["ci95"][level]
        lines.append(
            f"  {level:<9} x{report['seats_per_level'][level]}  win rate {rate:6.1%} "
            f"[{low:.1%}, {high:.1%}]  decision ms mean {report['decision_ms_mean'][level]:.2f}"
            f"  p95 {report['decision_ms_p95'][level]:.2f}"
            + (f"  iterations {report['iterations_mean'][level]:.0f}"
               if level in report.get("iterations_mean", {}) else ""))
    rounds = report["rounds"]
    lines.append(f"rounds: mean {rounds['mean']}, p95 {rounds['p95']}, "
                 f"range {rounds['min']}-{rounds['max']}; endings {report['end_reasons']}")
    for level, figures in report["hoarding"].items():
        held = figures["held_at_end"]
        lines.append(f"  {level:<8} holds at the end {held['colored']} colored, {held['gray']} "
                     f"gray, {held['pesos']} pesos, {held['workers']} workers; built nothing "
                     f"in {figures['idle_turns']:.1%} of {figures['affordable_turns']} turns "
                     f"it could; pesos beyond any end building {figures['excess_pesos']}")
    built = sorted(report["built_per_game"].items(), key=lambda item: -item[1])
    lines.append("built per game: " + ", ".join(f"{b} {n:.2f}" for b, n in built))
    return "\n".join(lines)
