"""The pause menu over the table: Resume, Settings, Rules, Leave, on a shade."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..i18n import tr
from ..widgets import Button

PAUSE_BUTTONS = ("resume", "settings", "rules", "leave")
BUTTON_W, BUTTON_H, STEP = 300, 44, 60
"""Design pixels: button size and the distance between two buttons."""
RAISE = 40
"""The menu's first button sits this far above the middle of the window."""
SHADE = (0, 0, 0, 150)


def pause_buttons(size: tuple[int, int], px: Callable[[float], int],
                  actions: dict[str, Callable[[], None]]) -> list[Button]:
    """The pause menu's buttons, centred; `actions` by button name."""
    box = pygame.Rect(0, 0, px(BUTTON_W), px(BUTTON_H))
    box.center = (size[0] // 2, size[1] // 2 - px(RAISE))
    labels = {"resume": tr("resume"), "settings": tr("menu.settings"),
              "rules": tr("menu.rules"), "leave": tr("leave")}
    return [Button(name, box.move(0, i * px(STEP)), labels[name], actions[name],
                   primary=name == "resume") for i, name in enumerate(PAUSE_BUTTONS)]


def draw_pause(surface: pygame.Surface, buttons: list[Button]) -> None:
    """Shade the table and draw the pause menu's buttons over it."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill(SHADE)
    surface.blit(shade, (0, 0))
    for button in buttons:
        if button.name in PAUSE_BUTTONS:
            button.draw(surface)
