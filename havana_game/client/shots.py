"""Offscreen renders of the menu, a table advanced by bots, or the results."""

from __future__ import annotations

import pygame

from ..editions import DEFAULT_EDITION
from .app import App
from .headless import advanced_game
from .settings import Settings


def table_scene(app: App, players: int, seed: int, until_round: int | None,
                edition: str = DEFAULT_EDITION) -> object:
    """A table scene showing a bot-advanced game of `edition`, all updates applied."""
    from .scenes.table import TableScene
    link = advanced_game(players, seed, until_round, edition)
    scene = TableScene(app, link)
    app.switch(scene)
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
