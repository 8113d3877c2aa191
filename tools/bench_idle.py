"""Idle benchmark: the real client (`App.run`) left alone at the menu, at a
local table waiting for the player, in Learn to play, in the LAN lobby and on
the results screen, each in its own process, and the CPU it uses meanwhile (process CPU
time / wall time, all threads, as % of one core); then the table's frame times
(update + draw + flip, and the client's work alone: update + draw) while it
animates rounds 4 to 8 of a 4-player game, at 1920x1080 and 3840x2160.

Runs under the X server in $DISPLAY (Xvfb :7 for the figures in docs/bench/),
else on SDL's dummy video driver (which says little about idle CPU: it has no
real event wait). The machine the figures come from may be shared: the output
has /proc/loadavg before and after.

    python3 tools/bench_idle.py [--seconds 8] [--warm-up 4] [--frames 600] [--json FILE]
        [--base DIR [--rounds 3]]

With --base (a checkout of an earlier build, e.g. `git worktree add /tmp/base
COMMIT`), the table's frames are measured for that build too, in turns with
this one (base, this, this, base, ...), `--rounds` times each: on a shared
machine only figures taken side by side compare.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SCENES = ("menu", "table", "tutorial", "lobby", "results")
SIZES = ((1920, 1080), (3840, 2160))
GOAL_IDLE = 3.0
"""% of one core, at most, with nothing happening."""
DEFAULT_FRAMES = 600
"""Table frames per size by default: enough to reach the animations of rounds 4 to 8."""
GOAL_P95 = {(1920, 1080): 8.0, (3840, 2160): 16.0}
"""Frame time p95 goals (ms) while the table animates."""

IDLE_CHILD = r"""
import json, os, sys, threading, time
scene_name, warm_up, seconds = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
import pygame
from havana_game.client.app import App
from havana_game.client.profile.settings import Settings
from havana_game.client.table.screen import TableScreen

app = App(Settings(window_size=(1920, 1080)), size=(1920, 1080))
if scene_name == "table":
    from havana_game.client.session.netlink import NetLink
    from havana_game.client.scenes.table import TableScene
    link = NetLink.local(["human", "easy", "easy", "easy"], ["Ana", "Bo", "Cy", "Di"], seed=3)
    app.switch(TableScene(app, link))
elif scene_name == "lobby":  # a LAN table hosted from the menu, its host process running
    from havana_game.client.scenes.hostsetup import HostSetupScene
    app.switch(HostSetupScene(app))
    app.scene.open_table()
    hosted = app.scene.lan_host
elif scene_name == "tutorial":  # Learn to play at its first step, its box up
    app.show("tutorial", restart=True)
elif scene_name == "results":
    from havana_game.client.shots import table_scene
    table_scene(app, 4, 7, None).show_results()
result = {}

def measure():
    time.sleep(warm_up)
    cpu, wall = time.process_time(), time.monotonic()
    time.sleep(seconds)
    cpu, wall = time.process_time() - cpu, time.monotonic() - wall
    scene = app.scene
    result.update(scene=type(scene).__name__, cpu_percent=round(100 * cpu / wall, 2),
                  seconds=round(wall, 2),
                  waiting_for_player=isinstance(scene, TableScreen) and scene.flow.deciding())
    pygame.event.post(pygame.event.Event(pygame.QUIT))

threading.Thread(target=measure, daemon=True).start()
app.run()
if scene_name == "lobby":
    hosted.forget()
print("RESULT " + json.dumps(result), flush=True)
os._exit(0)
"""

FRAMES_CHILD = r"""
import gc, json, os, sys, time
width, height, frames = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
import pygame
from havana_game.client.app import App
from havana_game.client.session.headless import advanced_game
from havana_game.client.scenes.table import TableScene
from havana_game.client.profile.settings import Settings

app = App(Settings(window_size=(width, height), animation_speed=1.0), size=(width, height))
scene = TableScene(app, advanced_game(4, 7, 8))
app.switch(scene)
scene.update(0.0)
scene.flow.fast_forward(4)
mouse = pygame.event.Event(pygame.MOUSEMOTION, pos=(width // 2, height // 4), rel=(0, 0),
                           buttons=(0, 0, 0))
pauses = []
gc.callbacks.append(lambda phase, info: pauses.append((phase, time.perf_counter())))
times, work, animating = [], [], []
for i in range(frames):
    start = time.perf_counter()
    app.frame(1 / 60, [mouse] if i % 30 == 0 else [])
    drawn = time.perf_counter()
    pygame.display.flip()
    times.append((time.perf_counter() - start) * 1000)
    work.append((drawn - start) * 1000)
    animating.append(bool(scene.animator.busy))
starts = [t for phase, t in pauses if phase == "start"]
stops = [t for phase, t in pauses if phase == "stop"]
gc_ms = [(b - a) * 1000 for a, b in zip(starts, stops)]
print("RESULT " + json.dumps({"times": times, "work": work, "animating": animating,
                              "window": list(app.screen.get_size()),
                              "gc_runs": len(gc_ms), "gc_max_ms": max(gc_ms, default=0.0)}),
      flush=True)
os._exit(0)
"""


def loadavg() -> str:
    try:
        return Path("/proc/loadavg").read_text().strip()
    except OSError:
        return "unknown"


def run_child(code: str, args: list[str], timeout: float,
              root: Path = ROOT) -> dict[str, Any]:
    """Run `code` in a fresh interpreter of this Python, in a throwaway config
    folder, on the build in `root`; its RESULT line, parsed."""
    with tempfile.TemporaryDirectory(prefix="havana-bench-idle-") as config:
        env = {**os.environ, "HAVANA_CONFIG_DIR": config, "SDL_AUDIODRIVER": "dummy",
               "PYTHONPATH": str(root)}
        if not env.get("DISPLAY"):
            env["SDL_VIDEODRIVER"] = "dummy"
        # output to a file, not a pipe: the AI's worker processes the table starts
        # inherit it and outlive the child for a moment (a pipe would wait for them)
        with tempfile.TemporaryFile("w+") as output:
            subprocess.run([sys.executable, "-c", code, *args], stdout=output,
                           stderr=subprocess.STDOUT, text=True, cwd=root, env=env,
                           timeout=timeout, check=False)
            output.seek(0)
            printed = output.read()
    line = next((ln for ln in printed.splitlines() if ln.startswith("RESULT ")), None)
    if line is None:
        raise RuntimeError(f"benchmark child failed:\n{printed}")
    result: dict[str, Any] = json.loads(line[len("RESULT "):])
    return result


def commit(root: Path) -> str:
    """The commit checked out in `root` ("" if it is no git checkout)."""
    done = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True,
                          text=True, check=False)
    return done.stdout.strip()


def frame_figures(got: dict[str, Any]) -> dict[str, Any] | None:
    """The frame times of one run while the table animates (None: it never did)."""
    moving = [t for t, busy in zip(got["times"], got["animating"], strict=True) if busy]
    working = [t for t, busy in zip(got["work"], got["animating"], strict=True) if busy]
    if not moving:
        return None
    return {"window": got["window"], "frames": len(got["times"]),
            "animating_frames": len(moving),
            "p50_ms": round(statistics.median(moving), 2),
            "p95_ms": round(percentile(moving, 0.95), 2),
            "max_ms": round(max(moving), 2),
            "work_p50_ms": round(statistics.median(working), 2),
            "work_p95_ms": round(percentile(working, 0.95), 2),
            "work_max_ms": round(max(working), 2),
            "all_frames_max_ms": round(max(got["times"]), 2),
            "gc_runs": got["gc_runs"], "gc_max_ms": round(got["gc_max_ms"], 2)}


def print_figures(build: str, width: int, height: int, figures: dict[str, Any]) -> None:
    window = figures["window"]
    print(f"{build}table {width}x{height} (window {window[0]}x{window[1]}), "
          f"{figures['animating_frames']} of {figures['frames']} frames animating: p50 "
          f"{figures['p50_ms']:.2f} ms, p95 {figures['p95_ms']:.2f} ms, max "
          f"{figures['max_ms']:.2f} ms (all frames max {figures['all_frames_max_ms']:.2f});"
          f" gc {figures['gc_runs']} runs, longest {figures['gc_max_ms']:.1f} ms  "
          f"(goal p95 <= {GOAL_P95[(width, height)]:.0f} ms)\n"
          f"  of which the client's work (update + draw, without the flip to the X "
          f"server): p50 {figures['work_p50_ms']:.2f} ms, p95 {figures['work_p95_ms']:.2f}"
          f" ms, max {figures['work_max_ms']:.2f} ms", flush=True)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * share) - 1)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=8.0, help="measured per scene")
    parser.add_argument("--warm-up", type=float, default=4.0,
                        help="seconds before measuring (the table's opening animations)")
    parser.add_argument("--frames", type=int, default=DEFAULT_FRAMES,
                        help="table frames per size (0: the idle figures only)")
    parser.add_argument("--scenes", default=",".join(SCENES))
    parser.add_argument("--json", type=Path,
                        help="also write the figures here (-: on stdout, the rest on stderr, "
                             "for tools/record_bench.py)")
    parser.add_argument("--base", type=Path,
                        help="a checkout of an earlier build: its table frames too, in turns")
    parser.add_argument("--rounds", type=int, default=3,
                        help="with --base: runs of each build per size (default 3)")
    args = parser.parse_args()
    if args.base is not None and not (args.base / "havana_game").is_dir():
        parser.error(f"--base {args.base}: no havana_game there (a checkout of the game)")
    if args.rounds < 1:
        parser.error(f"--rounds is a count of runs, 1 or more: not {args.rounds}")
    if args.frames < 0:
        parser.error(f"--frames is a count of frames, 0 or more: not {args.frames}")
    stdout = sys.stdout
    if args.json == Path("-"):
        sys.stdout = sys.stderr
    report: dict[str, Any] = {
        "command": " ".join(["python3", "tools/bench_idle.py", *sys.argv[1:]]),
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "display": os.environ.get("DISPLAY") or "SDL dummy driver",
        "machine": "shared: 2 cores with other engineers' builds and tests running; "
                   "loadavg says how busy it was",
        "loadavg_before": loadavg(), "idle": {}, "frames": {}}
    print(f"display {report['display']}, loadavg {report['loadavg_before']}")
    for scene in filter(None, args.scenes.split(",")):
        idle = run_child(IDLE_CHILD, [scene, str(args.warm_up), str(args.seconds)],
                         timeout=args.warm_up + args.seconds + 120)
        report["idle"][scene] = idle
        extra = " (waiting for the player)" if idle["waiting_for_player"] else ""
        print(f"idle {scene:8} {idle['scene']:>14}{extra}: {idle['cpu_percent']:5.1f}% of a core"
              f" over {idle['seconds']:.0f} s  (goal <= {GOAL_IDLE:.0f}%)")
    builds = [("this", ROOT)] + ([("base", args.base.resolve())] if args.base else [])
    if args.base:
        report["base"] = {"path": str(args.base), "commit": commit(args.base.resolve())}
        report["this_commit"] = commit(ROOT)
        report["base_frames"] = {}
    for width, height in SIZES if args.frames else ():
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name, _ in builds}
        for turn in range(args.rounds if args.base else 1):
            order = builds if turn % 2 else builds[::-1]  # base first, then in turns
            for name, root in order:
                got = run_child(FRAMES_CHILD, [str(width), str(height), str(args.frames)],
                                timeout=600, root=root)
                figures = frame_figures(got)
                if figures is None:
                    print(f"frames {width}x{height}: none of the {args.frames} frames "
                          f"animated; give more --frames (the default {DEFAULT_FRAMES} "
                          "reach the animations)", file=sys.stderr)
                    return 2
                runs[name].append(figures)
                print_figures(f"{name} " if args.base else "", width, height, figures)
        for name, measured in runs.items():
            summary = dict(measured[0])
            if len(measured) > 1:  # the median run of each figure, and every run
                summary = {k: statistics.median([m[k] for m in measured])
                           if isinstance(v, (int, float)) else v for k, v in summary.items()}
                summary["runs"] = measured
            report["frames" if name == "this" else "base_frames"][f"{width}x{height}"] = summary
        if args.base:
            this, base = (statistics.median([m["p95_ms"] for m in runs[n]])
                          for n in ("this", "base"))
            report.setdefault("p95_ratio", {})[f"{width}x{height}"] = round(this / base, 3)
            print(f"table {width}x{height}: p95 this {this:.2f} ms, base {base:.2f} ms "
                  f"(median of {len(runs['this'])} runs each): this/base {this / base:.2f}x")
    report["loadavg_after"] = loadavg()
    print(f"loadavg after {report['loadavg_after']} (the machine may be shared)")
    if args.json == Path("-"):
        stdout.write(json.dumps(report, indent=1) + "\n")
    elif args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=1) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
