"""Learn to play: a guided 2-player game on the lesson's fixed deal against a
scripted bot (`session/lessonlink.py`). Each step of the lesson file
(`table/lesson.py`) rings the table part it is about, says the rule in a box, and
waits for the player's decision (or Next); a click on another table thing is
explained, not carried out. Steps can be skipped, the lesson restarted; leaving
keeps the progress (Settings), and "Learn to play" resumes it. After the last step
the game goes on as a normal game against the easy AI, saved as a local game
(`localgame.keep`) that Continue and the Saved games screen resume."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...rules import Phase
from ..session import localgame
from ..session.lessonlink import LessonLink
from ..table.lesson import LESSONS, Lesson, LessonStep
from ..table.lessonbox import LessonBox
from ..table.screen import TableScreen

if TYPE_CHECKING:
    from ..app import App


class TutorialScene(TableScreen):
    """The table of the lesson's game, with the lesson's box (`table/lessonbox.py`)
    over it until its last words are closed; no recap and no first-game guide."""

    def __init__(self, app: App, edition: str = "classic", restart: bool = False) -> None:
        self.lesson = Lesson.load(edition)
        settings = app.settings
        if restart or settings.tutorial_edition != edition:
            settings.tutorial_moves, settings.tutorial_step = [], 0
        settings.tutorial_edition = edition
        link = LessonLink(self.lesson, settings.shown_name(), settings.tutorial_moves,
                          self._moved)
        self.step_index = min(settings.tutorial_step, len(self.lesson.steps))
        self.lesson_note = ""
        """Why the last click was not carried out (until the step changes)."""
        self.slot: Path | None = None
        """The local game's slot the game is saved in once the lesson is over."""
        super().__init__(app, link)
        self.asks.first_game_guide = False  # the lesson says it all
        self.box = LessonBox(self)
        self.layers.push(self.box)

    @property
    def current(self) -> LessonStep | None:
        """The step shown, or None once the lesson is over."""
        steps = self.lesson.steps
        return steps[self.step_index] if self.step_index < len(steps) else None

    def waiting_here(self) -> bool:
        """The step waits for a decision the player is asked for now."""
        step, view = self.current, self.view
        return step is not None and bool(step.until) and view is not None \
            and self.flow.deciding() and step.offered(view.get("legal", []))

    def _moved(self, moves: list[dict[str, Any]]) -> None:
        """The player decided: kept for resuming; a decision the step waits for ends it."""
        if self.step_index >= len(self.lesson.steps):  # the lesson is over: a saved game
            self.keep_game()
            return
        self.app.settings.tutorial_moves = moves
        step = self.current
        if step is not None and moves and moves[-1]["kind"] in step.until:
            self.next_step()
        else:
            self.app.settings.save()

    def next_step(self) -> None:
        """On to the next step (Next, Skip, or the awaited decision). The guide's
        hints the step taught are seen: the game after the lesson (and any later
        game) does not tell them again."""
        settings = self.app.settings
        passed = self.current
        if passed is not None:
            settings.guide_seen += [key for key in passed.teaches
                                    if key not in settings.guide_seen]
        self.step_index += 1
        self.lesson_note = ""
        settings.tutorial_step = self.step_index
        if self.current is None:  # done: the next "Learn to play" starts afresh
            settings.tutorial_moves, settings.tutorial_step = [], 0
            self.keep_game()
        settings.save()
        self.refresh()

    def keep_game(self) -> None:
        """The lesson is over: the game is saved (again) as a local game, to
        continue from the menu; leaving says so."""
        link = self.link
        assert isinstance(link, LessonLink)
        if link.game.state.phase == Phase.OVER:
            return
        self.slot = localgame.keep(link.game, link.names, [None, "easy"], self.slot)
        if self.slot is not None:
            link.note = "leave.local"

    def leave_now(self) -> None:
        if self.step_index >= len(self.lesson.steps):
            self.keep_game()
        super().leave_now()

    def restart(self) -> None:
        self.app.show("tutorial", self.lesson.edition, restart=True)

    def other_edition(self) -> str:
        """The edition of the other lesson."""
        return next(e for e in LESSONS if e != self.lesson.edition)

    def other_lesson(self) -> None:
        """The other edition's lesson, from its start."""
        self.app.show("tutorial", self.other_edition(), restart=True)

    def close_lesson(self) -> None:
        """The last words read: the game goes on without the lesson's box."""
        self.step_index = len(self.lesson.steps) + 1
        self.layers.remove(self.box)
        self.refresh()

    def show_results(self) -> None:
        if self.slot is not None:  # the game is over: nothing to continue
            localgame.forget(self.slot)
            self.slot = None
        self.app.settings.tutorial_moves, self.app.settings.tutorial_step = [], 0
        self.app.settings.save()
        super().show_results()

