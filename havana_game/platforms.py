r"""Everything the game asks of the operating system that differs between Linux,
macOS and Windows goes through here; no other module calls a POSIX-only function.

What each system gets ("Linux" stands for any POSIX system but macOS):

`sync_data(fd)`, making written data durable:
    Linux: `os.fdatasync`.
    macOS: `fcntl(F_FULLFSYNC)`, which empties the drive's cache too (fsync does
        not there); `os.fsync` where the file system refuses it (network shares).
    Windows: `os.fsync` (FlushFileBuffers).
`sync_folder(folder)`, making a folder's new, renamed and removed entries durable:
    Linux: `fsync` of the folder.  macOS: its F_FULLFSYNC, else its fsync.
    Windows: nothing: NTFS journals its metadata, and a folder cannot be opened.
    Everywhere: a folder that cannot be opened or synced is not an error.
`BINARY`, ORed into every `os.open`'s flags:
    Linux, macOS: 0.  Windows: `os.O_BINARY` (without it a file opened with
    `os.open` is in text mode, and bytes come back changed).
`alive(pid)`, `liveness(pid)`, `command_line(pid)`: psutil on every system (on
    Linux it reads /proc, on macOS sysctl, on Windows the process's own memory);
    `liveness` tells a process from a later one given the same pid by start time.
`terminate(pid, timeout)`, ending a process:
    Linux, macOS: SIGTERM, `timeout` seconds to end, then SIGKILL.
    Windows: TerminateProcess at once (there is no asking; the host's journal
    keeps every move that was acknowledged).
`lower_priority(n)`:
    Linux, macOS: `os.nice(n)`.  Windows: the "below normal" priority class.
`on_stop_signals(loop, callback)`, Ctrl+C and requests to stop:
    Linux, macOS: the event loop's handlers of SIGINT and SIGTERM.
    Windows: the event loop has none: `signal.signal` for SIGINT, SIGTERM and
    SIGBREAK (Ctrl+Break), handing `callback` to the loop.
`stderr_hidden()`, what C libraries print kept off the terminal:
    every system: descriptor 2 sent to the null device for the duration; nothing
    where there is no descriptor 2 (a windowed app, as on Windows and macOS).
`config_dir()`, where everything of a player is kept (settings, statistics, saved
    and past games, hosted LAN tables); `$HAVANA_CONFIG_DIR` wins everywhere:
    Linux: `$XDG_CONFIG_HOME/havana`, else `~/.config/havana`.
    macOS: `~/Library/Application Support/havana`.
    Windows: `%LOCALAPPDATA%\havana` (`C:\Users\NAME\AppData\Local\havana`).
    On macOS and Windows a `~/.config/havana` left by an earlier version is
    used as long as the new folder does not exist.
`preferred_languages()`:
    every system: the first set of LANGUAGE, LC_ALL, LC_MESSAGES, LANG; where
    none is set (Windows; macOS started from Finder) the system's list of
    preferred languages through SDL (Windows' display languages, macOS's
    System Settings > Language and Region).

`SYSTEM` says which branch runs; it is read at each call, so that the tests can
run the macOS and Windows branches on Linux (`tests/foreign_os.py`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psutil  # type: ignore[import-untyped,unused-ignore]  # (no stubs in the package)


def _system() -> str:
    if sys.platform == "win32":
        return "windows"
    return "macos" if sys.platform == "darwin" else "linux"


SYSTEM = _system()
""""linux" (any POSIX system but macOS), "macos" or "windows"."""

APP = "havana"
BINARY: int = getattr(os, "O_BINARY", 0)
"""OR it into every `os.open`'s flags: on Windows a file opened without it is in
text mode, and a journal frame's bytes would come back changed."""


# --- durability ----------------------------------------------------------------------

def sync_data(fd: int) -> None:
    """Make what was written to `fd` durable (its data, and its size if it grew)."""
    if SYSTEM == "macos":
        _full_fsync(fd)
        return
    fdatasync = getattr(os, "fdatasync", None)
    if fdatasync is not None:
        fdatasync(fd)
    else:
        os.fsync(fd)


def _full_fsync(fd: int) -> None:
    """macOS: fsync leaves the data in the drive's cache; F_FULLFSYNC flushes it.
    Some file systems (network shares, FAT) refuse it: then fsync."""
    try:
        import fcntl
        fcntl.fcntl(fd, fcntl.F_FULLFSYNC)  # type: ignore[attr-defined,unused-ignore]
    except (ImportError, AttributeError, OSError):
        os.fsync(fd)


def sync_folder(folder: Path) -> None:
    """Make the folder's entries (files created, renamed or removed) durable where
    the system lets a folder be synced; elsewhere nothing (see the table above). A
    folder that cannot be opened or synced (a file system without it) is not an error."""
    if SYSTEM == "windows":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | BINARY)
    except OSError:
        return
    try:
        if SYSTEM == "macos":
            _full_fsync(fd)
        else:
            os.fsync(fd)
    except OSError as error:
        import errno
        if error.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF):
            raise
    finally:
        os.close(fd)


# --- processes -------------------------------------------------------------------------

def alive(pid: Any) -> bool:
    """Process `pid` runs (a zombie, ended but not yet reaped, does not)."""
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0:
        return False
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False
    except psutil.AccessDenied:  # another user's process: it exists
        return True


def command_line(pid: int) -> list[str] | None:
    """The arguments process `pid` was started with; None if it is gone or they
    cannot be read (another user's process)."""
    try:
        return psutil.Process(pid).cmdline()
    except (psutil.Error, OSError):
        return None


def terminate(pid: int, timeout: float) -> None:
    """Ask process `pid` to end, give it `timeout` seconds, then kill it (and wait
    for it as long again). On Windows the asking is already the killing."""
    try:
        process = psutil.Process(pid)
        process.terminate()
        try:
            process.wait(timeout)
        except psutil.TimeoutExpired:
            process.kill()
            process.wait(timeout)
    except (psutil.NoSuchProcess, psutil.TimeoutExpired):
        pass


def liveness(pid: int) -> Callable[[], bool]:
    """A test of whether process `pid`, the one running now, still runs (no
    zombie). A process started later that was given the same pid does not count:
    psutil tells them apart by their start times, on every system (a parent pid
    compared with `os.getppid()` would not do: a pool's worker may be a fork
    server's child, and Windows never changes a process's recorded parent)."""
    try:
        process = psutil.Process(pid)
    except psutil.NoSuchProcess:
        return lambda: False

    def running() -> bool:
        try:
            return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
        except psutil.NoSuchProcess:
            return False
        except psutil.Error:  # cannot be looked at (another user's): it is there
            return True
    return running


def lower_priority(niceness: int) -> None:
    """Give this process a CPU priority `niceness` steps below its parent's (a
    process already at the lowest stays there); Windows has priority classes, not
    steps: "below normal"."""
    if SYSTEM == "windows":
        below = getattr(psutil, "BELOW_NORMAL_PRIORITY_CLASS", None)
        if below is not None:
            with contextlib.suppress(psutil.Error, OSError):
                psutil.Process().nice(below)
        return
    nice = getattr(os, "nice", None)
    if nice is not None:
        with contextlib.suppress(OSError):
            nice(niceness)


def on_stop_signals(loop: asyncio.AbstractEventLoop, callback: Callable[[], object]) -> None:
    """Call `callback` in `loop` on Ctrl+C and on a request to stop (SIGTERM; on
    Windows Ctrl+Break too). Must be called from the main thread."""
    for name in ("SIGINT", "SIGTERM", "SIGBREAK"):
        signum = getattr(signal, name, None)
        if signum is None:
            continue
        try:
            loop.add_signal_handler(signum, callback)
        except NotImplementedError:  # Windows' event loops have no signal handlers
            signal.signal(signum, lambda _signum, _frame: loop.call_soon_threadsafe(callback))


@contextlib.contextmanager
def stderr_hidden() -> Iterator[None]:
    """Send what is written to file descriptor 2 to the null device for the
    duration (what C libraries print); nothing where there is no descriptor 2 (a
    windowed app on Windows or macOS)."""
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


# --- folders and language --------------------------------------------------------------

def config_dir() -> Path:
    """The player's folder (see the table above); `$HAVANA_CONFIG_DIR` wins."""
    explicit = os.environ.get("HAVANA_CONFIG_DIR")
    if explicit:
        return Path(explicit)
    if SYSTEM == "windows":
        from platformdirs.windows import Windows as Dirs
    elif SYSTEM == "macos":
        from platformdirs.macos import MacOS as Dirs  # type: ignore[assignment]
    else:
        from platformdirs.unix import Unix as Dirs  # type: ignore[assignment]
    folder = Path(Dirs(APP, appauthor=False, roaming=False).user_config_dir)
    legacy = Path.home() / ".config" / APP
    if SYSTEM != "linux" and not folder.exists() and legacy.is_dir():
        return legacy  # where every system's game kept it before
    return folder


def folder_problem(folder: Path) -> str | None:
    """Why the game cannot keep anything in `folder` (one line), or None if it can
    (it is made if missing)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return f"{folder} is a file, not a folder"
    except OSError as error:
        return f"{folder} cannot be made ({error.strerror or error})"
    if not folder.is_dir():
        return f"{folder} is not a folder"
    probe = folder / f".havana-probe-{os.getpid()}"
    try:
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as error:
        return f"{folder} cannot be written to ({error.strerror or error})"
    return None


LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def preferred_languages(environ: dict[str, str] | None = None) -> list[str]:
    """The user's languages, most wanted first, as lowercase codes ("pt", "c"):
    the first of LANGUAGE, LC_ALL, LC_MESSAGES, LANG that is set (as gettext reads
    them; LANGUAGE may list several); where none is (Windows, macOS started from
    Finder), the system's list of preferred languages. With `environ` given, only
    its variables are read."""
    env = os.environ if environ is None else environ
    for variable in LOCALE_VARIABLES:
        entries = [entry for entry in env.get(variable, "").split(":") if entry]
        if entries:
            return [entry.split(".")[0].split("@")[0].split("_")[0].lower()
                    for entry in entries]
    return _system_locales() if environ is None else []


def _system_locales() -> list[str]:
    """The system's preferred languages through SDL (pygame-ce); [] where pygame
    cannot say (not installed, too old)."""
    try:
        import pygame.system
        locales = pygame.system.get_pref_locales()
    except Exception:  # noqa: BLE001 - any failure: the variables' answer stands
        return []
    return [str(locale["language"]).split("-")[0].split("_")[0].lower()
            for locale in locales if locale.get("language")]
