"""The `havana` command. Each feature registers its own subcommands."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

COMMAND_MODULES = (
    "havana_game.cli_engine",
    "havana_game.ai.cli",
    "net.cli",
    "havana_game.client.cli",
)
"""Modules with a `register(subparsers)` function adding their subcommands."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="havana", description="Havana, the card game.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
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
