"""LAN lobby: the host sees a guest take a seat live, adds an AI, starts, and
both land at the table."""

from __future__ import annotations

import time

from havana_game.client.scenes.lobby import LobbyScene
from havana_game.client.scenes.newgame import ai_levels
from havana_game.client.scenes.table import TableScene
from havana_game.client.ui.i18n import tr, tr_name
from net.cli import saved_name
from net.client import ClientConnection

from .test_client_support import click, key, make_app, settle, step, until


def open_table(app, *clicks: str) -> LobbyScene:
    """Menu -> Host LAN game -> the setup's `clicks` -> Open the table; the lobby
    once the host process listens and the host player sits."""
    app.scene.layout(app.screen.get_size())
    step(app, click(app.scene.controls()["host"]))
    for name in clicks:
        step(app, click(app.scene.controls()[name]))
    step(app, click(app.scene.controls()["open"]))
    lobby = app.scene
    assert isinstance(lobby, LobbyScene) and lobby.lan_host is not None
    until(app, lambda: "start" in lobby.controls())
    return lobby


def start_with_guest(app, lobby: LobbyScene, name: str) -> tuple[ClientConnection, TableScene]:
    """A guest called `name` joins by the lobby's port and code; the host player
    starts; the guest's connection, and the host player's table once it has a view."""
    guest = ClientConnection("127.0.0.1", lobby.lan_host.port)
    guest.join(lobby.lan_host.code, name)
    until(app, lambda: any(s["name"] == name for s in lobby.seats))
    step(app, click(lobby.controls()["start"]))
    until(app, lambda: isinstance(app.scene, TableScene) and app.scene.view is not None)
    return guest, app.scene


def test_host_lobby_fills_and_starts(tmp_path):
    app = make_app(tmp_path)
    lobby = open_table(app)
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
    table.leave_now()


def test_the_ais_added_in_the_lobby_sit_at_the_hosts_table_at_the_levels_picked(tmp_path):
    """The lobby drives the real LAN host (a process of its own): the number of
    players set and the AI level picked for each seat are what the host's table
    has, as a spectator of it is told, and what the lobby shows."""
    app = make_app(tmp_path)
    lobby = _host_lobby(app)
    _seat_players(app, lobby, 3)
    levels = ai_levels()[1:3]  # not the level picked at first
    for seat, level in enumerate(levels, start=1):
        while lobby.level != level:
            step(app, click(lobby.controls()["level"]))
        assert lobby.button("level").label == tr_name("ai_level", level=level)
        step(app, click(lobby.controls()[f"add:{seat}"]))
        until(app, lambda s=seat: lobby.seats[s]["kind"] == "bot")
    watcher = ClientConnection("127.0.0.1", lobby.lan_host.port)
    watcher.watch(lobby.lan_host.code)
    deadline = time.monotonic() + 60
    table = None
    while table is None or table["type"] != "table":
        assert time.monotonic() < deadline
        table = watcher.wait(0.1)
    watcher.close()
    assert table["players"] == 3 and table["status"] == "lobby"
    assert [(s["kind"], s["level"]) for s in table["seats"]] == [
        ("human", None), ("bot", levels[0]), ("bot", levels[1])]
    names = [s["name"] for s in table["seats"]]
    assert [lobby.seat_text(s) for s in lobby.seats] == [
        tr("lobby.seat", name=names[0], kind=tr("human")),
        *(tr("lobby.seat", name=name, kind=tr_name("ai_level", level=level))
          for name, level in zip(names[1:], levels, strict=True))]
    assert lobby.button("players").label == tr("lobby.players", count=3)
    lobby.on_escape()


def test_the_host_setup_is_remembered_and_plays_its_edition(tmp_path):
    """Name, players, a bot seat, the edition and hints, set up once, are the
    table's (the LAN list shows the name) and the Host screen's next time."""
    app = make_app(tmp_path)
    app.scene.layout(app.screen.get_size())
    step(app, click(app.scene.controls()["host"]))
    setup = app.scene
    next(f for f in setup.fields if f.name == "name").value = "Marta"
    for name in ("players:3", "kind:2", "edition", "hints"):
        step(app, click(setup.controls()[name]))
    step(app, click(setup.controls()["open"]))
    lobby = app.scene
    until(app, lambda: "start" in lobby.controls())
    assert lobby.edition == "edition2024" and lobby.hints
    assert [s["kind"] for s in lobby.seats] == ["human", "open", "bot"]
    assert lobby.seats[0]["name"] == "Marta"
    assert saved_name(lobby.lan_host.folder) == "Marta"  # the host's name on the LAN
    guest, table = start_with_guest(app, lobby, "Guest")
    assert table.view["ruleset"] == "edition2024" and "green" in table.view["market"]
    guest.close()
    table.leave_now()
    step(app, click(app.scene.controls()["host"]))
    again = app.scene
    assert (again.name, again.players, again.kinds[1], again.edition, again.hints) == (
        "Marta", 3, ai_levels()[0], "edition2024", True)


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
    lobby = open_table(app)
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
    table.leave_now()


def test_a_three_player_lan_game_gives_bots_distinct_names_and_badges(tmp_path):
    from havana_game.content import bot_names

    app = make_app(tmp_path)
    lobby = _host_lobby(app)
    _seat_players(app, lobby, 3)
    table = _start(app, lobby)  # the two open seats get bots
    assert table.view["players"] == 3 and table.view["target_vp"] == 20
    assert table.model.names[1:] == list(bot_names()[:2])
    assert [s.badge(0) for s in table.model.seats] == [None, tr("ai.easy"), tr("ai.easy")]
    table.leave_now()


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
    assert table.button("resume").label == tr("pause.back")  # a LAN game never pauses
    step(app, click(table.controls()["give:1"]))
    assert table.model.seats[1].kind == "human"  # asked first
    step(app, click(table.controls()["leave_confirm"]))
    until(app, lambda: table.model.seats[1].kind == "open")
    newcomer = ClientConnection("127.0.0.1", port)
    newcomer.join(code, "Caro")
    until(app, lambda: table.model.seats[1].kind == "human" and table.model.names[1] == "Caro")
    until(app, lambda: any(e["kind"] == "seated" and e["data"]["version"]
                           for e in table.flow.log_events))
    kinds = [e["kind"] for e in table.flow.log_events
             if e["kind"].startswith("seat_") or e["kind"] == "seated" and e["data"]["version"]]
    assert kinds == ["seat_left", "seat_opened", "seated"]
    assert any("Caro" in line for line in table.flow.log_lines)
    deadline = time.monotonic() + 10
    history = None
    while history is None:
        assert time.monotonic() < deadline
        history = next((m for m in newcomer.poll() if m["type"] == "history"), None)
        time.sleep(0.01)
    newcomer.close()
    table.leave_now()


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
