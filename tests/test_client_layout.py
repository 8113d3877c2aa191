"""Screens lay out without overlapping panels from 1280x720 to 3840x2160."""

from __future__ import annotations

import itertools

import pygame
import pytest

from havana_game.client.layout import table_layout
from havana_game.client.scenes.menu import MenuScene
from havana_game.client.scenes.newgame import NewGameScene
from havana_game.client.scenes.settings import SettingsScene
from havana_game.client.shots import table_scene

from .test_client_support import make_app

SIZES = [(1280, 720), (3840, 2160), (1920, 1080), (1280, 1024)]


def _no_overlap(rects: dict) -> None:
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_table_panels_do_not_overlap(size, players):
    for you in (0, players - 1, None):
        layout = table_layout(size, players, you)
        panels = layout.panels()
        _no_overlap(panels)
        for rect in panels.values():
            assert pygame.Rect((0, 0), size).contains(rect)
        for row in (0, 1):
            cards = {i: layout.row_card(row, i, 6) for i in range(6)}
            _no_overlap(cards)
            assert all(layout.rows.contains(c) for c in cards.values())
        assert all(layout.market.contains(layout.market_slot(n)) for n in
                   ("red", "gray", "pesos", "workers", "bag", "pile"))


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_screens_controls_do_not_overlap(tmp_path, size):
    app = make_app(tmp_path, size)
    for scene in (MenuScene(app), NewGameScene(app), SettingsScene(app)):
        app.switch(scene)
        app.frame(0.0, [])
        _no_overlap(scene.controls())
    scene = table_scene(app, 4, 11, 3)
    app.frame(0.0, [])
    buttons = {b.name: b.rect for b in scene.buttons}
    _no_overlap(buttons)
    homes = {"menu": scene.layout_.top, "guide": scene.layout_.log}
    for name, rect in buttons.items():
        assert homes.get(name, scene.layout_.actions).contains(rect), name
