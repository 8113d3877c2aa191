"""The `havana tournament` command and its figures."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from havana_game.ai.tournament import percentile, seat_budget, wilson
from havana_game.cli import main


def test_wilson_interval_contains_the_rate():
    low, high = wilson(18, 20)
    assert low < 0.9 < high
    assert wilson(0, 0) == (0.0, 1.0)
    assert percentile([5, 1, 3, 2, 4], 0.95) == 5
    assert percentile([], 0.95) == 0.0


def test_tournament_json(capsys):
    assert main(["tournament", "--players", "3", "--seats", "medium,easy,random",
                 "--games", "3", "--seed", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["win_rate"]) == {"medium", "easy", "random"}
    assert abs(sum(report["win_rate"].values()) - 1.0) < 1e-6
    for level in report["win_rate"]:
        low, high = report["ci95"][level]
        assert low <= report["win_rate"][level] <= high
        assert report["decision_ms_p95"][level] >= 0
    assert report["games"] == 3 and report["rounds"]["mean"] > 0
    assert sum(report["built_per_game"].values()) > 0


def test_tournament_text_with_a_hard_seat(capsys):
    assert main(["tournament", "--players", "2", "--seats", "hard,medium", "--games", "1",
                 "--seed", "1", "--budget-ms", "5"]) == 0
    out = capsys.readouterr().out
    assert "hard" in out and "win rate" in out and "built per game" in out


def test_a_hard_seat_can_name_its_own_thinking_time(capsys, monkeypatch):
    from havana_game.ai import tournament
    from havana_game.ai.bots import HardBot

    budgets: list[float | None] = []

    class Recorded(HardBot):
        def __init__(self, seed: int, **options) -> None:
            budgets.append(options.get("budget_ms"))
            super().__init__(seed, **options)
    monkeypatch.setattr(tournament, "HardBot", Recorded)
    assert seat_budget("hard@1000", 100.0) == ("hard", 1000.0)
    assert seat_budget("hard", 100.0) == ("hard", 100.0)
    assert seat_budget("medium", None) == ("medium", None)
    assert main(["tournament", "--players", "2", "--seats", "hard@5,hard@10", "--games", "1",
                 "--seed", "3", "--budget-ms", "500", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["win_rate"]) == {"hard@5", "hard@10"}
    assert set(budgets) == {5.0, 10.0}  # neither seat was given the tournament's 500 ms


@pytest.mark.parametrize("seat", ["hard@x", "hard@0", "hard@inf", "medium@50", "hard@"])
def test_a_bad_thinking_time_is_refused_in_one_line(seat, capsys):
    assert main(["tournament", "--players", "2", "--seats", f"easy,{seat}"]) == 2
    err = capsys.readouterr().err
    assert "or hard@MS" in err and err.count("\n") == 1


def test_a_stopped_tournament_resumes_at_its_next_game(capsys):
    """Games are dealt and seated by number: games 0-1 then 2-4 (--first-game 2) are
    the games 0-4 of one run, so their figures add up to that run's."""
    def run(*extra: str) -> dict:
        assert main(["tournament", "--players", "2", "--seats", "medium,easy",
                     "--seed", "9", "--json", *extra]) == 0
        return json.loads(capsys.readouterr().out)

    whole, first, rest = run("--games", "5"), run("--games", "2"), run(
        "--games", "3", "--first-game", "2")
    assert (first["first_game"], rest["first_game"]) == (0, 2)

    def wins(report: dict) -> float:
        return report["win_rate"]["medium"] * report["games"]
    assert wins(first) + wins(rest) == pytest.approx(wins(whole), abs=0.01)
    for building, per_game in whole["built_per_game"].items():
        assert first["built_per_game"][building] * 2 + rest["built_per_game"][building] * 3 \
            == pytest.approx(per_game * 5, abs=0.01)
    assert first["rounds"]["mean"] * 2 + rest["rounds"]["mean"] * 3 == pytest.approx(
        whole["rounds"]["mean"] * 5, abs=0.03)


def test_a_negative_first_game_is_refused_in_one_line(capsys):
    with pytest.raises(SystemExit):
        main(["tournament", "--players", "2", "--seats", "easy,random", "--first-game", "-1"])
    assert "--first-game: must be at least 0, not -1" in capsys.readouterr().err


def test_the_figures_are_kept_after_every_game(tmp_path, capsys, monkeypatch):
    """--keep rewrites the file after each game: a stopped run leaves the figures of
    the games it finished, and the last write is the printed report."""
    from havana_game import cli_tournament
    kept_games: list[int] = []
    real_keep = cli_tournament.keep

    def watched(path, report):
        real_keep(path, report)
        kept_games.append(json.loads(path.read_text())["games"])
    monkeypatch.setattr(cli_tournament, "keep", watched)
    path = tmp_path / "figures.json"
    assert main(["tournament", "--players", "2", "--seats", "medium,random", "--games", "3",
                 "--seed", "4", "--json", "--keep", str(path)]) == 0
    assert kept_games == [1, 2, 3]
    kept = json.loads(path.read_text())
    assert (kept.pop("seats"), kept.pop("games_planned")) == (["medium", "random"], 3)
    assert kept.pop("tally")["games"] == 3
    assert kept == json.loads(capsys.readouterr().out)
    assert [p.name for p in tmp_path.iterdir()] == ["figures.json"]


def _same_games(one: dict, other: dict) -> None:
    """Two reports of the same games: every figure but the times alike."""
    timed = ("decision_ms_mean", "decision_ms_p95")
    assert {k: v for k, v in one.items() if k not in timed} == \
        {k: v for k, v in other.items() if k not in timed}


def test_a_resumed_tournament_goes_on_from_its_file(tmp_path, capsys, monkeypatch):
    """A run stopped after its second game (as by Ctrl+C) leaves its figures in the
    --keep file; --resume FILE --games 1 plays one more, --resume FILE the games it
    had still to play, with the settings kept there, and its figures are those of
    the whole run at once."""
    from havana_game import cli_tournament
    real_keep = cli_tournament.keep

    def keep_then_stop(path, kept):
        real_keep(path, kept)
        if kept["games"] == 2:
            raise KeyboardInterrupt
    settings = ["--players", "2", "--seats", "medium,easy", "--seed", "9", "--first-game", "1"]
    path = tmp_path / "kept.json"
    monkeypatch.setattr(cli_tournament, "keep", keep_then_stop)
    with pytest.raises(KeyboardInterrupt):
        main(["tournament", *settings, "--games", "4", "--keep", str(path)])
    monkeypatch.setattr(cli_tournament, "keep", real_keep)
    path.write_text(json.dumps({**json.loads(path.read_text()), "machine": "quiet"}))

    def run(*args: str) -> dict:
        assert main(["tournament", *args, "--json"]) == 0
        return json.loads(capsys.readouterr().out)
    whole = run(*settings, "--games", "4")
    assert run("--resume", str(path), "--games", "1")["games"] == 3  # one more, not the rest
    assert json.loads(path.read_text())["games_planned"] == 4
    resumed = run("--resume", str(path))
    _same_games(resumed, whole)
    assert resumed["first_game"] == 1 and resumed["decisions"] == whole["decisions"]
    kept = json.loads(path.read_text())
    assert kept["tally"]["games"] == 4 and kept["machine"] == "quiet"  # a note stays
    one_more = run("--resume", str(path), "--games", "1")
    assert one_more["games"] == 5 == json.loads(path.read_text())["games_planned"]
    assert run("--resume", str(path))["games"] == 5  # nothing left to play


@pytest.mark.parametrize(("content", "message"), [
    (None, "No such file or directory"),
    ("{not json", "not a JSON file"),
    ('{"games": 3, "win_rate": {}}', "it holds no figures kept by --keep"),
    ('{"tally": {}}', "it has no 'seats'"),
    ('{"tally": {"games": 1}, "seats": ["medium", "chess"], "seed": 0, "first_game": 0, '
     '"edition": "classic", "budget_ms": null, "games_planned": 2}', "settings are damaged"),
    ('{"tally": {"games": 1}, "seats": ["medium", "easy"], "seed": "0", "first_game": 0, '
     '"edition": "classic", "budget_ms": null, "games_planned": 2}', "settings are damaged"),
])
def test_a_file_that_cannot_be_resumed_is_said_in_one_line(tmp_path, capsys, content,
                                                             message):
    path = tmp_path / "kept.json"
    if content is not None:
        path.write_text(content)
    assert main(["tournament", "--resume", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"havana tournament: cannot resume from {path}: ")
    assert message in err and err.count("\n") == 1


@pytest.mark.parametrize(("change", "where"), [
    (lambda tally: tally["wins"].pop("easy"), "tally.wins: the levels ['medium']"),
    (lambda tally: tally["rounds"].pop(), "tally.rounds: 1 games' rounds, not 2"),
    (lambda tally: tally["built"].update(Lighthouse=1), "tally.built: not the buildings"),
    (lambda tally: tally["hoarding"]["held"]["easy"].append([1, 2]), "tally.hoarding.held.easy"),
    (lambda tally: tally["decision_ms"]["easy"].append("slow"), "tally.decision_ms.easy"),
])
def test_damaged_kept_figures_are_refused_saying_where(tmp_path, capsys, change, where):
    path = tmp_path / "kept.json"
    assert main(["tournament", "--players", "2", "--seats", "medium,easy", "--games", "2",
                 "--json", "--keep", str(path)]) == 0
    kept = json.loads(path.read_text())
    change(kept["tally"])
    path.write_text(json.dumps(kept))
    capsys.readouterr()
    assert main(["tournament", "--resume", str(path), "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert where in err and err.count("\n") == 1
    assert json.loads(path.read_text()) == kept  # the file is left as it was


def test_resume_takes_the_settings_from_its_file_alone(tmp_path, capsys):
    assert main(["tournament", "--resume", str(tmp_path / "kept.json"), "--seats",
                 "hard,easy", "--seed", "3"]) == 2
    assert capsys.readouterr().err == ("havana tournament: --resume takes the tournament's "
                                       "settings from its file: leave out --seats, --seed\n")
    assert main(["tournament", "--games", "2"]) == 2
    assert "--players and --seats are needed" in capsys.readouterr().err


def test_figures_that_cannot_be_kept_are_said_and_the_games_go_on(tmp_path, capsys):
    (tmp_path / "taken").write_text("a file, not a folder")
    path = tmp_path / "taken" / "figures.json"
    assert main(["tournament", "--players", "2", "--seats", "easy,random", "--games", "2",
                 "--json", "--keep", str(path)]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"] == 2
    lines = captured.err.splitlines()
    assert lines == [f"havana tournament: cannot keep the figures in {path}: "
                     "File exists"] * 2


def _tune_search(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "tools/tune_search.py", *args], capture_output=True,
                          text=True, cwd=Path(__file__).resolve().parent.parent, check=False)


def test_search_settings_play_at_their_own_iterations():
    """tools/tune_search.py: each seat searches its own iteration count (summed
    over its root searches), whatever the machine's speed; a scripted level
    can sit at the table."""
    done = _tune_search("--seats", "c0.3n20,c0.6n10x3,denial,c0.3n10x2p", "--games", "1",
                        "--seed", "5")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["games"] == 1 and report["players"] == 4
    assert report["iterations_mean"] == {"c0.3n20": 20.0, "c0.6n10x3": 30.0,
                                         "c0.3n10x2p": 20.0}
    assert report["decisions"]["denial"] > 0


def test_idle_turns_show_the_root_per_building_and_count_the_split_ones():
    """tools/idle_turns.py: each turn the searching seat ended with a building
    affordable, its root per family; the visits add up to the iterations."""
    done = subprocess.run([sys.executable, "tools/idle_turns.py", "--seat", "c0.3n60",
                           "--against", "rush", "--games", "2", "--seed", "3", "--json"],
                          capture_output=True, text=True, check=False,
                          cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert 0 < report["idle_turns"] <= report["turns_it_could_build"]
    for turn in report["idle"]:
        assert "end turn" in turn["families"]
        assert any(name.startswith("build end ") for name in turn["families"])
        assert sum(f["visits"] for f in turn["families"].values()) == 60
        ended = turn["families"]["end turn"]["visits"]
        assert turn["a_building_out_visits_ending"] == any(
            f["visits"] > ended for n, f in turn["families"].items() if n != "end turn")
    assert report["idle_by_split_visits"] == sum(
        t["a_building_out_visits_ending"] for t in report["idle"])


def test_a_bad_search_setting_is_refused_in_one_line():
    done = _tune_search("--seats", "c0.3n20,hard", "--games", "1")
    assert done.returncode == 2 and "not 'hard'" in done.stderr.strip().splitlines()[-1]
