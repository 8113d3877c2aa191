"""What every screen shares: buttons and text fields laid out for the window
size, a title, keyboard shortcuts, and the list of controls tests can click."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import art, fonts
from ..widgets import Button, TextField

if TYPE_CHECKING:
    from ..app import App


class Scene:
    """A screen. Subclasses build their widgets in `layout` and draw in `draw_content`."""

    def __init__(self, app: App, back_to: Scene | None = None) -> None:
        self.app = app
        self.back_to = back_to
        """The screen Esc and Back return to (the menu if None)."""
        self.buttons: list[Button] = []
        self.fields: list[TextField] = []
        self.size = (0, 0)

    @property
    def scale(self) -> float:
        w, h = self.size
        return min(w / 1280, h / 720)

    def px(self, value: float) -> int:
        return max(1, round(value * self.scale))

    def layout(self, size: tuple[int, int]) -> None:
        """Place the widgets for a window of `size` (called on every resize)."""
        self.size = size

    def relayout(self) -> None:
        self.layout(self.size)

    def controls(self) -> dict[str, pygame.Rect]:
        """Every enabled control by name: what a player (or a test) can click."""
        return {b.name: b.rect for b in self.buttons if b.enabled} | \
            {f.name: f.rect for f in self.fields}

    def button(self, name: str) -> Button | None:
        return next((b for b in self.buttons if b.name == name), None)

    def on_escape(self) -> None:
        """Esc: back to `back_to`, by default the menu."""
        if self.back_to is not None:
            self.app.switch(self.back_to)
            return
        from .menu import MenuScene
        self.app.switch(MenuScene(self.app))

    def on_enter(self) -> None:
        """Enter: the primary button, if any."""
        primary = next((b for b in self.buttons if b.primary and b.enabled), None)
        if primary:
            primary.action()

    def handle_event(self, event: pygame.event.Event) -> None:
        for text_field in self.fields:
            if text_field.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.on_escape()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.on_enter()
            return
        for button in list(self.buttons):
            if button.handle(event):
                if event.type == pygame.MOUSEBUTTONUP:
                    self.app.sounds.play("click")
                return

    def update(self, dt: float) -> None:
        """Advance time-driven things by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.table_background(surface.get_size()), (0, 0))
        self.draw_content(surface)
        for text_field in self.fields:
            text_field.draw(surface)
        for button in self.buttons:
            button.draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Whatever the screen shows besides its widgets."""

    def title(self, surface: pygame.Surface, text: str, y: float = 40) -> None:
        label = fonts.text(text, self.px(34), art.ACCENT, True)
        surface.blit(label, label.get_rect(midtop=(self.size[0] // 2, self.px(y))))

    def note(self, surface: pygame.Surface, text: str, y: float,
             color: tuple[int, int, int] = art.TEXT_LIGHT, size: float = 16) -> None:
        """A centered, wrapped paragraph starting at design height `y`."""
        for i, line in enumerate(fonts.wrap(text, self.px(size), self.px(900))):
            label = fonts.text(line, self.px(size), color)
            surface.blit(label, label.get_rect(midtop=(self.size[0] // 2,
                                                       self.px(y) + i * fonts.line_step(
                                                           self.px(size), 1.4))))
