"""Settings: language, fullscreen, animation speed, volume, mute, colorblind
symbols. Every change is saved at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...i18n import LANGUAGE_NAMES, LANGUAGES
from ..profile.settings import ANIMATION_SPEEDS, OPPONENT_PACES, TEXT_SIZES
from ..ui import art, fonts
from ..ui.i18n import set_language, tr
from ..ui.widgets import Button
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

VOLUMES = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)


def _next(options: tuple, current: object) -> object:
    return options[(options.index(current) + 1) % len(options)] if current in options \
        else options[0]


class SettingsScene(Scene):
    """One row per setting: its name and a button that cycles its value. Opened
    from a hotseat table, the language row is the current player's (`seat_language`:
    that player's language and how to change it), not the settings' default."""

    def __init__(self, app: App, back_to: Scene | None = None,
                 seat_language: tuple[Callable[[], str], Callable[[str], None]] | None = None
                 ) -> None:
        super().__init__(app, back_to)
        self.seat_language = seat_language

    def _shown_language(self) -> str:
        return self.seat_language[0]() if self.seat_language else self.app.settings.language

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.app.settings
        rows: list[tuple[str, str, str, Callable[[], None]]] = [
            ("language", "settings.language", LANGUAGE_NAMES[self._shown_language()],
             self._language),
            ("fullscreen", "settings.fullscreen", tr("on" if s.fullscreen else "off"),
             self.app.toggle_fullscreen),
            ("speed", "settings.speed", tr(f"speed.{s.animation_speed:.1f}"), self._speed),
            ("volume", "settings.volume", tr("percent", value=round(s.volume * 100)),
             self._volume),
            ("music", "settings.music", tr("percent", value=round(s.music_volume * 100)),
             self._music),
            ("mute", "settings.mute", tr("on" if s.muted else "off"), self._mute),
            ("colorblind", "settings.colorblind", tr("on" if s.colorblind else "off"),
             self._colorblind),
            ("text_size", "settings.text_size", tr("percent", value=round(s.text_size * 100)),
             self._text_size),
            ("guide", "settings.guide", tr("on" if s.guide else "off"), self._guide),
            ("recap", "settings.recap", tr("on" if s.recap else "off"), self._recap),
            ("pace", "settings.bot_pace", tr(f"pace.{s.opponent_pace:.1f}"), self._pace),
            ("takebacks", "settings.takebacks", tr("on" if s.takebacks else "off"),
             self._takebacks),
        ]
        self.labels = []
        self.buttons = []
        for i, (name, key, value, action) in enumerate(rows):
            y = self.px(96) + i * self.px(43)
            self.labels.append((tr(key), y))
            self.buttons.append(Button(name, pygame.Rect(size[0] // 2 + self.px(20), y,
                                                         self.px(260), self.px(40)), value,
                                       self._changed(action)))
        self.buttons.append(Button("back", pygame.Rect(size[0] // 2 - self.px(100),
                                                       size[1] - self.px(90), self.px(200),
                                                       self.px(48)), tr("back"),
                                   self.on_escape, primary=True))

    def _changed(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            action()
            self.app.settings.save()
            self.app.sounds.volume = self.app.settings.volume
            self.app.sounds.muted = self.app.settings.muted
            self.app.sounds.set_music(self.app.settings.music_volume)
            self.relayout()
        return run

    def _language(self) -> None:
        language = str(_next(LANGUAGES, self._shown_language()))
        if self.seat_language:
            self.seat_language[1](language)  # this hotseat player's, theirs alone
        else:
            self.app.settings.language = language
        set_language(language)

    def _speed(self) -> None:
        s = self.app.settings
        s.animation_speed = float(_next(ANIMATION_SPEEDS, s.animation_speed))  # type: ignore[arg-type]

    def _pace(self) -> None:
        s = self.app.settings
        s.opponent_pace = float(_next(OPPONENT_PACES, s.opponent_pace))  # type: ignore[arg-type]

    def _volume(self) -> None:
        s = self.app.settings
        s.volume = float(_next(VOLUMES, round(s.volume, 1)))  # type: ignore[arg-type]

    def _music(self) -> None:
        s = self.app.settings
        s.music_volume = float(_next(VOLUMES, round(s.music_volume, 1)))  # type: ignore[arg-type]

    def _takebacks(self) -> None:
        self.app.settings.takebacks = not self.app.settings.takebacks

    def _recap(self) -> None:
        self.app.settings.recap = not self.app.settings.recap

    def _mute(self) -> None:
        self.app.settings.muted = not self.app.settings.muted

    def _colorblind(self) -> None:
        self.app.settings.colorblind = not self.app.settings.colorblind

    def _text_size(self) -> None:
        s = self.app.settings
        s.text_size = float(_next(TEXT_SIZES, s.text_size))  # type: ignore[arg-type]
        art.set_text_size(s.text_size)

    def _guide(self) -> None:
        """Switch the first-game guide; switched on, it starts again from the first hint."""
        s = self.app.settings
        s.guide = not s.guide
        s.guide_seen = []

    def draw_content(self, surface: pygame.Surface) -> None:
        self.title(surface, tr("settings.title"), 24)  # (above a row more since the recap)
        for text, y in self.labels:
            label = fonts.text(text, self.px(20), art.TEXT_LIGHT, True)
            surface.blit(label, label.get_rect(midright=(self.size[0] // 2 - self.px(20),
                                                         y + self.px(20))))
