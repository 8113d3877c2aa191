"""A pad's hat and stick move the focus as the arrow keys do, each direction as
its own arrow (up is up: a hat's y is +1 upward, a stick's y is + downward), and
Shift+Tab (and the left shoulder) goes back along Tab's path. Driven through
synthetic SDL events on a real table, as tests/test_client_gamepad.py does."""

from __future__ import annotations

import pygame

from havana_game.client import gamepad

from .test_client_keys import _table
from .test_client_support import key, pad_button, step

HAT = {(0, 1): pygame.K_UP, (0, -1): pygame.K_DOWN, (-1, 0): pygame.K_LEFT,
       (1, 0): pygame.K_RIGHT}
STICK = {(pygame.CONTROLLER_AXIS_LEFTY, -1): pygame.K_UP,
         (pygame.CONTROLLER_AXIS_LEFTY, 1): pygame.K_DOWN,
         (pygame.CONTROLLER_AXIS_LEFTX, -1): pygame.K_LEFT,
         (pygame.CONTROLLER_AXIS_LEFTX, 1): pygame.K_RIGHT}


def _keys(events):
    return [(e.type, e.key, e.mod) for e in events]


def _press(code, mod=0):
    return [(pygame.KEYDOWN, code, mod), (pygame.KEYUP, code, mod)]


def test_each_hat_direction_and_stick_push_is_its_own_arrow():
    pads = gamepad.Pads()
    for (x, y), code in HAT.items():
        event = pygame.event.Event(pygame.JOYHATMOTION, instance_id=5, hat=0, value=(x, y))
        assert _keys(pads.translate(event)) == _press(code), (x, y)
    for (axis, sign), code in STICK.items():
        push = pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=axis,
                                  value=sign * 30000)
        rest = pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=axis, value=0)
        assert _keys(pads.translate(push)) == _press(code), (axis, sign)
        assert pads.translate(rest) == []
        joy = pygame.event.Event(pygame.JOYAXISMOTION, instance_id=6, axis=axis, value=sign * 0.9)
        joy_rest = pygame.event.Event(pygame.JOYAXISMOTION, instance_id=6, axis=axis, value=0.0)
        assert _keys(pads.translate(joy)) == _press(code), ("joystick", axis, sign)
        assert pads.translate(joy_rest) == []
    for button, (code, mod) in ((pygame.CONTROLLER_BUTTON_LEFTSHOULDER, (pygame.K_TAB,
                                                                         pygame.KMOD_SHIFT)),
                                (pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, (pygame.K_TAB, 0))):
        event = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button)
        assert _keys(pads.translate(event)) == _press(code, mod)


def _focus_after(app, table, start, events):
    table.set_focus(start)
    step(app, events)
    return table.focus


def test_on_the_table_the_hat_and_stick_go_where_the_arrows_go(tmp_path):
    app, table = _table(tmp_path)
    try:
        order = [n for n in table.focus_order() if table.choosable(n)]
        assert order
        checked_up_down = False
        for start in order:
            by_key = {code: _focus_after(app, table, start, key(code)) for code in HAT.values()}
            for value, code in HAT.items():
                hat = [pygame.event.Event(pygame.JOYHATMOTION, instance_id=5, hat=0, value=value)]
                assert _focus_after(app, table, start, hat) == by_key[code], (start, value)
            for (axis, sign), code in STICK.items():
                stick = [pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=axis,
                                            value=sign * 30000),
                         pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=axis,
                                            value=0)]
                assert _focus_after(app, table, start, stick) == by_key[code], (start, axis, sign)
            checked_up_down |= by_key[pygame.K_UP] != by_key[pygame.K_DOWN]
        assert checked_up_down, "no control where up and down lead apart: the test shows nothing"
    finally:
        table.close()


def test_shift_tab_goes_back_along_tabs_path(tmp_path):
    app, table = _table(tmp_path)
    try:
        order = table.focus_order()
        assert len(order) >= 3
        shift_tab = [pygame.event.Event(kind, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT,
                                        unicode="", scancode=0)
                     for kind in (pygame.KEYDOWN, pygame.KEYUP)]
        for i, start in enumerate(order):
            assert _focus_after(app, table, start, key(pygame.K_TAB)) == order[(i + 1) % len(order)]
            assert _focus_after(app, table, start, shift_tab) == order[i - 1], start
            shoulder = pad_button(pygame.CONTROLLER_BUTTON_LEFTSHOULDER)
            assert _focus_after(app, table, start, shoulder) == order[i - 1], start
        table.set_focus(None)
        step(app, shift_tab)  # nothing focused: Shift+Tab starts from the end
        assert table.focus == order[-1]
    finally:
        table.close()
