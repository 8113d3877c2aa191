"""`take_back` over real sockets: the one human against bots undoes their last
decision and what followed; the same choice again brings the same draw; the
table is saved as it went back; every other case is refused."""

from __future__ import annotations

import asyncio
import random

from havana_game.rules.snapshot import snapshot
from net.host import Host, HostConfig

from .net_helpers import LOOPBACK, Recorder, running_host


async def _asked(client: Recorder) -> dict:
    """The first view, from the latest received on, that asks this seat to decide."""
    views = [m["view"] for m in client.messages if m["type"] == "view"]
    acked = max((m["version"] for m in client.messages if m["type"] == "ack"), default=-1)
    if views and client.seat in views[-1]["to_decide"] and views[-1]["version"] >= acked:
        return views[-1]
    while True:
        message = await client.until("view")
        if client.seat in message["view"]["to_decide"]:
            return message["view"]


def _take_back(client: Recorder, version: int) -> int:
    client.seq += 1
    client.send({"type": "take_back", "seq": client.seq, "version": version})
    return client.seq


async def _decide(client: Recorder, view: dict, decision: dict) -> list[dict]:
    """Make `decision` on `view`; the events it brought (forced steps included)."""
    client.decide(decision, view["version"])
    version = (await client.until("ack"))["version"]
    while True:
        message = await client.until("view")
        if message["view"]["version"] == version:
            return message["events"]


async def _play(client: Recorder, decisions: int, rng: random.Random) -> list[tuple]:
    """`decisions` random decisions: each with the view it was made on and the
    events it brought."""
    made = []
    for _ in range(decisions):
        view = await _asked(client)
        decision = rng.choice(view["legal"])
        made.append((view, decision, await _decide(client, view, decision)))
    return made


def test_taking_back_replays_the_game_without_the_last_decision(tmp_path):
    async def scenario():
        async with running_host(takebacks=True, save_dir=tmp_path) as host:
            table = host.create_table(2, [None, "random"])
            client = await Recorder.connect(host.port)
            await client.join(table.code)
            made = await _play(client, 8, random.Random(3))
            now = await _asked(client)
            before, decision, events = made[-1]
            _take_back(client, now["version"])
            assert (await client.until("ack"))["version"] == before["version"]
            history = await client.until("history")
            view = (await client.until("view"))["view"]
            assert history["version"] == view["version"] == before["version"]
            assert view == before  # the table as it was when that decision was asked
            taken_back = snapshot(table.game.state)
            again = await _decide(client, view, decision)
            assert again == events  # the same choice brings the same draws
            now = await _asked(client)
            _take_back(client, now["version"])
            await client.until("ack")
            assert snapshot(table.game.state) == taken_back
            saved = snapshot(table.game.state)
            code = table.code
        resumed = Host(HostConfig(bind=LOOPBACK, save_dir=tmp_path))
        [back] = resumed.resume(tmp_path)  # the take-back was saved with the table
        assert back.code == code and snapshot(back.game.state) == saved
    asyncio.run(scenario())


def test_take_back_is_refused_where_it_does_not_belong(tmp_path):
    async def scenario():
        async with running_host() as host:  # a LAN-like host: no take-backs
            table = host.create_table(2, [None, "random"])
            client = await Recorder.connect(host.port)
            await client.join(table.code)
            await _play(client, 1, random.Random(1))
            view = await _asked(client)
            _take_back(client, view["version"])
            assert (await client.until("error"))["reason"] == "take_back_refused"
        async with running_host(takebacks=True) as host:
            table = host.create_table(2, [None, None])  # two people: hotseat or LAN
            first, second = await Recorder.connect(host.port), await Recorder.connect(host.port)
            await first.join(table.code)
            await second.join(table.code)
            view = await _asked(first)
            _take_back(first, view["version"])
            assert (await first.until("error"))["reason"] == "take_back_refused"
            table = host.create_table(2, [None, "random"])
            client = await Recorder.connect(host.port)
            await client.join(table.code)
            view = await _asked(client)
            _take_back(client, view["version"])
            assert (await client.until("error"))["reason"] == "nothing_to_take_back"
            await _play(client, 2, random.Random(2))
            view = await _asked(client)
            _take_back(client, view["version"] - 1)
            stale = await client.until("error")
            assert stale["reason"] == "stale"
            assert (await client.until("view"))["view"]["version"] == view["version"]
    asyncio.run(scenario())
