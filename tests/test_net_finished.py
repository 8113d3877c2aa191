"""A host that forgets (issue 49.3): a finished table stays in memory for
`finished_grace` seconds, then only a compact record of it is kept; whoever
rejoins, watches or resyncs it later is told exactly what they were told before."""

from __future__ import annotations

import asyncio
import gc
import random
import sys
import weakref
from pathlib import Path
from typing import Any

from havana_game.content import classic_rules, find_edition
from havana_game.rules import legal_decisions
from net.host.credentials import normalize_code
from net.host.persist import table_from_compact, table_to_compact, table_to_document
from net.host.recovery import recover
from net.host.table import Table

from .net_helpers import Recorder, check_told, eventually, play_randomly, running_host


def _finished(rules: Any, players: int, seed: int) -> Table:
    """A table whose human at seat 0 played against bots to the end."""
    table = Table(rules, players)
    table.join("Ann")
    for seat in range(1, players):
        table.put_bot(seat, "random")
    table.start(check_host=False)
    rng = random.Random(seed)
    seq = 0
    while table.status != "over":
        state = table.game.state  # type: ignore[union-attr]
        seat = state.deciders()[0]
        table.decide(seat, rng.choice(legal_decisions(state, seat)), state.version)
        if seat == 0:
            seq += 1
            table.commit_decision(seq, seq * 7)
    return table


def test_the_compact_record_rebuilds_the_table_whole():
    for name, players, seed in (("classic", 4, 1), ("edition2024", 2, 2), ("classic", 3, 3)):
        rules = find_edition(name) if name != "classic" else classic_rules()
        table = _finished(rules, players, seed)
        compact = table_to_compact(table)
        assert len(compact) < 1024  # a few hundred bytes, whatever the game's length
        again = table_from_compact(compact, rules)
        assert table_to_document(again) == table_to_document(table)
        assert again.status == "over" and again.game.seatings == table.game.seatings  # type: ignore[union-attr]


async def _enter(port: int, request: dict[str, Any]) -> Recorder:
    """A client that said hello and sent `request` (a rejoin or a watch)."""
    client = await Recorder.connect(port)
    client.hello()
    await client.until("welcome")
    client.send(request)
    return client


async def _rejoin(port: int, code: str, seat: int, token: str) -> Recorder:
    client = await _enter(port, {"type": "rejoin", "code": code, "seat": seat, "token": token})
    await client.until("joined")
    return client


async def _watch(port: int, code: str) -> Recorder:
    client = await _enter(port, {"type": "watch", "code": code})
    await client.until("joined")
    return client


async def _catch_up(client: Recorder) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any],
                                               dict[str, Any]]:
    """The table, history, view and game_over a (re)joined or resyncing client gets."""
    status = await client.until("table")
    history = await client.until("history")
    view = await client.until("view")
    over = await client.until("game_over")
    for message in (status, history, view, over):
        check_told(message)
    return status, history, view, over


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Equal but for the connection's message number."""
    a, b = ({k: v for k, v in m.items() if k != "n"} for m in (a, b))
    assert a == b
    return True


async def _play_and_forget(host: Any, **save: Any) -> tuple[str, str, str, list[Any]]:
    """Play a table to its end; returns its code, id, the player's token and what
    a rejoin and a watch got before the host let go of it."""
    table = host.create_table(2, [None, "random"])
    code, table_id = table.code, table.id
    client = await Recorder.connect(host.port)
    await client.join(code)
    await play_randomly(client, random.Random(5))
    kept, game, state = weakref.ref(table), weakref.ref(table.game), table.game.state
    client.close()
    rejoined = await _rejoin(host.port, code, 0, client.token)
    watcher = await _watch(host.port, code)  # while seat 0 is connected
    before = [await _catch_up(rejoined), await _catch_up(watcher)]
    rejoined.close()
    watcher.close()
    del table
    await eventually(lambda: normalize_code(code) in host.ended)
    assert normalize_code(code) not in host.tables and table_id not in host.by_id
    gc.collect()
    assert kept() is None and game() is None
    # The engine's State takes no weak reference: nothing but this test holds it.
    assert sys.getrefcount(state) == 2  # `state` and getrefcount's argument
    assert client.token is not None
    return code, table_id, client.token, before


def test_a_finished_table_is_let_go_of_and_still_told_to_whoever_comes_back():
    async def scenario():
        async with running_host(finished_grace=0.05) as host:
            code, table_id, token, (rejoined, watched) = await _play_and_forget(host)
            back = await _rejoin(host.port, code, 0, token)
            again = await _catch_up(back)
            assert all(_same(a, b) for a, b in zip(again, rejoined, strict=True))
            assert again[0]["status"] == "over"
            watcher = await _watch(host.port, code)
            seen = await _catch_up(watcher)
            assert all(_same(a, b) for a, b in zip(seen, watched, strict=True))
            assert seen[1]["events"] != again[1]["events"]  # the seat's own history
            # Let go of again, while both are still connected: a resync brings it back.
            await eventually(lambda: normalize_code(code) in host.ended)
            assert table_id in host.audiences
            watcher.send({"type": "resync"})
            assert all(_same(a, b) for a, b in zip(await _catch_up(watcher), watched,
                                                   strict=True))
            back.send({"type": "resync"})
            assert all(_same(a, b) for a, b in zip(await _catch_up(back), rejoined,
                                                   strict=True))
            # A wrong token is still refused, a decision still meets the game's end.
            back.seq = 10_000  # past the seat's last command
            back.decide({"kind": "end_turn"}, again[2]["view"]["version"])
            assert (await back.until("error"))["reason"] == "game_over"
            intruder = await _enter(host.port, {"type": "rejoin", "code": code, "seat": 0,
                                                "token": "0" * 64})
            assert (await intruder.until("error"))["reason"] == "wrong_token"
            # Gone for good once no one is connected: nothing of it but its record.
            back.close()
            watcher.close()
            await eventually(lambda: table_id not in host.audiences
                             and normalize_code(code) in host.ended)
    asyncio.run(scenario())


def test_a_saving_host_lets_go_of_a_finished_table_and_resumes_it(tmp_path: Path):
    async def scenario():
        async with running_host(finished_grace=0.05, save_dir=tmp_path) as host:
            code, table_id, token, (rejoined, _) = await _play_and_forget(host)
            assert table_id not in host.store._tables  # the store let go of it too
            assert not any(table_id in pins for pins in host.store._pins.values())
            back = await _rejoin(host.port, code, 0, token)
            assert all(_same(a, b) for a, b in zip(await _catch_up(back), rejoined,
                                                   strict=True))
        return table_id, rejoined
    table_id, rejoined = asyncio.run(scenario())
    [table] = recover(tmp_path).tables  # saved whole, in its snapshot
    assert table.id == table_id and table.status == "over"
    assert table.version == rejoined[2]["view"]["version"]
