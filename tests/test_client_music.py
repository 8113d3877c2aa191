"""The ambient music: a generated loop (no audio file), quiet, with its own
volume in Settings; off in tests."""

from __future__ import annotations

import math

from havana_game.client.audio.music import BAR, PROGRESSION, RATE, ambient_loop
from havana_game.client.scenes.settings import SettingsScene

from .test_client_support import click, make_app, step


def test_the_loop_is_eight_bars_every_one_of_them_sounding():
    samples = ambient_loop()
    bar = int(BAR * RATE)
    assert len(samples) == len(PROGRESSION) * bar
    assert max(abs(s) for s in samples) == 8000  # a quarter of full scale at most
    for n in range(len(PROGRESSION)):
        chunk = samples[n * bar:(n + 1) * bar]
        rms = math.sqrt(sum(s * s for s in chunk) / len(chunk))
        assert 300 < rms < 4000, n
    assert abs(samples[0] - samples[-1]) < 2000  # no click where it loops


def test_music_has_its_own_volume_and_is_off_in_tests(tmp_path):
    app = make_app(tmp_path)
    assert app.settings.music_volume == 0.0
    scene = SettingsScene(app)
    app.switch(scene)
    step(app)
    step(app, click(scene.controls()["music"]))
    assert app.settings.music_volume == 0.2 and app.sounds._music_volume == 0.2
    for _ in range(5):
        step(app, click(scene.controls()["music"]))
    assert app.settings.music_volume == 0.0 and app.sounds._music_volume == 0.0
