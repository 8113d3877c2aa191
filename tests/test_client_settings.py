"""The Settings screen is made of its option records (`profile.options`): a
record more is a row more, the rows never reach Back (a second column when they
do not fit in one), at any text size, in every language; the settings file
keeps what was set."""

from dataclasses import replace
from typing import Any

import pygame
import pytest

from havana_game.client.profile.options import OPTIONS, Option, option
from havana_game.client.profile.settings import TEXT_SIZES, Settings
from havana_game.client.scenes import settings as settings_scene
from havana_game.client.scenes.settings import SettingsScene
from havana_game.client.ui import art, fonts
from havana_game.client.ui.i18n import set_language
from havana_game.i18n import LANGUAGES
from tests.test_client_support import click, make_app, step

EXTRA = Option("extra", "recap", "settings.recap", "toggle", default=True)
"""A throwaway record (it changes the recap setting, as the recap row does)."""


def _rects(scene: SettingsScene) -> list[pygame.Rect]:
    """Every row's label and button."""
    rows = [b.rect for b in scene.buttons if b.name != "back"]
    for text, end in scene.labels:
        label = fonts.text(text, scene.label_size, art.TEXT_LIGHT, True)
        rows.append(label.get_rect(midright=end))
    return rows


def test_a_record_more_is_a_row_more_that_works(tmp_path: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr(settings_scene, "OPTIONS", (*OPTIONS, EXTRA))
    app = make_app(tmp_path)
    scene = SettingsScene(app)
    app.switch(scene)
    assert len(scene.buttons) == len(OPTIONS) + 2 and "extra" in scene.controls()
    recap = app.settings.recap
    step(app, click(scene.controls()["extra"]))
    assert app.settings.recap is not recap and Settings.load().recap is not recap


@pytest.mark.parametrize("extra", [0, 1, 8])
def test_the_rows_never_reach_back(tmp_path: Any, monkeypatch: Any, extra: int) -> None:
    """At 1280x720, every text size, every language; with the records of today
    and with throwaway ones more."""
    monkeypatch.setattr(settings_scene, "OPTIONS",
                        (*OPTIONS, *(replace(EXTRA, name=f"extra{i}") for i in range(extra))))
    app = make_app(tmp_path)
    try:
        for language in LANGUAGES:
            set_language(language)
            for text_size in TEXT_SIZES:
                fonts.set_text_scale(text_size)
                scene = SettingsScene(app)
                scene.layout((1280, 720))
                back = scene.button("back")
                assert back is not None
                rows = _rects(scene)
                assert not any(back.rect.colliderect(r) for r in rows), (language, text_size)
                buttons = rows[:len(rows) // 2]
                assert all(a.collidelist([b for b in buttons if b is not a]) == -1
                           for a in buttons)
                assert all(pygame.Rect(0, 0, 1280, 720).contains(r) for r in buttons)
    finally:
        fonts.set_text_scale(1.0)
        set_language("en")


def test_the_settings_file_keeps_every_option(tmp_path: Any) -> None:
    make_app(tmp_path)
    changed = Settings(language="fr", fullscreen=True, animation_speed=2.0, volume=0.2,
                       music_volume=1.0, muted=True, colorblind=True, text_size=1.5,
                       guide=False, opponent_pace=0.0, recap=False, takebacks=False,
                       player_name="Zoé", window_size=(1600, 900))
    changed.save()
    assert Settings.load() == changed
    assert {o.field for o in OPTIONS} <= set(vars(changed))


def test_a_records_default_is_the_settings_default() -> None:
    assert Settings().animation_speed == option("speed").default
    assert Settings().guide is True and Settings().muted is False
