"""A new prompt's controls ignore clicks for a moment after they appear (the
engine plays forced steps at once, and a click meant for one prompt landed on
the next: "Mama" became "cover Mama"); the log says what a forced step played
in plain words. The moment is set back by hand here: no test waits for time."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from havana_game.client.app import CLICK_GUARD, App
from havana_game.client.scenes.table import TableScene
from havana_game.client.table.logtext import log_line
from havana_game.client.ui.i18n import tr

from .test_client_support import click, key, local_table, make_app, step, until, until_asked_alone


@pytest.fixture
def asked_table(tmp_path: Path) -> Iterator[tuple[App, TableScene]]:
    """A local game's table (its real in-process host) whose player was just asked
    their first question (clicks guarded)."""
    app = make_app(tmp_path)
    app.click_guard = CLICK_GUARD
    with local_table(app) as table:
        until_asked_alone(app, table)
        table.flow.asked_at = time.monotonic()  # just asked, however long the frames took
        yield app, table


def test_a_click_right_after_a_new_prompt_appears_is_ignored(asked_table):
    app, table = asked_table
    first, second = table.view["hand"][:2]
    step(app, click(table.controls()[f"hand:{first}"]))
    assert table.staging.empty  # taken for a click meant for the prompt before

    table.flow.asked_at -= CLICK_GUARD  # the prompt has been up for a moment
    step(app, click(table.controls()[f"hand:{first}"]))
    assert not table.staging.empty
    step(app, click(table.controls()[f"hand:{second}"]))
    step(app, key(pygame.K_RETURN))
    until(app, lambda: table.view["phase"] != "setup")  # the host played the choice:
    assert sorted(table.view["seats"][table.viewer]["face_up"]) == sorted([first, second])


def test_a_press_ignored_keeps_its_release_ignored(asked_table):
    app, table = asked_table
    rect = table.controls()[f"hand:{table.view['hand'][0]}"]
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)])
    table.flow.asked_at -= CLICK_GUARD
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1)])
    assert table.staging.empty


def test_the_menu_button_and_the_keyboard_are_never_held_back(asked_table):
    app, table = asked_table
    step(app, click(table.controls()["menu"]))
    assert table.paused


def test_a_forced_step_is_told_in_plain_words():
    line = log_line({"kind": "forced", "data": {"seat": 1, "end_turn": False}},
                    ["Ana", "Bo"].__getitem__)
    assert line == tr("log.forced", name="Bo")
    assert "only one possible move" not in line and "played at once" not in line
