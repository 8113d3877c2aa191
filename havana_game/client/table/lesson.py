"""The interactive tutorial's script ("Learn to play"): a lesson file per edition
(`havana_game/data/tutorial/<edition>.json`) with the fixed deal, the bot's
scripted moves and the steps. Each step names its text (`tutorial.<id>`, and
`tutorial.<id>.wrong` for a click outside what it points at), the table part it
points at, what ends it (a decision of the player of one of the kinds it waits
for, or the Next button) and the first-game guide's hints it teaches. Data, not
code: a step is fixed in the file."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import pygame

from .layout import TableLayout

PANELS = ("top", "rows", "market", "log", "hand", "actions")
"""Table parts a step may point at by name (`TableLayout.panels`), besides
"seat:you" and "seat:other"."""


@dataclass(frozen=True)
class LessonStep:
    """One step of a lesson."""

    id: str
    target: str
    """The table part it points at (`PANELS`, "seat:you", "seat:other")."""
    until: tuple[str, ...] = ()
    """Decision kinds that end it when the player makes one; empty: the Next button."""
    suggest: dict[str, Any] | None = None
    """The decision the text suggests (a script following the lesson plays it)."""
    wrong_of: str = ""
    """The step whose wrong-click text this one shares (itself if empty)."""
    teaches: tuple[str, ...] = ()
    """The first-game guide's hints (`guide.HINTS`) the step says all of."""

    @property
    def text(self) -> str:
        return f"tutorial.{self.id}"

    @property
    def wrong(self) -> str:
        """What a click outside the step's target is told."""
        return f"tutorial.{self.wrong_of or self.id}.wrong"

    def offered(self, legal: list[dict[str, Any]]) -> bool:
        """The question now is one this step waits for."""
        return any(d["kind"] in self.until for d in legal)

    def rects(self, layout: TableLayout, you: int | None) -> list[pygame.Rect]:
        """Where its target is on the table: each part's panel ("hand+seat:you": both)."""
        return [_part(layout, part, you) for part in self.target.split("+")]


def _part(layout: TableLayout, part: str, you: int | None) -> pygame.Rect:
    """The panel of one table part a step may name."""
    if part.startswith("seat:"):
        others = [s for s in sorted(layout.seats) if s != you]
        seat = you if part == "seat:you" or not others else others[0]
        return layout.seats.get(seat if seat is not None else -1, layout.rows)
    return layout.panels()[part]


@dataclass
class Lesson:
    """A lesson file, read."""

    edition: str
    seed: int
    bot_name: str
    bot: list[dict[str, Any]] = field(default_factory=list)
    steps: list[LessonStep] = field(default_factory=list)

    @classmethod
    def load(cls, edition: str = "classic") -> Lesson:
        raw = json.loads(resources.files("havana_game").joinpath(
            "data", "tutorial", f"{edition}.json").read_text("utf-8"))
        steps = [LessonStep(s["id"], s["target"], tuple(s.get("until", ())), s.get("suggest"),
                            s.get("wrong", ""), tuple(s.get("teaches", ()))) for s in raw["steps"]]
        return cls(raw["edition"], int(raw["seed"]), raw["bot_name"], list(raw["bot"]), steps)

    def text_keys(self) -> list[str]:
        """Every text key the lesson shows (each must be in every catalog)."""
        keys = [step.text for step in self.steps]
        keys += [step.wrong for step in self.steps if step.until]
        return list(dict.fromkeys(keys + list(CHROME)))


LESSONS = ("classic", "edition2024")
"""The editions with a lesson file, the first the menu's."""
LESSON_NAMES = {"classic": "tutorial.classic", "edition2024": "tutorial.other"}
"""Each lesson's name on the buttons that start it (the menu's, the last box's)."""
CHROME = ("tutorial.other", "tutorial.title", "tutorial.progress", "tutorial.next",
          "tutorial.skip", "tutorial.restart", "tutorial.done", "tutorial.waiting", "menu.learn",
          "tutorial.classic", "tutorial.pick")
"""The tutorial's own words around the steps."""
