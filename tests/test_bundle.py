"""The one-folder app (dist/havana/, built by `python3 tools/dev.py bundle`) runs
without Python: its version, a whole game against the hard bot on worker
processes, the host serving its web page, the menu's LAN host started as the menu
starts it, the menu drawn, and nothing written into the app's own folder; and it
stays small. Skipped when the app has not been built, unless
HAVANA_BUNDLE_REQUIRED=1 (CI, after building it), which makes that a failure."""

from __future__ import annotations

import json
import os
import signal
import struct
import subprocess
import sys
import time
import tomllib
import urllib.request
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "dist" / "havana"
WINDOWS = sys.platform == "win32"
HAVANA = APP / ("havana-cli.exe" if WINDOWS else "havana")
"""The command line (on Windows the console executable; elsewhere the only one)."""
WINDOWED = APP / ("havana.exe" if WINDOWS else "havana")
"""What the player starts, and so the menu's `sys.executable`."""
COMPRESSED_GOAL = 40e6
REQUIRED = os.environ.get("HAVANA_BUNDLE_REQUIRED") == "1"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]

_before: dict[str, int] = {}
"""The app folder's files and sizes before these tests ran it."""


def _files() -> dict[str, int]:
    return {str(p.relative_to(APP)): p.lstat().st_size for p in APP.rglob("*")}


@pytest.fixture(scope="module")
def app() -> Path:
    if not HAVANA.exists():
        reason = (f"the app has not been built ({HAVANA.relative_to(ROOT)} is missing; "
                  "build it with: python3 tools/dev.py bundle)")
        if REQUIRED:
            pytest.fail(f"{reason}, and HAVANA_BUNDLE_REQUIRED=1")
        pytest.skip(reason)
    _before.update(_files())
    return HAVANA


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """The app's environment: its player folder in `tmp_path`, no display, and no
    trace of the Python running the tests."""
    drop = ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "HAVANA_PURE_PYTHON")
    return {**{k: v for k, v in os.environ.items() if k not in drop},
            "HAVANA_CONFIG_DIR": str(tmp_path / "config"), "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy"}


def _stop(process: subprocess.Popen[str]) -> None:
    if process.poll() is None:
        process.send_signal(signal.CTRL_BREAK_EVENT if WINDOWS  # type: ignore[attr-defined]
                            else signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)


def _page(port: int) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as answer:
        assert answer.status == 200
        return str(answer.read().decode("utf-8"))


def _command_line(process: Any) -> str:
    """`process`'s command line ("" if it ended, or is not ours to read)."""
    import psutil  # type: ignore[import-untyped,unused-ignore]

    try:
        return " ".join(process.cmdline())
    except psutil.Error:
        return ""


def test_the_app_says_its_version(app: Path, env: dict[str, str]) -> None:
    done = subprocess.run([str(app), "--version"], capture_output=True, text=True, env=env,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"havana {VERSION} (rules engine: "), done.stdout


def test_a_whole_game_against_the_hard_bot_on_worker_processes(
        app: Path, env: dict[str, str]) -> None:
    """`havana tournament`: one game, the hard bot on two worker processes against
    the medium one. The workers are this app started again (freeze_support): while
    the game runs, the app has pool processes of its own."""
    import psutil  # type: ignore[import-untyped,unused-ignore]

    process = subprocess.Popen([str(app), "tournament", "--players", "2", "--seats",
                                "hard@50:2,medium", "--games", "1", "--json"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=env)
    pool = 0
    try:
        parent = psutil.Process(process.pid)
        while process.poll() is None:
            try:
                helpers = [p for p in parent.children(recursive=True)
                           if "resource_tracker" not in _command_line(p)]
            except psutil.Error:  # (the app ended while looked at)
                helpers = []
            pool = max(pool, len(helpers))
            time.sleep(0.05)
        out, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, err
    assert "Traceback" not in err and "usage:" not in err, err
    figures = json.loads(out)
    assert figures["games"] == 1 and sum(figures["end_reasons"].values()) == 1
    assert figures["decisions"]["hard@50:2"] > 0 and figures["iterations_mean"]["hard@50:2"] > 0
    assert pool >= 2, "the hard bot searched without its worker processes"


def test_the_host_serves_its_web_page(app: Path, env: dict[str, str]) -> None:
    process = subprocess.Popen([str(app), "host", "--json", "--players", "2", "--bots", "hard"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=env,  # (its own process group: for CTRL_BREAK_EVENT)
                               creationflags=getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0))
    try:
        started = json.loads(process.stdout.readline() or "{}")  # type: ignore[union-attr]
        assert started.get("port"), process.stderr.read() if process.stderr else ""
        page = _page(started["port"])
        assert "<title>Havana</title>" in page and "app.js" in page
        assert started["web"].endswith(f"#code={started['code']}")
    finally:
        _stop(process)


def test_the_menus_lan_host_starts_with_the_app_itself(
        app: Path, env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Host LAN game, as the bundled menu starts it (`lanhost.start`): the app's own
    executable (`launch.havana_command`) with the host's arguments, no `python -m`;
    it listens and serves."""
    from havana_game.client.session import lanhost

    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(WINDOWED))
    for name in ("HAVANA_CONFIG_DIR", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER"):
        monkeypatch.setenv(name, env[name])
    for name in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"):
        monkeypatch.delenv(name, raising=False)
    hosted = lanhost.start(lanhost.HostSetup(name="Ana", players=2, bots=["hard"]))
    try:
        assert hosted.process is not None
        # (on Windows the console executable, whose output reaches host.log for sure)
        assert hosted.process.args[:3] == [str(HAVANA), "host", "--lan"]  # type: ignore[index]
        assert hosted.wait_ready(60), hosted.error or hosted._log_text()
        assert "<title>Havana</title>" in _page(hosted.port)
    finally:
        hosted.stop()


def test_the_app_draws_the_menu(app: Path, env: dict[str, str], tmp_path: Path) -> None:
    """`havana screenshot` opens the window the menu opens in, draws its first frame,
    saves it and exits (how long that takes is `tools/bench_install.py`'s figure,
    not a timed test's)."""
    out = tmp_path / "menu.png"
    done = subprocess.run([str(app), "screenshot", "--scene", "menu", "--out", str(out)],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    header = out.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", header[16:24]) == (1280, 720)


def test_the_compressed_app_is_small(app: Path) -> None:
    archives = sorted(APP.parent.glob(f"havana-{VERSION}-*.*"))
    assert archives, "no archive beside dist/havana/ (tools/bundle.py writes it)"
    size = archives[-1].stat().st_size
    assert size <= COMPRESSED_GOAL, f"{archives[-1].name}: {size / 1e6:.1f} MB"


def test_the_app_writes_nothing_into_its_own_folder(app: Path) -> None:
    """Whatever ran above kept its files in the player's folders: the app's folder
    may be read-only (installed for every user, or on a read-only volume)."""
    assert _files() == _before
