"""Who starts a game: the host role, unless the host was told to start full
tables itself; and what `havana host` tells the people who will join."""

from __future__ import annotations

import asyncio
import subprocess
import sys

from .net_helpers import Recorder, running_host


def test_a_full_table_waits_for_the_host_role_to_start():
    async def scenario() -> tuple[str, str]:
        async with running_host(autostart=False) as host:
            table = host.create_table(2, [None, "random"])
            client = await Recorder.connect(host.port)
            await client.join(table.code)
            status = (await client.until("table"))["status"]
            client.send({"type": "start", "seq": 1, "version": table.revision})
            view = (await client.until("view"))["view"]
            client.close()
            return status, view["phase"]
    assert asyncio.run(scenario()) == ("lobby", "setup")


def test_havana_host_tells_people_where_to_join_and_who_starts():
    process = subprocess.Popen([sys.executable, "-m", "havana_game.cli", "host", "--players",
                                "2", "--edition", "edition2024"],
                               stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(5)]
    finally:
        process.terminate()
        process.wait(timeout=10)
    text = "".join(lines)
    code = lines[1].split()[1].rstrip(":")
    assert "edition2024, 2 players, lobby" in lines[1]
    assert "address 127.0.0.1:" in text and f"code {code}" in text
    assert "The first player to join holds the host controls and starts the game." in text
