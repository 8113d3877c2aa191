"""Set-up and checks in one command, on a fresh machine too (standard library only).

    python3 tools/dev.py play    install into .venv (when needed) and start the game
    python3 tools/dev.py test    install .venv with the test tools, then ruff, mypy and
                                 the whole test suite on the installed (compiled) engine,
                                 then the engine, AI and save tests on the pure-Python one
    python3 tools/dev.py bundle  the one-folder app for people without Python, dist/havana/
                                 and its archive (PyInstaller; tools/bundle.py)

Everything goes into a virtual environment (`.venv` beside this repository), so it
works where the system Python refuses `pip install` (Debian, Ubuntu). Where no C
compiler is found the engine installs as pure Python, and one line says so.
With arguments, `play` starts a game at once: they go to `havana play`
(`python3 tools/dev.py play --players 2 --ai hard`); without, the menu opens.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
STAMP = VENV / ".havana-installed"
PURE_TESTS = ["tests/test_rules_*.py", "tests/test_ai_*.py", "tests/test_saves_*.py",
              "tests/test_fixtures*.py"]
"""The tests the second CI leg runs on the pure-Python engine."""
FOREIGN_OS_TESTS = ["tests/test_platforms.py", "tests/test_net_journal.py",
                    "tests/test_net_durability.py", "tests/test_net_store.py",
                    "tests/test_saves_and_cli.py", "tests/test_net_cli.py",
                    "tests/test_net_processes.py", "tests/test_client_lanhost.py",
                    "tests/test_ai_parallel.py", "tests/test_cli_quiet.py",
                    "tests/test_client_resume.py", "tests/test_i18n_runtime.py"]
"""The tests the foreign-OS legs run again on Linux made to look like Windows, then
macOS (`tests/foreign_os.py`): durable writes, the host and its stop signals, the LAN
host process, the AI pool, quiet starts, the client's start and resume, languages."""
FOREIGN_OS_SKIPS = {"windows": ["tests/test_cli_quiet.py::"
                                "test_the_window_opens_without_banner_or_audio_noise"]}
"""Tests of Linux's own behaviour a foreign leg leaves out (ALSA's noise: an emulated
windowed app cannot hide descriptor 2, and real Windows has no ALSA)."""
PYTEST = ("pytest", "-q")
"""pytest as `test` runs it: one -q, so its last line is the summary ("N passed in
S s"); a second -q anywhere (pyproject's addopts) would leave that line out."""


def say(message: str) -> None:
    """What the set-up is doing (an install takes a minute: it should not look stuck)."""
    print(message, flush=True)


def took(seconds: float) -> str:
    """"1 min 05 s" or "48 s"."""
    whole = round(seconds)
    return f"{whole // 60} min {whole % 60:02d} s" if whole >= 60 else f"{whole} s"


def fail(message: str) -> None:
    print(f"havana: {message}", file=sys.stderr)
    raise SystemExit(2)


def python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def make_venv() -> None:
    """`.venv` with pip; where this Python has no ensurepip (Debian without
    python3-venv) with the system pip installing into it."""
    if python().exists():
        return
    try:
        venv.EnvBuilder(with_pip=True).create(VENV)
        return
    except (subprocess.CalledProcessError, OSError):
        shutil.rmtree(VENV, ignore_errors=True)
    if subprocess.run([sys.executable, "-m", "pip", "--version"],
                      capture_output=True).returncode != 0:
        fail("this Python cannot make a virtual environment (no ensurepip, no pip); on "
             "Debian or Ubuntu install one with: sudo apt install python3-venv")
    venv.EnvBuilder(with_pip=False).create(VENV)


def pip_install(target: str) -> None:
    """pip-install `target` into `.venv` (with the venv's pip, else the system's)."""
    own_pip = subprocess.run([str(python()), "-m", "pip", "--version"],
                             capture_output=True).returncode == 0
    command = ([str(python()), "-m", "pip"] if own_pip
               else [sys.executable, "-m", "pip", "--python", str(python())])
    result = subprocess.run([*command, "install", "--quiet", "--disable-pip-version-check",
                             "-e", target], cwd=ROOT)
    if result.returncode != 0:
        fail(f"installing {target} failed (pip's messages are above)")


def sources_digest() -> str:
    """What an install depends on: the build files and the engine's sources."""
    digest = hashlib.sha256()
    for path in [ROOT / "pyproject.toml", ROOT / "setup.py",
                 *sorted((ROOT / "havana_game" / "rules").glob("*.py"))]:
        digest.update(path.read_bytes())
    return digest.hexdigest()


def engine_kind() -> str:
    """"compiled" or "pure Python": the engine `.venv` runs."""
    return subprocess.run([str(python()), "-c", "import havana_game; "
                           "print(havana_game.engine_kind())"],
                          capture_output=True, text=True, cwd=ROOT).stdout.strip()


def install(extra: str) -> None:
    """Install the project (with `extra`, e.g. "test") unless `.venv` is current: made
    from these sources, with this extra or (for none) any. An install says what it
    does, step by step, and how long it took; a current `.venv` says nothing."""
    digest = sources_digest()
    installed = STAMP.read_text().split() if python().exists() and STAMP.exists() else []
    if installed[:1] == [digest] and (not extra or extra in installed[1:]):
        return
    started = time.monotonic()
    pure = os.environ.get("HAVANA_PURE_PYTHON") == "1"
    say(f"{'Updating Havana in' if installed else 'Installing Havana into'} .venv (about a "
        f"minute{'' if pure else '; compiling the rules engine'})...")
    if not python().exists():
        say("  making the virtual environment .venv")
        make_venv()
    say(f"  installing the game and the libraries it uses{' and the test tools' if extra else ''}"
        f" with pip{'' if pure else ', compiling the rules engine with mypyc'}")
    pip_install(f".[{extra}]" if extra else ".")
    STAMP.write_text(" ".join([digest, *([extra] if extra else installed[1:2])]))
    say("  checking which rules engine runs")
    kind = engine_kind()
    if kind != "compiled" and not pure:
        print("havana: the rules engine could not be compiled (no C compiler?), so it runs "
              "as pure Python: the same games, about half as fast (HAVANA_PURE_PYTHON=1 "
              "skips trying)", file=sys.stderr)
    say(f"Havana is installed ({kind or 'unknown'} rules engine), in "
        f"{took(time.monotonic() - started)}; later starts skip this.")


def run(*command: str, **env: str) -> int:
    print("$", " ".join(command), flush=True)
    return subprocess.run([str(python()), "-m", *command], cwd=ROOT,
                          env={**os.environ, **env}).returncode


def test() -> int:
    """ruff, mypy and every test; then the pure-Python engine's leg; then the
    foreign-OS legs (`FOREIGN_OS_TESTS` as on Windows, then as on macOS)."""
    install("test")
    for command in (("ruff", "check", "."), ("mypy",), PYTEST):
        code = run(*command)
        if code:
            return code
    pure = sorted(str(p.relative_to(ROOT)) for pattern in PURE_TESTS for p in ROOT.glob(pattern))
    if not pure:
        fail(f"no tests for the pure-Python leg ({', '.join(PURE_TESTS)})")
    code = run(*PYTEST, *pure, HAVANA_PURE_PYTHON="1")
    if code:
        return code
    for system in ("windows", "macos"):  # the same calls as each system allows them
        skips = [f"--deselect={name}" for name in FOREIGN_OS_SKIPS.get(system, [])]
        code = run(*PYTEST, "-p", "tests.foreign_os", *skips, *FOREIGN_OS_TESTS,
                   HAVANA_FOREIGN_OS=system)
        if code:
            return code
    return 0


def play(arguments: list[str]) -> int:
    """The menu, or with `arguments` a game at once (`havana play ARGUMENTS`)."""
    install("")
    havana = VENV / ("Scripts/havana.exe" if os.name == "nt" else "bin/havana")
    return subprocess.run([str(havana), *(["play", *arguments] if arguments else [])]).returncode


def main() -> int:
    if sys.version_info < (3, 11):  # noqa: UP036 - any python3 may run this script
        fail(f"Havana needs Python 3.11 or newer, and this is {sys.version.split()[0]}")
    if len(sys.argv) < 2 or sys.argv[1] not in ("play", "test", "bundle"):
        print(__doc__, file=sys.stderr)
        return 2
    if sys.argv[1] == "bundle":
        from bundle import main as bundle  # (tools/bundle.py, beside this file)
        return bundle(sys.argv[2:])
    if sys.argv[1] == "test":
        if len(sys.argv) > 2:
            fail("`test` takes no arguments (run .venv/bin/python -m pytest ... for a part)")
        return test()
    return play(sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
