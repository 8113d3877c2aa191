"""A quiet ambient loop, generated at start-up (no audio files): a son-like
progression in A minor at 100 beats a minute, soft chord pads, an anticipated
bass on "two-and" and "four", and a 3-2 clave, eight bars that loop seamlessly."""

from __future__ import annotations

import math
from array import array

RATE = 22050
"""The mixer's rate."""
SYNTH_RATE = RATE // 2
"""The rate the loop is made at (each sample is then played twice: half the work,
and nothing in it is above 3 kHz)."""
BEAT = 0.6
"""Seconds per beat (100 a minute)."""
BAR = 4 * BEAT
A4 = 440.0
PROGRESSION = (("A", "minor"), ("D", "minor"), ("G", "major"), ("C", "major"),
               ("F", "major"), ("D", "minor"), ("E", "major"), ("A", "minor"))
"""One chord a bar."""
ROOTS = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0}
"""Semitones from A4."""
THIRDS = {"major": 4, "minor": 3}
CLAVE = (0.0, 1.5, 3.0, 5.0, 6.0)
"""3-2 son clave, in beats over two bars."""
LEVELS = {"pad": 0.11, "bass": 0.3, "clave": 0.12}


def _pitch(semitones: float) -> float:
    return A4 * 2 ** (semitones / 12)


def _add(samples: list[float], start: float, length: float, freq: float, level: float,
         attack: float, decay: float, harmonics: tuple[float, float, float] = (1.0, 0.0, 0.0)
         ) -> None:
    """A note into `samples` (at `SYNTH_RATE`, wrapping round the loop's end): a
    sine with its second and third overtones (`harmonics`: their weights), a
    linear attack and an exponential decay (time constant `decay`)."""
    total = len(samples)
    first = int(start * SYNTH_RATE)
    count = int(length * SYNTH_RATE)
    step = 2 * math.pi * freq / SYNTH_RATE
    fade = math.exp(-1 / (decay * SYNTH_RATE))
    rise = 1 / max(1.0, attack * SYNTH_RATE)
    release = count - int(0.05 * SYNTH_RATE)
    one, two, three = harmonics
    envelope = 1.0
    for i in range(count):
        s, c = math.sin(step * i), math.cos(step * i)
        shape = min(1.0, i * rise) * envelope * (1.0 if i < release else (count - i) /
                                                 (count - release))
        samples[(first + i) % total] += level * shape * (
            one * s + two * 2 * s * c + three * s * (3 - 4 * s * s))
        envelope *= fade


def ambient_loop() -> array:
    """The loop as signed 16-bit mono samples at `RATE`, peaking at a quarter of
    full scale (the mixer's music volume sets how loud it plays)."""
    samples = [0.0] * int(len(PROGRESSION) * BAR * SYNTH_RATE)
    for bar, (root, quality) in enumerate(PROGRESSION):
        start, base = bar * BAR, ROOTS[root]
        for interval in (0, THIRDS[quality], 7):
            _add(samples, start, BAR, _pitch(base + interval - 12), LEVELS["pad"] / 3,
                 attack=0.6, decay=3.0, harmonics=(1.0, 0.15, 0.0))
        for beat, interval in ((1.5, 0), (3.0, 7)):  # the tumbao's "two-and" and "four"
            _add(samples, start + beat * BEAT, BEAT * 1.4, _pitch(base + interval - 24),
                 LEVELS["bass"], attack=0.01, decay=0.35, harmonics=(1.0, 0.4, 0.1))
    for two_bars in range(len(PROGRESSION) // 2):
        for beat in CLAVE:
            _add(samples, two_bars * 2 * BAR + beat * BEAT, 0.06, 2500.0, LEVELS["clave"],
                 attack=0.001, decay=0.012)
    peak = max(1e-6, max(abs(s) for s in samples))
    scale = 8000 / peak
    return array("h", (int(scale * s) for s in samples for _ in range(RATE // SYNTH_RATE)))
