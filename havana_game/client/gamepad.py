"""Gamepads: each is read as the keys it stands for, in this one place. The
D-pad and the left stick are the arrows, A is Enter, B is Esc, Start is Pause,
the shoulder buttons are Shift+Tab and Tab. Pads may come and go while the game
runs (hot-plugging); a plain joystick SDL does not know as a gamepad works by
its hat and first buttons. Every key event made here says which pad (`pad`)."""

from __future__ import annotations

from typing import Any

import pygame
from pygame._sdl2 import controller

KEY_OF_BUTTON: dict[int, tuple[int, int]] = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: (pygame.K_UP, 0),
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: (pygame.K_DOWN, 0),
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: (pygame.K_LEFT, 0),
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (pygame.K_RIGHT, 0),
    pygame.CONTROLLER_BUTTON_A: (pygame.K_RETURN, 0),
    pygame.CONTROLLER_BUTTON_B: (pygame.K_ESCAPE, 0),
    pygame.CONTROLLER_BUTTON_START: (pygame.K_PAUSE, 0),
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: (pygame.K_TAB, pygame.KMOD_SHIFT),
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: (pygame.K_TAB, 0),
}
"""A gamepad button and the key (with modifiers) it means."""
JOY_BUTTONS = (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B)
"""A plain joystick's buttons 0 and 1 (as A and B); its hat is the D-pad."""
STICK_AXES = {pygame.CONTROLLER_AXIS_LEFTX: (pygame.K_LEFT, pygame.K_RIGHT),
              pygame.CONTROLLER_AXIS_LEFTY: (pygame.K_UP, pygame.K_DOWN)}
PUSH, REST = 0.6, 0.3
"""A stick pushed past PUSH (of its range) is one arrow press; it presses again
only after coming back under REST."""
AXIS_RANGE = 32767


def key_events(key: int, mod: int, pad: int) -> list[pygame.event.Event]:
    return [pygame.event.Event(kind, key=key, mod=mod, unicode="", scancode=0, pad=pad)
            for kind in (pygame.KEYDOWN, pygame.KEYUP)]


class Pads:
    """The gamepads and joysticks attached, and what their events mean."""

    def __init__(self) -> None:
        self.pads: dict[int, Any] = {}
        """Open devices by SDL instance id (gamepads and plain joysticks)."""
        self.gamepads: set[int] = set()
        """Which of them SDL knows as gamepads (their joystick events are ignored)."""
        self._pushed: dict[tuple[int, int], bool] = {}
        self.used = False
        """A pad pressed something since the game started (even one SDL did not list)."""
        try:
            pygame.joystick.init()
            controller.init()
        except pygame.error:  # no joystick support here: keys and mouse only
            return
        for index in range(pygame.joystick.get_count()):
            self.attach(index)

    @property
    def count(self) -> int:
        return len(self.pads)

    def attach(self, index: int) -> None:
        """Open device `index` (a gamepad if SDL knows it as one)."""
        try:
            if controller.is_controller(index):
                device: Any = controller.Controller(index)
                instance = device.as_joystick().get_instance_id()
                self.gamepads.add(instance)
            else:
                device = pygame.joystick.Joystick(index)
                instance = device.get_instance_id()
        except pygame.error:
            return
        self.pads.setdefault(instance, device)

    def detach(self, instance: int) -> None:
        self.pads.pop(instance, None)
        self.gamepads.discard(instance)

    def translate(self, event: pygame.event.Event) -> list[pygame.event.Event] | None:
        """The key events a pad's `event` stands for (maybe none), or None if it
        is not a pad's."""
        kind = event.type
        if kind in (pygame.CONTROLLERDEVICEADDED, pygame.JOYDEVICEADDED):
            self.attach(event.device_index)
            return []
        if kind in (pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEREMOVED):
            self.detach(event.instance_id)
            return []
        if kind == pygame.CONTROLLERBUTTONDOWN:
            self.used = True
            return self._button(event.button, event.instance_id)
        if kind == pygame.CONTROLLERAXISMOTION:
            return self._axis(event.axis, event.value / AXIS_RANGE, event.instance_id)
        if kind in (pygame.JOYHATMOTION, pygame.JOYBUTTONDOWN, pygame.JOYAXISMOTION):
            if event.instance_id in self.gamepads:
                return []  # the same press, already read as a gamepad's
            self.used = True
            if kind == pygame.JOYBUTTONDOWN:
                return self._button(JOY_BUTTONS[event.button], event.instance_id) \
                    if event.button < len(JOY_BUTTONS) else []
            if kind == pygame.JOYAXISMOTION:
                return self._axis(event.axis, event.value, event.instance_id) \
                    if event.axis in STICK_AXES else []
            x, y = event.value  # a hat: up is +1
            arrow = {(-1, 0): pygame.K_LEFT, (1, 0): pygame.K_RIGHT, (0, 1): pygame.K_UP,
                     (0, -1): pygame.K_DOWN}.get((x, y))
            return key_events(arrow, 0, event.instance_id) if arrow is not None else []
        if kind in (pygame.CONTROLLERBUTTONUP, pygame.JOYBUTTONUP,
                    pygame.CONTROLLERDEVICEREMAPPED, pygame.JOYBALLMOTION):
            return []
        return None

    def _button(self, button: int, pad: int) -> list[pygame.event.Event]:
        if button not in KEY_OF_BUTTON:
            return []
        key, mod = KEY_OF_BUTTON[button]
        return key_events(key, mod, pad)

    def _axis(self, axis: int, value: float, pad: int) -> list[pygame.event.Event]:
        """A stick pushed one way past PUSH: one arrow press (until it rests again)."""
        if axis not in STICK_AXES:
            return []
        pushed = self._pushed.get((pad, axis), False)
        if abs(value) < REST:
            self._pushed[(pad, axis)] = False
        elif abs(value) >= PUSH and not pushed:
            self._pushed[(pad, axis)] = True
            return key_events(STICK_AXES[axis][value > 0], 0, pad)
        return []
