"""The `havana tournament` command: bots against bots, figures on stdout."""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
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
    parser.add_argument("--players", type=int, choices=(2, 3, 4),
                        help="players per game (no default: needed unless --resume)")
    parser.add_argument("--seats", metavar="LEVEL,...",
                        help="one level per seat, comma separated, e.g. hard,medium "
                             f"(levels: {', '.join(BOT_LEVEL_NAMES)}, and hint: what the Hint "
                             "button suggests); hard@MS is the hard bot thinking MS "
                             "milliseconds whatever --budget-ms says, hard@MS:N on N worker "
                             "processes (default: one); hint@MS[:N] likewise "
                             "(no default: needed unless --resume)")
    parser.add_argument("--games", type=positive, default=None,
                        help=f"how many games (default: {DEFAULT_GAMES}; with --resume: how "
                             "many more, default: the ones the tournament had still to "
                             "play)")
    parser.add_argument("--seed", type=int, default=None,
                        help="the first game's seed (default: 0)")
    parser.add_argument("--first-game", type=natural, default=None, metavar="G",
                        help="start at game number G (games are dealt and seated by "
                             "number; default: 0)")
    parser.add_argument("--edition", choices=EDITIONS, default=None,
                        help=f"the rules and cards to play with (default: {DEFAULT_EDITION})")
    parser.add_argument("--budget-ms", type=float, default=None,
                        help="the hard bot's thinking time per decision (default 1000)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--progress", type=int, default=0, metavar="N",
                        help="every N games, print the win rates so far to stderr")
    parser.add_argument("--keep", type=Path, default=None, metavar="FILE",
                        help="after every game, write the figures so far to FILE as JSON, "
                             "with what --resume needs to go on after a stop; default: no "
                             "file (with --resume: the file resumed)")
    parser.add_argument("--resume", type=Path, default=None, metavar="FILE",
                        help="go on with the tournament kept in FILE (--keep): its seats, "
                             "seed, edition and budget, from its next game, adding to its "
                             "figures (default: a new tournament)")
    parser.set_defaults(func=_run)


DEFAULT_GAMES = 20
SETTINGS = ("players", "seats", "seed", "first_game", "edition", "budget_ms")
"""The options that say which tournament to play; --resume reads them from its file."""


class PlanError(Exception):
    """A tournament that cannot be played as asked; the message says why."""


@dataclass
class Plan:
    """The tournament to play: its settings, how many games it has (`planned`, from
    `first_game`), how many of them to play now (`games`) and, resumed, the file's
    document: the figures of the games already played (its "tally") and anything else
    written there, which the kept file keeps (a note of the machine, say)."""

    levels: list[str]
    seed: int
    first_game: int
    edition: str
    budget_ms: float | None
    planned: int
    games: int
    document: dict[str, Any] | None = None


def new_plan(args: argparse.Namespace) -> Plan:
    """The tournament the options describe."""
    if args.players is None or args.seats is None:
        raise PlanError("--players and --seats are needed (or --resume FILE)")
    levels = [level.strip() for level in args.seats.split(",")]
    if len(levels) != args.players or not all(_known_seat(level) for level in levels):
        raise PlanError(f"--seats needs {args.players} levels from "
                        f"{', '.join(BOT_LEVEL_NAMES)}, hint or hard@MS[:N], not {args.seats!r}")
    return Plan(levels, args.seed or 0, args.first_game or 0,
                args.edition or DEFAULT_EDITION, args.budget_ms,
                args.games or DEFAULT_GAMES, args.games or DEFAULT_GAMES)


def resumed_plan(args: argparse.Namespace) -> Plan:
    """The tournament kept in the --resume file, with --games more games if given."""
    given = [f"--{name.replace('_', '-')}" for name in SETTINGS
             if getattr(args, name) is not None]
    if given:
        raise PlanError(f"--resume takes the tournament's settings from its file: "
                        f"leave out {', '.join(given)}")
    path = args.resume
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise PlanError(f"cannot resume from {path}: {error.strerror}") from None
    except ValueError:
        raise PlanError(f"cannot resume from {path}: not a JSON file") from None
    if not isinstance(kept, dict) or "tally" not in kept:
        raise PlanError(f"cannot resume from {path}: it holds no figures kept by --keep")
    try:
        levels, done = kept["seats"], kept["tally"]["games"]
        plan = Plan(levels, kept["seed"], kept["first_game"], kept["edition"],
                    kept["budget_ms"], kept["games_planned"], 0, kept)
    except (KeyError, TypeError) as error:
        raise PlanError(f"cannot resume from {path}: it has no {error}") from None
    budget = plan.budget_ms
    if not (isinstance(levels, list) and len(levels) in (2, 3, 4)
            and all(isinstance(lv, str) and _known_seat(lv) for lv in levels)
            and plan.edition in EDITIONS and _integer(plan.seed) and _integer(plan.first_game, 0)
            and _integer(plan.planned, 0) and _integer(done, 0)
            and (budget is None or (isinstance(budget, float | int) and budget > 0))):
        raise PlanError(f"cannot resume from {path}: its settings are damaged")
    plan.games = args.games or max(0, plan.planned - done)
    plan.planned = max(plan.planned, done + plan.games)
    return plan


def _integer(value: Any, least: float = -math.inf) -> bool:
    """Whether a kept setting is a whole number of at least `least`."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def _run(args: argparse.Namespace) -> int:
    try:
        plan = resumed_plan(args) if args.resume is not None else new_plan(args)
    except PlanError as error:
        print(f"havana tournament: {error}", file=sys.stderr)
        return 2
    from .ai.tournament import Tally, run_tournament
    from .content import find_edition
    rules = find_edition(plan.edition)
    tally = Tally(plan.levels, rules)
    if plan.document is not None:
        try:
            tally.restore(plan.document["tally"])
        except ValueError as error:
            print(f"havana tournament: cannot resume from {args.resume}: tally.{error}",
                  file=sys.stderr)
            return 2
    keep_path = args.keep if args.keep is not None else args.resume

    def progress(games: int, report: dict[str, Any]) -> None:
        if keep_path is not None:
            keep(keep_path, {**(plan.document or {}), **report, "seats": plan.levels,
                             "games_planned": plan.planned,
                             "tally": tally.kept()})
        if args.progress and games % args.progress == 0:
            print(json.dumps({"games": games, "win_rate": report["win_rate"],
                              "ci95": report["ci95"]}), file=sys.stderr, flush=True)

    report = run_tournament(rules, plan.levels, plan.games, plan.seed,
                            plan.budget_ms, progress, plan.first_game, tally=tally)
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
