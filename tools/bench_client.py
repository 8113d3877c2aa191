"""Client benchmark: frame times of a 4-player mid-game table at 1920x1080 with
animations running (software rendering, SDL dummy driver), and the time from
starting `havana` to the menu drawn.

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
    from havana_game.client.headless import advanced_game
    from havana_game.client.scenes.table import TableScene
    from havana_game.client.settings import Settings

    os.environ.setdefault("HAVANA_CONFIG_DIR", "/tmp/havana-bench")
    app = App(Settings(window_size=size, animation_speed=1.0), size=size)
    link = advanced_game(4, 7, 8)
    scene = TableScene(app, link)
    app.switch(scene)
    scene.update(0.0)
    scene.fast_forward(4)
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
    starts = startup_seconds()
    print(f"havana start to menu drawn: {min(starts):.2f} s best, {max(starts):.2f} s worst "
          f"of {len(starts)}  (goal < 1.5 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
