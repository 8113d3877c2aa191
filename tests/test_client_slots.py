"""Several saved local games: each unfinished game keeps its own slot, New game
never deletes one, Continue picks the latest played, the Saved games screen
resumes or deletes (after a yes) any of them, and the single save of released
versions is listed and resumed like the others."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pygame

from havana_game.client.scenes.menu import MenuScene
from havana_game.client.scenes.newgame import NewGameScene
from havana_game.client.scenes.saved import SavedGamesScene, describe
from havana_game.client.scenes.table import TableScene
from havana_game.client.session import localgame

from .test_client_support import act_once, click, key, make_app, step, until

RELEASED = Path(__file__).parent / "fixtures" / "local-game-v1"


def _menu(app) -> MenuScene:
    app.switch(MenuScene(app))
    step(app)
    return app.scene


def _play_and_leave(app, decisions: int) -> int:
    """From the menu: New game, `decisions` decisions, Leave (confirmed); the
    version the table was at."""
    step(app, click(_menu(app).controls()["new"]))
    assert isinstance(app.scene, NewGameScene)
    step(app, click(app.scene.controls()["start"]))
    table = app.scene
    assert isinstance(table, TableScene)
    for _ in range(decisions):
        until(app, table.flow.deciding)
        act_once(app, table)
    until(app, lambda: table.flow.deciding() and not table.model.has_pending)
    version = table.view["version"]
    step(app, key(pygame.K_ESCAPE))
    step(app, click(table.controls()["leave"]))
    step(app, click(table.controls()["leave_confirm"]))
    assert isinstance(app.scene, MenuScene)
    return version


def test_the_released_single_save_is_listed_and_resumed(tmp_path):
    shutil.copytree(RELEASED / "local-game", tmp_path / "local-game")
    expected = json.loads((RELEASED / "expected.json").read_text())
    app = make_app(tmp_path)
    menu = _menu(app)
    assert {"resume", "saved"} <= set(menu.controls())
    [game] = localgame.saved_games()
    assert not (tmp_path / "local-game").exists()  # moved in with the slots
    assert game.names == expected["names"] and game.levels == [None, "easy", "random"]
    assert game.round == expected["round"] and game.edition == "classic"
    when, players = describe(game)
    assert f"round {expected['round']}" in when and players == \
        "Ana, Bo (AI · easy), Cy (AI · random)"
    step(app, click(menu.controls()["resume"]))
    table = app.scene
    assert isinstance(table, TableScene)
    until(app, lambda: table.view is not None and table.flow.deciding())
    assert table.view["version"] == expected["version"] and table.view["you"] == 0
    assert table.link.local_game  # Play again will keep its setup
    rounds = [line for line in table.flow.log_lines if line.startswith("— ")]
    assert len(rounds) == expected["round"]  # the whole story, from round 1
    act_once(app, table)
    until(app, lambda: table.view["version"] > expected["version"])
    table.close()


def test_new_game_keeps_the_others_and_continue_takes_the_latest(tmp_path):
    app = make_app(tmp_path)
    assert "resume" not in _menu(app).controls()
    first = _play_and_leave(app, 2)
    [older] = localgame.saved_games()
    for path in older.folder.iterdir():  # saved a minute earlier: the slots' dates differ
        os.utime(path, (path.stat().st_atime, path.stat().st_mtime - 60))
    second = _play_and_leave(app, 5)
    games = localgame.saved_games()
    assert len(games) == 2 and games[0].saved > games[1].saved
    step(app, click(_menu(app).controls()["resume"]))
    table = app.scene
    until(app, lambda: table.view is not None and table.flow.deciding())
    assert table.view["version"] == second != first
    table.close()


def test_saved_games_screen_resumes_any_and_deletes_after_a_yes(tmp_path):
    app = make_app(tmp_path)
    versions = [_play_and_leave(app, 1), _play_and_leave(app, 4)]
    step(app, click(_menu(app).controls()["saved"]))
    screen = app.scene
    assert isinstance(screen, SavedGamesScene) and len(screen.games) == 2
    newest, older = screen.games
    step(app, click(screen.controls()["delete0"]))
    assert screen.deleting == newest.folder and "delete_confirm0" in screen.controls()
    step(app, key(pygame.K_ESCAPE))  # Esc keeps it
    assert screen.deleting is None and newest.folder.exists()
    step(app, click(screen.controls()["delete0"]))
    step(app, click(screen.controls()["keep0"]))
    assert newest.folder.exists() and len(screen.games) == 2
    step(app, click(screen.controls()["delete0"]))
    step(app, click(screen.controls()["delete_confirm0"]))
    assert not newest.folder.exists() and screen.games == [older]
    assert [game.folder for game in localgame.saved_games()] == [older.folder]
    step(app, click(screen.controls()["resume0"]))
    table = app.scene
    assert isinstance(table, TableScene)
    until(app, lambda: table.view is not None and table.flow.deciding())
    assert table.view["version"] == min(versions)
    table.close()


def test_a_damaged_slot_is_left_alone_and_says_so(tmp_path, capsys):
    app = make_app(tmp_path)
    _play_and_leave(app, 1)
    [game] = localgame.saved_games()
    broken = localgame.slots_dir() / "20260101-000000-abcdef"
    broken.mkdir()
    (broken / localgame.SESSION).write_text("{not json")
    assert [g.folder for g in localgame.saved_games()] == [game.folder]
    assert "cannot be listed" in capsys.readouterr().err and broken.exists()
    step(app, click(_menu(app).controls()["saved"]))
    screen = app.scene
    table_file = next(game.folder.glob("*" + localgame.TABLE_SUFFIX))
    table_file.write_text("[]")  # damaged after it was listed
    step(app, click(screen.controls()["resume0"]))
    assert app.scene is screen and screen.message  # it says so, and stays
    assert table_file.read_text() == "[]" and "cannot be resumed" in capsys.readouterr().err


def test_a_game_cut_off_mid_way_is_listed_and_resumed(tmp_path):
    """A crash leaves a slot with the journal and no table snapshot yet: it is
    listed (its session says who plays) and resumes where it was."""
    from havana_game.client.session.netlink import NetLink

    app = make_app(tmp_path)
    table = TableScene(app, NetLink.local(["human", "easy"], ["Ana", "Bo"], seed=99))
    app.switch(table)
    for _ in range(3):
        until(app, lambda: table.flow.deciding() and not table.model.has_pending)
        act_once(app, table)
    until(app, lambda: table.flow.deciding() and not table.model.has_pending)
    version = table.view["version"]
    [running] = localgame.saved_games()

    def saved_version() -> int | None:
        from net.host.recovery import recover
        tables = recover(running.folder).tables
        return tables[0].game.state.version if tables and tables[0].game else None
    until(app, lambda: saved_version() == version)  # the journal holds the decisions told
    crashed = localgame.slots_dir() / "20000101-000000-crash0"
    shutil.copytree(running.folder, crashed)  # what the disk held at the crash
    assert not list(crashed.glob("*" + localgame.TABLE_SUFFIX))  # journal only
    table.close()
    localgame.forget(running.folder)
    [game] = localgame.saved_games()
    assert game.folder == crashed and game.levels == [None, "easy"] and game.round >= 1
    step(app, click(_menu(app).controls()["resume"]))
    resumed = app.scene
    until(app, lambda: resumed.view is not None and resumed.flow.deciding())
    assert resumed.view["version"] == version
    resumed.close()
