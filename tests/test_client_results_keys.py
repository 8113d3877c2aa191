"""The results screen survives quick Enter presses (two of them once lost a
results screen to a new game): Play again is its button or the N key."""

from __future__ import annotations

from pathlib import Path

import pygame

from havana_game.client.app import App
from havana_game.client.scenes.newgame import NewGameScene
from havana_game.client.scenes.results import ResultsScene
from havana_game.client.shots import table_scene
from havana_game.client.ui.i18n import tr

from .test_client_support import click, key, make_app, step, tab_to


def results(tmp_path: Path) -> tuple[App, ResultsScene]:
    """A finished 2-player game's results on the screen."""
    app = make_app(tmp_path)
    table_scene(app, 2, 5, None).show_results()  # type: ignore[attr-defined]
    assert isinstance(app.scene, ResultsScene)
    step(app)
    return app, app.scene


def test_enter_starts_no_new_game(tmp_path):
    app, shown = results(tmp_path)
    step(app, key(pygame.K_RETURN) + key(pygame.K_KP_ENTER) + key(pygame.K_RETURN))
    assert app.scene is shown


def test_play_again_by_its_button_by_n_and_by_a_focused_enter(tmp_path):
    app, shown = results(tmp_path)
    step(app, click(shown.controls()["again"]))
    assert isinstance(app.scene, NewGameScene)

    app, shown = results(tmp_path)
    step(app, key(pygame.K_n))
    assert isinstance(app.scene, NewGameScene)

    app, shown = results(tmp_path)
    tab_to(app, shown, "again")  # a button the player reached: Enter presses it
    step(app, key(pygame.K_RETURN))
    assert isinstance(app.scene, NewGameScene)


def test_the_keys_are_written_under_the_buttons(tmp_path):
    app, shown = results(tmp_path)
    drawn: list[str] = []
    note = shown.note
    shown.note = lambda surface, text, *rest: (drawn.append(text),  # type: ignore[method-assign]
                                               note(surface, text, *rest))
    step(app)
    assert tr("results.keys") in drawn
