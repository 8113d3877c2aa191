"""Seats over a whole party, on loopback: the host role sizes the table and hands
an absent player's seat to a newcomer (the old token then fails), bots get
distinct names, everyone sees an absent player's countdown, and whoever
(re)joins gets the game's whole history as their seat saw it."""

from __future__ import annotations

import asyncio
import random

from havana_game.client.table.model import is_public
from havana_game.content import bot_names

from .net_helpers import Recorder, play_randomly, running_host


async def _rejoin(port: int, code: str, seat: int, token: str) -> tuple[Recorder, dict]:
    client = await Recorder.connect(port)
    client.hello()
    await client.until("welcome")
    client.send({"type": "rejoin", "code": code, "seat": seat, "token": token})
    return client, await client.until_any(("joined", "error"))


def _command(client: Recorder, kind: str, version: int, **fields: object) -> None:
    client.seq += 1
    client.send({"type": kind, "seq": client.seq, "version": version, **fields})


def test_the_host_role_sets_the_player_count_and_bots_get_distinct_names():
    async def scenario():
        async with running_host(autostart=False) as host:
            table = host.create_table(4)
            owner = await Recorder.connect(host.port)
            await owner.join(table.code, "Ana")
            await owner.until("table")
            _command(owner, "set_players", table.revision, players=3)
            await owner.until("ack")
            status = await owner.until("table")
            assert status["players"] == 3 and len(status["seats"]) == 3
            _command(owner, "add_bot", table.revision, level="random")
            await owner.until("ack")
            _command(owner, "start", table.revision)
            await owner.until("ack")
            status = await owner.until("table")
            bots = [s for s in status["seats"] if s["kind"] == "bot"]
            assert [b["name"] for b in bots] == list(bot_names()[:2])
            assert [b["level"] for b in bots] == ["random", "easy"]
            _command(owner, "set_players", table.revision, players=2)
            refused = await owner.until("error")
            assert refused["reason"] == "game_started" and not refused["fatal"]
            _command(owner, "add_bot", table.revision, level="random", seat=0)
            assert (await owner.until("error"))["reason"] == "game_started"
    asyncio.run(scenario())


def test_a_seat_holding_a_human_cannot_be_dropped_from_the_table():
    async def scenario():
        async with running_host(autostart=False) as host:
            table = host.create_table(4)
            owner, guest = await Recorder.connect(host.port), await Recorder.connect(host.port)
            await owner.join(table.code)
            await guest.join(table.code, "Bea", seat=3)
            await owner.until("table")
            _command(owner, "set_players", table.revision, players=3)
            refused = await owner.until("error")
            assert (refused["reason"], refused["params"]) == ("seat_taken", {"seat": 3})
            assert table.players == 4
    asyncio.run(scenario())


def test_a_refused_command_on_a_missing_seat_sends_no_table():
    async def scenario():
        async with running_host(autostart=False) as host:
            table = host.create_table(2)
            owner = await Recorder.connect(host.port)
            await owner.join(table.code)
            await owner.until("table")
            _command(owner, "kick", table.revision, seat=3)
            assert (await owner.until("error"))["reason"] == "no_such_seat"
            owner.send({"type": "ping", "nonce": 7})
            assert (await owner.receive())["type"] == "pong"  # no table in between
    asyncio.run(scenario())


def test_an_absent_players_seat_counts_down_then_goes_to_a_newcomer():
    async def scenario():
        async with running_host(grace=60) as host:
            table = host.create_table(3, [None, None, "random"])
            owner, guest = await Recorder.connect(host.port), await Recorder.connect(host.port)
            await owner.join(table.code, "Ana")
            await guest.join(table.code, "Bea")
            await owner.until("view")
            guest.close()
            while True:
                seat = (await owner.until("table"))["seats"][guest.seat]
                if not seat["connected"]:
                    break
            assert 0 < seat["standin_in"] <= 60 and seat["level"] is None  # counting down
            _command(owner, "open_seat", table.revision, seat=owner.seat)
            assert (await owner.until("error"))["reason"] == "cannot_kick_self"
            _command(owner, "open_seat", table.revision, seat=guest.seat)
            await owner.until("ack")
            seat = (await owner.until("table"))["seats"][guest.seat]
            assert seat["kind"] == "open" and seat["level"] == "easy"
            assert seat["standin_in"] is None  # a bot plays it now
            old, refused = await _rejoin(host.port, table.code, guest.seat, guest.token)
            assert (refused["reason"], refused["fatal"]) == ("wrong_token", True)
            newcomer = await Recorder.connect(host.port)
            joined = await newcomer.join(table.code, "Caro")
            assert joined["seat"] == guest.seat and joined["token"] != guest.token
            status = await newcomer.until("table")
            assert status["seats"][guest.seat]["name"] == "Caro"
            assert status["seats"][guest.seat]["level"] is None  # the bot stepped aside
            history = await newcomer.until("history")
            view = (await newcomer.until("view"))["view"]
            assert history["version"] == view["version"]
            assert view["you"] == guest.seat and table.free_seats == 0
    asyncio.run(scenario())


def test_whoever_rejoins_gets_the_whole_game_as_their_seat_saw_it():
    async def scenario():
        async with running_host() as host:
            table = host.create_table(2, [None, "easy"])
            client = await Recorder.connect(host.port)
            await client.join(table.code)
            await play_randomly(client, random.Random(5))
            seen = [event for message in client.messages if message["type"] == "view"
                    for event in message["events"]]
            client.close()
            back, _ = await _rejoin(host.port, table.code, 0, client.token)
            history = await back.until("history")
            assert history["events"] == seen
            assert any(e["kind"] == "cards_chosen" and "cards" in e["data"] for e in seen)
            watcher = await Recorder.connect(host.port)
            watcher.hello()
            await watcher.until("welcome")
            watcher.send({"type": "watch", "code": table.code})
            public = (await watcher.until("history"))["events"]
            assert public == [e for e in seen if is_public(e)] != seen
    asyncio.run(scenario())


def test_a_handed_on_seat_is_saved_and_a_bot_keeps_it_playing_after_a_resume():
    from havana_game.content import classic_rules
    from net.host.persist import table_from_document, table_to_document
    from net.host.table import Table

    table = Table(classic_rules(), 2, seed=11)
    table.join("Ana")
    table.join("Bea")
    table.start(0)
    table.open_seat(0, 1, present={0})
    again = table_from_document(table_to_document(table))
    seat = again.seats[1]
    assert (seat.kind, seat.token_hash, seat.level) == ("open", None, "easy")
    assert seat.bot is not None and again.free_seats == 1
