"""What every screen shares: buttons and text fields laid out for the window
size, a title, keyboard shortcuts, and the list of controls tests can click."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..ui import art, fonts
from ..ui.focus import ARROWS, draw_ring, nearest
from ..ui.widgets import Button, TextField

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
        self.focus: str | None = None
        """The control Tab or an arrow moved to (by name): Enter and Space carry it
        out (with no focus, Enter confirms)."""

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
        else:
            self.app.show_menu()

    def focus_order(self) -> list[str]:
        """Tab's path: every control in reading order, line by line from the top and
        left to right along a line. Controls whose middles lie within half a
        control's height of a line's first one share that line (a fanned hand
        is one line)."""
        controls = self.controls()
        lines: list[list[str]] = []
        for name in sorted(controls, key=lambda n: controls[n].centery):
            rect = controls[name]
            if lines and abs(rect.centery - controls[lines[-1][0]].centery) <= rect.h // 2:
                lines[-1].append(name)
            else:
                lines.append([name])
        return [name for line in lines for name in sorted(line, key=lambda n: controls[n].left)]

    def move_focus(self, step: int) -> None:
        """Tab (+1) or Shift+Tab (-1): focus the next or previous control; a text
        field that gets the focus takes the typing."""
        order = self.focus_order()
        if not order:
            self.set_focus(None)
            return
        here = order.index(self.focus) if self.focus in order else (-1 if step > 0 else 0)
        self.set_focus(order[(here + step) % len(order)])

    def set_focus(self, name: str | None) -> None:
        self.focus = name
        for text_field in self.fields:
            text_field.active = text_field.name == name

    def choosable(self, name: str) -> bool:
        """Whether control `name` can be carried out now: the arrows visit only those."""
        return True

    def move_focus_toward(self, direction: tuple[int, int]) -> None:
        """An arrow: focus the nearest choosable control that way (with no focus yet,
        the first one on Tab's path)."""
        controls = self.controls()
        candidates = {n: controls[n] for n in self.focus_order() if self.choosable(n)}
        if self.focus not in controls:
            self.set_focus(next(iter(candidates), None))
            return
        assert self.focus is not None
        found = nearest(controls[self.focus], candidates, direction)
        if found is not None:
            self.set_focus(found)

    def activate(self, name: str) -> bool:
        """Carry out control `name` as a click on it would; False if it is not one
        that can be carried out (a text field)."""
        button = self.button(name)
        if button is None or not button.enabled:
            return False
        self.app.sounds.play("click")
        button.action()
        return True

    def draw_focus(self, surface: pygame.Surface) -> None:
        """A ring around the focused control (drawn over the finished frame)."""
        rect = self.controls().get(self.focus) if self.focus else None
        if rect is not None:
            draw_ring(surface, rect, max(2, self.px(2)), self.px(3))

    def on_pause(self) -> None:
        """Pause (a gamepad's Start): the pause menu of a screen that has one."""

    def on_enter(self) -> None:
        """Enter with nothing focused: the primary button, if any."""
        primary = next((b for b in self.buttons if b.primary and b.enabled), None)
        if primary:
            primary.action()

    def handle_event(self, event: pygame.event.Event) -> None:
        for text_field in self.fields:
            if text_field.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            focused = self.focus if self.focus in self.controls() else None
            if event.key == pygame.K_TAB:
                self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            elif event.key in ARROWS:
                self.move_focus_toward(ARROWS[event.key])
            elif event.key == pygame.K_ESCAPE:
                self.on_escape()
            elif event.key == pygame.K_PAUSE:
                self.on_pause()
            elif event.key == pygame.K_SPACE and focused is not None:
                self.activate(focused)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and (
                    focused is None or not self.activate(focused)):
                self.on_enter()  # Enter carries out the focused control, or else confirms
            return
        for button in list(self.buttons):
            if button.handle(event):
                if event.type == pygame.MOUSEBUTTONUP:
                    self.app.sounds.play("click")
                return

    def update(self, dt: float) -> None:
        """Advance time-driven things by `dt` seconds."""

    def wake_in(self) -> float | None:
        """Seconds until the screen changes by itself (0 while something moves; a
        countdown's next second), or None if only input and news from a host or
        another thread change it: the main loop draws no frame before then."""
        return None

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
             color: tuple[int, int, int] = art.TEXT_LIGHT, size: float = 16) -> float:
        """A centered, wrapped paragraph starting at design height `y`; the design
        height below it."""
        step = fonts.line_step(self.px(size), 1.4)
        lines = fonts.wrap(text, self.px(size), self.px(900))
        for i, line in enumerate(lines):
            label = fonts.text(line, self.px(size), color)
            surface.blit(label, label.get_rect(midtop=(self.size[0] // 2, self.px(y) + i * step)))
        return y + len(lines) * step / self.scale
