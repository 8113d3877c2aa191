"""Every command starts quietly: no pygame banner, and on a machine without a sound
device (like the test machines) no ALSA messages, at most one line saying the
game plays silently."""

from __future__ import annotations

import os
import subprocess
import sys


def run_quietly(code: str, tmp_path) -> subprocess.CompletedProcess[str]:
    """Run `code` with the real audio driver search and pygame's own default about its
    banner (SDL_AUDIODRIVER and PYGAME_HIDE_SUPPORT_PROMPT unset)."""
    unset = ("SDL_AUDIODRIVER", "PYGAME_HIDE_SUPPORT_PROMPT")
    env = {key: value for key, value in os.environ.items() if key not in unset}
    env.update(SDL_VIDEODRIVER="dummy", HAVANA_CONFIG_DIR=str(tmp_path))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=60, check=True)


def test_the_window_opens_without_banner_or_audio_noise(tmp_path):
    done = run_quietly("from havana_game.client.app import App; App()", tmp_path)
    lines = done.stderr.splitlines()
    assert done.stdout == ""
    assert len(lines) <= 1 and all(line.startswith("havana: no sound (") for line in lines), \
        done.stderr


def test_importing_pygame_through_the_package_prints_nothing(tmp_path):
    done = run_quietly("import havana_game, pygame", tmp_path)
    assert (done.stdout, done.stderr) == ("", "")


def test_without_a_display_the_game_says_so_instead_of_an_invisible_window(tmp_path):
    hidden = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER")
    env = {key: value for key, value in os.environ.items() if key not in hidden}
    env.update(XDG_RUNTIME_DIR=str(tmp_path), HAVANA_CONFIG_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "havana_game.cli", "play", "--players", "2"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2
    assert done.stderr == ("havana play: no display to open the game window on "
                           "(is DISPLAY or WAYLAND_DISPLAY set?)\n")
