"""`havana simulate` and `havana rules legal|apply`: the engine from the command line."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .content import classic_rules, rules_with_deck
from .game import Game
from .rules import IllegalDecision, RulesetError, from_json, legal_decisions, to_json
from .saves import SaveError, game_to_document, load_game
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
        rules = _rules_from(args)
    except RulesetError as error:
        return _fail(str(error))
    result = simulate(rules, args.players, args.games, args.seed)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>16}: {value}")
    return 0


def _rules_from(args: argparse.Namespace) -> Any:
    return rules_with_deck(args.deck) if args.deck else classic_rules()


def _print_save(game: Game) -> None:
    print(json.dumps(game_to_document(game), separators=(",", ":")))


def _rules_new(args: argparse.Namespace) -> int:
    try:
        _print_save(Game.new(_rules_from(args), args.players, args.seed))
    except RulesetError as error:
        return _fail(str(error))
    return 0


def _load_with_seat(args: argparse.Namespace) -> Game:
    game = load_game(args.save)
    if not 0 <= args.seat < game.players:
        raise SaveError(f"seat {args.seat} is not at this table (seats 0-{game.players - 1})")
    return game


def _rules_legal(args: argparse.Namespace) -> int:
    try:
        game = _load_with_seat(args)
    except SaveError as error:
        return _fail(str(error))
    print(json.dumps([to_json(d) for d in legal_decisions(game.state, args.seat)]))
    return 0


def _rules_apply(args: argparse.Namespace) -> int:
    try:
        game = _load_with_seat(args)
        raw = json.loads(args.decision)
    except SaveError as error:
        return _fail(str(error))
    except (ValueError, RecursionError) as error:  # JSONDecodeError is a ValueError
        return _fail(f"--decision is not valid JSON: {str(error)[:200]}")
    try:
        game.play(args.seat, from_json(raw))
    except IllegalDecision as error:
        return _fail(f"illegal decision ({error.reason}): {error.detail}")
    _print_save(game)
    return 0


def _register_rules(sub: Any) -> None:
    p = sub.add_parser("rules", help="engine debugging: new positions, legal decisions, apply")
    rules_sub = p.add_subparsers(dest="rules_command", metavar="ACTION", required=True)
    new = rules_sub.add_parser("new", help="print the save of a newly set-up game")
    new.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    new.add_argument("--seed", type=int, default=0)
    new.add_argument("--deck", type=Path, help="a building deck JSON file to play with")
    new.set_defaults(func=_rules_new)
    legal = rules_sub.add_parser("legal", help="print a seat's legal decisions as JSON")
    legal.add_argument("save", type=Path)
    legal.add_argument("--seat", type=int, required=True)
    legal.set_defaults(func=_rules_legal)
    apply = rules_sub.add_parser("apply", help="apply a decision and print the new save")
    apply.add_argument("save", type=Path)
    apply.add_argument("--seat", type=int, required=True)
    apply.add_argument("--decision", required=True, help='e.g. \'{"kind": "end_turn"}\'')
    apply.set_defaults(func=_rules_apply)


def register(sub: Any) -> None:
    _register_rules(sub)
    p = sub.add_parser("simulate", help="play random games and print statistics")
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    p.add_argument("--games", type=_positive, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--deck", type=Path, help="a building deck JSON file to play with")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_simulate)
