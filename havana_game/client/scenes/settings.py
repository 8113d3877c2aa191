"""Settings: a row per option of `profile.options` (language, fullscreen,
animation speed, volumes, ...). Every change is saved at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...i18n import LANGUAGE_NAMES
from ..profile.options import OPTIONS, Option
from ..ui import art, fonts
from ..ui.i18n import set_language, tr
from ..ui.widgets import Button, grown
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

ROW_TOP = 96
"""Where the first row starts (below the title), at 1280x720."""
ROW_PITCH = 43
ROW_HEIGHT = 40
BACK_GAP = 8
"""Room kept between the last row and Back."""
BUTTON_WIDTH = 260
LABEL_GAP = 40
"""Room between a row's label and its button."""
COLUMN_GAP = 60
"""Room between two columns, where the window has it."""


def _next(options: tuple[float | str, ...], current: float | str) -> float | str:
    """The value after `current` (a number: the one offered nearest it, as an
    old file's 0.6000001 is 0.6), or the first if it is not offered."""
    at = next((i for i, v in enumerate(options) if v == current or (
        isinstance(v, float) and isinstance(current, float) and abs(v - current) < 0.05)),
        None)
    return options[0] if at is None else options[(at + 1) % len(options)]


def value_text(option: Option, value: object) -> str:
    """How the row of `option` shows `value`."""
    if option.kind == "toggle":
        return tr("on" if value else "off")
    if option.kind == "slider":
        assert isinstance(value, float)
        return tr("percent", value=round(value * 100))
    if option.text_values:
        assert isinstance(value, float)
        return tr(f"{option.text_values}.{value:.1f}")
    return LANGUAGE_NAMES[str(value)]


class SettingsScene(Scene):
    """One row per option (`options.OPTIONS`): its name and a button that steps
    through its values; the rows fill columns above Back (a second column when
    they do not fit in one). Opened from a hotseat table, the language row is
    the current player's (`seat_language`: that player's language and how to
    change it), not the settings' default."""

    def __init__(self, app: App, back_to: Scene | None = None,
                 seat_language: tuple[Callable[[], str], Callable[[str], None]] | None = None
                 ) -> None:
        super().__init__(app, back_to)
        self.seat_language = seat_language
        self.labels: list[tuple[str, tuple[int, int]]] = []
        self.label_size = 20
        """The labels' text size (smaller only where many columns need the room)."""
        """Each row's label and the point its text ends at (its right, middle)."""

    def _value(self, option: Option) -> float | str:
        if option.name == "language" and self.seat_language:
            return self.seat_language[0]()
        return getattr(self.app.settings, option.field)

    def layout(self, size: tuple[int, int]) -> None:
        """Rows fill one column beside Back (in the corner), or, when they do not
        fit, columns above Back; each column is as wide as its longest
        label plus a button, and the columns are centred side by side (a label
        never reaches into the column on its left); where the labels of many
        columns leave too little room, they are set smaller."""
        super().layout(size)
        back = pygame.Rect(size[0] - self.px(240), size[1] - self.px(90), self.px(200),
                           self.px(48))
        per_column = self._rows_above(size[1] - self.px(BACK_GAP))
        width = back.left - self.px(COLUMN_GAP)  # one column: left of Back
        if per_column < len(OPTIONS):  # columns: all of them above Back
            per_column = self._rows_above(back.top - self.px(BACK_GAP))
            width = size[0]
        columns = [OPTIONS[i:i + per_column] for i in range(0, len(OPTIONS), per_column)]
        gap = self.px(LABEL_GAP)
        # the values grow with the text, unless that would set the labels smaller
        for button_w in dict.fromkeys((grown(self.px(BUTTON_WIDTH)), self.px(BUTTON_WIDTH))):
            self.label_size = self.px(20)
            label_widths = self._label_widths(columns)
            room = width - len(columns) * (gap + button_w)  # for the labels
            if sum(label_widths) <= room:
                break
        while sum(label_widths) > room and self.label_size > 9:  # many columns: smaller
            self.label_size -= 1
            label_widths = self._label_widths(columns)
        widths = [label + gap + button_w for label in label_widths]
        spacing = max(0, min(self.px(COLUMN_GAP), (width - sum(widths)) // len(columns)))
        left = max(0, (width - sum(widths) - spacing * (len(columns) - 1)) // 2)
        self.labels = []
        self.buttons = []
        for column, width in zip(columns, widths, strict=True):
            end = left + width - button_w - gap  # where this column's labels end
            for row, option in enumerate(column):
                y = self.px(ROW_TOP) + row * self.px(ROW_PITCH)
                self.labels.append((tr(option.text), (end, y + self.px(20))))
                self.buttons.append(Button(option.name, pygame.Rect(
                    end + gap, y, button_w, self.px(ROW_HEIGHT)),
                    value_text(option, self._value(option)), self._changed(option)))
            left += width + spacing
        self.buttons.append(Button("back", back, tr("back"), self.on_escape, primary=True))

    def _label_widths(self, columns: list[tuple[Option, ...]]) -> list[int]:
        """Each column's widest label at `label_size`."""
        return [max(fonts.text(tr(option.text), self.label_size, bold=True).get_width()
                    for option in column) for column in columns]

    def _rows_above(self, bottom: int) -> int:
        """How many rows fit between the first row's top and `bottom`."""
        return max(1, (bottom - self.px(ROW_TOP) + self.px(ROW_PITCH - ROW_HEIGHT))
                   // self.px(ROW_PITCH))

    def _changed(self, option: Option) -> Callable[[], None]:
        def run() -> None:
            self._step(option)
            self.app.settings.save()
            self.app.sounds.volume = self.app.settings.volume
            self.app.sounds.muted = self.app.settings.muted
            self.app.sounds.set_music(self.app.settings.music_volume)
            self.relayout()
        return run

    def _step(self, option: Option) -> None:
        """Move `option` to its next value, and do what that change does at once."""
        if option.name == "fullscreen":
            self.app.toggle_fullscreen()
            return
        value = _next(option.values, self._value(option))
        if option.name == "language" and self.seat_language:
            self.seat_language[1](str(value))  # this hotseat player's, theirs alone
        else:
            setattr(self.app.settings, option.field, value)
        if option.name == "language":
            set_language(str(value))
        elif option.name == "text_size":
            fonts.set_text_scale(self.app.settings.text_size)
        elif option.name == "every_core":
            from ...ai import parallel  # here: the menu starts without the AI's modules
            parallel.use_every_core(self.app.settings.every_core)
        elif option.name == "guide":
            self.app.settings.guide_seen = []  # switched on, it starts again

    def draw_content(self, surface: pygame.Surface) -> None:
        self.title(surface, tr("settings.title"), 24)  # (above a row more since the recap)
        for text, end in self.labels:
            label = fonts.text(text, self.label_size, art.TEXT_LIGHT, True)
            surface.blit(label, label.get_rect(midright=end))
