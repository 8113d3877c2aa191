"""Hosting a LAN game from the client: `havana host` in a process of its own,
announced on the LAN and saving its table in a folder of the config folder's
`lan-tables/`, so that the table outlives the window that opened it.

A crash or close of the hosting window does not stop the table: the guests play
on against the stand-in bot until the host player's window comes back and takes
its seat again with its token, like any guest (Continue, Saved games, or Rejoin
on the join screen). The host process ends when the game ends, when the host
player leaves the table (it is saved to resume later), or when no player has been
connected for `IDLE_EXIT` seconds. A host process that was killed is started
again from the same folder (Saved games): on the same port and with the same
join code when it can, so the guests' clients find it again by themselves.

The folder holds the host's save (its table file and journal), the host's output
(`host.log`) and what this client keeps to take its seat back (`hosted.json`).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from net.cli import lan_address

from ... import platforms
from ...editions import DEFAULT_EDITION
from ..profile.settings import config_dir
from .localgame import SavedGame

TABLES_DIR = "lan-tables"
NOTES = "hosted.json"
"""The client's notes on a table it hosts (the host's port and code, the host
player's seat and token, the names and round the Saved games screen lists)."""
HOST_LOG = "host.log"
IDLE_EXIT = 1800.0
"""Seconds a hosted table with no player connected keeps its process running."""
STOP_TIMEOUT = 10.0
"""Seconds the host process has to save and stop before it is killed."""


def tables_dir() -> Path:
    return config_dir() / TABLES_DIR


@dataclass
class HostSetup:
    """A LAN table as the host player sets it up (remembered for next time)."""

    name: str
    """The host player's name, also the host's name on the LAN list."""
    players: int = 4
    bots: list[str | None] = field(default_factory=list)
    """A bot level for each seat after the host player's (None: open for a player)."""
    edition: str = DEFAULT_EDITION
    hints: bool = False
    seed: int | None = None
    """Deal the games from this seed (tests); None: secret random seeds."""
    phones: bool = False
    """Players use their phones: no one sits at this screen (the table display
    shows the table), `bots` names every seat, and the game starts by itself once
    every seat is taken (`--autostart`)."""

    def command(self) -> list[str]:
        """The `havana host` options of a new table (its bots take the last seats)."""
        seats = self.players if self.phones else self.players - 1
        bots = [level for level in self.bots[:seats] if level is not None]
        options = ["--players", str(self.players), "--edition", self.edition]
        if self.phones:  # (the table display, its owner, may start it early)
            options += ["--autostart", "--owner"]
        if bots:
            options += ["--bots", ",".join(bots)]
        if self.seed is not None:
            options += ["--seed", str(self.seed)]
        return options + (["--hints"] if self.hints else [])


@dataclass
class HostedTable:
    """A LAN table this client hosts: its folder and, once it listens, its port
    and join code. `process` is None for a host process an earlier window started."""

    folder: Path
    process: subprocess.Popen[bytes] | None = None
    port: int = 0
    code: str = ""
    address: str = ""
    name: str = ""
    web: str = ""
    """The link a phone or browser opens to sit at the table (the web seat page)."""
    owner: str = ""
    """The host's owner token (an `--autostart` table): the table display that
    watches with it may start the game early."""
    error: str = ""
    """Why the host could not start (shown to the player), else ""."""
    _log_read: int = 0

    # --- starting ----------------------------------------------------------------

    def ready(self) -> bool:
        """True once the host listens (its port and code known); reads its output.
        A host that exited before sets `error` to its last line."""
        if self.code:
            return True
        if self.process is None:
            return False
        for line in self._new_output():
            try:
                started = json.loads(line)
            except ValueError:
                continue
            if isinstance(started, dict) and "port" in started and "code" in started:
                self.port, self.code = int(started["port"]), str(started["code"])
                self.web = str(started.get("web", ""))
                self.owner = str(started.get("owner", ""))
                self.note(port=self.port, code=self.code, web=self.web, owner=self.owner,
                          pid=self.process.pid)
                return True
        if self.process.poll() is not None:
            lines = [line for line in self._log_text().splitlines() if line.strip()]
            self.error = lines[-1] if lines else f"exit code {self.process.returncode}"
        return False

    def wait_ready(self, timeout: float = 30.0) -> bool:
        """Wait (scripts and tests) until the host listens or fails."""
        deadline = time.monotonic() + timeout
        while not self.ready() and not self.error and time.monotonic() < deadline:
            time.sleep(0.02)
        return bool(self.code)

    def _log_text(self) -> str:
        try:
            return (self.folder / HOST_LOG).read_text("utf-8", errors="replace")
        except OSError:
            return ""

    def _new_output(self) -> list[str]:
        """Whole lines the host wrote since the last call."""
        text = self._log_text()
        end = text.rfind("\n") + 1
        fresh, self._log_read = text[self._log_read:end], max(self._log_read, end)
        return fresh.splitlines()

    # --- the client's notes --------------------------------------------------------

    def notes(self) -> dict[str, Any]:
        """What this client keeps on the table ({} if nothing readable)."""
        return read_notes(self.folder)

    def note(self, **changes: Any) -> None:
        """Keep `changes` in the table's notes (a failure is said and survived)."""
        from ...saves import write_atomically
        document = {**self.notes(), **changes, "saved": time.time()}
        try:
            write_atomically(self.folder / NOTES, json.dumps(document).encode("utf-8"))
        except OSError as error:
            print(f"havana: cannot keep the notes of the LAN table in {self.folder} "
                  f"({error.strerror or error}); the game goes on", file=sys.stderr)

    # --- stopping ------------------------------------------------------------------

    def running(self) -> bool:
        """The host process is alive and listens on its port."""
        if self.process is not None and self.process.poll() is not None:
            return False
        return bool(self.port) and _listening(self.port) and self._pid() is not None

    def _pid(self) -> int | None:
        """The host process of this table, if it runs: ours, or the one an earlier
        window started (recognised by its command line naming this folder, so a
        process that took over a dead host's number is never signalled)."""
        if self.process is not None:
            return self.process.pid if self.process.poll() is None else None
        pid = self.notes().get("pid")
        if not isinstance(pid, int) or not platforms.alive(pid):
            return None
        command = platforms.command_line(pid)  # None: gone, or not ours to read
        return pid if command is not None and str(self.folder) in command else None

    def stop(self) -> None:
        """Stop the host process (it saves the table first where the system asks a
        process to stop rather than ending it: not on Windows, where the journal
        keeps every move played); the folder stays."""
        pid = self._pid()
        if pid is None:
            return
        if self.process is None:
            platforms.terminate(pid, STOP_TIMEOUT)
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=STOP_TIMEOUT)

    def forget(self) -> None:
        """The table's game is over or given up: stop its host, delete its folder."""
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def _listening(port: int) -> bool:
    """Something accepts connections on this machine's `port`."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def _port_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the host does
        try:
            probe.bind(("0.0.0.0", port))
            return True
        except OSError:
            return False


def read_notes(folder: Path) -> dict[str, Any]:
    try:
        notes = json.loads((folder / NOTES).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return notes if isinstance(notes, dict) else {}


def _spawn(folder: Path, options: list[str]) -> subprocess.Popen[bytes]:
    """`havana host --lan` with `options`, saving in `folder`, in a session of its
    own (it outlives this window), writing to `host.log` there."""
    from ...launch import havana_command  # (python -m havana_game, or the bundled app)
    command = havana_command("host", "--lan", "--json", "--exit-when-done", "--exit-when-idle",
                             str(int(IDLE_EXIT)), *options)
    detached: dict[str, Any] = (
        {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP  # type: ignore[attr-defined]
         | subprocess.DETACHED_PROCESS}  # type: ignore[attr-defined]
        if os.name == "nt" else {"start_new_session": True})
    log: IO[bytes]
    with open(folder / HOST_LOG, "ab") as log:
        return subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                **detached)


def start(setup: HostSetup) -> HostedTable:
    """Start a host process for a new table of `setup` in a new folder; it is
    ready to join once `ready()` (raises OSError if it cannot be started)."""
    folder = tables_dir() / f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"
    folder.mkdir(parents=True)
    hosted = HostedTable(folder, address=lan_address(), name=setup.name)
    if setup.phones:  # (the display notes the seats as they are taken)
        hosted.note(name=setup.name, edition=setup.edition, names=[], levels=[], round=0,
                    display=True)
    else:
        hosted.note(name=setup.name, edition=setup.edition, names=[setup.name],
                    levels=[None], round=0)
    hosted.process = _spawn(folder, ["--save-dir", str(folder), "--name", setup.name,
                                     *setup.command()])
    hosted.note(pid=hosted.process.pid)
    return hosted


def resume(folder: Path) -> HostedTable:
    """The hosted table saved in `folder`: its host process if it still runs,
    else a new one resuming the save, on the old port when it is free."""
    notes = read_notes(folder)
    port = int(notes.get("port", 0) or 0)
    hosted = HostedTable(folder, port=port, address=lan_address(), name=str(notes.get("name")))
    if port and hosted.running():
        hosted.code, hosted.web = str(notes.get("code", "")), str(notes.get("web", ""))
        hosted.owner = str(notes.get("owner", ""))
        return hosted
    options = ["--resume", str(folder), "--port", str(port if port and _port_free(port) else 0)]
    if notes.get("display"):  # a phones table: its display, the owner, may start it
        options += ["--autostart", "--owner"]
    if isinstance(notes.get("name"), str):
        options += ["--name", notes["name"]]
    hosted.port = 0
    hosted._log_read = len(hosted._log_text())  # (the log's lines so far are an old process's)
    hosted.process = _spawn(folder, options)
    hosted.note(pid=hosted.process.pid)
    return hosted


def hosted_games() -> list[SavedGame]:
    """The LAN tables this client hosts or hosted and whose game is not over, as
    the Saved games screen lists them (folders with no notes are skipped). A table
    with no seat for this screen (its notes keep no token: the players use their
    phones) is listed too: resuming it opens the table display again."""
    found = []
    folders = sorted(tables_dir().iterdir()) if tables_dir().is_dir() else []
    for folder in folders:
        notes = read_notes(folder)
        if not notes:
            continue
        try:
            names = [str(name) for name in notes["names"]]
            levels = [None if level is None else str(level) for level in notes["levels"]]
            found.append(SavedGame(folder, float(notes["saved"]), names, levels,
                                   int(notes["round"]), str(notes["edition"]), hosted=True))
        except (KeyError, TypeError, ValueError) as error:
            print(f"havana: the LAN table in {folder} cannot be listed ({error})",
                  file=sys.stderr)
    return found


def every_saved_game() -> list[SavedGame]:
    """The unfinished local games and hosted LAN tables, the latest played first."""
    from .localgame import saved_games
    return sorted(saved_games() + hosted_games(), key=lambda game: game.saved, reverse=True)
