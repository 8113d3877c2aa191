"""Screens rendered in every language keep their text inside its box: nothing is
cut short with an ellipsis (but an action card's effect on a small card, whose
hovered and tooltip forms show it whole), no wrapped line is wider than its box,
names on cards fit their cards, and every rules page ends above its buttons."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from havana_game import i18n
from havana_game.client.profile.settings import TEXT_SIZES
from havana_game.client.scenes.menu import MenuScene
from havana_game.client.scenes.newgame import NewGameScene
from havana_game.client.scenes.rules import PAGE_COUNT, RulesScene
from havana_game.client.scenes.settings import SettingsScene
from havana_game.client.shots import table_scene
from havana_game.client.table import guide
from havana_game.client.table.canvas import Canvas, building_face, card_face
from havana_game.client.table.hand import hand_rects, hover_card_size, warm_up
from havana_game.client.table.logtext import story
from havana_game.client.ui import buildings, cards, fonts
from havana_game.client.ui.tween import Animator
from havana_game.content import classic_rules
from tests.test_client_support import make_app


@dataclass
class TextRecorder:
    """Every wrapped line wider than its box, the most lines each wrapped text
    took, and the last fitting of each text fitted into a box."""

    wide: list[str] = field(default_factory=list)
    lines: dict[str, int] = field(default_factory=dict)
    blocks: dict[str, fonts.Block] = field(default_factory=dict)
    """The last fitting of each text fitted into a box (names and effects on cards)."""
    overran: dict[str, bool] = field(default_factory=dict)
    """Whether that fitting was taller than its box."""

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        real_wrap, real_block = fonts.wrap, fonts.fit_block

        def wrap(value: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
            out = real_wrap(value, size, width, bold)
            face = fonts.font(size, bold)
            self.wide += [line for line in out if face.size(line)[0] > width]
            self.lines[value] = max(len(out), self.lines.get(value, 0))
            return out

        def fit_block(value: str, size: int, floor: int, width: int, height: int,
                      *args: Any, **kwargs: Any) -> fonts.Block:
            out = real_block(value, size, floor, width, height, *args, **kwargs)
            self.blocks[value] = out
            self.overran[value] = out.height > height
            self.lines[value] = max(len(out.lines), self.lines.get(value, 0))
            return out

        monkeypatch.setattr(fonts, "wrap", wrap)
        monkeypatch.setattr(fonts, "fit_block", fit_block)

    def cut_blocks(self) -> set[str]:
        """The texts whose last fitting overran its box (taller than the box: drawn
        over what is under it, or cut off at a card's edge)."""
        return {value for value, overran in self.overran.items() if overran}
        buildings.building_card.cache_clear()
        cards.action_card.cache_clear()


def card_texts() -> set[str]:
    """Names and effects of the cards in the current language."""
    rules = classic_rules()
    return {i18n.gettext(f"{kind}.{card.key}") for card in rules.cards
            for kind in ("card", "effect")} | \
        {i18n.gettext(f"building.{b.id}") for b in rules.buildings}


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")
    fonts.set_text_scale(1.0)


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
    fonts.set_text_scale(text_size)
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
    assert recorder.wide == []
    names = {i18n.gettext(f"card.{card.key}") for card in classic_rules().cards}
    assert names <= set(recorder.blocks) and recorder.cut_blocks() <= names, \
        "only the thumbnails beside the card names may shorten them"


@pytest.mark.parametrize("text_size", [1.0, max(TEXT_SIZES)])
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_table_and_results_fit_their_boxes(language: str, players: int, text_size: float,
                                           tmp_path: Any,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    app.settings.language = language
    i18n.set_language(language)
    fonts.set_text_scale(text_size)
    recorder = TextRecorder()
    recorder.install(monkeypatch)
    scene = table_scene(app, players, 3, 3)
    app.frame(0.0, [])
    warm_up(scene.layout_, False)
    for key in (k for keys in guide.HINTS.values() for k in keys):
        guide.draw_hint(app.screen, scene.layout_, key)
        assert guide.text_bottom(scene.layout_, key) <= guide.button_rect(scene.layout_, key).top
        assert guide.log_below(scene.layout_, key).h >= scene.layout_.px(100), key
    scene.on_escape()
    app.frame(0.0, [])
    scene = table_scene(app, players, 3, None)
    scene.show_results()
    app.frame(0.0, [])
    assert recorder.wide == []
    assert recorder.cut_blocks() <= card_texts(), "only card texts, which tooltips show whole"
    view = app.scene.final
    for seat, info in enumerate(view["seats"]):
        text = "  ·  ".join(story(app.scene.model.events, seat, info["built"]))
        assert recorder.lines[text] <= 3, text


@pytest.mark.parametrize("text_size", [1.0, max(TEXT_SIZES)])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_row_and_hovered_cards_show_their_whole_text(language: str, text_size: float,
                                                     tmp_path: Any,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Building names on the rows' cards, action card names in the hand, and the
    effects on the hovered hand card are never shortened."""
    app = make_app(tmp_path)
    i18n.set_language(language)
    fonts.set_text_scale(text_size)
    recorder = TextRecorder()
    recorder.install(monkeypatch)
    layout = table_scene(app, 4, 3, 3).layout_
    for b in classic_rules().buildings:
        building_face(b.id, layout.card_size(), False)
    canvas = Canvas(layout, Animator())
    cards = range(len(classic_rules().cards))
    hand = hand_rects(canvas, list(cards), set())
    for card, rect in zip(cards, hand, strict=True):
        card_face(card, rect.size, strip=hand[1].left - hand[0].left)
        card_face(card, hover_card_size(layout))
    assert recorder.cut_blocks() == set()
