"""Gamepads (issue #21): the D-pad and stick move the focus as the arrows do, A
is Enter, B is Esc, Start the pause menu; pads come and go; in hotseat each
player's pad plays for them alone. Synthetic SDL controller events throughout
(no pad is attached in CI)."""

from __future__ import annotations

import time

import pygame
import pytest

from havana_game.client import gamepad
from havana_game.client.scenes.table import TableScene
from havana_game.client.session.netlink import NetLink
from havana_game.client.table.staging import mode
from havana_game.client.ui import textaudit
from havana_game.client.ui.i18n import tr
from havana_game.editions import EDITIONS

from .seeds import HOST_SEED
from .test_client_keys import _table, play_by
from .test_client_support import act_once, make_app, pad_button, settle, step


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_whole_game_by_gamepad(tmp_path, edition):
    app, table = _table(tmp_path, edition)
    assert play_by(app, table, "pad") > 10
    assert app.scene.final["phase"] == "over"


def test_b_backs_out_start_pauses_and_the_stick_moves_once_per_push(tmp_path):
    app, table = _table(tmp_path)
    axis = pygame.CONTROLLER_AXIS_LEFTX

    def stick(value: int) -> pygame.event.Event:
        return pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=axis,
                                  value=value)
    step(app, [stick(30000)])  # the first push focuses the decision's first thing
    first = table.focus
    assert first is not None and first.startswith("hand:")
    step(app, [stick(31000), stick(32000)])  # held: no more presses
    assert table.focus == first
    step(app, [stick(0), stick(30000)])  # back to rest, pushed again: the next card
    assert table.focus != first and table.focus.startswith("hand:")
    step(app, pad_button(pygame.CONTROLLER_BUTTON_A))
    assert table.staging.cards
    step(app, pad_button(pygame.CONTROLLER_BUTTON_B))  # B: one step back
    assert not table.staging.cards and not table.paused
    step(app, pad_button(pygame.CONTROLLER_BUTTON_START))
    assert table.paused
    step(app, pad_button(pygame.CONTROLLER_BUTTON_START))
    assert not table.paused
    table.close()


def test_a_plain_joystick_s_hat_and_buttons(tmp_path):
    app, table = _table(tmp_path)
    step(app, [pygame.event.Event(pygame.JOYHATMOTION, instance_id=5, hat=0, value=(1, 0))])
    assert table.focus is not None and table.focus.startswith("hand:")
    step(app, [pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=5, button=0)])
    assert table.staging.cards
    table.close()


def test_pads_plugged_in_and_out_while_playing(monkeypatch):
    class FakePad:
        def __init__(self, index: int) -> None:
            self.index = index

        def as_joystick(self) -> FakePad:
            return self

        def get_instance_id(self) -> int:
            return 40 + self.index

    monkeypatch.setattr(gamepad.controller, "is_controller", lambda index: True)
    monkeypatch.setattr(gamepad.controller, "Controller", FakePad)
    pads = gamepad.Pads()
    before = pads.count
    assert pads.translate(pygame.event.Event(pygame.CONTROLLERDEVICEADDED,
                                             device_index=2)) == []
    assert pads.count == before + 1 and 42 in pads.gamepads
    # its joystick events are the same presses: read once, as the gamepad's
    assert pads.translate(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=42,
                                             button=0)) == []
    assert pads.translate(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED,
                                             instance_id=42)) == []
    assert pads.count == before
    assert pads.translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)) is None


def test_hotseat_each_player_plays_with_their_own_pad(tmp_path):
    app = make_app(tmp_path)
    link = NetLink.local(["human", "human"], ["Ana", "Benito"], seed=HOST_SEED)
    table = TableScene(app, link)
    app.switch(table)
    settle(app, 0.2)
    step(app)
    assert table.curtain == 0
    pads = {0: 10, 1: 11}
    step(app, [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=pads[0],
                                  button=pygame.CONTROLLER_BUTTON_X)])  # (a button of no use)
    log = textaudit.TextLog()
    with textaudit.recording(log):
        app.screen = textaudit.traced(app.screen.get_size(), log)
        step(app)
    assert tr("curtain.pad") in {p.value for p in log.placed}  # "press A when you are ready"
    step(app, pad_button(pygame.CONTROLLER_BUTTON_A, pads[0]))
    assert table.curtain is None and table.pad_of == {0: 10}
    deadline = time.monotonic() + 30
    decided = {0: 0, 1: 0}
    while min(decided.values()) < 3:
        assert time.monotonic() < deadline
        settle(app, 0.01)
        if table.curtain is not None:
            seat = table.curtain
            step(app, pad_button(pygame.CONTROLLER_BUTTON_A, pads[1 - seat]))
            assert table.curtain == seat, "another player's pad lifted the curtain"
            step(app, pad_button(pygame.CONTROLLER_BUTTON_A, pads[seat]))
            assert table.curtain is None
            continue
        if table.flow.deciding() and not table.model.has_pending:
            seat = table.viewer
            other = pads[1 - seat] if 1 - seat in table.pad_of else None
            if other is not None and mode(table.view) == "choose":
                before = table.focus
                step(app, pad_button(pygame.CONTROLLER_BUTTON_DPAD_RIGHT, other))
                step(app, pad_button(pygame.CONTROLLER_BUTTON_A, other))
                assert table.focus == before, "the other player's pad moved the focus"
                assert not table.staging.cards
            act_once(app, table, by="pad", pad=pads[seat])
            decided[seat] += 1
    assert table.pad_of == {0: 10, 1: 11}
    assert app.pads.used
    link.close()


def test_b_on_the_menu_does_not_quit_but_its_quit_button_does(tmp_path):
    from .test_client_support import arrow_to
    app = make_app(tmp_path)
    step(app)
    menu = app.scene
    step(app, pad_button(pygame.CONTROLLER_BUTTON_B))
    step(app, pad_button(pygame.CONTROLLER_BUTTON_START))
    assert app.running and app.scene is menu
    arrow_to(app, menu, "quit", pad=0)
    step(app, pad_button(pygame.CONTROLLER_BUTTON_A))
    assert not app.running
