"""Client benchmark: frame times of a 4-player mid-game table at 1920x1080 with
animations running (software rendering, SDL dummy driver); the time between
frames of a local game paced at 60 frames a second while three hard bots think
on the client's own host, against the same with random bots (which do not
think); and the time from starting `havana` to the menu drawn.

    python3 tools/bench_client.py [--frames 600]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

STARTUP = """
import time, sys
start = float(sys.argv[1])
from havana_game.cli import build_parser
build_parser()
import pygame
from havana_game.client.app import App
app = App()
app.frame(0.0, [])
pygame.display.flip()
print(time.time() - start)
"""


def frame_times(frames: int, size: tuple[int, int]) -> tuple[list[float], int]:
    """Milliseconds per frame (update + draw + flip) while the table animates
    the updates of rounds 4 to 8; also how many frames had something flying."""
    import pygame

    from havana_game.client.app import App
    from havana_game.client.profile.settings import Settings
    from havana_game.client.scenes.table import TableScene
    from havana_game.client.session.headless import advanced_game

    os.environ.setdefault("HAVANA_CONFIG_DIR", "/tmp/havana-bench")
    app = App(Settings(window_size=size, animation_speed=1.0), size=size)
    link = advanced_game(4, 7, 8)
    scene = TableScene(app, link)
    app.switch(scene)
    scene.update(0.0)
    scene.flow.fast_forward(4)
    times, busy = [], 0
    mouse = pygame.event.Event(pygame.MOUSEMOTION, pos=(size[0] // 2, size[1] // 4),
                               rel=(0, 0), buttons=(0, 0, 0))
    for i in range(frames):
        start = time.perf_counter()
        app.frame(1 / 60, [mouse] if i % 30 == 0 else [])
        pygame.display.flip()
        times.append((time.perf_counter() - start) * 1000)
        busy += scene.animator.busy
    return times, busy


def frame_gaps(level: str, seconds: float, size: tuple[int, int]) -> tuple[list[float], int]:
    """Milliseconds between frames (60 a second wanted) of a local game against
    three `level` bots from its start, where the bots make their opening choices
    while the player has not (they think in the host's thread, in this process);
    also how many opening choices the bots made meanwhile."""
    import pygame

    from havana_game.client.app import App
    from havana_game.client.profile.settings import Settings
    from havana_game.client.scenes.table import TableScene
    from havana_game.client.session.netlink import NetLink

    os.environ.setdefault("HAVANA_CONFIG_DIR", "/tmp/havana-bench")
    app = App(Settings(window_size=size, animation_speed=1.0), size=size)
    link = NetLink.local(["human", level, level, level], ["Ana", "Bo", "Cy", "Di"], seed=1)
    scene = TableScene(app, link)
    app.switch(scene)
    while scene.view is None:  # the table's first layout is not a frame of play
        app.frame(1 / 60, [])
        time.sleep(0.005)
    for _ in range(10):
        app.frame(1 / 60, [])
    gaps: list[float] = []
    last = time.perf_counter()
    end = last + seconds
    while last < end:
        app.frame(1 / 60, [])
        pygame.display.flip()
        time.sleep(max(0.0, last + 1 / 60 - time.perf_counter()))
        now = time.perf_counter()
        gaps.append((now - last) * 1000)
        last = now
    chosen = sum(1 for event in scene.model.events if event.get("kind") == "cards_chosen")
    scene.close()
    return gaps, chosen


def startup_seconds(runs: int = 3) -> list[float]:
    """Wall time from launching the interpreter to the menu's first frame."""
    out = []
    for _ in range(runs):
        result = subprocess.run([sys.executable, "-c", STARTUP, repr(time.time())],
                                capture_output=True, text=True, cwd=ROOT, check=True,
                                env={**os.environ, "HAVANA_CONFIG_DIR": "/tmp/havana-bench"})
        out.append(float(result.stdout.strip().splitlines()[-1]))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--frames", type=int, default=600)
    args = parser.parse_args()
    times, busy = frame_times(args.frames, (1920, 1080))
    times.sort()
    p95 = times[int(len(times) * 0.95) - 1]
    print(f"table 4p 1920x1080, {len(times)} frames ({busy} animating): "
          f"median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms, max {times[-1]:.2f} ms"
          f"  (goal p95 <= 8 ms)")
    for level in ("random", "hard"):
        gaps, chosen = frame_gaps(level, 3.0, (1920, 1080))
        gaps.sort()
        print(f"local game, 3 {level} bots choosing (made {chosen}), 3 s at 60 frames/s: "
              f"gap median {statistics.median(gaps):.1f} ms, "
              f"p99 {gaps[int(len(gaps) * 0.99) - 1]:.1f} ms, max {gaps[-1]:.1f} ms")
    starts = startup_seconds()
    print(f"havana start to menu drawn: {min(starts):.2f} s best, {max(starts):.2f} s worst "
          f"of {len(starts)}  (goal < 1.5 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
