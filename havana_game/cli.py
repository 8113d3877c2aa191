"""The `havana` command. Each feature registers its own subcommands; building the
parser imports no engine, pygame, host or pydantic (they load when a command runs),
so `havana --help` answers at once."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

COMMAND_MODULES = (
    "havana_game.client.cli",
    "havana_game.cli_engine",
    "havana_game.cli_tournament",
    "net.cli",
)
"""Modules with a `register(subparsers)` function adding their subcommands, in the
order `havana --help` lists them (the game first)."""

DESCRIPTION = """\
Havana, the card game for 2-4 players.

  havana                open the menu: games against the AI, hotseat, LAN
  havana play           start a local game at once (see havana play --help)

Every command's options: havana COMMAND --help."""


class DefaultsFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Adds "(default: X)" to an option's help unless the help already says what the
    default is, or there is none to say (flags, options whose absence means "none")."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.default is None or action.default is False or "default" in (action.help or ""):
            return action.help
        return super()._get_help_string(action)


class HelpfulParser(argparse.ArgumentParser):
    """A subcommand's parser: every option's default shown in its help; a bad
    option is one line on standard error (what is wrong, and where help is), exit 2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", DefaultsFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


class VersionAction(argparse.Action):
    """--version: the package version and which rules engine runs (compiled or not)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 help: str = "print the version and the rules engine in use, then exit"
                 ) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        from importlib.metadata import PackageNotFoundError, version

        from . import engine_kind
        try:
            number = version("havana-game")
        except PackageNotFoundError:
            number = "unknown (not installed)"
        print(f"havana {number} (rules engine: {engine_kind()})")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = HelpfulParser(
        prog="havana", description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-V", "--version", action=VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands",
                                prog="havana", parser_class=HelpfulParser)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        from .client.cli import run_menu
        return run_menu(args)
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
