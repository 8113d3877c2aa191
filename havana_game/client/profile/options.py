"""The Settings screen's options, one record each: the `Settings` field it
changes, its label's text key, its kind and the values it offers, in order (a
press moves to the next). A new record is a new row of the screen."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...i18n import LANGUAGES

Kind = Literal["choice", "slider", "toggle"]
"""How a value reads: "choice" by its text key (`text_values` and the value),
"slider" as a percentage, "toggle" as on or off."""


@dataclass(frozen=True)
class Option:
    """One row of the Settings screen."""

    name: str
    """The row's button (what tests click), and its action's key in the screen."""
    field: str
    """The `Settings` field it changes."""
    text: str
    """Its label's text key."""
    kind: Kind
    values: tuple[float | str, ...] = (False, True)
    """The values in the order a press steps through them (a toggle's: off, on)."""
    default: float | bool = False
    """The value of a player who never changed it (the language's: the system's)."""
    text_values: str = ""
    """A choice's value text keys: this prefix, a dot, the value to one decimal
    ("": the value is its own text, as a language's own name)."""


OPTIONS: tuple[Option, ...] = (
    Option("language", "language", "settings.language", "choice", LANGUAGES),
    Option("fullscreen", "fullscreen", "settings.fullscreen", "toggle"),
    Option("speed", "animation_speed", "settings.speed", "choice", (0.0, 0.5, 1.0, 2.0), 1.0,
           "speed"),
    Option("volume", "volume", "settings.volume", "slider",
           (0.0, 0.2, 0.4, 0.6, 0.8, 1.0), 0.6),
    Option("music", "music_volume", "settings.music", "slider",
           (0.0, 0.2, 0.4, 0.6, 0.8, 1.0), 0.2),
    Option("mute", "muted", "settings.mute", "toggle"),
    Option("colorblind", "colorblind", "settings.colorblind", "toggle"),
    Option("text_size", "text_size", "settings.text_size", "slider",
           (0.9, 1.0, 1.15, 1.3, 1.5), 1.0),
    Option("guide", "guide", "settings.guide", "toggle", default=True),
    Option("recap", "recap", "settings.recap", "toggle", default=True),
    Option("pace", "opponent_pace", "settings.bot_pace", "choice", (0.0, 0.3, 0.6, 1.2), 0.6,
           "pace"),
    Option("takebacks", "takebacks", "settings.takebacks", "toggle", default=True),
    Option("every_core", "every_core", "settings.every_core", "toggle"),
)


def option(name: str) -> Option:
    """The record of the row called `name`."""
    return next(o for o in OPTIONS if o.name == name)


def values(name: str) -> tuple[float, ...]:
    """The numbers a choice or a slider offers."""
    return tuple(float(v) for v in option(name).values)


def default(name: str) -> float:
    """A choice's or a slider's default."""
    return float(option(name).default)


def on_by_default(name: str) -> bool:
    """A toggle's default."""
    return bool(option(name).default)
