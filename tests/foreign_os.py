"""Running the tests on Linux as if on Windows or macOS: a pytest plugin.

    HAVANA_FOREIGN_OS=windows python -m pytest -p tests.foreign_os tests/test_...py
    HAVANA_FOREIGN_OS=macos   python -m pytest -p tests.foreign_os tests/test_...py

Loaded with `-p`, it changes the standard library before any test imports the
game, and the child processes the tests start (`havana host`, a second client, the
AI pool's workers) get the same changes: it puts `tests/foreign_os_site/` first on
PYTHONPATH, whose `sitecustomize.py` applies them when the interpreter starts.
Then `havana_game.platforms.SYSTEM` is set to the system, so that the game's
branches for it run. Without HAVANA_FOREIGN_OS the plugin does nothing.

"Game code" below is a call made from a module of `havana_game/` or `net/`; the
tests themselves, the standard library and other libraries (psutil reading /proc,
subprocess sending SIGKILL, shutil opening folders) keep Linux, because on the real
system they take their own system's way. A call that is refused raises what the
system would raise; a call that would do something else there (os.kill, os.open
without O_BINARY) raises `ForeignCall` and fails the test even if caught.

windows takes away:
- `os.fdatasync` (deleted, for everyone);
- `os.getuid`, `os.geteuid`, `os.getgid`, `os.getegid`, `os.nice`, `os.fork`,
  `os.setsid`, `os.killpg`, `os.getpgid`, `os.sched_getaffinity`, `os.pipe2`
  (AttributeError for game code);
- `signal.SIGKILL`, `SIGHUP`, `SIGQUIT`, `SIGUSR1`, `SIGUSR2`, `SIGALRM`, `SIGCHLD`
  (AttributeError for game code);
- `os.kill` (ForeignCall from game code: on Windows signal 0 is Ctrl+C and any
  other signal is TerminateProcess);
- `os.open` of a folder (PermissionError for game code); `os.open` of a file by
  game code without `os.O_BINARY` (ForeignCall: a text-mode file there).
  `os.O_BINARY` is added (0x8000, as on Windows) and taken out of every os.open's
  flags before Linux sees them;
- `os.dup(2)` (OSError EBADF for game code, as in a windowed app);
- `/proc` (FileNotFoundError for game code: `open`, `os.open`, `os.stat`,
  `os.listdir`, `os.scandir` of a path in it);
- the asyncio loop's `add_signal_handler` and `remove_signal_handler`
  (NotImplementedError, for everyone, as Windows' event loops).

macos takes away:
- `os.fdatasync` (deleted, for everyone);
- `os.sched_getaffinity`, `os.sched_setaffinity`, `os.pipe2`,
  `os.posix_fallocate`, `os.posix_fadvise`, `os.memfd_create` (AttributeError for
  game code);
- `/proc` (as for windows);
and adds `fcntl.F_FULLFSYNC` (51, as on macOS), which fsyncs and is counted.
"""

from __future__ import annotations

import asyncio.unix_events
import builtins
import errno
import fcntl
import io
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ENVIRONMENT = "HAVANA_FOREIGN_OS"
SYSTEMS = ("windows", "macos")
ROOT = Path(__file__).resolve().parent.parent
GAME = (str(ROOT / "havana_game") + os.sep, str(ROOT / "net") + os.sep)
SITE = Path(__file__).resolve().parent / "foreign_os_site"
STANDARD = os.path.dirname(os.__file__) + os.sep
"""The standard library's folder (its site-packages excepted)."""
O_BINARY = 0x8000
F_FULLFSYNC = 51

FOREIGN_CALLS: list[str] = []
"""What game code called that would do something else on the system (each test
fails if one is added during it)."""
FULL_FSYNCS = [0]
"""How many F_FULLFSYNC (macos) were asked for."""


class ForeignCall(AssertionError):
    """Game code called what does something else on the emulated system."""


def _is_game(filename: str) -> bool:
    return os.path.abspath(filename).startswith(GAME)


def _game(depth: int) -> bool:
    """The caller of the function that asks (`depth` 0), or a frame `depth` above
    it, is game code."""
    return _is_game(sys._getframe(depth + 2).f_code.co_filename)


def _game_through_library(depth: int) -> bool:
    """The first frame from `depth` up that is not of the standard library (or of
    this plugin) is game code (`open` reached through pathlib, say)."""
    frame: Any = sys._getframe(depth + 1)
    while frame is not None:
        name = frame.f_code.co_filename
        standard = name.startswith(STANDARD) and "site-packages" not in name
        if not (standard or name.startswith("<") or name == __file__):
            return _is_game(name)
        frame = frame.f_back
    return False


def _foreign(message: str) -> ForeignCall:
    FOREIGN_CALLS.append(message)
    return ForeignCall(f"{os.environ.get(ENVIRONMENT)}: {message}")


def _in_proc(path: Any) -> bool:
    try:
        text = os.fsdecode(path) if not isinstance(path, int) else ""
    except TypeError:
        return False
    return text == "/proc" or text.startswith("/proc/")


def _hide(module: Any, names: list[str]) -> None:
    """Take `names` out of `module` for game code (others still get them)."""
    hidden = {name: module.__dict__.pop(name) for name in names if name in module.__dict__}
    previous = module.__dict__.get("__getattr__")

    def __getattr__(name: str) -> Any:
        if name in hidden and not _game(0):
            return hidden[name]
        if previous is not None:
            return previous(name)
        raise AttributeError(f"module {module.__name__!r} has no attribute {name!r}")
    module.__getattr__ = __getattr__


def _no_proc(real: Callable[..., Any], depth: int = 1) -> Callable[..., Any]:
    def refusing(path: Any, *args: Any, **kwargs: Any) -> Any:
        if _in_proc(path) and _game_through_library(depth):
            raise FileNotFoundError(errno.ENOENT, "No such file or directory (no /proc)",
                                    os.fsdecode(path))
        return real(path, *args, **kwargs)
    return refusing


def _windows_open(real: Callable[..., int]) -> Callable[..., int]:
    def windows_open(path: Any, flags: int, mode: int = 0o777, *, dir_fd: int | None = None
                     ) -> int:
        binary = flags & O_BINARY
        flags &= ~O_BINARY
        if _game(0):
            if _in_proc(path):
                raise FileNotFoundError(errno.ENOENT, "No such file (no /proc)", path)
            if os.path.isdir(path):
                raise PermissionError(errno.EACCES, "Permission denied (a folder)", path)
            if not binary:
                raise _foreign(f"os.open({path!r}) without os.O_BINARY: a text-mode file")
        return real(path, flags, mode, dir_fd=dir_fd)
    return windows_open


def apply(system: str) -> None:
    """Change this interpreter into `system`'s (see above); once."""
    if system not in SYSTEMS:
        raise SystemExit(f"{ENVIRONMENT} must be one of {', '.join(SYSTEMS)}, not {system!r}")
    if getattr(os, "_havana_foreign_os", None):
        return
    os._havana_foreign_os = system  # type: ignore[attr-defined]
    if hasattr(os, "fdatasync"):
        del os.fdatasync
    opener = builtins.open
    builtins.open = io.open = _no_proc(opener)  # type: ignore[assignment]
    os.stat = _no_proc(os.stat)  # type: ignore[assignment]
    os.listdir = _no_proc(os.listdir)  # type: ignore[assignment]
    os.scandir = _no_proc(os.scandir)  # type: ignore[assignment]
    if system == "windows":
        _apply_windows()
    else:
        _apply_macos()
    from havana_game import platforms
    platforms.SYSTEM = system


def _apply_windows() -> None:
    _hide(os, ["getuid", "geteuid", "getgid", "getegid", "nice", "fork", "setsid", "killpg",
               "getpgid", "sched_getaffinity", "pipe2"])
    _hide(signal, ["SIGKILL", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGCHLD"])
    os.O_BINARY = O_BINARY  # type: ignore[attr-defined]
    os.open = _windows_open(os.open)  # type: ignore[assignment]
    kill, dup = os.kill, os.dup

    def windows_kill(pid: int, signum: int) -> None:
        if _game(0):
            raise _foreign(f"os.kill({pid}, {signum}): on Windows signal 0 sends Ctrl+C and "
                           "any other ends the process at once")
        kill(pid, signum)
    os.kill = windows_kill

    def windowed_dup(fd: int) -> int:
        if fd == 2 and _game(0):
            raise OSError(errno.EBADF, "Bad file descriptor (a windowed app has no stderr)")
        return dup(fd)
    os.dup = windowed_dup

    def no_signal_handlers(self: Any, sig: int, *args: Any) -> Any:
        raise NotImplementedError
    loop = asyncio.unix_events._UnixSelectorEventLoop
    loop.add_signal_handler = no_signal_handlers  # type: ignore[method-assign,assignment]
    loop.remove_signal_handler = no_signal_handlers  # type: ignore[method-assign,assignment]


def _apply_macos() -> None:
    _hide(os, ["sched_getaffinity", "sched_setaffinity", "pipe2", "posix_fallocate",
               "posix_fadvise", "memfd_create"])
    real = fcntl.fcntl

    def macos_fcntl(fd: Any, cmd: int, arg: Any = 0) -> Any:
        if cmd == F_FULLFSYNC:
            os.fsync(fd)
            FULL_FSYNCS[0] += 1
            return 0
        return real(fd, cmd, arg)
    fcntl.F_FULLFSYNC = F_FULLFSYNC  # type: ignore[attr-defined]
    fcntl.fcntl = macos_fcntl  # type: ignore[assignment]


def _child_processes_too() -> None:
    """Python processes the tests start apply the same changes at their start."""
    paths = [str(SITE), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    os.environ["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))


if os.environ.get(ENVIRONMENT) and __name__ != "havana_foreign_os":
    _child_processes_too()
    apply(os.environ[ENVIRONMENT])


def pytest_report_header(config: Any) -> str | None:
    system = os.environ.get(ENVIRONMENT)
    return f"havana: emulating {system} (tests/foreign_os.py)" if system else None


def pytest_runtest_setup(item: Any) -> None:
    FOREIGN_CALLS.clear()


def pytest_runtest_teardown(item: Any, nextitem: Any) -> None:
    if FOREIGN_CALLS:
        calls, FOREIGN_CALLS[:] = list(FOREIGN_CALLS), []
        raise ForeignCall(f"game code called what {os.environ.get(ENVIRONMENT)} does not "
                          f"do so: {calls}")


