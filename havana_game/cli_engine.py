"""`havana simulate` and `havana rules legal|apply`: the engine from the command line."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .content import classic_rules, rules_with_deck
from .rules import RulesetError
from .simulate import simulate


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _fail(message: str, code: int = 2) -> int:
    print(f"havana: {message}", file=sys.stderr)
    return code


def _simulate(args: argparse.Namespace) -> int:
    try:
        rules = rules_with_deck(args.deck) if args.deck else classic_rules()
    except RulesetError as error:
        return _fail(str(error))
    result = simulate(rules, args.players, args.games, args.seed)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>16}: {value}")
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("simulate", help="play random games and print statistics")
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    p.add_argument("--games", type=_positive, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--deck", type=Path, help="a building deck JSON file to play with")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_simulate)
