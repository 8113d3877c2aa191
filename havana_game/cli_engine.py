"""`havana simulate` and `havana rules legal|apply`: the engine from the command line."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .editions import DEFAULT_EDITION, EDITIONS

if TYPE_CHECKING:
    from .game import Game
    from .rules import Ruleset


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    return at_least(1, text)


def natural(text: str) -> int:
    """An argparse type: a whole number of at least 0."""
    return at_least(0, text)


def at_least(least: int, text: str) -> int:
    """`text` as a whole number, refused (argparse's message) below `least`."""
    value = int(text)
    if value < least:
        raise argparse.ArgumentTypeError(f"must be at least {least}, not {value}")
    return value


def _fail(message: str, code: int = 2) -> int:
    print(f"havana: {message}", file=sys.stderr)
    return code


def _simulate(args: argparse.Namespace) -> int:
    from .rules import RulesetError
    from .simulate import simulate
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


def _rules_from(args: argparse.Namespace) -> Ruleset:
    from .content import find_edition, rules_with_deck
    return rules_with_deck(args.deck, args.edition) if args.deck else find_edition(args.edition)


def _print_save(game: Game) -> None:
    from .saves import game_to_document
    print(json.dumps(game_to_document(game), separators=(",", ":")))


def _rules_new(args: argparse.Namespace) -> int:
    from .game import Game
    from .rules import RulesetError
    try:
        _print_save(Game.new(_rules_from(args), args.players, args.seed))
    except RulesetError as error:
        return _fail(str(error))
    return 0


def _load_with_seat(args: argparse.Namespace) -> Game:
    from .saves import SaveError, load_game
    game = load_game(args.save)
    if not 0 <= args.seat < game.players:
        raise SaveError(f"seat {args.seat} is not at this table (seats 0-{game.players - 1})")
    return game


def _rules_legal(args: argparse.Namespace) -> int:
    from .rules import legal_decisions, to_json
    from .saves import SaveError
    try:
        game = _load_with_seat(args)
    except SaveError as error:
        return _fail(str(error))
    names = game.rules.names
    print(json.dumps([to_json(d, names) for d in legal_decisions(game.state, args.seat)]))
    return 0


def _rules_apply(args: argparse.Namespace) -> int:
    from .rules import IllegalDecision, from_json
    from .saves import SaveError
    try:
        game = _load_with_seat(args)
        raw = json.loads(args.decision)
    except SaveError as error:
        return _fail(str(error))
    except (ValueError, RecursionError) as error:  # JSONDecodeError is a ValueError
        return _fail(f"--decision is not valid JSON: {str(error)[:200]}")
    try:
        game.play(args.seat, from_json(raw, game.rules.names))
    except IllegalDecision as error:
        return _fail(f"illegal decision ({error.reason}): {error.detail}")
    _print_save(game)
    return 0


def _register_rules(sub: Any) -> None:
    p = sub.add_parser("rules", help="engine debugging: new positions, legal decisions, apply")
    rules_sub = p.add_subparsers(dest="rules_command", metavar="ACTION", required=True)
    new = rules_sub.add_parser("new", help="print the save of a newly set-up game")
    new.add_argument("--players", type=int, choices=(2, 3, 4), default=4,
                     help="players at the table")
    new.add_argument("--seed", type=int, default=0, help="the game's seed")
    new.add_argument("--edition", choices=EDITIONS, default=DEFAULT_EDITION,
                     help="the rules and cards to play with")
    new.add_argument("--deck", type=Path,
                     help="a building deck JSON file to play with (default: the edition's)")
    new.set_defaults(func=_rules_new)
    legal = rules_sub.add_parser("legal", help="print a seat's legal decisions as JSON")
    legal.add_argument("save", type=Path, help="a save file (from `havana rules new`)")
    legal.add_argument("--seat", type=int, required=True, help="the seat asked (0-3)")
    legal.set_defaults(func=_rules_legal)
    apply = rules_sub.add_parser("apply", help="apply a decision and print the new save")
    apply.add_argument("save", type=Path, help="a save file (from `havana rules new`)")
    apply.add_argument("--seat", type=int, required=True, help="the seat deciding (0-3)")
    apply.add_argument("--decision", required=True, help='e.g. \'{"kind": "end_turn"}\'')
    apply.set_defaults(func=_rules_apply)


def register(sub: Any) -> None:
    _register_rules(sub)
    p = sub.add_parser("simulate", help="play random games and print statistics")
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=4,
                   help="players per game")
    p.add_argument("--games", type=positive, default=100, help="how many games")
    p.add_argument("--seed", type=int, default=0, help="the first game's seed")
    p.add_argument("--edition", choices=EDITIONS, default=DEFAULT_EDITION,
                   help="the rules and cards to play with")
    p.add_argument("--deck", type=Path,
                   help="a building deck JSON file to play with (default: the edition's)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_simulate)
