"""The text-size setting scales every text at once, card faces included."""

from __future__ import annotations

from typing import Any

from havana_game.client.profile.settings import TEXT_SIZES, Settings
from havana_game.client.scenes.settings import SettingsScene
from havana_game.client.ui import art, fonts
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
        art.set_text_size(1.0)
    assert fonts.text("Havana", 20).get_width() == normal
