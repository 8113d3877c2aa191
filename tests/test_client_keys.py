"""Keyboard play by arrows and Enter (issue #21): the arrows visit only what can
be chosen now, nearest in their direction; Enter carries out the focused control
and confirms a complete decision; the focus ring shows on every button colour."""

from __future__ import annotations

import time

import pygame
import pytest

from havana_game.client.scenes.results import ResultsScene
from havana_game.client.scenes.table import TableScene
from havana_game.client.session.netlink import NetLink
from havana_game.client.table.staging import mode
from havana_game.client.ui.focus import RING_DARK, RING_LIGHT
from havana_game.editions import EDITIONS

from .seeds import HOST_SEED
from .test_client_support import (
    act_once,
    arrow_to,
    key,
    make_app,
    play_to_step,
    settle,
    step,
    until,
)


def _table(tmp_path, edition: str = EDITIONS[0], players: int = 4):
    app = make_app(tmp_path)
    kinds = ["human"] + ["random"] * (players - 1)
    link = NetLink.local(kinds, ["Ana", "B", "C", "D"][:players], seed=HOST_SEED,
                         edition=edition)
    table = TableScene(app, link)
    app.switch(table)
    until(app, lambda: table.flow.deciding() and not table.model.has_pending)
    return app, table


def play_by(app, table, by: str, seconds: float = 60) -> int:
    """Play the table's seat to the results by arrows and Enter (or the pad); decisions."""
    deadline = time.monotonic() + seconds
    decisions = 0
    while not isinstance(app.scene, ResultsScene):
        assert time.monotonic() < deadline, f"unfinished after {decisions} decisions"
        decisions += act_once(app, table, by=by)
        settle(app, 0.01)
        assert table.model.error is None, table.model.error
    return decisions


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_whole_game_by_arrows_and_enter(tmp_path, edition):
    app, table = _table(tmp_path, edition)
    assert play_by(app, table, "arrows") > 10
    assert app.scene.final["phase"] == "over"


def test_a_hand_card_is_a_press_away_and_the_arrows_skip_what_cannot_be_chosen(tmp_path):
    app, table = _table(tmp_path)
    assert mode(table.view) == "choose"
    step(app, key(pygame.K_DOWN))  # the first press focuses the decision's first thing
    assert table.focus is not None and table.focus.startswith("hand:")
    seen = {table.focus}
    for arrow in (pygame.K_RIGHT,) * 12 + (pygame.K_UP, pygame.K_LEFT) * 6:
        step(app, key(arrow))
        seen.add(table.focus)
    assert not any(name.startswith(("faceup:", "end:")) for name in seen), seen
    hand = [f"hand:{card}" for card in table.view["hand"]]
    assert set(hand) <= seen  # every hand card along the row
    table.close()


def test_enter_selects_then_confirms_and_esc_backs_out(tmp_path):
    app, table = _table(tmp_path)
    first, second = (f"hand:{c}" for c in table.view["hand"][:2])
    arrow_to(app, table, first)
    step(app, key(pygame.K_RETURN))
    assert table.staging.cards and table.focus == first
    step(app, key(pygame.K_ESCAPE))  # one step back: the pick goes, no pause menu
    assert not table.staging.cards and not table.paused
    step(app, key(pygame.K_RETURN))
    arrow_to(app, table, second)
    step(app, key(pygame.K_RETURN))
    assert table.focus == "confirm"  # complete: the focus waits on Confirm
    questions = table.flow.questions
    step(app, key(pygame.K_RETURN))
    until(app, lambda: table.flow.questions > questions)
    table.close()


def _contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    def luminance(color: tuple[int, ...]) -> float:
        channels = [c / 255 for c in color[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_focus_ring_stands_out_on_the_orange_confirm(tmp_path):
    app, table = _table(tmp_path)
    for name in (f"hand:{c}" for c in table.view["hand"][:2]):
        arrow_to(app, table, name)
        step(app, key(pygame.K_RETURN))
    assert table.focus == "confirm"
    step(app)
    button = table.button("confirm")
    assert button is not None and button.primary and button.enabled
    rect = button.rect
    fill = tuple(app.screen.get_at((rect.centerx, rect.top + rect.h // 4)))[:3]
    # across the ring's band left of the button: a dark and a light tone, both clear
    band = [tuple(app.screen.get_at((x, rect.centery)))[:3]
            for x in range(rect.left - table.px(3) - 3 * max(2, table.px(2)), rect.left)]
    assert RING_DARK in band and RING_LIGHT in band, band
    assert max(_contrast(tone, fill) for tone in band) >= 3.0
    assert _contrast(RING_DARK, fill) >= 3.0 and _contrast(RING_LIGHT, fill) >= 3.0
    for colour in ((58, 86, 76), (240, 200, 90), (70, 74, 70)):  # the other buttons
        assert max(_contrast(RING_DARK, colour), _contrast(RING_LIGHT, colour)) >= 4.5
    table.close()


def test_build_step_arrows_reach_only_payable_row_ends(tmp_path):
    app, table = _table(tmp_path, players=2)
    play_to_step(app, table, "build")
    step(app, key(pygame.K_DOWN))
    ends = [n for n in table.focus_order() if n.startswith("end:") and table.choosable(n)]
    legal = {f"end:{d['row']}:{d['side']}" for d in table.view["legal"] if d["kind"] == "build"}
    assert set(ends) == legal
    table.close()
