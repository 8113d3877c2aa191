"""The window and the main loop: events, then update(dt), then draw, at most 60
times a second, and only when there is something new: input, a message from a
background thread (`wake.nudge`), or the scene's next timed change
(`Scene.wake_in`: 0 while it animates). In between the loop rests (`wake.wait`).
Gamepads are read as keys
(`gamepad`). F11 toggles fullscreen; a resize lays the current scene out again."""

from __future__ import annotations

import os
import time
import warnings
from typing import Any

import pygame

from .. import launch
from . import wake
from .audio.sound import Sounds
from .gamepad import Pads
from .profile.settings import Settings
from .scenes.base import Scene
from .screens import screen_class
from .ui import fonts
from .ui.i18n import set_language

MIN_SIZE = (1280, 720)
FPS = 60
MAX_DT = 0.1
"""The longest step animations take at once (after a stall they jump no further)."""
CLICK_GUARD = 0.3
"""Seconds a new prompt's controls ignore clicks after they appear: a click meant
for the prompt before (when the engine played a forced step at once) does not
land on the next one."""


def window_position() -> tuple[int, int] | None:
    """Where the window is on the desktop (None if the video driver cannot say)."""
    with warnings.catch_warnings():  # (pygame-ce's Window over the display module warns)
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            return tuple(pygame.Window.from_display_module().position)  # type: ignore[return-value]
        except (pygame.error, AttributeError):
            return None


def place_window(position: tuple[int, int]) -> None:
    """Put the window at `position`, moved as little as needed to be wholly on the
    desktop (the displays side by side)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            window = pygame.Window.from_display_module()
        except (pygame.error, AttributeError):
            return
        sizes = pygame.display.get_desktop_sizes() or [(window.size[0], window.size[1])]
        right = sum(w for w, _ in sizes) - window.size[0]
        bottom = max(h for _, h in sizes) - window.size[1]
        window.position = (max(0, min(position[0], right)), max(0, min(position[1], bottom)))


class App:
    """Owns the window, the settings, the sounds and the current scene."""

    def __init__(self, settings: Settings | None = None,
                 size: tuple[int, int] | None = None) -> None:
        # The window's own framebuffer (X11: shared memory), not an OpenGL texture
        # (SDL's default where GL exists): every frame is drawn in software anyway,
        # and through a software GL (no GPU driver, Xvfb) showing a 1920x1080 frame
        # took 12 ms of CPU instead of 0.4 ms. A player may still choose otherwise.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        launch.dpi_aware()  # (Windows: real pixels, not a blurred blow-up)
        pygame.display.init()
        pygame.font.init()  # the mixer starts in `Sounds`, quietly
        self.settings = settings or Settings.load()
        set_language(self.settings.language)
        fonts.set_text_scale(self.settings.text_size)
        pygame.display.set_caption("Havana")
        with launch.ICON.open("rb") as icon:
            pygame.display.set_icon(pygame.image.load(icon, "icon.png"))
        pygame.key.set_repeat(400, 40)
        self.fullscreen = False
        self.windowed_at: tuple[int, int] | None = None
        """Where the window was before F11 made it full-screen (it goes back there)."""
        self.screen = self._open_window(size or self.settings.window_size,
                                        self.settings.fullscreen)
        self.sounds = Sounds(self.settings.volume, self.settings.muted)
        self.pads = Pads()
        self.clock = pygame.time.Clock()
        self.running = True
        self.fresh = True
        """The scene changed or was laid out again: draw the next frame at once."""
        self.click_guard = CLICK_GUARD
        """(`CLICK_GUARD`; tests' synthetic clicks, faster than any hand, set 0.)"""
        self.scene: Scene = screen_class("menu")(self)
        self.scene.layout(self.screen.get_size())

    def _open_window(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        self.fullscreen = fullscreen
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def switch(self, scene: Scene) -> None:
        """Show `scene` from the next frame on."""
        self.scene = scene
        self.scene.layout(self.screen.get_size())
        self.fresh = True

    def show(self, screen: str, /, *args: Any, **kwargs: Any) -> Scene:
        """Show the screen called `screen` in `screens.SCREENS`, made with `args`
        and `kwargs` after the app: how one screen opens another."""
        scene = screen_class(screen)(self, *args, **kwargs)
        self.switch(scene)
        return scene

    def show_menu(self) -> None:
        """Back to the title menu (where Esc leads from most screens)."""
        self.show("menu")

    def toggle_fullscreen(self) -> None:
        """F11: full-screen, or back to the window where it was (and on screen)."""
        self.settings.fullscreen = not self.fullscreen
        if self.settings.fullscreen:
            self.windowed_at = window_position()
        self.screen = self._open_window(self.settings.window_size, self.settings.fullscreen)
        if not self.fullscreen and self.windowed_at is not None:
            place_window(self.windowed_at)
        self.settings.save()
        self.scene.layout(self.screen.get_size())

    def handle(self, event: pygame.event.Event) -> None:
        """Window-level events first, then the scene's; a gamepad's as the keys
        they stand for (`gamepad.Pads`)."""
        keys = self.pads.translate(event)
        if keys is not None:
            for key_event in keys:
                self.handle(key_event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.scene.focus = None  # the mouse is in use: no focus ring left behind
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif event.type == pygame.VIDEORESIZE and not self.fullscreen:
            size = (max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h))
            if size != (event.w, event.h):
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            else:
                surface = pygame.display.get_surface()
                assert surface is not None, "a resized window has a surface"
                self.screen = surface
            self.settings.window_size = size
            self.scene.layout(size)
        else:
            self.scene.handle_event(event)

    def frame(self, dt: float, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: handle `events` (or the queued ones), update, draw."""
        for event in pygame.event.get() if events is None else events:
            self.handle(event)
        self.scene.update(dt)
        self.scene.draw(self.screen)
        self.scene.draw_focus(self.screen)

    def run(self) -> int:
        """The main loop, until the window closes or Quit is chosen."""
        self.frame(0.0)
        pygame.display.flip()
        self.sounds.warm_up()
        self.sounds.set_music(self.settings.music_volume)
        from net.client import ClientConnection  # (asyncio: not before the first frame)
        ClientConnection.on_message = wake.nudge
        last = time.monotonic()
        while self.running:
            self.clock.tick(FPS)  # at most FPS frames a second
            delay = 0.0 if self.fresh else self.scene.wake_in()
            self.fresh = False
            events = wake.wait(delay)
            now = time.monotonic()
            # time-driven things see the time that passed, up to the rest the scene asked for
            dt = min(now - last, max(MAX_DT, delay or 0.0))
            last = now
            self.frame(dt, events)
            pygame.display.flip()
        ClientConnection.on_message = None
        self.settings.save()
        close = getattr(self.scene, "close", None)
        if close:
            close()
        pygame.quit()
        return 0
