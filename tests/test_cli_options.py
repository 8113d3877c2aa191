"""The `havana` command line: help leads with the menu and `play`, every option
explains itself and its default, and bad input is one clear line (exit 2)."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from havana_game.ai import BOT_LEVELS
from havana_game.bot_levels import BOT_LEVEL_NAMES
from havana_game.cli import DefaultsFormatter, build_parser, main
from havana_game.client.cli import seat_kinds


def all_actions(parser: argparse.ArgumentParser, path: tuple[str, ...] = ("havana",)):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from all_actions(sub, (*path, name))
        else:
            yield path, action


def test_help_leads_with_the_menu_and_play(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    commands = [line.split()[:2] for line in capsys.readouterr().out.splitlines()
                if line.startswith("  havana")]
    assert commands[:2] == [["havana", "open"], ["havana", "play"]]


def help_line(action: argparse.Action) -> str:
    """The option's help as `havana COMMAND --help` prints it."""
    formatter = DefaultsFormatter("havana")
    return formatter._expand_help(action) if action.help else ""


def test_every_option_has_help_and_shows_its_default():
    for path, action in all_actions(build_parser()):
        if action.option_strings == ["-h", "--help"] or action.dest == "version":
            continue
        where = f"{' '.join(path)} {action.option_strings or action.dest}"
        assert action.help, where
        takes_a_value = action.option_strings and action.nargs != 0 and not action.required
        assert not takes_a_value or "default" in help_line(action), where
    play = build_parser().parse_args(["play"])
    assert play.players == 4 and play.seed is None
    text = subprocess.run([sys.executable, "-m", "havana_game.cli", "host", "--help"],
                          capture_output=True, text=True).stdout
    assert "(default: 4)" in text and "--edition" in text and "--seed" in text


def test_building_the_parser_loads_no_engine_pygame_pydantic_or_host():
    """`havana --help` answers at once: the heavy parts load when a command runs."""
    code = ("import sys; from havana_game.cli import build_parser; build_parser(); "
            "print(' '.join(sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout.split()
    heavy = ("pygame", "pydantic", "havana_game.rules", "havana_game.ai", "net.host",
             "net.botclient", "havana_game.client.app")
    assert [m for m in loaded if m.startswith(heavy)] == []


def test_the_command_line_knows_every_bot_level():
    assert set(BOT_LEVEL_NAMES) == set(BOT_LEVELS)


def test_version_names_the_engine(capsys):
    with pytest.raises(SystemExit):
        main(["--version"])
    out = capsys.readouterr().out
    assert out.startswith("havana ") and ("compiled" in out or "pure Python" in out)


def test_more_ai_levels_than_ai_seats_is_an_error(capsys):
    assert main(["play", "--players", "2", "--ai", "easy,hard"]) == 2
    assert "2 AI levels for 1 AI seat" in capsys.readouterr().err
    assert main(["play", "--ai", "clever"]) == 2
    assert "unknown AI level" in capsys.readouterr().err


def test_tournament_seats_must_match_the_players(capsys):
    assert main(["tournament", "--players", "2", "--seats", "easy,clever"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("havana tournament: --seats needs 2 levels") and err.count("\n") == 1
    with pytest.raises(SystemExit) as done:
        main(["tournament", "--players", "2", "--seats", "easy,easy", "--games", "0"])
    assert done.value.code == 2 and "must be at least 1" in capsys.readouterr().err


def test_seat_kinds_repeat_the_last_level_for_the_other_seats():
    assert seat_kinds(4, 1, "easy,hard") == ["human", "easy", "hard", "hard"]
    assert seat_kinds(3, 2, "") == ["human", "human", "random"]
    with pytest.raises(ValueError, match="--humans"):
        seat_kinds(2, 3, "easy")


@pytest.mark.parametrize("size", ["800x600", "1280x700", "9000x5000", "big"])
def test_a_screenshot_size_out_of_range_is_an_error(size, capsys):
    with pytest.raises(SystemExit) as done:
        main(["screenshot", "--size", size, "--out", "x.png"])
    assert done.value.code == 2
    assert "--size" in capsys.readouterr().err


def test_play_takes_seed_language_and_name():
    args = build_parser().parse_args(["play", "--seed", "7", "--language", "pt",
                                      "--name", "Ana"])
    assert (args.seed, args.language, args.name) == (7, "pt", "Ana")
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "--language", "de"])


def test_editions_on_the_engine_commands(capsys):
    assert main(["simulate", "--edition", "edition2024", "--games", "3", "--json"]) == 0
    assert '"finished": 3' in capsys.readouterr().out
    assert main(["rules", "new", "--edition", "edition2024", "--players", "2"]) == 0
    assert '"ruleset":"edition2024"' in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["host", "--port", "99999"], ["host", "--grace", "0"],
                                  ["host", "--players", "5"], ["play", "--players", "7"],
                                  ["simulate", "--games", "0"], ["host", "--no-such-option"]])
def test_a_bad_option_is_one_line_naming_the_help(argv, capsys):
    with pytest.raises(SystemExit) as done:
        main(argv)
    err = capsys.readouterr().err
    assert done.value.code == 2
    assert err.count("\n") == 1 and err.startswith("havana") and "--help)" in err, err
