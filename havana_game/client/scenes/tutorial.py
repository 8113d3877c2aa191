"""Learn to play: a guided 2-player game on the lesson's fixed deal against a
scripted bot (`session/lessonlink.py`). Each step of the lesson file
(`table/lesson.py`) rings the table part it is about, says the rule in a box, and
waits for the player's decision (or Next); a click on another table thing is
explained, not carried out. Steps can be skipped, the lesson restarted; leaving
keeps the progress (Settings), and "Learn to play" resumes it. After the last step
the game goes on as a normal game against the easy AI."""

from __future__ import annotations

from collections.abc import Callable
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

TITLE, TEXT = 16, 15
"""Design height of the box's title, and of the step's text."""
BUTTON_W, BUTTON_MIN_W, BUTTON_H, BUTTON_GAP = 150, 110, 30, 10
"""Design width of the box's buttons (at most, and at least before they wrap to a
second row), their height, and the gap between them."""
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
        """The step's box, where it hides nothing the step is about: the first place
        of `_box_places` that holds its words and buttons without covering what the
        step points at (the last place if none does)."""
        assert self.layout_ is not None
        rings = self.target_rects()
        places = self._box_places()
        return next((box for box, room in places
                     if room.contains(box) and box.collidelist(rings) < 0), places[-1][0])

    def _box_places(self) -> list[tuple[pygame.Rect, pygame.Rect]]:
        """Where the box may go, each with the room it must stay in: over the game
        log (the rows, the market, the hand and the seats stay in sight); for
        large text, down from the top of the building rows, or up from the foot of
        the hand, as wide as the hand, then as wide as the market."""
        assert self.layout_ is not None
        layout = self.layout_
        px = layout.px
        log = layout.log.inflate(-px(12), -px(12))
        table = pygame.Rect(0, layout.top.bottom, *layout.size).clip(
            pygame.Rect((0, 0), layout.size))
        places = [(pygame.Rect(log.topleft, (log.w, self._box_height(log.w))), log)]
        for area in (layout.rows, layout.hand, layout.market):
            box = pygame.Rect(0, 0, area.w - px(24), self._box_height(area.w - px(24)))
            if area is layout.rows:
                box.midtop = (area.centerx, area.top + px(10))
            else:
                box.midbottom = (area.centerx, layout.hand.bottom - px(10))
            places.append((box, table))
        return places

    def _log_area(self) -> pygame.Rect | None:
        """The log goes on below the step's box when the box is over it."""
        if self.layout_ is None or self.view is None or self.step_index > len(self.lesson.steps):
            return super()._log_area()
        box, log = self.box_rect(), self.layout_.log
        if not box.colliderect(log):
            return super()._log_area()
        top = min(box.bottom + self.layout_.px(6), log.bottom)
        return pygame.Rect(log.left, top, log.w, log.bottom - top)

    def _title_lines(self, width: int) -> tuple[str, ...]:
        """The box's title ("Learn to play · step 3 of 8") in a box `width` wide: on
        one line if it fits, else broken at its " · " first (the step's count on a
        line of its own), then wrapped."""
        assert self.layout_ is not None
        step, px = self.current, self.layout_.px
        title = tr("tutorial.progress", n=self.step_index + 1, total=len(self.lesson.steps)) \
            if step is not None else tr("tutorial.title")
        room = width - px(28)
        if len(fonts.wrap(title, px(TITLE), room, True)) == 1:
            return (title,)
        return tuple(line for part in title.split(" · ")
                     for line in fonts.wrap(part, px(TITLE), room, True))

    def _box_words(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What the box says: the step's text, then why a click was not carried
        out, or that the step waits for the game to get there."""
        step = self.current
        words = [(tr(step.text if step else "tutorial.done"), art.TEXT_LIGHT)]
        if self.lesson_note:
            words.append((self.lesson_note, art.ACCENT))
        elif step is not None and step.until and not self.waiting_here():
            words.append((tr("tutorial.waiting"), art.TEXT_DIM))
        return words

    def _box_height(self, width: int) -> int:
        """The height a box `width` wide needs for its title, the step's words and
        its buttons. Measured with the longer of the step's two second lines (the
        wrong-click note, the wait), so the box keeps its size through the step."""
        assert self.layout_ is not None
        px, step = self.layout_.px, self.current
        seconds = [tr(step.wrong), tr("tutorial.waiting")] if step is not None and step.until \
            else [""]
        main = tr(step.text if step else "tutorial.done")
        lines = max(len(fonts.wrap(main, px(TEXT), width - px(28)))
                    + (len(fonts.wrap(second, px(TEXT), width - px(28))) if second else 0)
                    for second in seconds)
        rows = len(_button_rows(self._button_count(), width - px(24), px))
        titles = len(self._title_lines(width))
        return (px(12) + titles * fonts.line_step(px(TITLE), 1.3)
                + lines * fonts.line_step(px(TEXT)) + px(8) + rows * px(BUTTON_H + BUTTON_GAP))

    def _button_count(self) -> int:
        step = self.current
        return 2 if step is None or step.until else 3

    def _build_buttons(self) -> None:
        super()._build_buttons()
        if self.layout_ is None or self.layers.modal() or self.curtain is not None \
                or self.view is None \
                or self.step_index > len(self.lesson.steps):
            return
        box, px = self.box_rect(), self.layout_.px
        slots = _button_slots(box, self._button_count(), px)
        step = self.current
        if step is None:
            self.buttons.append(Button("lesson_close", slots[0], tr("tutorial.next"),
                                       self._close_lesson, primary=True))
            other = self._other_lesson()
            self.buttons.append(Button("lesson_other", slots[1],
                                       tr("tutorial.other") if other != "classic"
                                       else tr("tutorial.title"),
                                       self.other_lesson))
            return
        if not step.until:
            self.buttons.append(Button("lesson_next", slots.pop(0), tr("tutorial.next"),
                                       self.next_step, primary=True))
        self.buttons.append(Button("lesson_skip", slots[0], tr("tutorial.skip"), self.next_step))
        self.buttons.append(Button("lesson_restart", slots[1], tr("tutorial.restart"),
                                   self.restart))

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
        y = box.top + px(10)
        for line in self._title_lines(box.w):
            surface.blit(fonts.text(line, px(TITLE), art.ACCENT, True), (box.left + px(14), y))
            y += fonts.line_step(px(TITLE), 1.3)
        y += px(2)
        size = px(TEXT)
        words_end = box.bottom - px(8) - len(_button_rows(self._button_count(), box.w - px(24),
                                                           px)) * px(BUTTON_H + BUTTON_GAP)
        for text, color in self._box_words():
            for line in fonts.wrap(text, size, box.w - px(28)):
                if y + fonts.line_step(size) > words_end:
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


def _button_rows(count: int, inner: int, px: Callable[[float], int]) -> list[int]:
    """How many of `count` buttons sit on each row, from the bottom, in a box whose
    inside is `inner` pixels wide: as many side by side as stay `BUTTON_MIN_W` wide."""
    per_row = max(1, min(count, (inner + px(BUTTON_GAP)) // (px(BUTTON_MIN_W) + px(BUTTON_GAP))))
    return [min(per_row, count - start) for start in range(0, count, per_row)]


def _button_slots(box: pygame.Rect, count: int, px: Callable[[float], int]) -> list[pygame.Rect]:
    """Where the box's `count` buttons go, the first at the bottom right, the others
    leftwards, then on the row above."""
    inner, gap = box.w - px(24), px(BUTTON_GAP)
    rows = _button_rows(count, inner, px)
    width = min(px(BUTTON_W), (inner - gap * (rows[0] - 1)) // rows[0])
    slots = []
    for row, in_row in enumerate(rows):
        bottom = box.bottom - px(10) - row * px(BUTTON_H + BUTTON_GAP)
        for place in range(in_row):
            slot = pygame.Rect(0, 0, width, px(BUTTON_H))
            slot.bottomright = (box.right - px(12) - place * (width + gap), bottom)
            slots.append(slot)
    return slots
