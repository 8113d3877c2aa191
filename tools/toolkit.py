"""What the project's set-up tools (dev, package, floors, bundle) share: how a
tool says what it does and why it stops, where a virtual environment keeps its
programs on each system, and how a test leg runs."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NoReturn


def say(message: str) -> None:
    """What the tool is doing (an install takes a minute: it should not look stuck)."""
    print(message, flush=True)


def fail(tool: str, message: str, code: int = 2) -> NoReturn:
    """Stop with `message` on standard error, named by `tool`, and exit `code`."""
    print(f"{tool}: {message}", file=sys.stderr)
    raise SystemExit(code)


def bin_dir(env: Path) -> Path:
    """The programs' folder of the virtual environment `env`."""
    return env / ("Scripts" if os.name == "nt" else "bin")


def env_python(env: Path) -> Path:
    """The Python of the virtual environment `env`."""
    return bin_dir(env) / ("python.exe" if os.name == "nt" else "python")


def suite_workers() -> int:
    """pytest-xdist workers of a whole-suite leg: one per core, two at the least (a
    test that waits on a socket leaves its core to the other), four at the most."""
    return min(4, max(2, os.cpu_count() or 1))


def run_tests(tool: str, python: Path, arguments: Sequence[str], cwd: Path,
              workers: int = 1, env: Mapping[str, str] | None = None) -> int:
    """Run pytest (`-q`, `arguments`) on `workers` processes (pytest-xdist where
    more than one); the tests that failed run once more, alone, and only a second
    failure fails the leg (on two busy cores a test that waits on sockets and
    processes has failed once on timing; a real fault fails every time). The tests
    that needed their second run stay named in the output."""
    command = [str(python), "-m", "pytest", "-q", *arguments]
    spread = ["-n", str(workers)] if workers > 1 else []
    print(f"$ {' '.join(command[1:] + spread)}", flush=True)
    environment = None if env is None else {**os.environ, **env}
    if subprocess.run(command + spread, cwd=cwd, env=environment).returncode == 0:
        return 0
    print(f"{tool}: running the failed tests once more, alone (named above; one that "
          "passes now failed on timing)", flush=True)
    return subprocess.run([*command, "--last-failed", "--last-failed-no-failures", "none"],
                          cwd=cwd, env=environment).returncode
