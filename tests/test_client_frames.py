"""The table's cheap frames draw the same picture as a frame drawn from
scratch: a frame that only restores what the last one drew over the static
table (flights, tooltip), and a static table redrawn only where a part of it
changed (the seats whose numbers count or cards flip, the log, the panel...).
(Their speed is `tools/bench_idle.py`'s business.)"""

from __future__ import annotations

import os

import pygame

from havana_game.client.app import App
from havana_game.client.scenes.table import TableScene
from havana_game.client.session.headless import advanced_game
from havana_game.client.table.drawing import Part

from .test_client_support import make_app


def from_scratch(table: TableScene, size: tuple[int, int]) -> bytes:
    """The table drawn on a new surface with nothing reused."""
    table.drawing.static, table.drawing.static_key, table.drawing.screen = None, None, None
    surface = pygame.Surface(size)
    table.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def animating_table(tmp_path) -> tuple[App, TableScene]:
    """A 4-player table at 1600x900 about to animate round 4 at normal speed."""
    app = make_app(tmp_path, (1600, 900))
    app.settings.animation_speed = 1.0
    table = TableScene(app, advanced_game(4, 7, 6))
    app.switch(table)
    table.update(0.0)
    table.flow.fast_forward(4)
    return app, table


def test_cheap_frames_show_what_a_full_redraw_shows(tmp_path):
    app, table = animating_table(tmp_path)
    partial = clipped = 0
    original = table.drawing._redraw

    def counting(surface: pygame.Surface, parts: list[Part]) -> None:
        nonlocal clipped
        clipped += 1
        original(surface, parts)

    table.drawing._redraw = counting  # type: ignore[method-assign]
    mouse = pygame.event.Event(pygame.MOUSEMOTION, pos=(800, 300), rel=(0, 0), buttons=(0, 0, 0))
    hand = table.layout_.hand if table.layout_ else pygame.Rect(800, 800, 1, 1)
    over_hand = pygame.event.Event(pygame.MOUSEMOTION, pos=hand.center, rel=(0, 0),
                                   buttons=(0, 0, 0))
    for i in range(400):
        app.frame(1 / 60, [mouse] if i == 5 else [over_hand] if i == 150 else [])
        partial += bool(table.drawing.overlays) and table.drawing.screen is not None
        if i % 2 == 0 and table.animator.busy:
            shown = pygame.image.tobytes(app.screen, "RGB")
            mouse_pos = table.mouse
            assert shown == from_scratch(table, app.screen.get_size()), f"frame {i}"
            table.mouse = mouse_pos
            app.frame(0.0, [])  # back on the real screen (a whole frame)
    assert partial > 10 and clipped > 0  # both kinds of cheap frames were drawn


def test_the_window_shows_frames_through_its_own_framebuffer(tmp_path, monkeypatch):
    """Not through an OpenGL texture: with a software GL (no GPU driver) that
    cost 12 ms of CPU a 1080p frame; a player's own choice stays."""
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    make_app(tmp_path)
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "opengl")
    make_app(tmp_path)
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "opengl"
