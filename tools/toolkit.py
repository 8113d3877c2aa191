"""What the project's set-up tools (dev, package, floors, bundle) share: how a
tool says what it does and why it stops, and where a virtual environment keeps
its programs on each system."""

from __future__ import annotations

import os
import sys
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
