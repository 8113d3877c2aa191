"""Table folders are promises too: a host's save folders written by released
versions (table format 3 holding save format 1; table format 4 holding a 2024 game
in save format 2, its materials in classic words; table format 1, the first, with
one command remembered per seat; see the fixtures' READMEs) are recovered by
today's host, and their player takes the seat back where it was."""

from __future__ import annotations

import asyncio
import json
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from net.host import Host, HostConfig
from net.host.recovery import recover

from .net_helpers import LOOPBACK, Recorder

FIXTURE = Path(__file__).parent / "fixtures" / "tables-v3"
SEAT = json.loads((FIXTURE / "seat0.json").read_text())
FIXTURE_V1 = Path(__file__).parent / "fixtures" / "tables-v1"
SEAT_V1 = json.loads((FIXTURE_V1 / "seat0.json").read_text())


def test_a_format_3_table_folder_is_recovered_as_it_was(tmp_path: Path):
    folder = shutil.copytree(FIXTURE / "folder", tmp_path / "folder")
    recovered = recover(folder)
    assert recovered.notes == []
    [table] = recovered.tables
    assert table.code == SEAT["code"] and table.rules.name == "classic"
    assert table.game is not None and table.game.state.version == SEAT["version"]
    assert table.game.state.round == SEAT["round"]
    assert [c for c in range(13) if table.game.state.hand[0] >> c & 1] == SEAT["hand"]


@asynccontextmanager
async def _rejoined(folder: Path, seat: dict[str, Any]) -> AsyncIterator[Recorder]:
    """A real host resumed from `folder`; seat 0's player back with its token, its
    command numbering going on from the seat's last applied one."""
    host = Host(HostConfig(bind=LOOPBACK, save_dir=folder))
    host.resume(folder)
    await host.start()
    try:
        client = await Recorder.connect(host.port)
        client.hello()
        await client.until("welcome")
        client.send({"type": "rejoin", "code": seat["code"], "seat": 0, "token": seat["token"]})
        joined = await client.until_any(("joined", "error"))
        assert joined["type"] == "joined", joined  # e.g. unknown_edition: the data changed
        client.seq = joined["last_seq"]
        yield client
        client.close()
    finally:
        await host.close()


@pytest.mark.parametrize("name", ["tables-v3", "tables-v4-2024"])
def test_its_player_rejoins_a_real_host_and_plays_on(tmp_path: Path, name: str):
    fixture = Path(__file__).parent / "fixtures" / name
    seat = json.loads((fixture / "seat0.json").read_text())
    folder = shutil.copytree(fixture / "folder", tmp_path / "folder")

    async def scenario() -> None:
        async with _rejoined(folder, seat) as client:
            history = (await client.until("history"))["events"]
            assert not any(e["kind"] == "seated" for e in history)  # not recorded then
            view = (await client.until("view"))["view"]
            assert view["version"] == seat["version"] and view["hand"] == seat["hand"]
            assert 0 in view["to_decide"]
            client.decide(view["legal"][-1], view["version"])
            ack = await client.until("ack")
            assert ack["version"] > seat["version"]

    asyncio.run(scenario())
    assert recover(folder).tables[0].version > seat["version"]  # saved as it went on


def test_a_format_1_table_folder_is_recovered_and_its_player_plays_on(tmp_path: Path):
    folder = shutil.copytree(FIXTURE_V1 / "folder", tmp_path / "folder")
    [table] = recover(folder).tables
    assert table.code == SEAT_V1["code"] and table.rules.name == "classic"
    assert table.game is not None and table.game.state.version == SEAT_V1["version"]
    assert table.seats[0].last_seq == SEAT_V1["last_seq"] and table.seats[1].kind == "bot"

    async def scenario() -> None:
        async with _rejoined(folder, SEAT_V1) as client:
            assert client.seq == SEAT_V1["last_seq"]
            while True:  # the bot at seat 1 plays first
                message = await client.until_any(("view", "error"))
                assert message["type"] == "view", message
                view = message["view"]
                if 0 in view["to_decide"]:
                    break
            assert view["version"] > SEAT_V1["version"]
            client.decide(view["legal"][0], view["version"])
            assert (await client.until("ack"))["seq"] == SEAT_V1["last_seq"] + 1

    asyncio.run(scenario())


FIXTURE_2024 = Path(__file__).parent / "fixtures" / "tables-v4-2024"
SEAT_2024 = json.loads((FIXTURE_2024 / "seat0.json").read_text())


def test_a_format_4_table_of_a_2024_game_is_recovered_in_the_editions_words(tmp_path: Path):
    """Its snapshot's game says brown/blue (save format 2), its journal green/white:
    both replay, and the table is written again in the edition's words only."""
    from net.host.persist import VERSION, table_to_document

    folder = shutil.copytree(FIXTURE_2024 / "folder", tmp_path / "folder")
    [snapshot_file] = folder.glob("*.havana-table.json")
    old = json.loads(snapshot_file.read_text())
    assert old["version"] == 4 and old["game"]["version"] == 2
    assert {"brown", "blue"} & set(json.dumps(old["game"]["history"]).split('"'))
    recovered = recover(folder)
    assert recovered.notes == [] and recovered.replayed
    [table] = recovered.tables
    assert table.code == SEAT_2024["code"] and table.rules.name == "edition2024"
    assert table.game is not None and table.game.state.version == SEAT_2024["version"]
    assert [c for c in range(13) if table.game.state.hand[0] >> c & 1] == SEAT_2024["hand"]
    again = table_to_document(table)
    words = set(json.dumps(again["game"]["history"]).split('"'))
    assert again["version"] == VERSION and {"green", "white"} <= words
    assert not {"brown", "blue"} & words
