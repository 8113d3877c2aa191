"""The pause menu over the table: Resume, Settings, Rules, Leave, Concede (local
games; and, for the host role of a LAN game, handing absent players' seats on),
on a shade; and the confirmation that leaving or conceding asks for."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from ..ui import art, fonts
from ..ui.i18n import tr
from ..ui.widgets import Button, grown

PAUSE_BUTTONS = ("resume", "settings", "rules", "leave", "concede")
CONFIRM_BUTTONS = ("leave_confirm", "leave_stay")
UNREACHABLE_BUTTONS = ("unreachable_leave",)
BUTTON_W, BUTTON_H, STEP = 300, 44, 60
"""Design pixels: button size and the distance between two buttons."""
GIVE_W = 520
"""Design width of a "give this seat to a new player" button."""
RAISE = 40
"""The menu's first button sits this far above the middle of the window."""
SHADE = (0, 0, 0, 150)


def _column(size: tuple[int, int], px: Callable[[float], int], width: int = BUTTON_W,
            first: int = 0) -> Callable[[int], pygame.Rect]:
    """The rect of the i-th button of the centred column (from row `first`)."""
    box = pygame.Rect(0, 0, grown(px(width)), px(BUTTON_H))
    box.center = (size[0] // 2, size[1] // 2 - px(RAISE))
    return lambda i: box.move(0, (first + i) * px(STEP))


def pause_buttons(size: tuple[int, int], px: Callable[[float], int],
                  actions: dict[str, Callable[[], None]],
                  seats_to_give: dict[int, str] | None = None,
                  give: Callable[[int], None] | None = None,
                  paused: bool = True) -> list[Button]:
    """The pause menu's buttons, centred; `actions` by button name. The host role
    of a LAN game also gets a button per seat it may hand on (`seats_to_give`:
    seat -> player name), calling `give(seat)`. A game the menu does not pause
    (a LAN game goes on meanwhile) is gone back to, not resumed."""
    place = _column(size, px)
    labels = {"resume": tr("resume" if paused else "pause.back"), "settings": tr("menu.settings"),
              "rules": tr("menu.rules"), "leave": tr("leave"), "concede": tr("concede")}
    names = [name for name in PAUSE_BUTTONS if name in actions]
    buttons = [Button(name, place(i), labels[name], actions[name], primary=name == "resume")
               for i, name in enumerate(names)]
    if seats_to_give and give is not None:
        row = _column(size, px, GIVE_W, len(names))
        buttons += [Button(f"give:{seat}", row(i), tr("table.give_seat", name=name),
                           partial(give, seat), tooltip=tr("table.give_seat_hint"))
                    for i, (seat, name) in enumerate(sorted(seats_to_give.items()))]
    return buttons


def confirm_buttons(size: tuple[int, int], px: Callable[[float], int],
                    leave: Callable[[], None], stay: Callable[[], None],
                    labels: tuple[str, str] = ("leave.confirm", "leave.stay")) -> list[Button]:
    """Yes (leave, concede: `labels[0]`) and No (stay), side by side under the question."""
    place = _column(size, px, BUTTON_W // 2 + 20, 1)
    apart = place(0).w // 2 + px(10)
    return [Button("leave_stay", place(0).move(-apart, 0), tr(labels[1]), stay, primary=True),
            Button("leave_confirm", place(0).move(apart, 0), tr(labels[0]), leave)]


def draw_pause(surface: pygame.Surface, buttons: list[Button],
               question: tuple[str, str] | None = None,
               px: Callable[[float], int] | None = None) -> None:
    """Shade the table and draw the menu's buttons over it (not the table's own);
    with `question` (title, text), the leave confirmation above its buttons."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill(SHADE)
    surface.blit(shade, (0, 0))
    if question is not None and px is not None:
        title, text = question
        answers = _column(surface.get_size(), px, BUTTON_W, 1)(0).top  # (every answer's row)
        lines = fonts.wrap(text, px(17), px(640))
        step = fonts.line_step(px(17), 1.4)
        below_title = max(px(48), fonts.line_step(px(28), 1.3))
        # (as high as its words need: a long note in large text lifts the title)
        top = min(surface.get_height() // 2 - px(RAISE) - px(150),
                  answers - px(16) - step * len(lines) - below_title)
        label = fonts.text(title, px(28), art.ACCENT, True)
        width = min(surface.get_width() - px(20), max(px(760), label.get_width() + px(60)))
        box = pygame.Rect(0, 0, width, answers + px(BUTTON_H) + px(38) - (top - px(24)))
        box.midtop = (surface.get_width() // 2, top - px(24))
        surface.blit(art.panel(box.size, True), box)
        surface.blit(label, label.get_rect(midtop=(surface.get_width() // 2, top)))
        for i, line in enumerate(lines):
            label = fonts.text(line, px(17), art.TEXT_LIGHT)
            surface.blit(label, label.get_rect(midtop=(
                surface.get_width() // 2, top + below_title + i * step)))
    for button in buttons:
        if button.name in PAUSE_BUTTONS + CONFIRM_BUTTONS + UNREACHABLE_BUTTONS \
                or button.name.startswith("give:"):
            button.draw(surface)


def unreachable_button(size: tuple[int, int], px: Callable[[float], int],
                       leave: Callable[[], None]) -> Button:
    """Leave, under the "host unreachable" notice (the seat is kept to rejoin)."""
    return Button("unreachable_leave", _column(size, px, 2 * BUTTON_W // 3, 1)(0),
                  tr("unreachable.leave"), leave)
