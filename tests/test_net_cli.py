"""`havana host` and `havana bot-client` given bad input: exit code 2, one clear
line on stderr, never a traceback, nothing created on disk; with `--json` the
bot client's last stdout line is still its result object."""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from havana_game.cli import main
from net.host import Host, HostConfig

from .net_helpers import LOOPBACK, running_host

HAVANA = [sys.executable, "-m", "havana_game.cli"]


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run `havana ARGV` in this process: (exit code, stdout, stderr)."""
    try:
        code = main(list(argv))
    except SystemExit as stop:  # argparse refusing an option
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err


def _refused(code: int, err: str, *words: str) -> None:
    """Exit code 2 and a stderr line naming every word; no traceback."""
    assert code == 2, err
    assert "Traceback" not in err
    last = err.strip().splitlines()[-1]
    assert last.startswith("havana "), last
    assert all(word in last for word in words), last


def _closed_port() -> tuple[socket.socket, int]:
    """A loopback port bound by nobody listening (connecting is refused); keep the
    socket open so no one else takes the port."""
    holder = socket.socket()
    holder.bind((LOOPBACK, 0))
    return holder, holder.getsockname()[1]


# --- havana host: option ranges ------------------------------------------------------

@pytest.mark.parametrize(("option", "value"), [
    ("--port", "70000"), ("--port", "-5"), ("--port", "http"),
    ("--heartbeat", "0"), ("--heartbeat", "-1"), ("--heartbeat", "nan"), ("--heartbeat", "inf"),
    ("--grace", "0"), ("--grace", "-3"), ("--snapshot-every", "0"), ("--snapshot-every", "-1"),
    ("--snapshot-every", "2.5"), ("--drain-timeout", "0"),
    ("--name", "x" * 201), ("--name", "x" * 33), ("--name", ""), ("--name", "a\nb"),
    ("--name", "evil\u202e"),
])
def test_host_refuses_out_of_range_options(capsys, tmp_path: Path, option: str, value: str):
    saves = tmp_path / "saves"
    code, out, err = _cli(capsys, "host", "--players", "2", "--save-dir", str(saves),
                          option, value)
    _refused(code, err, option)
    assert out == "" and not saves.exists()


@pytest.mark.parametrize(("bots", "words"), [
    ("bogus", ("--bots", "bogus")), ("random,random,random", ("more bots",))])
def test_host_refuses_bad_bots_before_creating_the_save_folder(capsys, tmp_path: Path,
                                                              bots: str, words: tuple[str]):
    saves = tmp_path / "saves"
    code, out, err = _cli(capsys, "host", "--players", "2", "--bots", bots,
                          "--save-dir", str(saves))
    _refused(code, err, *words)
    assert not saves.exists()


# --- havana host: folders and the port -------------------------------------------------

def test_resume_from_a_missing_folder_creates_nothing(capsys, tmp_path: Path):
    missing = tmp_path / "none" / "dir"
    code, _, err = _cli(capsys, "host", "--resume", str(missing))
    _refused(code, err, "--resume", "does not exist")
    assert not (tmp_path / "none").exists()


def test_resume_from_a_file(capsys, tmp_path: Path):
    file = tmp_path / "table.json"
    file.write_text("{}")
    code, _, err = _cli(capsys, "host", "--resume", str(file))
    _refused(code, err, "--resume", "not a folder")
    assert file.read_text() == "{}"


def test_resume_from_an_empty_folder_leaves_it_empty(capsys, tmp_path: Path):
    code, _, err = _cli(capsys, "host", "--resume", str(tmp_path))
    _refused(code, err, "no saved tables")
    assert list(tmp_path.iterdir()) == []


def test_resume_with_another_save_folder_creates_neither(capsys, tmp_path: Path):
    other = tmp_path / "other"
    code, _, err = _cli(capsys, "host", "--resume", str(tmp_path), "--save-dir", str(other))
    _refused(code, err, "--save-dir")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("folder", ["/proc/nope", "FILE/sub"])
def test_unusable_save_folder(capsys, tmp_path: Path, folder: str):
    (tmp_path / "FILE").write_text("")
    folder = folder.replace("FILE", str(tmp_path / "FILE"))
    code, out, err = _cli(capsys, "host", "--players", "2", "--save-dir", folder)
    _refused(code, err, folder)
    assert out == "" and not Path(folder).exists()


def test_port_in_use_is_refused_before_the_save_folder_is_made(tmp_path: Path):
    """The real command: one stderr line, no traceback, no save folder."""
    saves = tmp_path / "saves"
    with socket.socket() as taken:
        taken.bind((LOOPBACK, 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run([*HAVANA, "host", "--port", str(port), "--save-dir", str(saves)],
                             capture_output=True, text=True, timeout=60)
    _refused(run.returncode, run.stderr, f"127.0.0.1:{port}", "in use")
    assert run.stdout == "" and not saves.exists()


def test_port_taken_between_the_check_and_the_start(capsys, monkeypatch):
    """The check races with other programs: a failing start is still one line."""
    monkeypatch.setattr("net.cli._check_port", lambda bind, port: None)
    with socket.socket() as taken:
        taken.bind((LOOPBACK, 0))
        taken.listen()
        code, out, err = _cli(capsys, "host", "--port", str(taken.getsockname()[1]))
    _refused(code, err, "cannot listen")
    assert out == ""


# --- havana bot-client -----------------------------------------------------------------

def _result(out: str) -> dict:
    """The --json result: the last stdout line, one JSON object."""
    result = json.loads(out.strip().splitlines()[-1])
    assert isinstance(result, dict)
    return result


def _refused_result(code: int, out: str, err: str, reason: str, *words: str) -> None:
    _refused(code, err, *words)
    result = _result(out)
    assert result["error"] == reason and words[0] in result["message"]
    assert result["finished"] is False and result["seat"] is None and result["winner"] is None
    assert result["frames_received"] == 0


@pytest.mark.parametrize(("address", "extra", "reason", "word"), [
    ("127.0.0.1:99999", (), "bad_address", "HOST:PORT"),
    ("127.0.0.1:0", (), "bad_address", "HOST:PORT"),
    ("127.0.0.1", (), "bad_address", "HOST:PORT"),
    ("127.0.0.1:５", (), "bad_address", "HOST:PORT"),
    ("::1:5000", (), "bad_address", "brackets"),
    ("[::1:5000", (), "bad_address", "HOST:PORT"),
    ("[nope]:5000", (), "bad_address", "HOST:PORT"),
    ("127.0.0.1:5000", ("--level", "bogus"), "unknown_level", "bogus"),
    ("127.0.0.1:5000", ("--name", "x" * 33), "bad_name", "name"),
    ("127.0.0.1:5000", ("--code", "x" * 33), "bad_code", "code"),
])
def test_bot_client_bad_arguments(capsys, address: str, extra: tuple[str, ...], reason: str,
                                  word: str):
    code, out, err = _cli(capsys, "bot-client", address, "--code", "AAAAA-AAAAA", "--json",
                          *extra)
    _refused_result(code, out, err, reason, word)


def test_bot_client_refused_port(capsys):
    holder, port = _closed_port()
    with holder:
        code, out, err = _cli(capsys, "bot-client", f"{LOOPBACK}:{port}", "--code", "X",
                              "--json")
    _refused_result(code, out, err, "connection_refused", f"{LOOPBACK}:{port}", "refused")


def test_bot_client_refused_port_without_json(capsys):
    holder, port = _closed_port()
    with holder:
        code, out, err = _cli(capsys, "bot-client", f"{LOOPBACK}:{port}", "--code", "X")
    _refused(code, err, "refused")
    assert out == ""


def test_bot_client_unknown_host(capsys, monkeypatch):
    """The name lookup fails (faked: the test never asks a name server)."""
    def no_such_name(*args, **kwargs):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", no_such_name)
    code, out, err = _cli(capsys, "bot-client", "nowhere.invalid:5000", "--code", "X", "--json")
    _refused_result(code, out, err, "unknown_host", "nowhere.invalid:5000")


async def _bot_client_process(address: str, *args: str) -> tuple[int, str, str]:
    """The real `havana bot-client` against a host in this test's event loop."""
    process = await asyncio.create_subprocess_exec(
        *HAVANA, "bot-client", address, *args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), 120)
    return process.returncode, out.decode(), err.decode()


def test_bot_client_turned_away_by_a_busy_host():
    async def scenario() -> tuple[int, str, str]:
        async with running_host(max_pending_per_address=0) as host:
            table = host.create_table(2)
            return await _bot_client_process(f"{LOOPBACK}:{host.port}", "--code", table.code,
                                              "--json")

    code, out, err = asyncio.run(scenario())
    _refused(code, err, "server_busy")
    result = _result(out)
    assert result["error"] == "server_busy" and result["seat"] is None
    assert result["finished"] is False and result["frames_received"] == 0


def test_bot_client_wrong_code():
    async def scenario() -> tuple[int, str, str]:
        async with running_host() as host:
            host.create_table(2)
            return await _bot_client_process(f"{LOOPBACK}:{host.port}", "--code", "00000-00000",
                                              "--json")

    code, out, err = asyncio.run(scenario())
    _refused(code, err, "wrong_code")
    assert _result(out)["error"] == "wrong_code"


def _has_ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.mark.skipif(not _has_ipv6_loopback(), reason="no IPv6 loopback here")
def test_bot_client_plays_a_game_over_ipv6_loopback():
    async def scenario() -> tuple[int, str, str]:
        host = Host(HostConfig(bind="::1", autostart=True))
        table = host.create_table(2, [None, "random"])
        await host.start()
        try:
            return await _bot_client_process(f"[::1]:{host.port}", "--code", table.code,
                                              "--level", "random", "--json")
        finally:
            await host.close()

    code, out, err = asyncio.run(scenario())
    assert code == 0, err
    result = _result(out)
    assert result["finished"] is True and result["seat"] == 0 and "error" not in result
    assert result["winner"] in (0, 1) and result["decisions"] > 0


def _host_process(*argv: str) -> tuple[subprocess.Popen[str], dict]:
    process = subprocess.Popen([sys.executable, "-m", "havana_game", "host", "--json", *argv],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stderr is not None
    line = process.stdout.readline()
    if not line:
        process.wait(timeout=20)
        pytest.fail(f"the host stopped without its line: {process.stderr.read()}")
    return process, json.loads(line)


async def _server_name(port: int) -> str:
    from .net_helpers import Recorder
    client = await Recorder.connect(port)
    client.hello()
    welcome = await client.until("welcome")
    client.close()
    return str(welcome["server"])


def test_a_resumed_host_keeps_its_name(tmp_path: Path):
    first, started = _host_process("--save-dir", str(tmp_path), "--name", "Marta")
    first.send_signal(signal.SIGTERM)
    assert first.wait(timeout=20) == 0  # a clean stop, however soon after its line
    again, resumed = _host_process("--resume", str(tmp_path))
    try:
        assert resumed["code"] == started["code"]
        assert asyncio.run(_server_name(resumed["port"])) == "Marta"
    finally:
        again.send_signal(signal.SIGTERM)
        again.wait(timeout=20)


def test_a_table_code_the_host_printed_survives_its_crash_at_once(tmp_path: Path):
    for _ in range(3):  # (the crash came before the table was on disk, now and then)
        folder = tmp_path / str(_)
        first, started = _host_process("--save-dir", str(folder))
        first.kill()
        first.wait(timeout=20)
        again, resumed = _host_process("--resume", str(folder))
        again.send_signal(signal.SIGTERM)
        assert again.wait(timeout=20) == 0
        assert resumed["code"] == started["code"]


def test_a_host_with_no_player_for_its_idle_time_stops(tmp_path: Path):
    process, _ = _host_process("--save-dir", str(tmp_path), "--exit-when-idle", "1")
    assert process.wait(timeout=60) == 0
    assert process.stderr is not None and "no player for 1 s" in process.stderr.read()
