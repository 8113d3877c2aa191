"""The first-game guide: a hint per new kind of decision, dismissed for good,
switched off and on again in Settings."""

from __future__ import annotations

from typing import Any

from havana_game.client.profile.settings import Settings
from havana_game.client.scenes.settings import SettingsScene
from havana_game.client.shots import table_scene
from havana_game.client.table import guide
from havana_game.client.table.staging import mode
from tests.test_client_support import click, make_app, step


def test_hints_come_one_after_the_other_and_stay_dismissed(tmp_path: Any) -> None:
    settings = Settings(guide_seen=[])
    assert guide.current_hint(settings, "build") == "guide.build"
    guide.dismiss(settings, "guide.build")
    assert guide.current_hint(settings, "build") == "guide.pay"
    guide.dismiss(settings, "guide.pay")
    assert guide.current_hint(settings, "build") is None
    assert guide.current_hint(settings, "wait") is None
    settings.guide = False
    assert guide.current_hint(settings, "choose") is None


def test_the_table_shows_a_hint_until_got_it(tmp_path: Any) -> None:
    app = make_app(tmp_path)
    scene = table_scene(app, 4, 3, 3)
    app.frame(0.0, [])
    assert scene.flow.deciding()
    hint = guide.current_hint(app.settings, mode(scene.view))
    button = scene.button("guide")
    assert hint is not None and button is not None
    step(app, click(button.rect))
    assert app.settings.guide_seen == [hint] == Settings.load().guide_seen
    assert guide.current_hint(app.settings, mode(scene.view)) != hint


def test_switching_the_guide_on_starts_it_again(tmp_path: Any) -> None:
    app = make_app(tmp_path)
    app.settings.guide_seen = ["guide.choose"]
    scene = SettingsScene(app)
    app.switch(scene)
    step(app, click(scene.controls()["guide"]))
    assert not app.settings.guide
    step(app, click(scene.controls()["guide"]))
    assert app.settings.guide and app.settings.guide_seen == []
