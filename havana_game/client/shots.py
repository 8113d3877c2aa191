"""Offscreen renders of the menu, a table advanced by bots, or the results; and of
every screen at once, the pixel baseline (`every_scene`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame

from ..editions import DEFAULT_EDITION
from .app import App
from .profile.settings import Settings
from .screens import screen_class
from .session.headless import advanced_game
from .session.link import LocalLink
from .table.screen import TableScreen
from .textpieces import LONGEST_NAMES


def table_scene(app: App, players: int, seed: int, until_round: int | None,
                edition: str = DEFAULT_EDITION, names: tuple[str, ...] = ()) -> TableScreen:
    """A table scene showing a bot-advanced game of `edition`, all updates applied,
    its first seats named `names` (the others keep the default names)."""
    link = advanced_game(players, seed, until_round, edition)
    link.names[:len(names)] = names[:players]  # (the table message sends this very list)
    scene = app.show("table", link)
    assert isinstance(scene, TableScreen)
    speed = app.settings.animation_speed
    app.settings.animation_speed = 0.0
    scene.update(0.0)
    app.settings.animation_speed = speed
    return scene


def render_screen(name: str, players: int, seed: int, until_round: int,
                  size: tuple[int, int], out: str, language: str | None = None,
                  edition: str = DEFAULT_EDITION, text_size: float = 1.0) -> None:
    """Save screen `name` ("menu", "table" or "results") of a game of `edition` as
    a PNG at `out`, in `language` (default: the system locale's) at `text_size`."""
    settings = Settings(window_size=size, text_size=text_size)
    settings.language = language or settings.language
    app = App(settings, size=size)
    if name == "table":
        table_scene(app, players, seed, until_round, edition)
    elif name == "results":
        scene = table_scene(app, players, seed, None, edition)
        scene.show_results()
    app.frame(0.0, [])
    pygame.image.save(app.screen, out)


SCENES = ("menu", "newgame", "hostsetup", "join", "lobby", "settings", "rules", "saved",
          "statistics", "table", "table-2024", "results", "replay", "display")
"""Every screen `every_scene` renders, in order (the pixel baseline's names)."""


def every_scene(size: tuple[int, int] = (1280, 720), seed: int = 7, language: str = "en",
                text_size: float = 1.0, onto: pygame.Surface | None = None,
                table_round: int = 3, watch: Callable[[str, Any], None] | None = None,
                ) -> Iterator[tuple[str, pygame.Surface]]:
    """Each screen in `SCENES`, drawn offscreen at `size` in English from fixed
    seeds and an empty profile (the caller points HAVANA_CONFIG_DIR at an empty
    folder): the pixel baseline a reorganisation of the client must keep. Or in
    another `language` and `text_size`, drawn `onto` a surface (a text audit's), the
    table from a game at `table_round`; `watch(name, scene)` sees each one drawn."""
    from ..saves import game_to_document
    from .session.replay import Replay

    def screen(name: str) -> Any:
        return screen_class(name)

    settings = Settings(window_size=size, animation_speed=0.0, music_volume=0.0,
                        text_size=text_size, recap=False)  # (the table without a recap)
    settings.language = language
    app = App(settings, size=size)
    if onto is not None:
        app.screen = onto

    def shot(name: str, scene: Any = None) -> tuple[str, pygame.Surface]:
        if scene is not None:
            app.switch(scene)
        app.frame(0.0, [])
        if watch is not None:
            watch(name, app.scene)
        return name, app.screen.copy()

    yield shot("menu")
    yield shot("newgame", screen("new_game")(app))
    yield shot("hostsetup", screen("host_setup")(app))
    join = screen("join")(app, "192.168.1.20:7777", "ABCD", "")
    join._stop_browsing()
    join.searching = False
    yield shot("join", join)
    lobby = screen("lobby")(app, address="192.168.1.20:7777", code="ABCD")
    lobby.seats = [{"seat": 0, "kind": "human", "name": LONGEST_NAMES[0], "connected": True},
                   {"seat": 1, "kind": "open", "name": "", "connected": False}]
    yield shot("lobby", lobby)
    yield shot("settings", screen("settings")(app))
    yield shot("rules", screen("rules")(app))
    yield shot("saved", screen("saved_games")(app))
    yield shot("statistics", screen("statistics")(app))
    table_scene(app, 3, seed, table_round, names=LONGEST_NAMES)
    yield shot("table")
    table_scene(app, 4, seed, 2, "edition2024", LONGEST_NAMES)
    yield shot("table-2024")
    table = table_scene(app, 2, seed, None, names=LONGEST_NAMES)
    assert isinstance(table.link, LocalLink)
    record = game_to_document(table.link.game)
    names = list(table.link.names)
    table.show_results()
    yield shot("results")
    replay = screen("replay")(app, Replay(record, names), 40, 0)
    yield shot("replay", replay)
    yield shot("display", still_display(app, advanced_game(3, seed, 3)))


def still_display(app: App, link: Any) -> Any:
    """The table display of a bot-advanced game (`link`), seen as a spectator, with
    its second seat free (its QR code and link)."""
    from ..rules import spectator_view
    display: Any = screen_class("display")
    display = display(app, address="192.168.1.20:7733", code="K7QP2-M3XYZ")
    seats = [{"seat": seat, "kind": "open" if seat == 1 else "bot", "name": name,
              "level": "medium"} for seat, name in enumerate(link.names)]
    display.take({"type": "table", "seats": seats})
    display.take({"type": "view", "view": spectator_view(link.game.state), "events": []})
    return display


def text_problems(size: tuple[int, int], language: str, text_size: float,
                  table_round: int = 14) -> dict[str, list[str]]:
    """Each screen of `every_scene` (the table from a game at `table_round`; and
    Statistics and Saved games with that game counted and kept) and each piece of
    `textpieces` in `language` at `text_size`: the texts without room
    (`textaudit.problems`)."""
    from .textpieces import lesson_problems, piece_problems
    from .ui import fonts
    from .ui.i18n import tr
    from .ui.textaudit import TextLog, problems, recording, shrunk_labels, traced

    log = TextLog()
    found: dict[str, list[str]] = {}

    def check(name: str, scene: Any) -> None:
        found[name] = problems(log, pygame.Rect((0, 0), size), [b.rect for b in scene.buttons]
                               ) + (shrunk_labels(scene.buttons) if text_size > 1 else [])
        log.clear()

    def watch(name: str, scene: Any) -> None:
        check(name, scene)
        app = scene.app
        if name == "menu":  # the lesson-edition chooser too
            scene.learn()
            app.frame(0.0, [])
            check("menu-lessons", scene)
            scene.stop_choosing()
        elif name == "table":  # kept as a saved game, for Saved games to list below
            from .session import localgame
            link = scene.link
            localgame.keep(link.game, link.names, [None] + ["medium"] * (len(link.names) - 1))
        elif name == "join":  # with the note a picked host brings (where its code is),
            from net import PROTOCOL_VERSION  # and games found under the longest names
            from net.discovery import FoundHost
            scene.picked = tr("join.code_where")
            scene.found = [FoundHost(LONGEST_NAMES[1], "192.168.100.200", 47777, 3,
                                     PROTOCOL_VERSION),
                           FoundHost(LONGEST_NAMES[0], "192.168.100.201", 47777, 1,
                                     PROTOCOL_VERSION, playing=1, away=2)]
            scene.relayout()
            app.frame(0.0, [])
            check("join-picked", scene)
        elif name == "results":  # its charts too; and the game counted for Statistics
            from ..saves import game_to_document
            scene.model.record = game_to_document(scene.link.game)
            scene._record(scene.final)
            scene.toggle_charts()
            app.frame(0.0, [])
            check("results-charts", scene)
        elif name == "display":  # its waiting room: seats filling in, long names, QR codes
            scene.take({"type": "table", "seats": [
                {"seat": 0, "kind": "human", "name": LONGEST_NAMES[1]},
                {"seat": 1, "kind": "open"}, {"seat": 2, "kind": "bot", "level": "hard",
                                              "name": LONGEST_NAMES[0]},
                {"seat": 3, "kind": "open"}]})
            scene.board.view = None
            scene.relayout()
            app.frame(0.0, [])
            check("display-waiting", scene)
        elif name == "replay":  # Statistics with the game the results counted
            statistics: Any = screen_class("statistics")(app)
            app.switch(statistics)
            app.frame(0.0, [])
            check("statistics-1", statistics)
            statistics.toggle_charts()
            app.frame(0.0, [])
            check("statistics-1-charts", statistics)
            app.switch(screen_class("saved_games")(app))  # with the table's game kept
            app.frame(0.0, [])
            check("saved-1", app.scene)
            log.clear()
            found.update(lesson_problems(app, size, log))  # (each lesson step's box)
    try:
        with recording(log):
            for _ in every_scene(size, language=language, text_size=text_size,
                                 onto=traced(size, log), table_round=table_round,
                                 watch=watch):
                pass
            found.update({f"piece {name}": problems for name, problems in
                          piece_problems(size, log).items()})
    finally:
        fonts.set_text_scale(1.0)
    return found
