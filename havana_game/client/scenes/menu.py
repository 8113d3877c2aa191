"""The title screen: a Havana skyline at dusk and the main menu."""

from __future__ import annotations

import math
from functools import lru_cache, partial

import pygame

from ..ui import art, fonts
from ..ui.i18n import tr
from ..ui.widgets import Button, column, grown, same_text_size
from .base import Scene


@lru_cache(maxsize=4)
def _skyline(size: tuple[int, int]) -> pygame.Surface:
    """A dusk sky over the Malecón: gradient, sun, a row of buildings and domes."""
    w, h = size
    surf = pygame.Surface(size)
    for y in range(h):
        t = y / h
        surf.fill((int(40 + 180 * t), int(30 + 90 * t), int(70 + 30 * t)), (0, y, w, 1))
    pygame.draw.circle(surf, (250, 200, 110), (int(w * 0.72), int(h * 0.62)), int(h * 0.12))
    ground = int(h * 0.78)
    x = 0
    i = 0
    while x < w:
        bw = int(w * (0.04 + 0.03 * ((i * 7) % 5) / 4))
        bh = int(h * (0.12 + 0.1 * ((i * 5) % 7) / 6))
        color = (40 + (i * 13) % 30, 30 + (i * 7) % 20, 50 + (i * 11) % 30)
        pygame.draw.rect(surf, color, (x, ground - bh, bw, bh))
        if i % 4 == 1:
            pygame.draw.circle(surf, color, (x + bw // 2, ground - bh), bw // 3)
        for wx in range(x + bw // 6, x + bw - bw // 6, max(6, bw // 4)):
            for wy in range(ground - bh + bh // 6, ground - bh // 8, max(8, bh // 5)):
                if (wx * 31 + wy * 17) % 5 < 2:
                    pygame.draw.rect(surf, (250, 210, 120), (wx, wy, max(2, bw // 12),
                                                             max(3, bh // 14)))
        x += bw + max(2, w // 300)
        i += 1
    pygame.draw.rect(surf, (20, 40, 60), (0, ground, w, h - ground))
    for k in range(12):
        yy = ground + int((h - ground) * (k + 0.5) / 12)
        pygame.draw.line(surf, (60, 90, 120), (0, yy), (w, yy + int(4 * math.sin(k))), 1)
    return surf.convert() if pygame.display.get_surface() else surf


PAIRED = ("menu.new", "menu.learn", "menu.resume", "menu.saved", "menu.rules", "menu.stats")
"""The menu's labels whose buttons share a line, two by two."""
SINGLE = ("menu.host", "menu.join", "menu.settings", "menu.quit")
"""The menu's labels whose buttons take a line each."""


class MenuScene(Scene):
    """New local game, LAN host/join, Continue (the latest saved game) and Saved
    games, Rules and Statistics, Settings, Quit."""

    choosing_lesson = False
    """Learn to play was clicked: the menu offers each edition's lesson."""

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.message = getattr(self, "message", "")
        if self.choosing_lesson:
            self._lesson_buttons(size)
            return
        entries = [("new", "menu.new", self.new_game), ("host", "menu.host", self.host),
                   ("join", "menu.join", self.join), ("resume", "menu.resume", self.resume),
                   ("rules", "menu.rules", self.rules), ("settings", "menu.settings",
                                                         self.settings),
                   ("quit", "menu.quit", self.quit)]
        rects = column(size[0] // 2, self.px(250), self._column_width(), self.px(46),
                       self.px(12), len(entries))
        from ..session.resume import every_game
        saved = bool(every_game())
        self.buttons = [Button(name, rect, tr(key), action, primary=name == "new",
                               enabled=name != "resume" or saved)
                        for (name, key, action), rect in zip(entries, rects, strict=True)]
        resume = self.buttons[3]  # Continue shares its line with Saved games
        gap = self.px(10)
        resume.rect.w = (resume.rect.w - gap) // 2
        resume.tooltip = tr("menu.resume.tip")
        self.buttons.insert(4, Button("saved", resume.rect.move(resume.rect.w + gap, 0),
                                      tr("menu.saved"), self.saved_games, enabled=saved))
        rules = self.buttons[5]  # and Rules with Statistics
        rules.rect.w = resume.rect.w
        new = self.buttons[0]  # and New game with Learn to play
        new.rect.w = resume.rect.w
        self.buttons.insert(1, Button("learn", new.rect.move(new.rect.w + gap, 0),
                                      tr("menu.learn"), self.learn,
                                      tooltip=tr("menu.learn.tip")))
        self.buttons.insert(7, Button("stats", rules.rect.move(rules.rect.w + gap, 0),
                                      tr("menu.stats"), self.statistics))
        same_text_size(self.buttons)

    def _column_width(self) -> int:
        """The buttons' column: 340 design pixels grown with the text size, wider
        still (up to the window's width) where a label would not fit its button at
        the buttons' full text size: two of them share a line."""
        height = self.px(46)
        face = fonts.font(max(9, int(height * 0.42)), True)  # (`Button.label_size`)
        margin = 2 * max(6, height // 4)
        paired = max(face.size(tr(key))[0] for key in PAIRED)
        single = max(face.size(tr(key))[0] for key in SINGLE)
        need = max(2 * (paired + margin) + self.px(10), single + margin)
        return min(self.size[0] - self.px(40), max(grown(self.px(340)), need))

    def _lesson_buttons(self, size: tuple[int, int]) -> None:
        """Each edition's lesson (the one left halfway resumes), then Back."""
        from ..table.lesson import LESSON_NAMES, LESSONS
        rects = column(size[0] // 2, self.px(310), grown(self.px(340)), self.px(46),
                       self.px(12), len(LESSONS) + 1)
        left = self.app.settings.tutorial_edition or LESSONS[0]
        self.buttons = [Button(f"lesson_{edition}", rect, tr(LESSON_NAMES[edition]),
                               partial(self.learn_edition, edition), primary=edition == left)
                        for edition, rect in zip(LESSONS, rects, strict=False)]
        self.buttons.append(Button("back", rects[-1], tr("back"), self.stop_choosing))
        same_text_size(self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(_skyline(self.size), (0, 0))
        title = fonts.text(tr("title"), self.px(92), art.ACCENT, True)
        shadow = fonts.text(tr("title"), self.px(92), (40, 20, 30), True)
        spot = title.get_rect(midtop=(self.size[0] // 2, self.px(40)))
        surface.blit(shadow, spot.move(self.px(4), self.px(4)))
        surface.blit(title, spot)
        sub = fonts.text(tr("subtitle"), self.px(20), art.TEXT_LIGHT)
        surface.blit(sub, sub.get_rect(midtop=(self.size[0] // 2, spot.bottom)))
        for button in self.buttons:
            button.draw(surface)
        if self.choosing_lesson:
            self.note(surface, tr("tutorial.pick"), 260, art.TEXT_LIGHT, 20)
        if self.message:
            self.note(surface, self.message, 680, art.ACCENT)

    def on_escape(self) -> None:
        if self.choosing_lesson:
            self.stop_choosing()
        else:
            self.quit()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE \
                and getattr(event, "pad", None) is not None:
            return  # a gamepad's B does not quit the game (its Quit button, with A, does)
        super().handle_event(event)

    def new_game(self) -> None:
        self.app.show("new_game")

    def learn(self) -> None:
        """Learn to play: the menu offers the lesson of each edition."""
        self.choosing_lesson, self.message = True, ""
        self.relayout()

    def stop_choosing(self) -> None:
        self.choosing_lesson = False
        self.relayout()

    def learn_edition(self, edition: str) -> None:
        """The interactive tutorial of `edition`, where it was left (or from its start)."""
        self.choosing_lesson = False
        self.app.show("tutorial", edition)

    def host(self) -> None:
        self.app.show("host_setup")

    def join(self) -> None:
        self.app.show("join")

    def resume(self) -> None:
        """Continue the game played last: a local game, a LAN table hosted here, or
        a LAN seat held here."""
        from ..session.resume import every_game, open_saved
        games = every_game()
        if not games or not open_saved(self.app, games[0]):
            self.message = tr("saved.broken")

    def saved_games(self) -> None:
        self.app.show("saved_games")

    def statistics(self) -> None:
        self.app.show("statistics")

    def rules(self) -> None:
        self.app.show("rules")

    def settings(self) -> None:
        self.app.show("settings")

    def quit(self) -> None:
        self.app.running = False
