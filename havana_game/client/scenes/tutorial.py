"""Learn to play: a guided 2-player game on the lesson's fixed deal against a
scripted bot (`session/lessonlink.py`). Each step of the lesson file
(`table/lesson.py`) rings the table part it is about, says the rule in a box, and
waits for the player's decision (or Next); a click on another table thing is
explained, not carried out. Steps can be skipped, the lesson restarted; leaving
keeps the progress (Settings), and "Learn to play" resumes it. After the last step
the game goes on as a normal game against the easy AI."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ..session.lessonlink import LessonLink
from ..table.lesson import LESSONS, Lesson, LessonStep
from ..table.screen import TableScreen
from ..ui import art, fonts
from ..ui.i18n import tr
from ..ui.widgets import Button

if TYPE_CHECKING:
    from ..app import App

BOX_H, TEXT = 176, 15
"""Design height of the step's box, and of its text."""
RING = 4
"""Design width of the ring around a step's target."""


class TutorialScene(TableScreen):
    """The table of the lesson's game, with the lesson's steps over it."""

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
        super().__init__(app, link)

    @property
    def current(self) -> LessonStep | None:
        """The step shown, or None once the lesson is over."""
        steps = self.lesson.steps
        return steps[self.step_index] if self.step_index < len(steps) else None

    def waiting_here(self) -> bool:
        """The step waits for a decision the player is asked for now."""
        step, view = self.current, self.view
        return step is not None and bool(step.until) and view is not None \
            and self.deciding() and step.offered(view.get("legal", []))

    def _moved(self, moves: list[dict[str, Any]]) -> None:
        """The player decided: kept for resuming; a decision the step waits for ends it."""
        self.app.settings.tutorial_moves = moves
        step = self.current
        if step is not None and moves and moves[-1]["kind"] in step.until:
            self.next_step()
        else:
            self.app.settings.save()

    def next_step(self) -> None:
        """On to the next step (Next, Skip, or the awaited decision)."""
        self.step_index += 1
        self.lesson_note = ""
        settings = self.app.settings
        settings.tutorial_step = self.step_index
        if self.current is None:  # done: the next "Learn to play" starts afresh
            settings.tutorial_moves, settings.tutorial_step = [], 0
        settings.save()
        self._build_buttons()

    def restart(self) -> None:
        self.app.show("tutorial", self.lesson.edition, restart=True)

    def target_rects(self) -> list[pygame.Rect]:
        """Where the current step points (each of its parts)."""
        step = self.current
        if step is None or self.layout_ is None:
            return []
        return step.rects(self.layout_, self.viewer)

    def _click_table(self, pos: tuple[int, int]) -> None:
        """While the step waits for a decision, a click on a table thing outside
        what it points at is explained instead of staged."""
        rings = self.target_rects()
        step = self.current
        if self.layout_ is not None and self.step_index <= len(self.lesson.steps) \
                and self.box_rect().collidepoint(pos):
            return  # on the step's box, not on the table under it
        if step is not None and rings and self.waiting_here() \
                and not any(ring.collidepoint(pos) for ring in rings) \
                and any(rect.collidepoint(pos) for rect in self.targets().values()):
            self.lesson_note = tr(step.wrong)
            self.app.sounds.play("error")
            self._build_buttons()
            return
        super()._click_table(pos)

    def box_rect(self) -> pygame.Rect:
        """The step's box: over the building rows, or over the hand when the rows
        are what it points at."""
        assert self.layout_ is not None
        step, px = self.current, self.layout_.px
        area = self.layout_.hand if step is not None and step.target == "rows" \
            else self.layout_.rows
        box = pygame.Rect(0, 0, area.w - px(24), px(BOX_H))
        box.midtop = (area.centerx, area.top + px(10))
        return box

    def _build_buttons(self) -> None:
        super()._build_buttons()
        if self.layout_ is None or self.paused or self.curtain is not None \
                or self.unreachable_since is not None or self.view is None \
                or self.step_index > len(self.lesson.steps):
            return
        box, px = self.box_rect(), self.layout_.px
        row = pygame.Rect(0, 0, px(150), px(30))
        row.bottomright = (box.right - px(12), box.bottom - px(10))
        step = self.current
        if step is None:
            self.buttons.append(Button("lesson_close", row, tr("tutorial.next"),
                                       self._close_lesson, primary=True))
            other = self._other_lesson()
            self.buttons.append(Button("lesson_other", row.move(-row.w - px(10), 0),
                                       tr("tutorial.other") if other != "classic"
                                       else tr("tutorial.title"),
                                       self.other_lesson))
            return
        if not step.until:
            self.buttons.append(Button("lesson_next", row, tr("tutorial.next"),
                                       self.next_step, primary=True))
            row = row.move(-row.w - px(10), 0)
        self.buttons.append(Button("lesson_skip", row, tr("tutorial.skip"), self.next_step))
        self.buttons.append(Button("lesson_restart", row.move(-row.w - px(10), 0),
                                   tr("tutorial.restart"), self.restart))

    def _other_lesson(self) -> str:
        return next(e for e in LESSONS if e != self.lesson.edition)

    def other_lesson(self) -> None:
        """The other edition's lesson, from its start."""
        self.app.show("tutorial", self._other_lesson(), restart=True)

    def _close_lesson(self) -> None:
        """The last words read: the game goes on without the lesson's box."""
        self.step_index = len(self.lesson.steps) + 1
        self._build_buttons()

    def _draw_overlays(self, surface: pygame.Surface) -> list[pygame.Rect]:
        drawn = super()._draw_overlays(surface)
        if self.layout_ is None or self.paused or self.curtain is not None \
                or self.view is None or self.step_index > len(self.lesson.steps):
            return drawn
        px = self.layout_.px
        for ring in self.target_rects():
            ring = ring.inflate(px(RING * 2), px(RING * 2))
            pygame.draw.rect(surface, art.ACCENT, ring, px(RING), border_radius=px(10))
            drawn.append(ring)
        box = self.box_rect()
        surface.blit(art.panel(box.size, True), box)
        step = self.current
        title = tr("tutorial.progress", n=self.step_index + 1, total=len(self.lesson.steps)) \
            if step is not None else tr("tutorial.title")
        label = fonts.text(title, px(16), art.ACCENT, True)
        surface.blit(label, (box.left + px(14), box.top + px(10)))
        y = box.top + px(12) + fonts.line_step(px(16), 1.3)
        size, lines = px(TEXT), [(tr(step.text if step else "tutorial.done"), art.TEXT_LIGHT)]
        if self.lesson_note:
            lines.append((self.lesson_note, art.ACCENT))
        elif step is not None and step.until and not self.waiting_here():
            lines.append((tr("tutorial.waiting"), art.TEXT_DIM))
        for text, color in lines:
            for line in fonts.wrap(text, size, box.w - px(28)):
                if y + fonts.line_step(size) > box.bottom - px(44):
                    break
                surface.blit(fonts.text(line, size, color), (box.left + px(14), y))
                y += fonts.line_step(size)
        for button in self.buttons:
            if button.name.startswith("lesson_"):
                button.draw(surface)
        drawn.append(box)
        return drawn

    def _start_recap(self) -> None:
        """No recap while the lesson's box is up (it would lie under it)."""
        if self.step_index > len(self.lesson.steps):
            super()._start_recap()

    def _hint_topic(self, current: str) -> str:
        """No first-game guide hints: the lesson says it all."""
        return "lesson"

    def show_results(self) -> None:
        self.app.settings.tutorial_moves, self.app.settings.tutorial_step = [], 0
        self.app.settings.save()
        super().show_results()
