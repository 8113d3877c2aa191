"""`havana_game.platforms`: each function's branch for Linux, macOS and Windows,
run on Linux with `platforms.SYSTEM` set (and the system calls watched)."""

from __future__ import annotations

import asyncio
import errno
import fcntl
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psutil
import pytest

from havana_game import i18n, platforms

ROOT = Path(__file__).resolve().parent.parent
linux_calls = pytest.mark.skipif(
    os.environ.get("HAVANA_FOREIGN_OS") == "windows",
    reason="tests/foreign_os.py's windows refuses the calls of this Linux branch")


@pytest.fixture
def on(monkeypatch: pytest.MonkeyPatch):
    """Set the system the platform module believes it runs on."""
    def set_system(system: str) -> None:
        monkeypatch.setattr(platforms, "SYSTEM", system)
    return set_system


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """os.fsync, os.fdatasync and fcntl.fcntl, recorded (and done)."""
    seen: list[tuple[Any, ...]] = []
    fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (seen.append(("fsync", fd)), fsync(fd))[1])
    monkeypatch.setattr(os, "fdatasync", lambda fd: (seen.append(("fdatasync", fd)), fsync(fd))[1],
                        raising=False)
    return seen


# --- durability ------------------------------------------------------------------------

def test_linux_syncs_data_with_fdatasync(tmp_path: Path, on, calls) -> None:
    on("linux")
    with open(tmp_path / "f", "wb") as handle:
        platforms.sync_data(handle.fileno())
        assert calls == [("fdatasync", handle.fileno())]


def test_without_fdatasync_data_is_synced_with_fsync(tmp_path: Path, on, calls,
                                                     monkeypatch) -> None:
    on("windows")
    monkeypatch.delattr(os, "fdatasync")
    with open(tmp_path / "f", "wb") as handle:
        platforms.sync_data(handle.fileno())
        assert calls == [("fsync", handle.fileno())]


def test_macos_asks_for_a_full_fsync_and_falls_back_to_fsync(tmp_path: Path, on, calls,
                                                            monkeypatch) -> None:
    on("macos")
    monkeypatch.setattr(fcntl, "F_FULLFSYNC", 51, raising=False)
    full: list[int] = []
    monkeypatch.setattr(fcntl, "fcntl", lambda fd, cmd, arg=0: full.append(cmd))
    with open(tmp_path / "f", "wb") as handle:
        platforms.sync_data(handle.fileno())
        assert (full, calls) == ([51], [])

        def refused(fd: int, cmd: int, arg: int = 0) -> None:
            raise OSError(errno.ENOTSUP, "not on this file system")
        monkeypatch.setattr(fcntl, "fcntl", refused)
        platforms.sync_data(handle.fileno())
        assert calls == [("fsync", handle.fileno())]
        monkeypatch.delattr(fcntl, "F_FULLFSYNC")  # (as on Linux: no such request)
        platforms.sync_data(handle.fileno())
        assert calls == [("fsync", handle.fileno())] * 2


@linux_calls
def test_linux_and_macos_sync_a_folder_windows_does_not_open_it(tmp_path: Path, on, calls,
                                                               monkeypatch) -> None:
    on("linux")
    platforms.sync_folder(tmp_path)
    assert [name for name, _ in calls] == ["fsync"]
    on("windows")
    opened: list[Any] = []
    monkeypatch.setattr(os, "open", lambda *args: opened.append(args))
    platforms.sync_folder(tmp_path)
    assert (opened, len(calls)) == ([], 1)


@linux_calls
def test_a_folder_that_cannot_be_opened_or_synced_is_not_an_error(tmp_path: Path, on,
                                                                 monkeypatch) -> None:
    on("linux")
    real_open = os.open

    def refused(*args: Any) -> int:
        raise PermissionError(errno.EACCES, "Permission denied")
    monkeypatch.setattr(os, "open", refused)
    platforms.sync_folder(tmp_path)
    monkeypatch.setattr(os, "open", real_open)

    def no_sync(fd: int) -> None:
        raise OSError(errno.EINVAL, "Invalid argument")
    monkeypatch.setattr(os, "fsync", no_sync)
    platforms.sync_folder(tmp_path)

    def failing(fd: int) -> None:
        raise OSError(errno.EIO, "Input/output error")
    monkeypatch.setattr(os, "fsync", failing)
    with pytest.raises(OSError, match="Input/output"):  # a real failure is not hidden
        platforms.sync_folder(tmp_path)


def test_the_journal_opens_its_segments_binary(tmp_path: Path, monkeypatch) -> None:
    from net.host.journal import Files, JournalWriter

    monkeypatch.setattr(platforms, "BINARY", 0x8000)
    flags: list[int] = []

    class Watched(Files):
        def open(self, path: Any, mode_flags: int, mode: int = 0o777) -> int:  # type: ignore[override]
            flags.append(mode_flags)
            return os.open(path, mode_flags & ~0x8000, mode)
    writer = JournalWriter(tmp_path, Watched())
    writer.append(1, b"frame")
    writer.close()
    assert flags and all(f & 0x8000 for f in flags)
    assert platforms.BINARY == 0x8000 and getattr(os, "O_BINARY", 0) in (0, 0x8000)


# --- processes -------------------------------------------------------------------------

def _sleeper(marker: str) -> subprocess.Popen[bytes]:
    """A process asleep with `marker` among its arguments, returned once it runs (its
    command line can be read only once the interpreter started: "ready")."""
    child = subprocess.Popen([sys.executable, "-c", "import time; print('ready', flush=True); "
                              "time.sleep(60)", marker], stdout=subprocess.PIPE)
    assert child.stdout is not None and child.stdout.readline() == b"ready\n"
    return child


def test_alive_command_line_and_terminate() -> None:
    child = _sleeper("havana-marker")
    try:
        assert platforms.alive(child.pid)
        assert "havana-marker" in (platforms.command_line(child.pid) or [])
        platforms.terminate(child.pid, 5.0)  # (it reaps the child: Popen sees 0)
        assert not platforms.alive(child.pid)
    finally:
        child.kill()
    assert not platforms.alive(child.pid)
    assert platforms.command_line(child.pid) is None
    assert not platforms.alive(0) and not platforms.alive(True) and not platforms.alive("12")


def test_an_ended_unreaped_child_is_not_alive() -> None:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    deadline = time.monotonic() + 10
    while psutil.Process(child.pid).status() != psutil.STATUS_ZOMBIE:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    assert not platforms.alive(child.pid)
    child.wait()


def test_a_process_that_will_not_stop_is_killed() -> None:
    stubborn = subprocess.Popen([sys.executable, "-c", "import signal, sys, time; "
                                 "signal.signal(signal.SIGTERM, signal.SIG_IGN); "
                                 "print(1, flush=True); time.sleep(60)"],
                                stdout=subprocess.PIPE)
    assert stubborn.stdout is not None and stubborn.stdout.readline()
    started = time.monotonic()
    platforms.terminate(stubborn.pid, 0.3)
    # killed, after its grace time (a lower bound: a busy machine only adds to it)
    assert not platforms.alive(stubborn.pid) and time.monotonic() - started >= 0.3
    stubborn.wait(5)


def test_liveness_follows_one_process() -> None:
    child = _sleeper("liveness")
    running = platforms.liveness(child.pid)
    assert running()
    child.kill()
    child.wait()
    assert not running()
    assert not platforms.liveness(child.pid)()


def test_the_ai_pool_workers_end_when_the_program_is_killed() -> None:
    program = subprocess.Popen(
        [sys.executable, "-c", "import time\nfrom havana_game.ai.parallel import worker_pool\n"
         "pool = worker_pool(2)\nprint(list(pool._processes), flush=True)\ntime.sleep(60)"],
        stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert program.stdout is not None
    workers = json.loads(program.stdout.readline())
    assert workers and all(platforms.alive(pid) for pid in workers)
    program.kill()
    program.wait()
    deadline = time.monotonic() + 15
    while any(platforms.alive(pid) for pid in workers):
        assert time.monotonic() < deadline, "a worker outlived its program"
        time.sleep(0.1)


def test_lower_priority_per_system(on, monkeypatch) -> None:
    niced: list[Any] = []
    monkeypatch.setattr(os, "nice", niced.append)
    on("linux")
    platforms.lower_priority(5)
    assert niced == [5]
    on("windows")
    monkeypatch.setattr(psutil, "BELOW_NORMAL_PRIORITY_CLASS", 0x4000, raising=False)
    monkeypatch.setattr(psutil.Process, "nice", lambda self, value=None: niced.append(value))
    platforms.lower_priority(5)
    assert niced == [5, 0x4000]


def test_stop_signals_through_the_loop_or_through_signal_handlers(monkeypatch) -> None:
    async def stopped_by(signum: int) -> bool:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        platforms.on_stop_signals(loop, stop.set)
        os.kill(os.getpid(), signum)
        await asyncio.wait_for(stop.wait(), 5)
        return True

    saved = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        assert asyncio.run(stopped_by(signal.SIGTERM))  # Linux, macOS: the loop's handlers

        def none(self: Any, *args: Any) -> None:
            raise NotImplementedError  # Windows' event loops
        monkeypatch.setattr(asyncio.unix_events._UnixSelectorEventLoop, "add_signal_handler",
                            none)
        set_up: list[int] = []
        real_signal = signal.signal
        monkeypatch.setattr(signal, "signal",
                            lambda s, handler: (set_up.append(s), real_signal(s, handler))[1])
        assert asyncio.run(stopped_by(signal.SIGINT))
        assert {signal.SIGINT, signal.SIGTERM} <= set(set_up)  # (asyncio.run sets SIGINT too)
    finally:
        for signum, handler in saved.items():
            signal.signal(signum, handler)


@linux_calls
def test_stderr_is_hidden_and_where_there_is_no_fd_2_nothing_breaks(monkeypatch, capfd) -> None:
    with platforms.stderr_hidden():
        os.write(2, b"native noise\n")
    assert "native noise" not in capfd.readouterr().err

    def windowed(fd: int) -> int:
        raise OSError(errno.EBADF, "Bad file descriptor")
    with monkeypatch.context() as patched:  # (undone at once: pytest's capture dups too)
        patched.setattr(os, "dup", windowed)
        patched.setattr(sys, "stderr", None)
        with platforms.stderr_hidden():
            entered = True
    assert entered


# --- folders and language --------------------------------------------------------------

@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("HAVANA_CONFIG_DIR", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    return tmp_path


def test_config_folder_per_system(home: Path, on, monkeypatch) -> None:
    on("linux")
    assert platforms.config_dir() == home / ".config" / "havana"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "xdg"))
    assert platforms.config_dir() == home / "xdg" / "havana"
    monkeypatch.delenv("XDG_CONFIG_HOME")  # (recent platformdirs honour it on macOS too)
    on("macos")
    assert platforms.config_dir() == home / "Library" / "Application Support" / "havana"
    on("windows")
    import platformdirs.windows
    monkeypatch.setattr(platformdirs.windows, "get_win_folder",
                        lambda name: str(home / "AppData" / name))
    assert platforms.config_dir() == home / "AppData" / "CSIDL_LOCAL_APPDATA" / "havana"
    monkeypatch.setenv("HAVANA_CONFIG_DIR", str(home / "mine"))
    assert platforms.config_dir() == home / "mine"


def test_an_earlier_versions_folder_is_kept_on_macos_until_the_new_one_exists(home: Path,
                                                                             on) -> None:
    on("macos")
    (home / ".config" / "havana").mkdir(parents=True)
    assert platforms.config_dir() == home / ".config" / "havana"
    (home / "Library" / "Application Support" / "havana").mkdir(parents=True)
    assert platforms.config_dir() == home / "Library" / "Application Support" / "havana"


def test_an_unusable_config_folder_is_said_in_one_line_and_the_game_starts(
        tmp_path: Path, monkeypatch, capsys) -> None:
    from havana_game.client.profile import settings

    monkeypatch.setattr(settings, "_checked", set())
    blocked = tmp_path / "havana"
    blocked.write_text("a file where the folder should be")
    monkeypatch.setenv("HAVANA_CONFIG_DIR", str(blocked))
    loaded = settings.Settings.load()
    assert loaded == settings.Settings()
    loaded.save()  # not an error either
    settings.Settings.load()
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "is a file, not a folder" in err[0] and "HAVANA_CONFIG_DIR" in err[0]
    assert platforms.folder_problem(tmp_path / "new" / "folder") is None


def test_damaged_settings_from_another_system_are_said_and_defaults_used(
        tmp_path: Path, monkeypatch, capsys) -> None:
    from havana_game.client.profile import settings

    monkeypatch.setenv("HAVANA_CONFIG_DIR", str(tmp_path))
    path = tmp_path / "settings.json"
    path.write_bytes("{\"volume\": 0.25}".encode("utf-16"))
    assert settings.Settings.load() == settings.Settings()
    assert "cannot be read" in capsys.readouterr().err
    path.write_bytes(b"\xef\xbb\xbf{\"volume\": 0.25,\r\n \"window_size\": [\"a\", 2]}")  # BOM
    loaded = settings.Settings.load()
    assert (loaded.volume, loaded.window_size) == (0.25, settings.Settings().window_size)


def test_the_locale_variables_win_else_the_systems_languages(monkeypatch) -> None:
    import pygame.system

    locales = [{"language": "de", "country": "DE"}, {"language": "pt", "country": "BR"},
               {"language": "fr", "country": None}]
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: locales)
    for variable in platforms.LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    assert platforms.preferred_languages() == ["de", "pt", "fr"]
    assert i18n.system_language() == "pt"
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert platforms.preferred_languages() == ["ru"] and i18n.system_language() == "ru"
    monkeypatch.setenv("LANGUAGE", "fr_FR:ru")
    assert platforms.preferred_languages() == ["fr", "ru"]
    assert platforms.preferred_languages({}) == []  # an explicit environment only


def test_without_an_answer_from_sdl_the_language_is_english(monkeypatch) -> None:
    import pygame.system

    def broken() -> list[dict[str, str]]:
        raise RuntimeError("no locale support")
    monkeypatch.setattr(pygame.system, "get_pref_locales", broken)
    for variable in platforms.LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    assert platforms.preferred_languages() == [] and i18n.system_language() == "en"


@pytest.mark.skipif(not os.environ.get("HAVANA_FOREIGN_OS"), reason="the foreign-OS leg only")
def test_the_emulated_system_is_the_one_the_game_sees(tmp_path: Path) -> None:
    from net.host.journal import JournalWriter
    from tests import foreign_os

    system = os.environ["HAVANA_FOREIGN_OS"]
    assert system == platforms.SYSTEM and not hasattr(os, "fdatasync")
    before = foreign_os.FULL_FSYNCS[0]
    writer = JournalWriter(tmp_path)
    writer.append(1, b"frame")
    writer.close()
    assert (foreign_os.FULL_FSYNCS[0] > before) == (system == "macos")
    assert (0x8000 if system == "windows" else 0) == platforms.BINARY
