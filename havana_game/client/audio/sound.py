"""Small sound effects synthesised at start-up (no audio files), with volume
and mute. Without an audio device everything here quietly does nothing: the
audio libraries' complaints are kept off the terminal and one line says so."""

from __future__ import annotations

import math
import random
import sys
import threading
from array import array

import pygame

from ..quiet import native_errors_hidden
from .music import ambient_loop

RATE = 22050


def _tone(parts: list[tuple[float, float, float]], noise: float = 0.0) -> array:
    """Sum of (frequency Hz, start s, length s) notes with a plucked envelope."""
    length = max(start + dur for _, start, dur in parts)
    samples = [0.0] * int(RATE * length)
    rng = random.Random(1)
    for freq, start, dur in parts:
        first = int(start * RATE)
        for i in range(int(dur * RATE)):
            t = i / RATE
            envelope = math.exp(-t * 9 / dur) * min(1.0, i / 60)
            wave = math.sin(2 * math.pi * freq * t) + 0.3 * math.sin(4 * math.pi * freq * t)
            wave += noise * (rng.random() * 2 - 1)
            samples[first + i] += envelope * wave
    peak = max(1e-6, max(abs(s) for s in samples))
    return array("h", (int(8000 * s / peak) for s in samples))


SOUNDS = {
    "coin": lambda: _tone([(1320, 0, 0.12), (1760, 0.05, 0.16)]),
    "card": lambda: _tone([(300, 0, 0.08)], noise=2.5),
    "build": lambda: _tone([(196, 0, 0.25), (294, 0.08, 0.3), (392, 0.16, 0.35)]),
    "turn": lambda: _tone([(660, 0, 0.15), (880, 0.12, 0.25)]),
    "material": lambda: _tone([(520, 0, 0.07)], noise=0.8),
    "click": lambda: _tone([(900, 0, 0.04)]),
    "win": lambda: _tone([(523, 0, 0.3), (659, 0.15, 0.3), (784, 0.3, 0.3), (1046, 0.45, 0.6)]),
    "error": lambda: _tone([(180, 0, 0.2), (150, 0.1, 0.25)]),
}


class Sounds:
    """Plays the named effects at the current volume (0..1), and the ambient
    music loop (`music.ambient_loop`) at its own volume."""

    def __init__(self, volume: float, muted: bool) -> None:
        self.volume = volume
        self.muted = muted
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._music: pygame.mixer.Sound | None = None
        self._music_channel: pygame.mixer.Channel | None = None
        self._music_volume = 0.0
        self._music_making = False
        try:
            with native_errors_hidden():
                pygame.mixer.init(RATE, -16, 1, 512)
        except pygame.error as error:
            print(f"havana: no sound ({error}); playing silently", file=sys.stderr)

    def warm_up(self) -> None:
        """Synthesise the effects in the background (about half a second of work,
        so it must not delay the first frame); until then effects are silent."""
        if pygame.mixer.get_init() is not None and not self._sounds:
            threading.Thread(target=self._synthesise, daemon=True, name="havana-sounds").start()

    def _synthesise(self) -> None:
        for name, make in SOUNDS.items():
            self._sounds[name] = pygame.mixer.Sound(buffer=make().tobytes())

    def set_music(self, volume: float) -> None:
        """Play the ambient loop at `volume` (0: silent). It is made in the
        background the first time it is wanted (about a second of work)."""
        self._music_volume = volume
        if self._music is None:
            if volume > 0 and not self._music_making and pygame.mixer.get_init() is not None:
                self._music_making = True
                threading.Thread(target=self._make_music, daemon=True,
                                 name="havana-music").start()
            return
        if self._music_channel is None:
            self._music_channel = self._music.play(loops=-1)
        if self._music_channel is not None:
            self._music_channel.set_volume(0.0 if self.muted else volume)

    def _make_music(self) -> None:
        self._music = pygame.mixer.Sound(buffer=ambient_loop().tobytes())
        self.set_music(self._music_volume)

    def play(self, name: str) -> None:
        sound = self._sounds.get(name)
        if sound is None or self.muted or self.volume <= 0:
            return
        sound.set_volume(self.volume)
        sound.play()
