"""Offscreen renders of the menu, a table advanced by bots, or the results; and of
every screen at once, the pixel baseline (`every_scene`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame

from ..editions import DEFAULT_EDITION
from .app import App
from .profile.settings import Settings
from .screens import screen_class
from .session.headless import advanced_game


def table_scene(app: App, players: int, seed: int, until_round: int | None,
                edition: str = DEFAULT_EDITION) -> object:
    """A table scene showing a bot-advanced game of `edition`, all updates applied."""
    scene = app.show("table", advanced_game(players, seed, until_round, edition))
    speed = app.settings.animation_speed
    app.settings.animation_speed = 0.0
    scene.update(0.0)
    app.settings.animation_speed = speed
    return scene


def render_screen(name: str, players: int, seed: int, until_round: int,
                  size: tuple[int, int], out: str, language: str | None = None,
                  edition: str = DEFAULT_EDITION) -> None:
    """Save screen `name` ("menu", "table" or "results") of a game of `edition` as
    a PNG at `out`, in `language` (default: the system locale's)."""
    settings = Settings(window_size=size)
    settings.language = language or settings.language
    app = App(settings, size=size)
    if name == "table":
        table_scene(app, players, seed, until_round, edition)
    elif name == "results":
        scene = table_scene(app, players, seed, None, edition)
        scene.show_results()  # type: ignore[attr-defined]
    app.frame(0.0, [])
    pygame.image.save(app.screen, out)


SCENES = ("menu", "newgame", "hostsetup", "join", "lobby", "settings", "rules", "saved",
          "statistics", "table", "table-2024", "results", "replay")
"""Every screen `every_scene` renders, in order (the pixel baseline's names)."""


def every_scene(size: tuple[int, int] = (1280, 720), seed: int = 7,
                ) -> Iterator[tuple[str, pygame.Surface]]:
    """Each screen in `SCENES`, drawn offscreen at `size` in English from fixed
    seeds and an empty profile (the caller points HAVANA_CONFIG_DIR at an empty
    folder): the pixel baseline a reorganisation of the client must keep."""
    from ..saves import game_to_document
    from .session.replay import Replay

    def screen(name: str) -> Any:
        return screen_class(name)

    settings = Settings(window_size=size, animation_speed=0.0, music_volume=0.0, recap=False)
    settings.language = "en"  # the table without a recap over it
    app = App(settings, size=size)

    def shot(name: str, scene: Any = None) -> tuple[str, pygame.Surface]:
        if scene is not None:
            app.switch(scene)
        app.frame(0.0, [])
        return name, app.screen.copy()

    yield shot("menu")
    yield shot("newgame", screen("new_game")(app))
    yield shot("hostsetup", screen("host_setup")(app))
    join = screen("join")(app, "192.168.1.20:7777", "ABCD", "")
    join._stop_browsing()
    join.searching = False
    yield shot("join", join)
    lobby = screen("lobby")(app, address="192.168.1.20:7777", code="ABCD")
    lobby.seats = [{"seat": 0, "kind": "human", "name": "Ana", "connected": True},
                   {"seat": 1, "kind": "open", "name": "", "connected": False}]
    yield shot("lobby", lobby)
    yield shot("settings", screen("settings")(app))
    yield shot("rules", screen("rules")(app))
    yield shot("saved", screen("saved_games")(app))
    yield shot("statistics", screen("statistics")(app))
    table_scene(app, 3, seed, 3)
    yield shot("table")
    table_scene(app, 4, seed, 2, "edition2024")
    yield shot("table-2024")
    table = table_scene(app, 2, seed, None)
    record = game_to_document(table.link.game)  # type: ignore[attr-defined]
    names = list(table.link.names)  # type: ignore[attr-defined]
    table.show_results()  # type: ignore[attr-defined]
    yield shot("results")
    replay = screen("replay")(app, Replay(record, names), 40, 0)
    yield shot("replay", replay)
