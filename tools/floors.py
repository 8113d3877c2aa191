"""The dependency floors are promises: install every dependency at the lowest version
pyproject.toml allows, and run the test suite on them.

    python3 tools/floors.py            .venv-floors: the pure-Python wheel of
                                       dist/wheels/ (`tools/package.py --build` makes it),
                                       and each dependency pyproject.toml names, the test
                                       tools included, at its floor (uv's
                                       --resolution lowest-direct); then the suite

The tests run from this checkout, as `tools/dev.py test` runs them (its compiled
engine where `.venv` built one), so what differs from the main leg is only the
libraries' versions. A test that fails here is run once more, alone: on a busy
machine two of the table's timing-sensitive tests (the hotseat curtain, a resumed
recap) have failed once each in this leg and passed again, while a library below
its floor fails every time; the names of the tests that needed a second run stay in
the output. (`pytest -n 2` works by hand: tests/conftest.py gathers what the
workers saw for its end-of-run checks.) The floors found this way, and why each is what it
is, are in pyproject.toml's comments. Standard library only; needs `.venv` (with
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
from toolkit import bin_dir  # noqa: E402

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
    python = bin_dir(FLOORS) / "python"
    command = [str(python), "-m", "pytest", "-q", "-o", f"cache_dir={FLOORS / 'pytest-cache'}"]
    print(f"$ {' '.join(command[1:])}", flush=True)
    if subprocess.run(command, cwd=ROOT).returncode == 0:
        return 0
    print("havana floors: running the failed tests once more, alone (a test that passes "
          "then failed on timing, not on a library's floor; they are named above)", flush=True)
    return subprocess.run([*command, "--last-failed", "--last-failed-no-failures", "none"],
                          cwd=ROOT).returncode


if __name__ == "__main__":
    raise SystemExit(main())
