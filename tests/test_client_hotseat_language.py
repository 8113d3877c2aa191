"""In hotseat each player picks their language on their own curtain."""

from __future__ import annotations

from typing import Any

import pygame

from havana_game import i18n
from havana_game.client.scenes.table import TableScene
from havana_game.client.session.netlink import NetLink
from tests.seeds import HOST_SEED
from tests.test_client_support import act_once, click, make_app, settle, step


def key(code: int) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")]


def _hotseat(tmp_path: Any) -> tuple[Any, NetLink, TableScene]:
    """Ana and Benito at one screen, the settings in English."""
    app = make_app(tmp_path)
    app.settings.language = "en"
    link = NetLink.local(["human", "human"], ["Ana", "Benito"], seed=HOST_SEED)
    scene = TableScene(app, link)
    app.switch(scene)
    return app, link, scene


def test_each_hotseat_player_has_their_own_language(tmp_path: Any) -> None:
    app, link, scene = _hotseat(tmp_path)
    try:
        for _ in range(500):
            settle(app, 0.01)
            if scene.curtain is not None:
                break
            if scene.flow.deciding():
                act_once(app, scene)
        first = scene.curtain
        assert first is not None
        step(app, key(pygame.K_l))
        assert scene.languages.of(first) == "fr" and i18n.current_language() == "fr"
        step(app, click(scene.languages.switch))
        assert scene.curtain == first and scene.languages.of(first) == "pt"
        step(app, click(scene.controls()["curtain"]))
        assert scene.curtain is None and i18n.current_language() == "pt"
        assert scene.languages.of(1 - first) == "en"
        scene.close()
        assert i18n.current_language() == "en"
    finally:
        link.close()
        i18n.set_language("en")


def test_settings_from_a_hotseat_table_change_that_players_language(tmp_path: Any) -> None:
    from havana_game.client.scenes.settings import SettingsScene

    app, link, scene = _hotseat(tmp_path)
    try:
        settle(app, 0.3)
        seat = scene.curtain
        assert seat is not None
        step(app, key(pygame.K_l))  # this player reads French
        step(app, click(scene.controls()["curtain"]))
        step(app, key(pygame.K_ESCAPE))
        step(app, click(scene.controls()["settings"]))
        settings = app.scene
        assert isinstance(settings, SettingsScene)
        assert settings.button("language").label == "Français"  # theirs, not the default
        step(app, click(settings.controls()["language"]))
        assert scene.languages.of(seat) == "pt" and app.settings.language == "en"
        assert scene.languages.of(1 - seat) == "en"  # the other player's is untouched
        assert i18n.current_language() == "pt"
    finally:
        scene.close()
        link.close()
        i18n.set_language("en")
