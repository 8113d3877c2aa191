"""Joining and rejoining LAN games from the join screen: a guest whose client
was killed, or who left to the menu, takes its seat back with Rejoin (its token
kept on disk), history and all; games found say whether they are in progress;
the name typed is remembered."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager

import pytest

from havana_game.client.profile.settings import Settings
from havana_game.client.scenes.join import JoinScene, found_label
from havana_game.client.scenes.lobby import LobbyScene
from havana_game.client.scenes.menu import MenuScene
from havana_game.client.scenes.table import TableScene
from havana_game.client.session import lanseats
from havana_game.client.ui.i18n import tr, trn
from havana_game.client.ui.widgets import Button
from net import PROTOCOL_VERSION
from net.client import ClientConnection
from net.discovery import Announcement, FoundHost, Listing, LiveBrowser, announce
from net.host import HostConfig
from net.local import LocalHost, start_local_host

from .seeds import HOST_SEED
from .test_client_support import act_once, click, key, make_app, step, until
from .test_net_discovery import LOOPBACK, WAIT


@pytest.fixture
def lan_table():
    """A 2-seat LAN table with a bot on seat 1; it starts once the guest sits down."""
    host = start_local_host(2, ["human", "random"], HostConfig(seed=HOST_SEED, autostart=True))
    yield host
    host.stop()


def _join_screen(app) -> JoinScene:
    app.switch(MenuScene(app))
    step(app)
    step(app, click(app.scene.controls()["join"]))
    assert isinstance(app.scene, JoinScene)
    return app.scene


def _type(scene: JoinScene, **values: str) -> None:
    for field in scene.fields:
        if field.name in values:
            field.value = values[field.name]


def _at_table(app) -> TableScene:
    until(app, lambda: isinstance(app.scene, TableScene))
    table = app.scene
    until(app, lambda: table.view is not None and table.model.seats)
    return table


def _guest_sits_down(app, host) -> TableScene:
    join = _join_screen(app)
    _type(join, address=f"127.0.0.1:{host.port}", code=host.code.lower(), name="Bea")
    step(app, click(join.controls()["connect"]))
    table = _at_table(app)
    assert table.model.names[table.viewer] == "Bea"
    return table


def _play_a_little(app, table: TableScene) -> None:
    for _ in range(2):
        until(app, table.flow.deciding)
        act_once(app, table)
    until(app, lambda: len(table.model.events) > 3)


def _guest_killed(tmp_path, host) -> tuple[int, list]:
    """A guest sits down at `host`'s table and plays a little; then its process
    dies: no Leave, nothing said to the host. Its seat, and the game's events."""
    app = make_app(tmp_path)
    table = _guest_sits_down(app, host)
    _play_a_little(app, table)
    table.link.close()
    return table.viewer, list(table.model.events)


def test_a_killed_guest_client_rejoins_with_the_join_screens_rejoin(tmp_path, lan_table):
    host = lan_table
    seat, story = _guest_killed(tmp_path, host)
    [held] = lanseats.remembered()
    assert (held.seat, held.name, held.address) == (seat, "Bea", f"127.0.0.1:{host.port}")

    again = make_app(tmp_path)  # started again, same config folder
    join = _join_screen(again)
    rejoin = join.button("rejoin:0")
    assert rejoin.label == tr("join.rejoin", name="Bea", address=held.address)
    step(again, click(rejoin.rect))
    back = _at_table(again)
    assert back.viewer == seat and back.model.events[:len(story)] == story
    assert len(back.flow.log_lines) >= len(story) // 2  # the log tells the whole game again
    back.close()


GUEST_PROCESS = """
import json, sys, time, types
from tests.test_client_join import _guest_sits_down, _play_a_little
from tests.test_client_support import make_app
app = make_app(sys.argv[1])
table = _guest_sits_down(app, types.SimpleNamespace(port=int(sys.argv[2]), code=sys.argv[3]))
_play_a_little(app, table)
print(json.dumps({"seat": table.viewer, "events": table.model.events}), flush=True)
time.sleep(120)
"""


def test_a_guest_client_process_killed_mid_game_rejoins_from_a_new_process(tmp_path, lan_table):
    """The player's own process is killed (SIGKILL: nothing is said or saved at
    the end); a new one, started on the same config folder, offers Rejoin."""
    import json
    import signal
    import subprocess
    import sys
    from pathlib import Path

    host = lan_table
    guest = subprocess.Popen(
        [sys.executable, "-c", GUEST_PROCESS, str(tmp_path), str(host.port), host.code],
        cwd=Path(__file__).resolve().parents[1], stdout=subprocess.PIPE, text=True)
    try:
        assert guest.stdout is not None
        seen = json.loads(guest.stdout.readline())
    finally:
        guest.send_signal(signal.SIGKILL)
        guest.wait(timeout=10)
    app = make_app(tmp_path)
    join = _join_screen(app)
    step(app, click(join.button("rejoin:0").rect))
    back = _at_table(app)
    assert back.viewer == seen["seat"] and back.model.names[back.viewer] == "Bea"
    assert back.model.events[:len(seen["events"])] == seen["events"]
    back.close()


def test_leave_to_menu_then_rejoin(tmp_path, lan_table):
    host = lan_table
    app = make_app(tmp_path)
    table = _guest_sits_down(app, host)
    _play_a_little(app, table)
    step(app, key(__import__("pygame").K_ESCAPE))
    step(app, click(table.controls()["leave"]))
    assert "leave_confirm" in table.controls()
    step(app, click(table.controls()["leave_confirm"]))
    assert isinstance(app.scene, MenuScene)
    join = _join_screen(app)
    _type(join, address=f"127.0.0.1:{host.port}", code=host.code, name="Bea")
    step(app, click(join.controls()["connect"]))  # the same address and code: a rejoin
    back = _at_table(app)
    assert back.model.names[back.viewer] == "Bea" and len(back.model.events) > 3
    back.close()


def test_a_refused_token_is_forgotten_and_the_join_screen_says_why(tmp_path, lan_table):
    host = lan_table
    app = make_app(tmp_path)
    address = f"127.0.0.1:{host.port}"
    lanseats.remember(address, host.code, "gone", 1, "0" * 64, "Bea")
    join = _join_screen(app)
    step(app, click(join.button("rejoin:0").rect))
    until(app, lambda: isinstance(app.scene, JoinScene) and app.scene is not join)
    assert not lanseats.remembered()
    again = app.scene  # not a lobby "waiting for players" that never come
    assert again.message == tr("join.seat_given")
    assert {f.name: f.value for f in again.fields}["code"] == host.code
    step(app, click(again.controls()["connect"]))  # a newcomer now: the free seat
    seated = _at_table(app)
    assert seated.viewer == 0
    seated.close()


def test_with_no_name_yet_the_default_name_is_a_placeholder(tmp_path):
    app = make_app(tmp_path)
    join = _join_screen(app)
    name = next(f for f in join.fields if f.name == "name")
    assert (name.value, name.placeholder) == ("", tr("player.default"))
    join.on_escape()


def test_the_name_typed_is_remembered(tmp_path, lan_table):
    host = lan_table
    app = make_app(tmp_path)
    table = _guest_sits_down(app, host)
    table.close()
    assert Settings.load().player_name == "Bea"


def test_games_found_say_whether_they_are_in_progress():
    place = {"table": "Ana", "address": "10.0.0.2", "port": 5000}
    lobby = FoundHost("Ana", "10.0.0.2", 5000, 2, PROTOCOL_VERSION)
    assert found_label(lobby, False) == trn("join.host", 2, **place)
    running = FoundHost("Ana", "10.0.0.2", 5000, 1, PROTOCOL_VERSION, playing=1, away=2)
    label = found_label(running, True)
    for part in (tr("join.host_playing", **place), trn("join.host_free", 1),
                 trn("join.host_away", 2), tr("join.host_yours")):
        assert part in label
    assert trn("join.host", 1, **place) not in label


GAMES_NAME = f"Ana {os.getpid()}"
"""The name of the live game this test process announces (another test run on
this machine announces too; the join screen shows the first three by name)."""


@contextmanager
def _announced(name: str, port: int, listing: Listing) -> Iterator[Announcement]:
    """`listing` announced on the loopback interface as host `name` at 127.0.0.1:`port`."""
    announcement = announce(name, port, listing, "127.0.0.1", interfaces=LOOPBACK)
    try:
        yield announcement
    finally:
        announcement.close()


def _only_games(monkeypatch: pytest.MonkeyPatch, mine: Callable[[FoundHost], bool]) -> None:
    """The join screens' browsers see only the games `mine` picks: others announced
    on this machine (tests running beside this one, a LAN host a killed test left)
    fill the rows shown and could hide this test's own."""
    hosts = LiveBrowser.hosts
    monkeypatch.setattr(LiveBrowser, "hosts", lambda self: list(filter(mine, hosts(self))))


@contextmanager
def _lan_host(players: int) -> Iterator[LocalHost]:
    """A real host of one table of `players` human seats, announced on the loopback
    interface as `havana host --lan` does (its listing kept current)."""
    host = start_local_host(players, ["human"] * players, HostConfig(seed=HOST_SEED))
    try:
        with _announced(GAMES_NAME, host.port, Listing(free=players)) as announcement:
            host.host.on_listing = announcement.update
            try:
                yield host
            finally:  # (before the announcement is withdrawn)
                host.host.on_listing = None
    finally:
        host.stop()


def _row(app, join: JoinScene, table: str, *says: str) -> Button:
    """The join screen's row of the game `table` once it says all of `says`."""
    def row() -> Button | None:
        return next((b for b in join.buttons if b.name.startswith("host:")
                     and f"{table} · " in b.label and all(part in b.label for part in says)),
                    None)
    try:
        until(app, lambda: row() is not None)
    except AssertionError:  # say what the screen showed instead
        shown = [b.label for b in join.buttons if b.name.startswith("host:")]
        raise AssertionError(f"no row of {table!r} saying {says}: the rows say {shown}; "
                             f"found on the network: {join.found}") from None
    found = row()
    assert found is not None
    return found


def _pick_and_connect(app, join: JoinScene, row: Button, code: str, name: str) -> None:
    """Choose the game of `row`: its address fills in; type `code` and `name`; connect."""
    step(app, click(row.rect))
    address = {f.name: f.value for f in join.fields}["address"]
    assert address in row.label and address.startswith("127.0.0.1:")
    _type(join, code=code, name=name)
    step(app, click(join.controls()["connect"]))


def _until_away(conn: ClientConnection, seats: set[int]) -> None:
    """Until the host tells `conn` that the players of `seats` are not connected."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        message = conn.wait(0.1) or {}
        if message.get("type") == "table" and seats == {
                s["seat"] for s in message["seats"] if not s["connected"]}:
            return
    raise AssertionError(f"seats {seats} never away")


def test_the_join_screen_lists_a_lan_game_as_it_goes_and_joins_it(tmp_path, monkeypatch):
    """A real host announced on the loopback interface: the join screens' own
    browsers list it as the players would see it, in its lobby, then in
    progress with a seat free and a player away, with Rejoin for the player
    whose seat it is; choosing it fills its address in, and connecting seats
    the player there. Each count differs from the others (1 game, 1 seat free, 2
    players away), so that none can stand in for another."""
    name = GAMES_NAME
    _only_games(monkeypatch, lambda host: host.name == name)
    with _lan_host(4) as host:
        place = {"table": name, "address": "127.0.0.1", "port": host.port}
        ana, cy, eve = (ClientConnection("127.0.0.1", host.port) for _ in range(3))
        ana.join(host.code, "Ana")  # the host role
        bea = make_app(tmp_path / "bea")
        join = _join_screen(bea)
        lobby = _row(bea, join, name, trn("join.host", 3, **place))
        assert tr("join.host_playing", **place) not in lobby.label
        assert lobby.label.endswith(trn("join.host", 3, **place))  # not Bea's seat
        _pick_and_connect(bea, join, lobby, host.code, "Bea")
        until(bea, lambda: isinstance(bea.scene, LobbyScene))
        cy.join(host.code, "Cy")
        eve.join(host.code, "Eve")  # the last seat: the game starts
        table = _at_table(bea)
        seat = table.viewer
        table.link.close()  # Bea's client dies: her seat waits for her
        cy.close()
        eve.close()
        _until_away(ana, {seat, cy.seat, eve.seat})
        ana.open_seat(cy.seat)  # the host role hands Cy's seat on

        newcomer = make_app(tmp_path / "dan")
        join = _join_screen(newcomer)
        row = _row(newcomer, join, name, tr("join.host_playing", **place),
                   trn("join.host_free", 1), trn("join.host_away", 2))
        assert tr("join.host_yours") not in row.label and join.button("rejoin:0") is None
        _pick_and_connect(newcomer, join, row, host.code, "Dan")
        dan = _at_table(newcomer)
        assert dan.viewer == cy.seat and dan.model.names[dan.viewer] == "Dan"

        back = make_app(tmp_path / "bea")
        join = _join_screen(back)
        rejoin = join.button("rejoin:0")
        assert rejoin.label == tr("join.rejoin", name="Bea", address=f"127.0.0.1:{host.port}")
        row = _row(back, join, name, tr("join.host_playing", **place),
                   trn("join.host_away", 2), tr("join.host_yours"))
        assert trn("join.host_free", 1) not in row.label  # Dan took the free seat
        step(back, click(rejoin.rect))
        again = _at_table(back)
        assert again.viewer == seat and again.model.names[seat] == "Bea"
        again.close()
        dan.close()
        ana.close()


def test_the_join_screen_shows_held_seats_and_three_games_without_overlap(tmp_path):
    app = make_app(tmp_path, (1280, 720))
    lanseats.remember("10.0.0.2:5000", "ABCDE-FGHJK", "t1", 1, "a" * 64, "Bea")
    mine = f"Zoe {os.getpid()}"  # (sorts after GAMES_NAME: the live game's test sees its own)
    with ExitStack() as games:
        for i in range(5):  # five games announced, in progress
            games.enter_context(_announced(f"{mine} {i}", 5000 + i, Listing(playing=1)))
        join = _join_screen(app)
        until(app, lambda: sum(h.name.startswith(mine) for h in join.found) == 5)
        names = [b.name for b in join.buttons]
        assert names.count("rejoin:0") == 1 and [n for n in names if n.startswith("host:")] == \
            ["host:0", "host:1", "host:2"]  # (another test run's games may be among them)
        rects = [b.rect for b in join.buttons] + [f.rect for f in join.fields]
        for i, a in enumerate(rects):
            assert a.bottom <= 720 and not any(a.colliderect(b) for b in rects[i + 1:])
        join.on_escape()


def test_a_held_seat_is_under_continue_and_saved_games(tmp_path, lan_table):
    """The seat a guest left is offered by Continue and listed by the Saved games
    screen (Resume takes it back, Delete forgets it), not only under Join LAN game."""
    from havana_game.client.scenes.saved import SavedGamesScene, describe

    host = lan_table
    seat, story = _guest_killed(tmp_path, host)

    def menu_of(app):
        menu = MenuScene(app)
        app.switch(menu)
        step(app)
        return menu

    again = make_app(tmp_path)
    menu = menu_of(again)
    assert menu.button("resume").enabled and menu.button("saved").enabled
    step(again, click(menu.controls()["saved"]))
    saved = again.scene
    assert isinstance(saved, SavedGamesScene)
    [game] = saved.games
    when, players = describe(game)
    assert when.startswith(tr("saved.lan_seat", address=f"127.0.0.1:{host.port}"))
    assert players == "Bea"
    step(again, click(saved.controls()["resume0"]))
    back = _at_table(again)
    assert back.viewer == seat and back.model.events[:len(story)] == story
    back.link.close()

    third = make_app(tmp_path)  # Continue: the latest played, the seat held
    menu = menu_of(third)
    step(third, click(menu.controls()["resume"]))
    back = _at_table(third)
    assert back.viewer == seat
    back.link.close()

    listing = SavedGamesScene(third)
    third.switch(listing)
    step(third)
    step(third, click(listing.controls()["delete0"]))
    step(third, click(listing.controls()["delete_confirm0"]))
    assert not lanseats.remembered() and not listing.games


def test_picking_a_game_found_says_where_its_code_is(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    _only_games(monkeypatch, lambda host: host.port == 5123)
    with _announced(f"Yan {os.getpid()}", 5123, Listing()):
        join = _join_screen(app)
        until(app, lambda: any(h.port == 5123 for h in join.found))
        row = next(b for b in join.buttons if b.name.startswith("host:") and "5123" in b.label)
        step(app, click(row.rect))
        assert {f.name: f.value for f in join.fields}["address"].endswith(":5123")
        assert join.picked == tr("join.code_where")
        join.on_escape()
