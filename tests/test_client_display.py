"""The table display (big screen): QR codes that carry the web seat page's link,
a display that follows a whole game as a spectator and never holds or draws a
secret, text readable from a couch at 1920x1080, New game -> Players use their
phones (a LAN table in a process of its own, started with --autostart) and
Join LAN game -> Watch."""

from __future__ import annotations

import inspect
import os
import random
from pathlib import Path
from typing import Any

import pygame
import segno

from havana_game.client.scenes.display import DisplayScene
from havana_game.client.scenes.join import JoinScene
from havana_game.client.table import bigscreen, bigstate
from havana_game.client.ui import fonts, qr
from net.client import ClientConnection
from net.host.config import HostConfig
from net.host.web import web_url
from net.local import start_local_host

from .seeds import HOST_SEED
from .test_client_support import click, make_app, step, until

BIG = (1920, 1080)
SHOTS_VARIABLE = "HAVANA_SCREENSHOTS"
"""Set to a folder (docs/screenshots) to keep the display's screenshots there."""


def save_shot(surface: pygame.Surface, name: str, tmp_path: Path) -> None:
    """Save a screenshot in $HAVANA_SCREENSHOTS, or else in the test's folder."""
    folder = Path(os.environ.get(SHOTS_VARIABLE) or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(folder / name))


class RandomSeat:
    """A player on a TCP connection who sends a random legal decision whenever asked."""

    def __init__(self, port: int, code: str, name: str, seed: int) -> None:
        self.conn = ClientConnection("127.0.0.1", port)
        self.conn.join(code, name)
        self.rng = random.Random(seed)
        self.asked = -1

    def play(self, until: Any = None) -> None:
        """Answer what was asked; once `until(view)` holds, no longer (the game waits)."""
        for message in self.conn.poll():
            if message.get("type") != "view":
                continue
            view = message["view"]
            if until is not None and until(view):
                self.asked = view["version"]
            if view["legal"] and view["version"] != self.asked:
                self.asked = view["version"]
                self.conn.send_decision(self.rng.choice(view["legal"]))


def local_host(seats: list[str]) -> Any:
    return start_local_host(len(seats), seats, HostConfig(seed=HOST_SEED))


def test_the_qr_code_carries_the_link_module_for_module():
    url = web_url("192.168.1.20", 7733, "K7QP2-M3XYZ")
    expected = segno.make(url, error="m", micro=False)
    assert qr.matrix(url) == tuple(tuple(bool(m) for m in row) for row in expected.matrix)
    assert qr.modules(url) == expected.symbol_size(border=qr.QUIET)[0]
    image = qr.surface(url, 300)
    count = qr.modules(url)
    cell = image.get_width() // count
    assert image.get_width() == image.get_height() == cell * count and cell >= 2
    for y, row in enumerate(qr.matrix(url)):  # every module read back from the pixels
        for x, dark in enumerate(row):
            middle = ((x + qr.QUIET) * cell + cell // 2, (y + qr.QUIET) * cell + cell // 2)
            assert (image.get_at(middle)[:3] == qr.DARK) == dark
    assert image.get_at((1, 1))[:3] == qr.LIGHT  # the quiet zone


def test_the_display_follows_a_game_of_bots_and_clients_to_its_end_with_no_secret(
        tmp_path, monkeypatch):
    app = make_app(tmp_path, BIG)
    host = local_host(["human", "easy", "human"])
    try:
        conn = ClientConnection("127.0.0.1", host.port)
        conn.watch(host.code)
        display = app.show("display", conn, address=f"127.0.0.1:{host.port}", code=host.code)
        assert isinstance(display, DisplayScene)
        witness = ClientConnection("127.0.0.1", host.port)
        witness.watch(host.code)
        step(app)
        until(app, lambda: len(display.board.seats) == 3)
        assert display.board.web == web_url("127.0.0.1", host.port, host.code)
        players = [RandomSeat(host.port, host.code, name, n)
                   for n, name in enumerate(("Ana", "Bo"))]
        seen: dict[int, dict[str, Any]] = {}

        def played() -> bool:
            for player in players:
                player.play()
            for message in witness.poll():
                if message.get("type") == "view":
                    seen[message["view"]["version"]] = message["view"]
            view = display.board.view
            if view is not None:
                assert not {"hand", "face_down", "discard", "legal"} & set(view)
                assert view["you"] is None
            return view is not None and view["phase"] == "over"

        until(app, played, seconds=240)
        view = display.board.view
        until(app, lambda: (played() or True) and view["version"] in seen)
        assert view == seen[view["version"]]  # exactly what any spectator is shown
        assert any("Ana" in line for line in display.board.log)
        assert any("Bo" in line for line in display.board.log)
        assert {"Ana", "Bo"} <= {s["name"] for s in display.board.seats}
        drawn: list[int] = []
        real = bigstate.card_face
        monkeypatch.setattr(bigstate, "card_face",
                            lambda index, *a, **k: drawn.append(index) or real(index, *a, **k))
        step(app)
        assert app.screen.get_size() == BIG
        public = {card for seat in view["seats"] for card in seat["face_up"]}
        assert drawn and set(drawn) <= public  # no card but the face-up ones is drawn
        for player in players:
            player.conn.close()
        witness.close()
        step(app, click(display.controls()["back"]))
        assert not isinstance(app.scene, DisplayScene)
    finally:
        host.stop()


def sizes_drawn(surface: pygame.Surface, board: bigscreen.Board) -> list[tuple[int, str]]:
    """(pixel size, text) of every text the display draws, but for the print on the
    card faces and tokens (`ui.cards`, `ui.buildings`, `ui.tokens`, as on the table
    screen)."""
    drawn: list[tuple[int, str]] = []
    real = fonts.font

    def spy(size: int, bold: bool = False) -> Any:
        caller = inspect.stack()[2].filename
        if not caller.endswith(("cards.py", "buildings.py", "tokens.py", "fonts.py")):
            drawn.append((fonts.scaled(size), caller))
        return real(size, bold)

    fonts.text.cache_clear()
    fonts.font = spy  # type: ignore[assignment]
    try:
        bigscreen.draw(surface, board)
    finally:
        fonts.font = real  # type: ignore[assignment]
        fonts.text.cache_clear()
    return drawn


def game_board(tmp_path: Path) -> tuple[Any, bigscreen.Board]:
    """A display's board in the second round of a game of a client and two bots,
    the client's turn (it stops playing there)."""
    host = local_host(["human", "easy", "easy"])
    conn = ClientConnection("127.0.0.1", host.port)
    conn.watch(host.code)
    app = make_app(tmp_path, BIG)
    display = app.show("display", conn, address=f"127.0.0.1:{host.port}", code=host.code)
    ana = RandomSeat(host.port, host.code, "Ana", 3)

    def waits(view: dict[str, Any]) -> bool:
        return view["round"] >= 2 and view["phase"] == "actions" and view["active"] == 0 \
            and not view["acted"][0]

    until(app, lambda: (ana.play(waits) or True) and display.board.view is not None
          and waits(display.board.view), seconds=120)
    ana.conn.close()
    conn.close()
    host.stop()
    return app, display.board


def test_text_on_the_display_is_at_least_28_px_at_1920x1080(tmp_path):
    app, board = game_board(tmp_path)
    surface = pygame.Surface(BIG)
    board.seats[1] = {**board.seats[1], "kind": "open", "name": ""}  # a free seat's QR too
    drawn = sizes_drawn(surface, board)
    assert drawn
    small = [(size, where) for size, where in drawn if size < bigscreen.MIN_TEXT]
    assert not small
    waiting = bigscreen.Board(seats=board.seats, web=board.web, code=board.code,
                              autostart=True)
    small = [(size, where) for size, where in sizes_drawn(surface, waiting)
             if size < bigscreen.MIN_TEXT]
    assert not small


def test_players_use_their_phones_hosts_a_table_whose_link_is_shown(tmp_path):
    app = make_app(tmp_path, BIG)
    app.scene.layout(app.screen.get_size())
    step(app, click(app.scene.controls()["new"]))
    step(app, click(app.scene.controls()["phones"]))
    for _ in range(2):  # seat 3 (the fourth) becomes an AI
        step(app, click(app.scene.controls()["kind:3"]))
    step(app, click(app.scene.controls()["open"]))
    display = app.scene
    assert isinstance(display, DisplayScene) and display.hosted is not None
    until(app, lambda: len(display.board.seats) == 4)
    hosted = display.hosted
    assert hosted.web == web_url(hosted.address, hosted.port, hosted.code)
    assert display.board.web == hosted.web and display.board.code == hosted.code
    assert [s["kind"] for s in display.board.seats] == ["open", "open", "open", "bot"]
    step(app)
    save_shot(app.screen, "display-waiting-1920x1080.png", tmp_path)
    guests = [RandomSeat(hosted.port, hosted.code, name, n)
              for n, name in enumerate(("Ana", "Bo", "Cy"))]
    until(app, lambda: display.board.view is not None, seconds=30)  # --autostart
    for guest in guests:
        guest.conn.close()
    folder = hosted.folder
    step(app, click(display.controls()["back"]))  # asks first: Enter alone stays
    assert display.asking and display.focus == "leave_stay" and app.scene is display
    step(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
    assert app.scene is display and not display.asking and hosted.running()
    step(app, click(display.controls()["back"]))
    step(app, click(display.controls()["leave_confirm"]))
    assert app.scene is not display and not hosted.running()
    assert folder.exists()  # saved: listed in Saved games, resumed on the display
    from havana_game.client.session.resume import every_game, open_saved
    listed = [game for game in every_game() if game.folder == folder]
    assert len(listed) == 1 and listed[0].hosted
    assert {"Ana", "Bo", "Cy"} <= set(listed[0].names)
    assert open_saved(app, listed[0])
    again = app.scene
    assert isinstance(again, DisplayScene) and again.hosted is not None
    until(app, lambda: again.board.view is not None, seconds=30)
    assert {"Ana", "Bo", "Cy"} <= {s["name"] for s in again.board.seats}
    back = [ClientConnection("127.0.0.1", again.hosted.port) for _ in guests]
    for conn, guest in zip(back, guests, strict=True):  # the phones, by their tokens
        conn.join(again.hosted.code, "", seat=guest.conn.seat, token=guest.conn.token)
    seen_views: set[int] = set()

    def rejoined() -> bool:
        for n, conn in enumerate(back):
            if any(m.get("type") == "view" for m in conn.poll()):
                seen_views.add(n)
        return len(seen_views) == len(back)

    until(app, rejoined, seconds=30)
    for conn in back:
        conn.close()
    step(app, click(again.controls()["back"]))
    step(app, click(again.controls()["leave_confirm"]))
    assert not again.hosted.running()


def test_only_the_big_screen_starts_a_phones_table_early(tmp_path):
    """The display that opened the table has Start (the owner's); a phone has no
    host role (its lobby says who starts); Start fills the free seats with AIs."""
    app = make_app(tmp_path, BIG)
    app.scene.layout(app.screen.get_size())
    step(app, click(app.scene.controls()["new"]))
    step(app, click(app.scene.controls()["phones"]))
    step(app, click(app.scene.controls()["open"]))
    display = app.scene
    assert isinstance(display, DisplayScene) and display.hosted is not None
    until(app, lambda: len(display.board.seats) == 4 and "start" in display.controls())
    hosted = display.hosted
    assert hosted.owner
    phone = RandomSeat(hosted.port, hosted.code, "Ana", 1)
    until(app, lambda: (phone.play() or True) and any(
        s["kind"] == "human" for s in display.board.seats))
    assert not phone.conn.is_host
    step(app, click(display.controls()["start"]))
    until(app, lambda: (phone.play() or True) and display.board.view is not None, seconds=30)
    step(app)
    assert "start" not in display.controls()
    assert [s["kind"] for s in display.board.seats] == ["human", "bot", "bot", "bot"]
    phone.conn.close()
    step(app, click(display.controls()["back"]))
    step(app, click(display.controls()["leave_confirm"]))
    assert not hosted.running()


def test_watch_from_the_join_screen_opens_the_display(tmp_path):
    host = local_host(["human", "easy"])
    try:
        app = make_app(tmp_path)
        app.show("join", f"127.0.0.1:{host.port}", host.code)
        assert isinstance(app.scene, JoinScene)
        step(app, click(app.scene.controls()["watch"]))
        display = app.scene
        assert isinstance(display, DisplayScene)
        until(app, lambda: len(display.board.seats) == 2)
        guest = RandomSeat(host.port, host.code, "Ana", 1)
        until(app, lambda: (guest.play() or True) and display.board.view is not None)
        assert display.board.seats[0]["name"] == "Ana"
        guest.conn.close()
        display.on_escape()
    finally:
        host.stop()


def test_screenshot_of_the_display_mid_game(tmp_path):
    """display-game-1920x1080.png: a game with a free seat's QR code
    (`HAVANA_SCREENSHOTS=docs/screenshots pytest tests/test_client_display.py`)."""
    app, board = game_board(tmp_path)
    board.seats[2] = {**board.seats[2], "kind": "open", "name": ""}
    board.web = web_url("192.168.1.20", 7733, board.code)
    surface = pygame.Surface(BIG)
    bigscreen.draw(surface, board)
    save_shot(surface, "display-game-1920x1080.png", tmp_path)


def test_a_hosting_lobby_shows_the_qr_code_and_link_of_the_web_seat_page(tmp_path):
    from .test_client_lobby import open_table
    app = make_app(tmp_path)
    lobby = open_table(app)
    hosted = lobby.lan_host
    assert hosted.web == web_url(hosted.address, hosted.port, hosted.code)
    step(app)
    image = qr.surface(hosted.web, lobby.px(220))
    spot = image.get_rect(midtop=(app.screen.get_width() // 2 - lobby.px(490), lobby.px(200)))
    shown = app.screen.subsurface(spot)
    assert all(shown.get_at((x, y)) == image.get_at((x, y))
               for x in range(0, spot.w, 3) for y in range(0, spot.h, 3))
    save_shot(app.screen, "lobby-web-link.png", tmp_path)
    lobby.on_escape()
