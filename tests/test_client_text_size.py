"""The text-size setting scales every text at once, card faces included."""

from __future__ import annotations

from typing import Any

import pygame

from havana_game.client.profile.settings import TEXT_SIZES, Settings
from havana_game.client.scenes.settings import SettingsScene
from havana_game.client.ui import cards, fonts, tokens
from tests.test_client_support import click, make_app, step


def test_text_size_cycles_applies_at_once_and_is_saved(tmp_path: Any) -> None:
    app = make_app(tmp_path)
    scene = SettingsScene(app)
    app.switch(scene)
    normal = fonts.text("Havana", 20).get_width()
    try:
        step(app, click(scene.controls()["text_size"]))
        assert app.settings.text_size == TEXT_SIZES[TEXT_SIZES.index(1.0) + 1]
        assert Settings.load().text_size == app.settings.text_size
        assert fonts.text("Havana", 20).get_width() > normal
    finally:
        fonts.set_text_scale(1.0)
    assert fonts.text("Havana", 20).get_width() == normal


def test_drawings_with_text_on_them_follow_a_change_of_text_size(tmp_path: Any) -> None:
    """Tokens with a letter, the coin, the card back and tooltips are cached drawings
    with text on them: after a change of text size they are drawn anew, so a table
    drawn at 150% and then at 100% looks as if it had always been at 100%."""
    from havana_game.client.ui import widgets
    make_app(tmp_path)

    def drawings() -> list[bytes]:
        surfaces = [tokens.resource_icon("gray", 24, letter=True), tokens.coin(24),
                    cards.card_back((60, 90)), widgets.tooltip_surface("Mama: 2 pesos", 14)]
        return [pygame.image.tobytes(s, "RGBA") + bytes(s.get_size()) for s in surfaces]

    normal = drawings()
    try:
        fonts.set_text_scale(max(TEXT_SIZES))
        large = drawings()
    finally:
        fonts.set_text_scale(1.0)
    assert [a != b for a, b in zip(normal, large, strict=True)] == [True] * 4
    assert drawings() == normal
