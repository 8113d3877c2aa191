"""LAN lobby: the host sees a guest take a seat live, adds an AI, starts, and
both land at the table."""

from __future__ import annotations

import time

from havana_game.client.i18n import tr
from havana_game.client.scenes.lobby import LobbyScene
from havana_game.client.scenes.newgame import ai_levels
from havana_game.client.scenes.table import TableScene
from net.client import ClientConnection

from .test_client_support import click, key, make_app, settle, step, until


def test_host_lobby_fills_and_starts(tmp_path):
    app = make_app(tmp_path)
    app.scene.layout(app.screen.get_size())
    step(app, click(app.scene.controls()["host"]))
    lobby = app.scene
    assert isinstance(lobby, LobbyScene) and lobby.lan_host is not None
    until(app, lambda: "start" in lobby.controls())
    guest = ClientConnection("127.0.0.1", lobby.lan_host.port)
    guest.join(lobby.lan_host.code, "Guest")
    until(app, lambda: any(s["name"] == "Guest" for s in lobby.seats))
    for seat in (2, 3):
        until(app, lambda s=seat: f"add:{s}" in lobby.controls())
        step(app, click(lobby.controls()[f"add:{seat}"]))
    until(app, lambda: len([s for s in lobby.seats if s["kind"] == "bot"]) == 2)
    settle(app, 0.3)
    assert isinstance(app.scene, LobbyScene)  # full, but the host role starts the game
    step(app, click(lobby.controls()["start"]))
    until(app, lambda: isinstance(app.scene, TableScene))
    table = app.scene
    until(app, lambda: table.view is not None and table.view["phase"] == "setup")
    assert table.model.names[1] == "Guest"
    guest.close()
    table.close()


def test_the_host_picks_the_level_of_the_ai_added(tmp_path):
    """On the real LAN host the lobby starts: the bot that sits down has the level
    picked (what the host's table says, not what the lobby meant to send)."""
    app = make_app(tmp_path)
    app.scene.layout(app.screen.get_size())
    step(app, click(app.scene.controls()["host"]))
    lobby = app.scene
    assert isinstance(lobby, LobbyScene) and lobby.lan_host is not None
    until(app, lambda: "add:1" in lobby.controls())
    step(app, click(lobby.controls()["level"]))
    step(app, click(lobby.controls()["add:1"]))
    until(app, lambda: lobby.seats[1]["kind"] == "bot")
    assert lobby.seats[1]["level"] == ai_levels()[1] != ai_levels()[0]
    lobby.on_escape()


def test_the_host_picks_the_edition_before_guests_come(tmp_path):
    """The edition button hosts the other edition (a new table); a guest then sees
    the table's edition, and the game at the table is of it."""
    app = make_app(tmp_path)
    app.scene.layout(app.screen.get_size())
    step(app, click(app.scene.controls()["host"]))
    lobby = app.scene
    until(app, lambda: "edition" in lobby.controls())
    first_code = lobby.lan_host.code
    step(app, click(lobby.controls()["edition"]))
    assert lobby.edition == "edition2024" and lobby.lan_host.code != first_code
    until(app, lambda: "start" in lobby.controls() and lobby.seats)
    guest = ClientConnection("127.0.0.1", lobby.lan_host.port)
    guest.join(lobby.lan_host.code, "Guest")
    until(app, lambda: any(s["name"] == "Guest" for s in lobby.seats))
    assert "edition" not in lobby.controls()  # a guest sits: the edition is fixed
    step(app, click(lobby.controls()["start"]))
    until(app, lambda: isinstance(app.scene, TableScene))
    table = app.scene
    until(app, lambda: table.view is not None)
    assert table.view["ruleset"] == "edition2024" and "green" in table.view["market"]
    guest.close()
    table.close()


def test_connecting_without_a_code_says_the_code_is_missing(tmp_path):
    app = make_app(tmp_path)
    app.scene.layout(app.screen.get_size())
    step(app, click(app.scene.controls()["join"]))
    join = app.scene
    address = next(f for f in join.fields if f.name == "address")
    address.value = "127.0.0.1:5000"
    join.connect()
    assert join.message == tr("join.need_code")
    address.value = "nowhere"
    join.connect()
    assert join.message == tr("join.need_address")
    join.on_escape()


def _host_lobby(app) -> LobbyScene:
    app.scene.layout(app.screen.get_size())
    step(app, click(app.scene.controls()["host"]))
    lobby = app.scene
    assert isinstance(lobby, LobbyScene) and lobby.lan_host is not None
    until(app, lambda: "players" in lobby.controls())
    return lobby


def _seat_players(app, lobby: LobbyScene, players: int) -> None:
    while len(lobby.seats) != players:
        count = len(lobby.seats)
        step(app, click(lobby.controls()["players"]))
        until(app, lambda before=count: len(lobby.seats) != before)


def _start(app, lobby: LobbyScene) -> TableScene:
    step(app, click(lobby.controls()["start"]))
    until(app, lambda: isinstance(app.scene, TableScene))
    table = app.scene
    until(app, lambda: table.view is not None)
    return table


def test_a_two_player_lan_game_from_the_lobby(tmp_path):
    app = make_app(tmp_path)
    lobby = _host_lobby(app)
    _seat_players(app, lobby, 2)
    assert tr("lobby.players", count=2) == lobby.button("players").label
    guest = ClientConnection("127.0.0.1", lobby.lan_host.port)
    guest.join(lobby.lan_host.code, "Guest")
    until(app, lambda: any(s["name"] == "Guest" for s in lobby.seats))
    table = _start(app, lobby)
    assert table.view["players"] == 2 and table.view["target_vp"] == 25
    assert [s.kind for s in table.model.seats] == ["human", "human"]
    guest.close()
    table.close()


def test_a_three_player_lan_game_gives_bots_distinct_names_and_badges(tmp_path):
    from havana_game.content import bot_names

    app = make_app(tmp_path)
    lobby = _host_lobby(app)
    _seat_players(app, lobby, 3)
    table = _start(app, lobby)  # the two open seats get bots
    assert table.view["players"] == 3 and table.view["target_vp"] == 20
    assert table.model.names[1:] == list(bot_names()[:2])
    assert [s.badge(0) for s in table.model.seats] == [None, tr("ai.easy"), tr("ai.easy")]
    table.close()


def test_the_host_role_hands_an_absent_guests_seat_to_a_newcomer(tmp_path):
    app = make_app(tmp_path)
    lobby = _host_lobby(app)
    _seat_players(app, lobby, 2)
    guest = ClientConnection("127.0.0.1", lobby.lan_host.port)
    guest.join(lobby.lan_host.code, "Guest")
    until(app, lambda: any(s["name"] == "Guest" for s in lobby.seats))
    code, port = lobby.lan_host.code, lobby.lan_host.port
    table = _start(app, lobby)
    guest.close()
    until(app, lambda: table.model.seats[1].away)
    assert table.model.seats[1].badge(time.monotonic()).startswith(
        tr("seat.badge.countdown", time="")[:5])
    step(app, key(__import__("pygame").K_ESCAPE))
    step(app, click(table.controls()["give:1"]))
    until(app, lambda: table.model.seats[1].kind == "open")
    newcomer = ClientConnection("127.0.0.1", port)
    newcomer.join(code, "Caro")
    until(app, lambda: table.model.seats[1].kind == "human" and table.model.names[1] == "Caro")
    kinds = [e["kind"] for e in table.log_events if e["kind"].startswith("seat_")]
    assert kinds == ["seat_left", "seat_opened", "seat_taken"]
    assert any("Caro" in line for line in table.log_lines)
    deadline = time.monotonic() + 10
    history = None
    while history is None:
        assert time.monotonic() < deadline
        history = next((m for m in newcomer.poll() if m["type"] == "history"), None)
        time.sleep(0.01)
    newcomer.close()
    table.close()


def test_a_guest_lobby_names_who_starts_the_game(tmp_path):
    app = make_app(tmp_path)
    lobby = _host_lobby(app)
    guest_app = make_app(tmp_path)
    conn = ClientConnection("127.0.0.1", lobby.lan_host.port)
    conn.join(lobby.lan_host.code, "Guest")
    address = f"127.0.0.1:{lobby.lan_host.port}"
    guest = LobbyScene(guest_app, conn, address=address, code=lobby.lan_host.code)
    guest_app.switch(guest)
    until(guest_app, lambda: guest.starter() is not None)
    host_name = lobby.seats[0]["name"]
    assert guest.starter() == host_name and lobby.starter() is None
    assert "start" not in guest.controls()
    guest.on_escape()
    lobby.on_escape()
