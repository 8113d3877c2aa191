"""`havana_game/client/session/lanhost.py` where the LAN hosting tests let
mutants live (issue 47): the `havana host` options of a table as set up, how
the client reads the host's first line (and a host that failed) from its log,
the notes it keeps, the Saved games list of hosted tables, and its look at a
port; with real processes, files and sockets."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from havana_game import platforms
from havana_game.client.session import lanhost
from havana_game.client.session.lanhost import (
    HOST_LOG,
    NOTES,
    HostedTable,
    HostSetup,
    hosted_games,
    read_notes,
)
from havana_game.editions import DEFAULT_EDITION

from .conftest import stop_hosted_tables

WAIT = 120.0
"""Seconds a host process may take to listen on a loaded machine (a safety net)."""


def test_a_table_setups_host_options():
    assert HostSetup("Ana").command() == ["--players", "4", "--edition", DEFAULT_EDITION]
    assert HostSetup("Ana", players=3, bots=[None, "easy", "hard", "random"], edition="x",
                     hints=True, seed=7).command() == [
        "--players", "3", "--edition", "x", "--bots", "easy", "--seed", "7", "--hints"]
    assert HostSetup("Ana", players=3, bots=["easy", None, "random", "hard"], phones=True,
                     seed=0).command() == [
        "--players", "3", "--edition", DEFAULT_EDITION, "--autostart", "--owner",
        "--bots", "easy,random", "--seed", "0"]
    plain = HostSetup("Ana")
    assert (plain.players, plain.bots, plain.hints, plain.seed, plain.phones) == \
        (4, [], False, None, False)


@pytest.fixture
def sleeper():
    """A real process standing for a host that runs."""
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    yield process
    process.kill()
    process.wait()


def test_the_hosts_first_json_line_gives_its_port_code_link_and_owner(tmp_path, sleeper):
    log = tmp_path / HOST_LOG
    log.write_text("havana host: starting\n[1, 2]\n{\"port\": 5}\n")
    hosted = HostedTable(tmp_path, process=sleeper)
    assert not hosted.ready() and not hosted.error
    with log.open("a") as out:
        out.write(json.dumps({"port": 4242, "code": "ABCDE", "web": "http://h/#code=ABCDE",
                              "owner": "0f"}) + "\n{\"port\": 1, \"code\": \"X\"}")
    assert hosted.ready()
    assert (hosted.port, hosted.code, hosted.web, hosted.owner) == \
        (4242, "ABCDE", "http://h/#code=ABCDE", "0f")
    notes = read_notes(tmp_path)
    assert {k: notes[k] for k in ("port", "code", "web", "owner", "pid")} == \
        {"port": 4242, "code": "ABCDE", "web": "http://h/#code=ABCDE", "owner": "0f",
         "pid": sleeper.pid}
    assert notes["saved"] <= time.time()
    assert hosted.ready() and hosted.port == 4242  # read once: the later line changes nothing


def test_the_first_json_line_is_found_among_others_and_bytes_that_are_no_text(tmp_path,
                                                                              sleeper):
    (tmp_path / HOST_LOG).write_bytes(b"\xff\xfe not text\nstarting\n"
                                      b'{"port": 4242, "code": "ABCDE"}\n')
    hosted = HostedTable(tmp_path, process=sleeper)
    assert hosted.ready() and (hosted.port, hosted.code) == (4242, "ABCDE")


def test_a_line_is_read_only_once_it_is_whole(tmp_path, sleeper):
    log = tmp_path / HOST_LOG
    log.write_text('{"port": 4242, "code": "AB')
    hosted = HostedTable(tmp_path, process=sleeper)
    assert not hosted.ready()
    with log.open("a") as out:
        out.write('CDE"}\n')
    assert hosted.ready() and hosted.code == "ABCDE" and hosted.web == hosted.owner == ""


def test_a_host_that_exited_before_listening_says_its_last_line(tmp_path):
    failed = subprocess.Popen([sys.executable, "-c", "raise SystemExit(3)"])
    failed.wait()
    (tmp_path / HOST_LOG).write_text("starting\nlistening\nhavana host: the port is taken\n  \n")
    hosted = HostedTable(tmp_path, process=failed)
    assert not hosted.ready() and hosted.error == "havana host: the port is taken"
    assert not hosted.wait_ready()
    silent = HostedTable(tmp_path / "none", process=failed)
    assert not silent.ready() and silent.error == "exit code 3"
    assert not HostedTable(tmp_path).ready()  # no process of ours: nothing to read


def test_notes_are_merged_dated_and_a_failed_write_is_said(tmp_path, capsys):
    hosted = HostedTable(tmp_path)
    hosted.note(name="Ana", round=0)
    hosted.note(round=2)
    notes = hosted.notes()
    assert (notes["name"], notes["round"]) == ("Ana", 2) and notes["saved"] <= time.time()
    (tmp_path / NOTES).write_text("[1, 2]")
    assert read_notes(tmp_path) == {}
    (tmp_path / NOTES).write_text("{broken")
    assert read_notes(tmp_path) == {}
    (tmp_path / "a file").write_text("")
    HostedTable(tmp_path / "a file").note(round=1)  # no folder there: said, survived
    said = capsys.readouterr().err
    assert "cannot keep the notes of the LAN table" in said
    assert "(File exists); the game goes on" in said  # (the error's words, no errno)


def test_saved_games_lists_each_hosted_table_with_readable_notes(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("HAVANA_CONFIG_DIR", str(tmp_path))
    assert hosted_games() == []
    tables = tmp_path / lanhost.TABLES_DIR
    for name, notes in [("b", {"names": ["Ana", "Bo"], "levels": [None, "easy"], "saved": 5,
                               "round": 3, "edition": "classic"}),
                        ("a", {"names": ["Caro"], "levels": [None], "saved": 9.5,
                               "round": "2", "edition": "classic"}),
                        ("c", {"names": ["Dan"], "saved": 1}),
                        ("0", None), ("d", None)]:
        (tables / name).mkdir(parents=True)
        if notes is not None:
            (tables / name / NOTES).write_text(json.dumps(notes))
    games = hosted_games()
    assert [(g.folder.name, g.saved, g.names, g.levels, g.round, g.edition, g.hosted)
            for g in games] == [
        ("a", 9.5, ["Caro"], [None], 2, "classic", True),
        ("b", 5.0, ["Ana", "Bo"], [None, "easy"], 3, "classic", True)]
    assert "the LAN table in" in capsys.readouterr().err  # "c" lacks its levels
    assert [g.folder.name for g in lanhost.every_saved_game()] == ["a", "b"]


def test_a_port_in_use_is_neither_free_nor_silent(tmp_path):
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as listener:
        listener.bind(("0.0.0.0", 0))
        listener.listen()
        port = listener.getsockname()[1]
        assert lanhost._listening(port) and not lanhost._port_free(port)
    assert not lanhost._listening(port) and lanhost._port_free(port)
    hosted = HostedTable(Path(tmp_path), port=port)
    assert not hosted.running()


@pytest.fixture
def config(tmp_path, monkeypatch):
    """This process's config folder; every table hosted from it stopped afterwards."""
    monkeypatch.setenv("HAVANA_CONFIG_DIR", str(tmp_path))
    yield tmp_path
    stop_hosted_tables(tmp_path)


def _arguments(pid: int) -> list[str]:
    command = platforms.command_line(pid)
    assert command is not None
    return command


def test_a_hosted_table_runs_in_its_own_process_saves_stops_and_resumes(config):
    """`start`: a `havana host --lan` of the setup, saving in a new folder of
    lan-tables, noted with its pid, port and code; `stop` ends it (saved),
    `resume` starts it again from the folder on the same port with the same
    code, and finds it running rather than starting another; `forget` ends it
    and deletes the folder."""
    hosted = lanhost.start(HostSetup("Ana", players=2, bots=["random"], seed=5))
    folder = hosted.folder
    assert folder.parent == config / lanhost.TABLES_DIR and hosted.name == "Ana"
    assert re.fullmatch(r"\d{8}-\d{6}-[0-9a-f]{6}", folder.name)  # when, and a few random
    assert hosted.process is not None and read_notes(folder)["pid"] == hosted.process.pid
    pid = hosted.process.pid  # in a session of its own, its output in host.log, no input
    assert os.getsid(pid) == pid
    assert [os.readlink(f"/proc/{pid}/fd/{fd}") for fd in (0, 1, 2)] == \
        ["/dev/null", str(folder / HOST_LOG), str(folder / HOST_LOG)]
    assert hosted.wait_ready(WAIT), hosted.error
    arguments = _arguments(hosted.process.pid)
    assert arguments[arguments.index("host"):] == [
        "host", "--lan", "--json", "--exit-when-done", "--exit-when-idle",
        str(int(lanhost.IDLE_EXIT)), "--save-dir", str(folder), "--name", "Ana",
        "--players", "2", "--edition", DEFAULT_EDITION, "--bots", "random", "--seed", "5"]
    notes = read_notes(folder)
    assert (notes["name"], notes["names"], notes["levels"], notes["round"], notes["pid"],
            notes["port"], notes["code"], notes["edition"]) == \
        ("Ana", ["Ana"], [None], 0, hosted.process.pid, hosted.port, hosted.code,
         DEFAULT_EDITION)
    assert "display" not in notes and hosted.address and hosted.running()
    assert hosted._pid() == hosted.process.pid
    port, code = hosted.port, hosted.code
    hosted.stop()
    assert hosted.process.poll() is not None and not hosted.running()
    assert hosted._pid() is None

    again = lanhost.resume(folder)
    assert (again.port, again.code) == (0, "")  # known once the new process listens
    assert again.process is not None and read_notes(folder)["pid"] == again.process.pid
    assert again.process is not None and again.wait_ready(WAIT), again.error
    assert (again.port, again.code, again.name) == (port, code, "Ana")
    arguments = _arguments(again.process.pid)
    assert arguments[arguments.index("--resume"):] == [
        "--resume", str(folder), "--port", str(port), "--name", "Ana"]
    assert read_notes(folder)["pid"] == again.process.pid
    found = lanhost.resume(folder)  # running: found, not started again
    assert found.process is None and (found.port, found.code) == (port, code)
    assert (found.web, found.owner, found.address) == (again.web, "", again.address)
    assert found.web.endswith(f":{port}/#code={code}") and found.address
    assert found.running() and found._pid() == again.process.pid
    found.forget()
    assert again.process.wait(WAIT) is not None and not folder.exists()


def test_a_phones_table_is_noted_for_its_display_and_resumed_with_its_owner(config):
    hosted = lanhost.start(HostSetup("Ana", players=2, bots=["random", "random"], phones=True,
                                     seed=5))
    assert hosted.wait_ready(WAIT), hosted.error
    notes = read_notes(hosted.folder)
    assert (notes["display"], notes["names"], notes["levels"], notes["round"],
            notes["edition"]) == (True, [], [], 0, DEFAULT_EDITION)
    assert hosted.owner and "--autostart" in _arguments(hosted.process.pid)
    found = lanhost.resume(hosted.folder)  # running: found, with its owner token
    assert found.process is None and (found.owner, found.web) == (hosted.owner, hosted.web)
    hosted.stop()
    with socket.socket() as taken:  # its port is taken meanwhile: another one
        taken.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        taken.bind(("0.0.0.0", hosted.port))
        taken.listen()
        again = lanhost.resume(hosted.folder)
        assert again.wait_ready(WAIT), again.error
        arguments = _arguments(again.process.pid)
        assert arguments[arguments.index("--resume"):] == [
            "--resume", str(hosted.folder), "--port", "0", "--autostart", "--owner",
            "--name", "Ana"]
        assert again.port != hosted.port and again.owner
    again.forget()


def test_a_table_whose_host_never_listened_is_resumed_on_any_port(config):
    """Notes without a port (the host ended before it listened): `--port 0`."""
    folder = config / lanhost.TABLES_DIR / "never"
    folder.mkdir(parents=True)
    (folder / NOTES).write_text(json.dumps({"name": "Ana"}))
    hosted = lanhost.resume(folder)
    assert hosted.process is not None
    arguments = hosted.process.args
    assert arguments[arguments.index("--resume"):] == [
        "--resume", str(folder), "--port", "0", "--name", "Ana"]
    hosted.process.wait(WAIT)  # (nothing saved there to resume: it ends)
    assert not hosted.ready() and hosted.error


STUBBORN = "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); " \
    "print(1, flush=True); time.sleep(60)"
"""A process standing for a host that does not stop when asked."""


def test_a_host_that_does_not_stop_when_asked_is_killed(tmp_path, monkeypatch):
    """Ours (its `Popen` kept) or an earlier window's (known by the pid in the notes
    and its command line naming the folder): asked, then killed after STOP_TIMEOUT."""
    monkeypatch.setattr(lanhost, "STOP_TIMEOUT", 0.2)
    ours = subprocess.Popen([sys.executable, "-c", STUBBORN, str(tmp_path)],
                            stdout=subprocess.PIPE)
    assert ours.stdout is not None and ours.stdout.readline()
    HostedTable(tmp_path, process=ours).stop()
    assert ours.returncode == -9
    earlier = subprocess.Popen([sys.executable, "-c", STUBBORN, str(tmp_path)],
                               stdout=subprocess.PIPE)
    assert earlier.stdout is not None and earlier.stdout.readline()
    (tmp_path / NOTES).write_text(json.dumps({"pid": earlier.pid}))
    table = HostedTable(tmp_path)
    assert table._pid() == earlier.pid
    table.stop()
    assert not platforms.alive(earlier.pid)
    earlier.wait()
    table.forget()
    assert not tmp_path.exists()
    table.forget()  # already gone: nothing to do, no error
