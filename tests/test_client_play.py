"""One human and three AIs, through the real host path (net.local), played by
synthetic clicks and keys on the table's controls to the results screen."""

from __future__ import annotations

import time

import pygame
import pytest

from havana_game.client.scenes.results import ResultsScene
from havana_game.client.scenes.rules import RulesScene
from havana_game.client.scenes.table import TableScene
from havana_game.client.session.netlink import NetLink
from havana_game.client.ui.focus import RING_LIGHT
from havana_game.editions import EDITIONS

from .seeds import HOST_SEED
from .test_client_support import act_once, key, local_table, make_app, settle, step, tab_to


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("keyboard", [False, True], ids=["mouse", "keyboard"])
def test_single_player_game_to_results(tmp_path, keyboard, edition):
    app = make_app(tmp_path)
    link = NetLink.local(["human", "random", "random", "random"], ["Ana", "B", "C", "D"],
                         seed=HOST_SEED, edition=edition)
    scene = TableScene(app, link)
    app.switch(scene)
    deadline = time.monotonic() + 600  # a guard against a hang, not a speed check
    decisions = 0
    while not isinstance(app.scene, ResultsScene):
        assert time.monotonic() < deadline, f"unfinished after {decisions} decisions"
        decisions += act_once(app, scene, keyboard)
        settle(app, 0.01)
        assert scene.model.error is None, scene.model.error
    assert decisions > 10
    results = app.scene
    assert results.final["phase"] == "over"
    assert results.final["winners"]
    step(app)
    assert "again" in results.controls()


def test_the_menu_and_a_text_field_by_keyboard(tmp_path):
    """Tab walks the controls in reading order with a visible focus; Enter presses
    the focused button; a text field reached by Tab takes the typing."""
    app = make_app(tmp_path)
    step(app)
    menu = app.scene
    assert menu.focus_order()[0] == "new"
    tab_to(app, menu, "rules")
    ring = menu.controls()["rules"].inflate(2 * menu.px(3), 2 * menu.px(3))
    assert tuple(app.screen.get_at((ring.left, ring.centery)))[:3] == RING_LIGHT
    step(app, key(pygame.K_RETURN))
    assert isinstance(app.scene, RulesScene)
    step(app, key(pygame.K_ESCAPE))
    tab_to(app, app.scene, "new")
    step(app, key(pygame.K_RETURN))
    new_game = app.scene
    field = next(f for f in new_game.fields)
    tab_to(app, new_game, field.name)
    assert field.active
    step(app, [pygame.event.Event(pygame.TEXTINPUT, text="x")])
    assert field.value.endswith("x")


def test_a_name_as_long_as_a_name_may_be_reaches_the_table_whole(tmp_path):
    """The new-game screen takes as many letters as the host does (`net.NAME_MAX`),
    no more, and the game is played under the name as typed, not a shortened one."""
    from net import NAME_MAX

    app = make_app(tmp_path)
    app.show("new_game")
    field = next(f for f in app.scene.fields if f.name == "name:0")
    field.active = True
    long_name = "Максимилиан Вольфгангович Шишков"
    assert len(long_name) == NAME_MAX
    step(app, [pygame.event.Event(pygame.TEXTINPUT, text=long_name + "й")])
    assert field.value == long_name
    app.scene.start()
    table = app.scene
    assert isinstance(table, TableScene)
    try:
        assert table.link.names[0] == long_name
    finally:
        table.close()


def test_the_table_dwells_on_each_opponent_move_at_the_chosen_pace(tmp_path):
    from havana_game.client.table.flow import STEP_PAUSE

    app = make_app(tmp_path)
    theirs = [{"kind": "action", "data": {"seat": 1, "card": 4}}]
    mine = [{"kind": "action", "data": {"seat": 0, "card": 4}}]
    with local_table(app) as table:
        for pace in (0.0, 0.6, 1.2):
            app.settings.opponent_pace = pace
            assert table.flow.dwell(theirs) == max(STEP_PAUSE, pace)
            assert table.flow.dwell(mine) == STEP_PAUSE
        assert table.flow.dwell([]) == 0.0


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_rules_open_at_the_cards_of_the_edition_played(tmp_path, edition):
    from havana_game.client.scenes.rules import PAGES, CardPage

    app = make_app(tmp_path)
    table = TableScene(app, NetLink.local(["human", "random"], ["Ana", "B"], seed=HOST_SEED,
                                          edition=edition))
    app.switch(table)
    settle(app, 0.2)
    while table.view is None:
        settle(app, 0.05)
    table.rules()
    page = PAGES[app.scene.page]
    assert isinstance(app.scene, RulesScene) and isinstance(page, CardPage)
    assert page.edition == edition
    step(app)  # it draws
    step(app, key(pygame.K_ESCAPE))
    assert app.scene is table
    table.close()
