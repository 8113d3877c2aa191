"""Time-driven animations: things flying across the table, cards flipping,
numbers counting up. All are skippable, and their speed is a setting."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame


def ease_out(t: float) -> float:
    """Cubic ease-out on 0..1."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 3 * t * t - 2 * t * t * t


@dataclass
class Flight:
    """A surface moving from `start` to `end` (centers) after `delay` seconds."""

    surface: pygame.Surface
    start: tuple[float, float]
    end: tuple[float, float]
    duration: float
    delay: float = 0.0
    elapsed: float = 0.0
    arc: float = 0.12
    """Height of the arc, as a share of the distance."""

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def position(self) -> tuple[float, float] | None:
        """Where the surface's center is now; None before it starts."""
        if self.elapsed < self.delay:
            return None
        t = ease_in_out((self.elapsed - self.delay) / self.duration)
        (x0, y0), (x1, y1) = self.start, self.end
        lift = self.arc * ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 * 4 * t * (1 - t)
        return x0 + (x1 - x0) * t, y0 + (y1 - y0) * t - lift


@dataclass
class Counter:
    """A number shown counting from `start` to `end`."""

    start: float
    end: float
    duration: float
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    @property
    def value(self) -> int:
        return round(self.start + (self.end - self.start) * ease_out(self.elapsed / self.duration))


@dataclass
class Flip:
    """A card turning over: 0..1 progress; the back shows for the first half."""

    duration: float
    delay: float = 0.0
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def progress(self) -> float:
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))


@dataclass
class Animator:
    """All running animations. `speed` multiplies time; 0 makes everything instant."""

    speed: float = 1.0
    flights: list[Flight] = field(default_factory=list)
    counters: dict[str, Counter] = field(default_factory=dict)
    flips: dict[str, Flip] = field(default_factory=dict)
    on_land: Callable[[], None] | None = None

    @property
    def busy(self) -> bool:
        return bool(self.flights or self.counters or self.flips)

    def fly(self, surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float],
            duration: float = 0.55, delay: float = 0.0) -> None:
        if self.speed > 0:
            self.flights.append(Flight(surface, start, end, duration, delay))

    def count(self, key: str, start: float, end: float, duration: float = 0.8) -> None:
        if self.speed > 0 and start != end:
            self.counters[key] = Counter(start, end, duration)

    def flip(self, key: str, duration: float = 0.45, delay: float = 0.0) -> None:
        if self.speed > 0:
            self.flips[key] = Flip(duration, delay)

    def value(self, key: str, final: int) -> int:
        """The number to show for `key` now (the final value when not counting)."""
        counter = self.counters.get(key)
        return counter.value if counter else final

    def update(self, dt: float) -> None:
        step = dt * self.speed
        for flight in self.flights:
            flight.elapsed += step
        landed = [f for f in self.flights if f.done]
        if landed:
            self.flights = [f for f in self.flights if not f.done]
            if self.on_land:
                self.on_land()
        for group in (self.counters, self.flips):
            for key in [k for k, item in group.items() if _advance(item, step)]:
                del group[key]

    def skip(self) -> None:
        """Finish every animation now."""
        self.flights.clear()
        self.counters.clear()
        self.flips.clear()

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The flights in the air now; where they went."""
        drawn = []
        for flight in self.flights:
            spot = flight.position()
            if spot is not None:
                drawn.append(surface.blit(flight.surface, flight.surface.get_rect(
                    center=(int(spot[0]), int(spot[1])))))
        return drawn


def _advance(item: Counter | Flip, step: float) -> bool:
    item.elapsed += step
    return item.done
