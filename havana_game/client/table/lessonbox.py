"""The lesson's box over the tutorial's table (`scenes/tutorial.py`): it rings
the table parts the step is about, says the rule, and holds the step's buttons
(Next, Skip, Restart; at the end Close and the other lesson). It sits where it
hides nothing the step is about; a click on it stays on it, and while the step
waits for a decision a press on another table thing is explained, not carried
out. It goes when the lesson's last words are closed."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ..ui import art, fonts
from ..ui.i18n import tr
from ..ui.widgets import Button
from .layers import Overlay
from .lesson import LESSON_NAMES

if TYPE_CHECKING:
    from ..scenes.tutorial import TutorialScene

TITLE, TEXT = 16, 15
"""Design height of the box's title, and of the step's text."""
BUTTON_W, BUTTON_MIN_W, BUTTON_H, BUTTON_GAP = 150, 110, 30, 10
"""Design width of the box's buttons (at most, and at least before they wrap to a
second row), their height, and the gap between them."""
BUTTONS = 3
"""The box's button places: Next (or Close), Skip (or the other lesson), Restart."""
RING = 4
"""Design width of the ring around a step's target."""
PRESSES = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class LessonBox(Overlay):
    """The box of `scene`'s current step (no recap under it)."""

    keeps_recap_out = True

    def __init__(self, scene: TutorialScene) -> None:
        self.scene = scene
        self._heights: dict[tuple[object, ...], int] = {}
        """The box's height, for the one width, size, text size and language it was
        measured at."""

    def shown(self) -> bool:
        """The box is up: the table is laid out and shows the game, no pause menu over it."""
        scene = self.scene
        return scene.layout_ is not None and scene.view is not None and not scene.paused

    def target_rects(self) -> list[pygame.Rect]:
        """Where the current step points (each of its parts)."""
        step, layout = self.scene.current, self.scene.layout_
        if step is None or layout is None:
            return []
        return step.rects(layout, self.scene.viewer)

    def rect(self) -> pygame.Rect:
        """The step's box, where it hides nothing the step is about: the first place
        of `places` that holds its words and buttons without covering what the
        step points at, as tall as the longest step's box (its buttons in the same
        places at every step), else as tall as its own words need (the last place
        if none does)."""
        rings = self.target_rects()
        for uniform in (True, False):
            places = self.places(uniform)
            box = next((box for box, room in places
                        if room.contains(box) and box.collidelist(rings) < 0), None)
            if box is not None:
                return box
        return places[-1][0]

    def places(self, uniform: bool = False) -> list[tuple[pygame.Rect, pygame.Rect]]:
        """Where the box may go, each with the room it must stay in: over the game
        log (the rows, the market, the hand and the seats stay in sight); for
        large text, down from the top of the building rows, or up from the foot of
        the hand, as wide as the hand, then as wide as the market. `uniform`: as
        tall as the longest step's box, else as the current one's."""
        layout = self.scene.layout_
        assert layout is not None
        px = layout.px
        height = self.uniform_height if uniform else self.height
        log = layout.log.inflate(-px(12), -px(12))
        table = pygame.Rect(0, layout.top.bottom, *layout.size).clip(
            pygame.Rect((0, 0), layout.size))
        places = [(pygame.Rect(log.topleft, (log.w, height(log.w))), log)]
        for area in (layout.rows, layout.hand, layout.market):
            box = pygame.Rect(0, 0, area.w - px(24), height(area.w - px(24)))
            if area is layout.rows:
                box.midtop = (area.centerx, area.top + px(10))
            else:
                box.midbottom = (area.centerx, layout.hand.bottom - px(10))
            places.append((box, table))
        return places

    def log_area(self) -> pygame.Rect | None:
        """Where the log goes on, below the box when the box is over it (None: as
        without the box)."""
        layout = self.scene.layout_
        if layout is None or self.scene.view is None:
            return None
        box, log = self.rect(), layout.log
        if not box.colliderect(log):
            return None
        top = min(box.bottom + layout.px(6), log.bottom)
        return pygame.Rect(log.left, top, log.w, log.bottom - top)

    def title_lines(self, width: int, index: int | None = None) -> tuple[str, ...]:
        """The box's title ("Learn to play · step 3 of 8") in a box `width` wide, at
        step `index` (the current one if None): on one line if it fits, else broken
        at its " · " first (the step's count on a line of its own), then wrapped."""
        scene = self.scene
        assert scene.layout_ is not None
        index = scene.step_index if index is None else index
        px, total = scene.layout_.px, len(scene.lesson.steps)
        title = tr("tutorial.progress", n=index + 1, total=total) if index < total \
            else tr("tutorial.title")
        room = width - px(28)
        if len(fonts.wrap(title, px(TITLE), room, True)) == 1:
            return (title,)
        return tuple(line for part in title.split(" · ")
                     for line in fonts.wrap(part, px(TITLE), room, True))

    def words(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What the box says: the step's text, then why a click was not carried
        out, or that the step waits for the game to get there."""
        scene = self.scene
        step = scene.current
        words = [(tr(step.text if step else "tutorial.done"), art.TEXT_LIGHT)]
        if scene.lesson_note:
            words.append((scene.lesson_note, art.ACCENT))
        elif step is not None and step.until and not scene.waiting_here():
            words.append((tr("tutorial.waiting"), art.TEXT_DIM))
        return words

    def height(self, width: int) -> int:
        """The height a box `width` wide needs for the current step's title, words
        and buttons."""
        return self._step_height(width, self.scene.step_index)

    def uniform_height(self, width: int) -> int:
        """The height a box `width` wide needs for the title, the words and the
        buttons of the lesson's longest step: at that height the box keeps its size
        from step to step, and its buttons their places."""
        layout = self.scene.layout_
        assert layout is not None
        steps = self.scene.lesson.steps
        key = (width, layout.px(100), fonts.text_scale(), tuple(tr(step.text) for step in steps),
               tr("tutorial.done"))
        if self._heights.get(key) is None:
            self._heights = {key: max(self._step_height(width, index)
                                      for index in range(len(steps) + 1))}
        return self._heights[key]

    def _step_height(self, width: int, index: int) -> int:
        """The height step `index`'s box needs (past the last: the closing words').
        Measured with the longer of the step's two second lines (the wrong-click
        note, the wait), so the box keeps its size through the step."""
        layout, steps = self.scene.layout_, self.scene.lesson.steps
        assert layout is not None
        px = layout.px
        step = steps[index] if index < len(steps) else None
        seconds = [tr(step.wrong), tr("tutorial.waiting")] if step is not None and step.until \
            else [""]
        main = tr(step.text if step else "tutorial.done")
        lines = max(len(fonts.wrap(main, px(TEXT), width - px(28)))
                    + (len(fonts.wrap(second, px(TEXT), width - px(28))) if second else 0)
                    for second in seconds)
        rows = len(_button_rows(BUTTONS, width - px(24), px))
        titles = len(self.title_lines(width, index))
        return (px(12) + titles * fonts.line_step(px(TITLE), 1.3)
                + lines * fonts.line_step(px(TEXT)) + px(8) + rows * px(BUTTON_H + BUTTON_GAP))

    def buttons(self) -> list[Button]:
        """Next (greyed while the step waits for a decision), Skip and Restart,
        each in its place at every step; after the last step, Close (in Next's
        place) and the other lesson."""
        scene = self.scene
        if not self.shown():
            return []
        assert scene.layout_ is not None
        slots = _button_slots(self.rect(), BUTTONS, scene.layout_.px)
        step = scene.current
        if step is None:
            other = tr(LESSON_NAMES[scene.other_edition()])
            return [Button("lesson_close", slots[0], tr("tutorial.next"), scene.close_lesson,
                           primary=True),
                    Button("lesson_other", slots[1], other, scene.other_lesson)]
        return [Button("lesson_next", slots[0], tr("tutorial.next"), scene.next_step,
                       primary=not step.until, enabled=not step.until),
                Button("lesson_skip", slots[1], tr("tutorial.skip"), scene.next_step),
                Button("lesson_restart", slots[2], tr("tutorial.restart"), scene.restart)]

    def handle(self, event: pygame.event.Event) -> bool:
        """A left press or release on the box (not on a button) stays on it; one on
        a table thing the waiting step does not point at is refused (the press
        says why)."""
        scene = self.scene
        if event.type not in PRESSES or event.button != 1 or not self.shown() \
                or any(b.rect.collidepoint(event.pos) for b in scene.buttons):
            return False
        if self.rect().collidepoint(event.pos):
            return True
        rings, step = self.target_rects(), scene.current
        if step is None or not rings or not scene.waiting_here() \
                or any(ring.collidepoint(event.pos) for ring in rings) \
                or not any(rect.collidepoint(event.pos) for rect in scene.input.targets().values()):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            scene.lesson_note = tr(step.wrong)
            scene.flow.play_sound("error")
            scene.refresh()
        return True

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The rings, then the box with its words and buttons."""
        if not self.shown():
            return []
        layout = self.scene.layout_
        assert layout is not None
        px = layout.px
        drawn = []
        for ring in self.target_rects():
            ring = ring.inflate(px(RING * 2), px(RING * 2))
            pygame.draw.rect(surface, art.ACCENT, ring, px(RING), border_radius=px(10))
            drawn.append(ring)
        box = self.rect()
        surface.blit(art.panel(box.size, True), box)
        y = box.top + px(10)
        for line in self.title_lines(box.w):
            surface.blit(fonts.text(line, px(TITLE), art.ACCENT, True), (box.left + px(14), y))
            y += fonts.line_step(px(TITLE), 1.3)
        y += px(2)
        size = px(TEXT)
        rows = len(_button_rows(BUTTONS, box.w - px(24), px))
        words_end = box.bottom - px(8) - rows * px(BUTTON_H + BUTTON_GAP)
        for text, color in self.words():
            for line in fonts.wrap(text, size, box.w - px(28)):
                if y + fonts.line_step(size) > words_end:
                    break
                surface.blit(fonts.text(line, size, color), (box.left + px(14), y))
                y += fonts.line_step(size)
        for button in self.scene.buttons:
            if button.name.startswith("lesson_"):
                button.draw(surface)
        drawn.append(box)
        return drawn


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
