"""How the main loop rests: it sleeps until input arrives, until the current
scene's next timed change (`Scene.wake_in`), or until a background thread (a
host connection's messages, a hint's answer) calls `nudge()`.

pygame-ce's own `event.wait` polls the window every millisecond (4% of a core
under X); this loop looks at the window's input every `INPUT_POLL` seconds
instead and sleeps on a `threading.Event` in between, so a nudge from another
thread wakes it at once.
"""

from __future__ import annotations

import threading
import time

import pygame

INPUT_POLL = 1 / 100
"""Seconds between two looks at the window's input while resting (the input
latency at rest: under one frame at 60 frames a second)."""

_nudged = threading.Event()


def nudge() -> None:
    """Wake the main loop (from any thread): something a scene shows has arrived."""
    _nudged.set()


def wait(delay: float | None) -> list[pygame.event.Event]:
    """Input events, waiting for them up to `delay` seconds (None: until input or a
    nudge). Returns early, maybe with no events, when nudged."""
    events = pygame.event.get()
    if events or delay is not None and delay <= 0:
        _nudged.clear()
        return events
    deadline = None if delay is None else time.monotonic() + delay
    while True:
        step = INPUT_POLL if deadline is None else min(INPUT_POLL,
                                                       deadline - time.monotonic())
        if step <= 0:
            return []
        if _nudged.wait(step):
            _nudged.clear()
            return pygame.event.get()
        events = pygame.event.get()
        if events:
            return events
