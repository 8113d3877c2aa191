"""The i18n API: language switch at runtime, plural choice, system locale."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from havana_game import i18n


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_switching_language_changes_text_at_once() -> None:
    seen = []
    for language in i18n.LANGUAGES:
        i18n.set_language(language)
        assert i18n.current_language() == language
        seen.append(i18n.gettext("menu.rules"))
    assert seen == ["Rules", "Règles", "Regras", "Правила"]


def test_unknown_language_falls_back_to_english() -> None:
    i18n.set_language("xx")
    assert i18n.current_language() == "en"
    assert i18n.gettext("menu.quit") == "Quit"


def test_unknown_key_shows_the_key() -> None:
    assert i18n.gettext("no.such.key") == "no.such.key"


def test_placeholders_are_filled_by_name() -> None:
    i18n.set_language("fr")
    assert i18n.gettext("curtain.pass", name="Ana") == "Passez à Ana"


@pytest.mark.parametrize(("count", "expected"), [
    (1, "Ana забирает из сброса 1 карту"), (2, "Ana забирает из сброса 2 карты"),
    (5, "Ana забирает из сброса 5 карт"), (11, "Ana забирает из сброса 11 карт"),
    (21, "Ana забирает из сброса 21 карту"), (22, "Ana забирает из сброса 22 карты"),
    (25, "Ana забирает из сброса 25 карт"), (0, "Ana забирает из сброса 0 карт"),
])
def test_russian_has_three_plural_forms(count: int, expected: str) -> None:
    i18n.set_language("ru")
    assert i18n.ngettext("log.discards", count, name="Ana") == expected


@pytest.mark.parametrize(("language", "forms"), [
    ("en", ["0 pesos", "1 peso", "2 pesos"]),
    ("fr", ["0 peso", "1 peso", "2 pesos"]),
    ("pt", ["0 pesos", "1 peso", "2 pesos"]),
    ("ru", ["0 песо", "1 песо", "2 песо"]),
])
def test_two_form_languages_choose_by_their_own_rule(language: str, forms: list[str]) -> None:
    i18n.set_language(language)
    assert [i18n.ngettext("amount.pesos", n) for n in (0, 1, 2)] == forms


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANG": "ru_RU.UTF-8"}, "ru"), ({"LC_ALL": "fr_FR@euro"}, "fr"),
    ({"LANGUAGE": "de:pt_PT", "LANG": "en_US"}, "pt"), ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LC_ALL": "C", "LANG": "ru_RU"}, "en"), ({}, "en"), ({"LANGUAGE": "", "LANG": "fr"}, "fr"),
])
def test_system_language(environ: dict[str, str], expected: str) -> None:
    assert i18n.system_language(environ) == expected


def test_the_language_button_switches_the_screens_at_once(tmp_path: Path) -> None:
    from havana_game.client.scenes.settings import SettingsScene
    from havana_game.client.shots import table_scene
    from tests.test_client_support import click, make_app, step

    app = make_app(tmp_path)
    app.settings.language = "en"
    i18n.set_language("en")
    table = table_scene(app, 3, 2, 2)
    english_log = list(table.flow.log_lines)
    scene = SettingsScene(app, back_to=table)
    app.switch(scene)
    assert scene.button("back").label == "Back"
    step(app, click(scene.controls()["language"]))
    assert app.settings.language == "fr" and scene.button("back").label == "Retour"
    step(app, click(scene.controls()["back"]))
    assert app.scene is table and table.button("menu").label == "Menu"
    assert table.flow.log_lines != english_log and "Manche 1" in " ".join(table.flow.log_lines)


def test_the_default_player_name_is_shown_in_the_current_language() -> None:
    from havana_game.client.profile.settings import Settings
    stored = Settings(player_name="Player")
    unnamed = Settings()
    i18n.set_language("fr")
    assert stored.shown_name() == unnamed.shown_name() == "Joueur"
    stored.remember_name("Joueur")
    assert stored.player_name == ""
    i18n.set_language("ru")
    assert stored.shown_name() == "Игрок"
    stored.remember_name("Ana")
    assert stored.shown_name() == "Ana"
