"""A LAN game hosted from the menu outlives its window and its host process: two
client processes with their own config folders (the host player's window runs
in a child process driven by `lan_client_process`; the guest's is this one)."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from havana_game.client.scenes.table import TableScene
from havana_game.client.session import lanseats
from havana_game.client.session.lanhost import read_notes
from havana_game.client.table.closed import ClosedNotice
from havana_game.client.table.unreachable import UnreachableNotice
from havana_game.client.ui.i18n import tr

from .conftest import stop_hosted_tables
from .test_client_join import _at_table, _guest_sits_down, _join_screen
from .test_client_support import act_once, click, make_app, settle, step, until

ROOT = Path(__file__).resolve().parents[1]
ANSWER_WAIT = 90.0
"""Seconds a client process may take to answer one command (a loaded machine)."""


class ClientProcess:
    """The host player's window, in a process of its own (`lan_client_process`)."""

    def __init__(self, config: Path) -> None:
        self.config = config
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.lan_client_process", str(config)], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            env={**os.environ, "HAVANA_CONFIG_DIR": str(config)})

    def ask(self, command: str, meanwhile: Any = None) -> dict[str, Any]:
        """Send `command`; run `meanwhile()` (the guest's frames) until it answers."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        deadline = time.monotonic() + ANSWER_WAIT
        while not select.select([self.process.stdout], [], [], 0.01)[0]:
            assert time.monotonic() < deadline, f"no answer to {command!r}"
            assert self.process.poll() is None, "the client process ended"
            if meanwhile is not None:
                meanwhile()
        answer = json.loads(self.process.stdout.readline())
        assert "error" not in answer, answer
        return answer

    def kill(self) -> None:
        """SIGKILL: the window ends with nothing said or saved."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)


@pytest.fixture
def ana(tmp_path):
    """The host player's window (config folder `ana/`)."""
    process = ClientProcess(tmp_path / "ana")
    yield process
    if process.process.poll() is None:
        process.kill()
    stop_hosted_tables(tmp_path / "ana")


def _host_folder(info: dict[str, Any]) -> Path:
    return Path(info["folder"])


def _kill_host_process(folder: Path) -> None:
    """SIGKILL the `havana host` process of the table in `folder`."""
    pid = read_notes(folder)["pid"]
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while Path(f"/proc/{pid}").exists() and b"Z" not in _state(pid):
        assert time.monotonic() < deadline
        time.sleep(0.01)


def _state(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/stat").read_bytes().split(b") ")[1][:1]
    except (OSError, IndexError):
        return b"Z"


def _sit_down(tmp_path, ana: ClientProcess) -> tuple[Any, TableScene, dict[str, Any]]:
    """Ana hosts a 2-player table from her menu; Bea (this process) joins by
    typing its address and code; Ana starts. Bea's app and table, and Ana's table."""
    info = ana.ask("host 2")
    bea_app = make_app(tmp_path / "bea")
    join = _join_screen(bea_app)
    for field in join.fields:
        field.value = {"address": f"127.0.0.1:{info['port']}", "code": info["code"],
                       "name": "Bea"}.get(field.name, field.value)
    step(bea_app, click(join.controls()["connect"]))
    ana.ask("start", meanwhile=lambda: settle(bea_app, 0.02))
    return bea_app, _at_table(bea_app), info


def _playing(app, table: TableScene):
    """Bea's frames while Ana's process works: Bea decides whenever asked."""
    def frames() -> None:
        settle(app, 0.02)
        act_once(app, table)
    return frames


def test_the_hosting_window_killed_mid_round_the_table_plays_on_and_it_comes_back(
        tmp_path, ana):
    bea_app, bea, info = _sit_down(tmp_path, ana)
    before = ana.ask("play 3", meanwhile=_playing(bea_app, bea))
    ana.kill()  # the window that opened the table: its host process goes on
    until(bea_app, lambda: bea.model.seats[before["seat"]].away)
    act_once(bea_app, bea)  # Bea plays on at the table while Ana is away
    assert bea.layers.find(UnreachableNotice) is None  # the host never went away
    again = ClientProcess(tmp_path / "ana")  # Ana starts Havana again: Continue
    try:
        back = again.ask("continue", meanwhile=_playing(bea_app, bea))
        assert back["seat"] == before["seat"]
        after = again.ask("play 2", meanwhile=_playing(bea_app, bea))
        assert after["events"][:len(before["events"])] == before["events"]  # nothing lost
        assert len(after["events"]) > len(before["events"])
        until(bea_app, lambda: not bea.model.seats[before["seat"]].away)
        assert bea.model.events[:len(before["events"])] == before["events"]
    finally:
        again.kill()
        bea.close()


def test_the_host_process_killed_guests_wait_and_come_back_when_it_is_resumed(tmp_path, ana):
    bea_app, bea, info = _sit_down(tmp_path, ana)
    before = ana.ask("play 2", meanwhile=_playing(bea_app, bea))
    _kill_host_process(_host_folder(info))
    until(bea_app, lambda: bea.layers.find(UnreachableNotice) is not None)
    assert "unreachable_leave" in bea.controls()  # said plainly, with a way out
    settle(bea_app, 1.1)
    title, note = bea.layers.find(UnreachableNotice).notice()
    assert title == tr("unreachable.title") and "0:01" in note
    ana.ask("leave", meanwhile=lambda: settle(bea_app, 0.02))
    rows = ana.ask("saved", meanwhile=lambda: settle(bea_app, 0.02))["rows"]
    assert len(rows) == 1 and rows[0][0].startswith(tr("saved.hosted"))
    assert "Bea" in rows[0][1]
    ana.ask("continue", meanwhile=lambda: settle(bea_app, 0.02))  # the host runs again
    until(bea_app, lambda: bea.layers.find(UnreachableNotice) is None)  # Bea typed nothing
    assert read_notes(_host_folder(info))["port"] == info["port"]  # the same port...
    after = ana.ask("play 2", meanwhile=_playing(bea_app, bea))
    assert after["events"][:len(before["events"])] == before["events"]  # ...every move kept
    assert bea.model.events[:len(before["events"])] == before["events"]

    _kill_host_process(_host_folder(info))  # again; this time Bea leaves
    until(bea_app, lambda: bea.layers.find(UnreachableNotice) is not None)
    step(bea_app, click(bea.controls()["unreachable_leave"]))
    assert [held.seat for held in lanseats.remembered()] == [bea.viewer]  # kept to rejoin
    ana.ask("leave", meanwhile=lambda: settle(bea_app, 0.02))
    ana.ask("continue", meanwhile=lambda: settle(bea_app, 0.02))
    join = _join_screen(bea_app)
    step(bea_app, click(join.controls()["rejoin:0"]))
    back = _at_table(bea_app)
    assert back.viewer == bea.viewer and back.model.names[back.viewer] == "Bea"
    assert back.model.events[:len(before["events"])] == before["events"]
    back.close()


def test_a_guest_sees_the_unreachable_host_and_is_back_by_itself(tmp_path):
    """The guest's side alone, with `havana host --resume` run by hand on the
    folder: the same port, the same code, the guest back without a click."""
    folder = tmp_path / "table"
    started, app, table = _host_gone_while_bea_decides(tmp_path, folder, signal.SIGKILL,
                                                       UnreachableNotice)
    app.frame(1 / 60)
    assert table.buttons[-1].name == "unreachable_leave"
    again = _havana_host(["--resume", str(folder), "--port", str(started["port"])])
    try:
        assert json.loads(again.stdout.readline())["code"] == started["code"]
        until(app, lambda: table.layers.find(UnreachableNotice) is None)
        until(app, table.flow.deciding)
        assert act_once(app, table)
    finally:
        again.send_signal(signal.SIGTERM)
        again.wait(timeout=10)
        table.close()


def test_a_host_stopped_on_purpose_tells_the_guest_plainly_with_no_retrying(tmp_path):
    """SIGTERM (the host player left): `closed` reaches the guest, whose table
    shows "The host closed the table" and a way to the menu, never the retry
    notice; the connection ends rather than retrying; the seat is kept."""
    _, app, table = _host_gone_while_bea_decides(tmp_path, tmp_path / "table", signal.SIGTERM,
                                                 ClosedNotice)
    conn = next(iter(table.link.connections.values()))
    until(app, lambda: conn.status == "closed")  # not "reconnecting"
    for _ in range(5):
        app.frame(1 / 60)
        assert table.layers.find(UnreachableNotice) is None
    assert table.buttons[-1].name == "closed_menu"
    assert table.model.status == "closed"
    held = lanseats.saved_seats()
    step(app, click(table.controls()["closed_menu"]))
    assert app.scene.__class__.__name__ == "MenuScene"
    assert [game.held.seat for game in lanseats.saved_seats() if game.held] == \
        [game.held.seat for game in held if game.held] != []  # kept to rejoin


def _host_gone_while_bea_decides(tmp_path: Path, folder: Path, sent: int,
                                 notice: type) -> tuple[dict[str, Any], Any, TableScene]:
    """Bea at a `havana host` table (`_bea_at_a_killable_table`), deciding, when
    the host process gets signal `sent`: once `notice` is over her table, the
    host's JSON line, her app and table."""
    host, started, app, table = _bea_at_a_killable_table(tmp_path, folder)
    until(app, table.flow.deciding)
    host.send_signal(sent)
    host.wait(timeout=10)
    until(app, lambda: table.layers.find(notice) is not None)
    return started, app, table


def _bea_at_a_killable_table(tmp_path: Path, folder: Path) -> tuple[Any, dict[str, Any], Any,
                                                                    TableScene]:
    """A `havana host` saving in `folder` (2 seats, a bot), and Bea seated at it by
    her join screen: the host process, its JSON line, Bea's app and table."""
    host = _havana_host(["--save-dir", str(folder), "--players", "2", "--bots", "random",
                         "--autostart"])
    started = json.loads(host.stdout.readline())
    app = make_app(tmp_path / "bea")
    table = _guest_sits_down(app, SimpleNamespace(port=started["port"], code=started["code"]))
    return host, started, app, table


def _havana_host(options: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "havana_game", "host", "--json",
                             "--seed", "7", *options], stdout=subprocess.PIPE, text=True)


def test_a_host_back_on_another_port_is_rejoined_by_typing_its_new_address(tmp_path):
    """The host's old port was taken: it listens on a new one. The guest leaves
    the unreachable table and types the new address and the code: the same seat."""
    folder = tmp_path / "table"
    host, started, app, table = _bea_at_a_killable_table(tmp_path, folder)
    seat = table.viewer
    host.send_signal(signal.SIGKILL)
    host.wait(timeout=10)
    until(app, lambda: table.layers.find(UnreachableNotice) is not None)
    step(app, click(table.controls()["unreachable_leave"]))
    again = _havana_host(["--resume", str(folder)])
    try:
        moved = json.loads(again.stdout.readline())
        assert moved["port"] != started["port"]
        join = _join_screen(app)
        for field in join.fields:
            field.value = {"address": f"127.0.0.1:{moved['port']}",
                           "code": started["code"]}.get(field.name, field.value)
        step(app, click(join.controls()["connect"]))
        back = _at_table(app)
        assert back.viewer == seat and back.model.names[seat] == "Bea"
        back.close()
    finally:
        again.send_signal(signal.SIGTERM)
        again.wait(timeout=10)
