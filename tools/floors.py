"""The dependency floors are promises: install every dependency at the lowest version
pyproject.toml allows, and run the test suite on them.

    python3 tools/floors.py            .venv-floors: the pure-Python wheel of
                                       dist/wheels/ (`tools/package.py --build` makes it),
                                       and each dependency pyproject.toml names, the test
                                       tools included, at its floor (uv's
                                       --resolution lowest-direct); then the suite

The tests run from this checkout, as `tools/dev.py test` runs them (its compiled
engine where `.venv` built one), so what differs from the main leg is only the
libraries' versions; as there, the suite runs on pytest-xdist's workers (one per
core, 2 to 4) and a test that fails is run once more, alone (`toolkit.run_tests`: a
library below its floor fails every time). The floors found this way, and why each
is what it is, are in pyproject.toml's comments. Standard library only; needs `.venv` (with
uv: run `python3 tools/package.py` first) and the wheel.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import NoReturn

sys.path.insert(0, str(Path(__file__).resolve().parent))  # toolkit.py, beside this file
import toolkit  # noqa: E402
from toolkit import bin_dir, suite_workers  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
FLOORS = ROOT / ".venv-floors"
WHEELS = ROOT / "dist" / "wheels"
SHOWN = ("pygame-ce", "msgpack", "pydantic", "zeroconf", "websockets", "segno",
         "platformdirs", "psutil", "pytest", "hypothesis", "selenium")
"""The libraries whose installed versions the leg prints (the direct dependencies)."""


def fail(message: str) -> NoReturn:
    toolkit.fail("havana floors", message)


def main() -> int:
    uv = bin_dir(VENV) / "uv"
    wheels = sorted(WHEELS.glob("havana_game-*-py3-none-any.whl"))
    if not uv.exists() or not wheels:
        fail("no uv in .venv or no pure-Python wheel in dist/wheels: run "
             "`python3 tools/package.py --build` first")
    started = time.monotonic()
    print("installing every dependency at its floor into .venv-floors...", flush=True)
    shutil.rmtree(FLOORS, ignore_errors=True)
    env = {**os.environ, "VIRTUAL_ENV": str(FLOORS)}
    env.pop("HAVANA_PURE_PYTHON", None)
    for command in ([str(uv), "venv", "--quiet", "--python", sys.executable, str(FLOORS)],
                    [str(uv), "pip", "install", "--quiet", "--no-deps", str(wheels[-1])],
                    [str(uv), "pip", "install", "--quiet", "--resolution", "lowest-direct",
                     "-r", str(ROOT / "pyproject.toml"), "--extra", "test"]):
        if subprocess.run(command, env=env).returncode != 0:
            fail(f"`{' '.join(command)}` failed")
    listed = subprocess.run([str(uv), "pip", "list", "--format", "freeze"], env=env,
                            capture_output=True, text=True).stdout.splitlines()
    print("  " + ", ".join(line for line in listed if line.split("==")[0] in SHOWN)
          + f" (in {time.monotonic() - started:.0f} s)", flush=True)
    return toolkit.run_tests("havana floors", bin_dir(FLOORS) / "python",
                             ["-o", f"cache_dir={FLOORS / 'pytest-cache'}"], ROOT,
                             workers=suite_workers())


if __name__ == "__main__":
    raise SystemExit(main())
