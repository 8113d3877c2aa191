"""Whole programs over loopback: `havana host` and `havana bot-client` processes,
and a host killed with SIGKILL and resumed from its journal and snapshots."""

from __future__ import annotations

import asyncio
import json
import random
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from havana_game.editions import EDITIONS
from net.host.recovery import recover

from .net_helpers import LOOPBACK, Recorder
from .seeds import HOST_SEED

HAVANA = [sys.executable, "-m", "havana_game.cli"]


def _start_host(*args: str) -> tuple[subprocess.Popen, dict]:
    process = subprocess.Popen([*HAVANA, "host", "--json", "--autostart", *args],
                               stdout=subprocess.PIPE, text=True)
    first = json.loads(process.stdout.readline())
    return process, first


@pytest.mark.parametrize("edition", EDITIONS)
def test_four_bot_client_processes_play_a_full_game(edition):
    """A LAN table of each edition: the host plays it, clients take it from the game."""
    host, info = _start_host("--players", "4", "--exit-when-done", "--edition", edition,
                             "--seed", str(HOST_SEED))
    try:
        bots = [subprocess.Popen([*HAVANA, "bot-client", f"{LOOPBACK}:{info['port']}",
                                  "--code", info["code"], "--level", "medium", "--json"],
                                 stdout=subprocess.PIPE, text=True) for _ in range(4)]
        results = [json.loads(bot.communicate(timeout=60)[0].strip().splitlines()[-1])
                   for bot in bots]
        assert host.wait(timeout=30) == 0
    finally:
        host.kill()
    assert sorted(r["seat"] for r in results) == [0, 1, 2, 3]
    assert all(r["finished"] and r["frames_received"] > 10 for r in results)
    assert len({r["winner"] for r in results}) == 1 and results[0]["winner"] in range(4)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        return probe.getsockname()[1]


async def _play_until_killed(port: int, code: str, token: str | None, rng: random.Random,
                             kill_after: int, host: subprocess.Popen, acked: dict):
    """Play seat 0 randomly; SIGKILL the host after `kill_after` acknowledgements.
    Returns the seat token."""
    client = await Recorder.connect(port)
    view = None
    if token is None:
        await client.join(code)
        token = client.token
    else:
        client.hello()
        await client.until("welcome")
        client.send({"type": "rejoin", "code": code, "seat": 0, "token": token})
        await client.until("joined")
        view = (await client.until("view"))["view"]
        assert view["version"] >= acked["version"], "an acknowledged decision was lost"
        if acked["frame"] is not None:  # resend the last acknowledged command
            client.send(acked["frame"])
            while (again := await client.until_any(("ack", "view")))["type"] == "view":
                view = again["view"]  # a bot moved meanwhile: keep the newest view
            assert again["seq"] == acked["frame"]["seq"]
    client.seq = acked["sent"]  # never reuse a seq: the host would take it for a resend
    count = 0
    waiting = False
    try:
        while count < kill_after and not (view and view["phase"] == "over"):
            if not waiting and view is not None and 0 in view["to_decide"]:
                decision = rng.choice(view["legal"])
                client.decide(decision, view["version"])
                sent = {"type": "decide", "seq": client.seq, "version": view["version"],
                        "decision": decision}
                waiting = True
            message = await client.receive()
            if message["type"] == "game_over":
                break
            if message["type"] == "view":
                view = message["view"]
            elif message["type"] == "error":
                assert not message["fatal"], message
                waiting = False
            elif message["type"] == "ack":
                waiting = False
                if view["version"] < message["version"]:
                    view = None  # wait for the view the decision led to
                acked.update(version=message["version"], seq=message["seq"])
                acked["frame"] = sent
                count += 1
    finally:
        acked["sent"] = client.seq
        await asyncio.sleep(rng.uniform(0, 0.01))  # the host is busy with its bot and saves
        host.send_signal(signal.SIGKILL)
        host.wait()
        client.close()
    return token


def test_sigkilled_host_resumes_without_losing_an_acknowledged_decision(tmp_path: Path):
    rng = random.Random(11)
    port = _free_port()
    saves = tmp_path / "tables"
    compact = ("--snapshot-every", "5",)  # snapshots and journal drops between kills
    host, info = _start_host("--players", "2", "--bots", "random", "--port", str(port),
                             "--save-dir", str(saves), *compact)
    acked = {"version": 0, "seq": 0, "sent": 0, "frame": None}
    token = None
    for _ in range(6):
        token = asyncio.run(_play_until_killed(port, info["code"], token, rng,
                                               rng.randint(1, 25), host, acked))
        tables = recover(saves).tables  # never torn: snapshots and journal replay
        assert len(tables) == 1 and tables[0].version >= acked["version"]
        host, resumed = _start_host("--resume", str(saves), "--port", str(port), *compact)
        assert resumed["code"] == info["code"]
    host.send_signal(signal.SIGTERM)
    host.wait(timeout=10)


def test_host_json_names_the_web_link_and_serves_the_page():
    """`havana host --json` gives the link a phone opens; the page is there."""
    import urllib.request
    host, info = _start_host("--players", "2", "--bots", "random")
    try:
        assert info["web"] == f"http://127.0.0.1:{info['port']}/#code={info['code']}"
        with urllib.request.urlopen(info["web"].split("#")[0], timeout=10) as page:
            assert page.status == 200 and b"app.js" in page.read()
    finally:
        host.terminate()
        host.wait(timeout=30)


def test_host_tells_people_the_web_link():
    host = subprocess.Popen([*HAVANA, "host", "--players", "2"], stdout=subprocess.PIPE,
                            text=True)
    try:
        lines = [host.stdout.readline() for _ in range(6)]
        link = [line for line in lines if "browser" in line]
        assert link and "http://127.0.0.1:" in link[0] and "/#code=" in link[0]
    finally:
        host.terminate()
        host.wait(timeout=30)
