"""What a returning or remaining player can count on, over loopback: resends of
the last few commands are answered again, a rejoin after the end still gets the
result, the host role passes on, and the free-seat count follows the lobby."""

from __future__ import annotations

import asyncio
import random

import pytest

from havana_game.content import classic_rules
from havana_game.rules import from_json
from havana_game.rules.ruleset import CLASSIC_NAMES
from net.errors import ProtocolError
from net.host.persist import table_from_document, table_to_document
from net.host.table import RECENT_REPLIES, Table, decision_digest
from net.listing import Listing

from .net_helpers import Recorder, play_randomly, running_host


async def _rejoin(port: int, code: str, seat: int, token: str) -> Recorder:
    client = await Recorder.connect(port)
    client.hello()
    await client.until("welcome")
    client.send({"type": "rejoin", "code": code, "seat": seat, "token": token})
    await client.until("joined")
    return client


async def _asked(client: Recorder) -> dict:
    """The next view asking this seat to decide (the bots have played till then)."""
    while True:
        view = (await client.until("view"))["view"]
        if client.seat in view["to_decide"]:
            return view


async def _decide_when_asked(client: Recorder) -> tuple[dict, dict]:
    """Wait for a view asking this seat to decide, decide; returns (frame, ack)."""
    view = await _asked(client)
    client.decide(view["legal"][0], view["version"])
    frame = {"type": "decide", "seq": client.seq, "version": view["version"],
             "decision": view["legal"][0]}
    return frame, await client.until("ack")


def test_resends_of_the_last_few_commands_are_answered_again():
    async def scenario():
        async with running_host() as host:
            table = host.create_table(2, [None, "random"])
            client = await Recorder.connect(host.port)
            await client.join(table.code)
            sent = [await _decide_when_asked(client) for _ in range(3)]
            await _asked(client)  # the table is quiet: the bot has answered
            applied = len(table.game.history)
            for frame, ack in reversed(sent):  # the last few, in any order
                client.send(frame)
                again = await client.until("ack")
                assert (again["seq"], again["version"]) == (ack["seq"], ack["version"])
            assert len(table.game.history) == applied
            client.send({**sent[0][0], "seq": 0})  # never applied, older: refused
            error = await client.until("error")
            assert (error["reason"], error["params"]["last"]) == ("old_seq", 3)
            # The same seq for another command is refused, not taken for a resend.
            other = {"kind": "end_turn"}
            if sent[2][0]["decision"] == other:
                other = {"kind": "choose", "cards": [0, 1]}
            client.send({**sent[2][0], "decision": other})
            error = await client.until("error")
            assert (error["reason"], error["params"]["seq"]) == ("seq_reused", 3)
            assert len(table.game.history) == applied
            # The window survives a save and a load.
            saved = table_from_document(table_to_document(table))
            digest = decision_digest(from_json(sent[1][0]["decision"]), CLASSIC_NAMES)
            assert saved.duplicate(0, 2, digest) == sent[1][1]["version"]
    asyncio.run(scenario())


def test_the_window_keeps_the_last_commands_only():
    table = Table(classic_rules(), 2)
    for seq in range(1, RECENT_REPLIES + 3):
        table.seats[0].applied(seq, seq * 10, seq)
    assert table.duplicate(0, RECENT_REPLIES + 2, RECENT_REPLIES + 2) == (RECENT_REPLIES + 2) * 10
    assert table.duplicate(0, 3, 3) == 30
    assert table.duplicate(0, RECENT_REPLIES + 3, 0) is None
    with pytest.raises(ProtocolError) as forgotten:
        table.duplicate(0, 2, 2)
    assert forgotten.value.reason == "old_seq"
    with pytest.raises(ProtocolError) as reused:
        table.duplicate(0, 3, 4)
    assert reused.value.reason == "seq_reused"


def test_rejoining_after_the_end_gets_the_final_view_and_game_over():
    async def scenario():
        async with running_host() as host:
            table = host.create_table(2, [None, "random"])
            client = await Recorder.connect(host.port)
            await client.join(table.code)
            over = await play_randomly(client, random.Random(3))
            client.close()
            back = await _rejoin(host.port, table.code, 0, client.token)
            status = await back.until("table")
            view = (await back.until("view"))["view"]
            again = await back.until("game_over")
            assert status["status"] == "over" and view["phase"] == "over"
            assert {k: again[k] for k in ("winners", "reason", "vp")} == \
                {k: over[k] for k in ("winners", "reason", "vp")}
            back.send({"type": "resync"})  # a resync repeats it too
            await back.until("table")
            await back.until("view")
            assert (await back.until("game_over"))["winners"] == over["winners"]
    asyncio.run(scenario())


def test_host_role_passes_to_the_next_human_when_its_holder_is_gone_for_good():
    async def scenario():
        async with running_host(grace=0.05) as host:
            table = host.create_table(3)
            owner, guest = await Recorder.connect(host.port), await Recorder.connect(host.port)
            await owner.join(table.code)
            await guest.join(table.code)
            owner.close()
            while (await guest.until("table"))["host_seat"] != guest.seat:
                pass  # the role passes once the owner's grace period ran out
            guest.send({"type": "start", "seq": 1, "version": table.revision})
            assert (await guest.until("ack"))["seq"] == 1
            assert table.status == "playing"
            back = await _rejoin(host.port, table.code, owner.seat, owner.token)
            assert back.messages[-1]["host"] is False
    asyncio.run(scenario())


def test_free_seat_count_follows_joins_bots_and_the_start():
    async def scenario():
        async with running_host() as host:
            table = host.create_table(3)
            listings: list[Listing] = []
            host.on_listing = listings.append
            owner = await Recorder.connect(host.port)
            await owner.join(table.code)
            await owner.until("table")
            owner.send({"type": "add_bot", "seq": 1, "version": table.revision,
                        "level": "random"})
            await owner.until("ack")
            await owner.until("table")
            owner.send({"type": "start", "seq": 2, "version": table.revision})
            await owner.until("view")
            assert [listing.free for listing in listings] == [2, 1, 0]
            assert listings[-1] == host.listing() == Listing(free=0, playing=1, away=0)
    asyncio.run(scenario())
