"""Screens rendered in every language keep their text inside its box: nothing is
cut short with an ellipsis, no wrapped line is wider than its box, names on
cards take at most their two lines, and every rules page ends above its buttons."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from havana_game import i18n
from havana_game.client import art, fonts, guide
from havana_game.client.logtext import story
from havana_game.client.scenes.menu import MenuScene
from havana_game.client.scenes.newgame import NewGameScene
from havana_game.client.scenes.rules import PAGE_COUNT, RulesScene
from havana_game.client.scenes.settings import SettingsScene
from havana_game.client.settings import TEXT_SIZES
from havana_game.client.shots import table_scene
from havana_game.client.tabledraw import warm_up
from havana_game.content import classic_rules
from tests.test_client_support import make_app


@dataclass
class TextRecorder:
    """Every text `fonts.fit` had to cut, every wrapped line wider than its box,
    and the most lines each wrapped text took."""

    cut: list[str] = field(default_factory=list)
    wide: list[str] = field(default_factory=list)
    lines: dict[str, int] = field(default_factory=dict)

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        real_fit, real_wrap = fonts.fit, fonts.wrap

        def fit(value: str, size: int, width: int, bold: bool = False) -> str:
            out = real_fit(value, size, width, bold)
            if out != value:
                self.cut.append(value)
            return out

        def wrap(value: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
            out = real_wrap(value, size, width, bold)
            face = fonts.font(size, bold)
            self.wide += [line for line in out if face.size(line)[0] > width]
            self.lines[value] = max(len(out), self.lines.get(value, 0))
            return out

        monkeypatch.setattr(fonts, "fit", fit)
        monkeypatch.setattr(fonts, "wrap", wrap)
        art.building_card.cache_clear()
        art.action_card.cache_clear()


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")
    art.set_text_size(1.0)


def show(app: Any, scene: Any) -> Any:
    app.switch(scene)
    app.frame(0.0, [])
    return scene


@pytest.mark.parametrize("text_size", [1.0, max(TEXT_SIZES)])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_menus_fit_their_boxes(language: str, text_size: float, tmp_path: Any,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    app.settings.language = language
    i18n.set_language(language)
    art.set_text_size(text_size)
    recorder = TextRecorder()
    recorder.install(monkeypatch)
    for scene in (MenuScene(app), SettingsScene(app), NewGameScene(app)):
        show(app, scene)
    rules = show(app, RulesScene(app))
    for page in range(PAGE_COUNT):
        assert rules.page == page
        assert rules.text_bottom <= rules.buttons_top - 8, f"page {page + 1} runs too low"
        rules.turn(1)
        app.frame(0.0, [])
    assert recorder.cut == [] and recorder.wide == []
    for card in classic_rules().cards:
        assert recorder.lines[i18n.gettext(f"card.{card.key}")] <= 2
        assert recorder.lines[i18n.gettext(f"effect.{card.key}")] <= 3, "overlaps the next card"


@pytest.mark.parametrize("text_size", [1.0, max(TEXT_SIZES)])
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_table_and_results_fit_their_boxes(language: str, players: int, text_size: float,
                                           tmp_path: Any,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    app.settings.language = language
    i18n.set_language(language)
    art.set_text_size(text_size)
    recorder = TextRecorder()
    recorder.install(monkeypatch)
    scene = table_scene(app, players, 3, 3)
    app.frame(0.0, [])
    warm_up(scene.layout_, False)
    for key in (k for keys in guide.HINTS.values() for k in keys):
        guide.draw_hint(app.screen, scene.layout_, key)
        assert guide.text_bottom(scene.layout_, key) <= guide.button_rect(scene.layout_).top, key
    scene.on_escape()
    app.frame(0.0, [])
    scene = table_scene(app, players, 3, None)
    scene.show_results()
    app.frame(0.0, [])
    assert recorder.cut == [] and recorder.wide == []
    names = [i18n.gettext(f"building.{b.id}") for b in classic_rules().buildings]
    assert {n: recorder.lines[n] for n in names if recorder.lines[n] > 2} == {}
    view = app.scene.final
    for seat, info in enumerate(view["seats"]):
        text = "  ·  ".join(story(app.scene.model.events, seat, info["built"]))
        assert recorder.lines[text] <= 3, text
