"""How long a player waits: installing a built wheel with pip, uv and pipx into a
fresh environment with nothing cached (every library downloaded from the package
index), and the one-folder app's start until its menu is drawn.

    python3 tools/bench_install.py [--runs N]      one JSON object on stdout

Needs `tools/package.py --build` (the wheels in dist/wheels/, uv and pipx in .venv)
and, for the app, `tools/dev.py bundle` (dist/havana/). The app's start is timed
with `havana screenshot --scene menu` (start, the menu's first frame drawn and
saved, exit) on SDL's offscreen driver; each figure is the median of N runs with
the smallest and largest. Keep the figures with `tools/record_bench.py`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / ".venv" / "bin"
WHEELS = ROOT / "dist" / "wheels"
APP = ROOT / "dist" / "havana" / "havana"


def timed(run: Callable[[Path], list[str]], runs: int) -> dict[str, float]:
    """Seconds of `run(folder)`'s command in a new empty folder, over `runs` runs."""
    seconds = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="havana-bench-") as folder:
            command = run(Path(folder))
            started = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True,
                           env={**os.environ, "PIPX_HOME": f"{folder}/pipx",
                                "PIPX_BIN_DIR": f"{folder}/bin", "UV_TOOL_DIR": f"{folder}/uv",
                                "UV_TOOL_BIN_DIR": f"{folder}/bin",
                                "PIPX_MAN_DIR": f"{folder}/man"})
            seconds.append(time.perf_counter() - started)
    return {"median_s": round(statistics.median(seconds), 2), "min_s": round(min(seconds), 2),
            "max_s": round(max(seconds), 2), "runs": runs}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    (pure,) = WHEELS.glob("*-py3-none-any.whl")
    (compiled,) = WHEELS.glob("*manylinux*.whl")

    def pip(folder: Path) -> list[str]:
        subprocess.run([sys.executable, "-m", "venv", str(folder / "venv")], check=True)
        return [str(folder / "venv/bin/pip"), "install", "--quiet", "--no-cache-dir",
                str(compiled)]

    def uv(folder: Path) -> list[str]:
        return [str(TOOLS / "uv"), "tool", "install", "--quiet", "--no-cache", str(pure)]

    def pipx(folder: Path) -> list[str]:
        return [str(TOOLS / "pipx"), "install", "--quiet", "--pip-args=--no-cache-dir",
                str(compiled)]

    def app(folder: Path) -> list[str]:
        os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                          HAVANA_CONFIG_DIR=str(folder))
        return [str(APP), "screenshot", "--scene", "menu", "--out", str(folder / "menu.png")]

    figures: dict[str, object] = {
        "wheel_mb": {path.name: round(path.stat().st_size / 1e6, 2)
                     for path in sorted(WHEELS.iterdir())},
        "pip_install_compiled_wheel": timed(pip, args.runs),
        "uv_tool_install_pure_wheel": timed(uv, args.runs),
        "pipx_install_compiled_wheel": timed(pipx, args.runs)}
    if APP.exists():
        folder_bytes = sum(p.stat().st_size for p in APP.parent.rglob("*")
                           if p.is_file() and not p.is_symlink())
        archives = sorted(APP.parent.parent.glob("havana-*.tar.gz"))
        figures["app_folder_mb"] = round(folder_bytes / 1e6, 1)
        figures["app_archive_mb"] = round(archives[-1].stat().st_size / 1e6, 1) if archives \
            else None
        figures["app_start_to_menu_drawn"] = timed(app, args.runs)
    print(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
