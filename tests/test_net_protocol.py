"""The protocol rules, over real loopback sockets: handshake, resends, stale
commands, host-only actions, reconnecting with a seat token."""

from __future__ import annotations

import asyncio
import random

from havana_game.rules.snapshot import snapshot
from net import PROTOCOL_VERSION
from net.client import ClientConnection
from net.framing import encode_frame
from net.host import HostConfig
from net.local import start_local_host

from .net_helpers import Recorder, eventually, play_randomly, running_host
from .seeds import HOST_SEED


async def _two_player_table(host):
    table = host.create_table(2)
    first, second = await Recorder.connect(host.port), await Recorder.connect(host.port)
    await first.join(table.code)
    await second.join(table.code)
    return table, first, second


def test_resent_command_is_answered_again_never_applied_twice():
    async def scenario():
        async with running_host() as host:
            table, first, _ = await _two_player_table(host)
            view = (await first.until("view"))["view"]
            frame = {"type": "decide", "seq": 7, "version": view["version"],
                     "decision": view["legal"][0]}
            first.send(frame)
            ack = await first.until("ack")
            for _ in range(3):
                first.send(frame)
                again = await first.until("ack")
                assert again == {**ack, "n": again["n"]}
            assert [seat for seat, _ in table.game.history] == [0]
            first.send({**frame, "seq": 3})
            error = await first.until("error")
            assert error["reason"] == "old_seq" and not error["fatal"]
            assert len(table.game.history) == 1
    asyncio.run(scenario())


def test_stale_command_is_rejected_with_a_fresh_view():
    async def scenario():
        async with running_host() as host:
            table, first, second = await _two_player_table(host)
            for client in (first, second):  # setup: both choose at version 0 (not stale)
                view = (await client.until("view"))["view"]
                client.decide(view["legal"][0], 0)
                assert (await client.until("ack"))["seq"] == client.seq
            active = table.game.state.active
            player = first if active == 0 else second
            while True:  # skip to the newest view
                view = (await player.until("view"))["view"]
                if view["version"] == table.game.state.version:
                    break
            before = snapshot(table.game.state)
            player.decide(view["legal"][0], 1)  # based on an old view
            error = await player.until("error")
            assert error["reason"] == "stale" and error["seq"] == player.seq
            fresh = await player.until("view")
            assert fresh["view"]["version"] == table.game.state.version
            assert snapshot(table.game.state) == before
    asyncio.run(scenario())


def test_handshake_mismatch_is_refused_before_any_game_data():
    async def scenario():
        async with running_host() as host:
            host.create_table(2)
            client = await Recorder.connect(host.port)
            client.send({"type": "hello", "protocol": 999, "fingerprint": "0" * 64})
            error = await client.receive()
            assert error["type"] == "error" and error["reason"] == "protocol_mismatch"
            assert error["fatal"] and await client.reader.read() == b""
            client = await Recorder.connect(host.port)
            client.send({"type": "hello", "protocol": PROTOCOL_VERSION, "fingerprint": "0" * 64})
            assert (await client.receive())["reason"] == "ruleset_mismatch"
    asyncio.run(scenario())


def test_host_role_wrong_code_and_wrong_token():
    async def scenario():
        async with running_host() as host:
            table = host.create_table(3)
            owner, guest = await Recorder.connect(host.port), await Recorder.connect(host.port)
            assert (await owner.join(table.code))["host"] is True
            assert (await guest.join(table.code.lower()))["host"] is False
            guest.send({"type": "start", "seq": 1, "version": table.revision})
            assert (await guest.until("error"))["reason"] == "not_host"
            owner.send({"type": "add_bot", "seq": 1, "version": table.revision,
                        "level": "nonsense"})
            assert (await owner.until("error"))["reason"] == "unknown_level"
            owner.send({"type": "kick", "seq": 2, "version": table.revision,
                        "seat": guest.seat})
            await owner.until("ack")
            kicked = await guest.until("error")
            assert kicked["reason"] == "kicked" and kicked["fatal"]
            assert table.seats[guest.seat].kind == "open"
            wrong = await Recorder.connect(host.port)
            wrong.hello()
            await wrong.until("welcome")
            wrong.send({"type": "join", "code": "AAAAA-AAAAA", "name": "x"})
            assert (await wrong.until("error"))["reason"] == "wrong_code"
            thief = await Recorder.connect(host.port)
            thief.hello()
            await thief.until("welcome")
            thief.send({"type": "rejoin", "code": table.code, "seat": owner.seat,
                        "token": "0" * 64})
            assert (await thief.until("error"))["reason"] == "wrong_token"
            assert table.game is None
    asyncio.run(scenario())


def test_dropped_seat_reconnects_with_its_token_mid_turn():
    async def scenario():
        async with running_host(grace=60) as host:
            table = host.create_table(2, [None, "random"])
            client = await Recorder.connect(host.port)
            await client.join(table.code)
            await client.until("view")
            client.writer.transport.abort()  # gone while it must decide
            await eventually(lambda: 0 not in host.audiences[table.id].seats)
            assert table.game.state.deciders() == (0,)
            back = await Recorder.connect(host.port)
            back.hello()
            await back.until("welcome")
            back.send({"type": "rejoin", "code": table.code, "seat": 0,
                       "token": client.token})
            assert (await back.until("joined"))["seat"] == 0
            view = (await back.until("view"))["view"]
            assert 0 in view["to_decide"]
            back.decide(view["legal"][0], view["version"])
            await back.until("ack")
            assert len(table.game.history) >= 2
    asyncio.run(scenario())


def test_a_table_whose_players_all_left_waits_for_them_then_goes_on():
    """The only player leaves: after the grace time a stand-in holds the seat, but
    a table with no player connected does not play itself out; it goes on when
    the player is back (with the seat's token)."""
    async def scenario():
        async with running_host(grace=0.05) as host:
            table = host.create_table(2, [None, "random"])
            client = await Recorder.connect(host.port)
            await client.join(table.code)
            await eventually(lambda: table.status == "playing")
            client.close()
            # the grace time ran out: a stand-in sits
            await eventually(lambda: table.seats[0].bot is not None)
            # A bot step begun before the player left may still end; then none is
            # scheduled again, however long the table waits.
            await eventually(lambda: table.id not in host._bots_scheduled)
            version = table.version
            assert host.waiting_for_players(table) and table.bot_turn() is not None
            for _ in range(100):  # every ready callback of the loop runs, many times over
                await asyncio.sleep(0)
            assert table.id not in host._bots_scheduled and table.version == version
            back = await Recorder.connect(host.port)
            back.hello()
            await back.until("welcome")
            back.send({"type": "rejoin", "code": table.code, "seat": 0, "token": client.token})
            back.seat = (await back.until("joined"))["seat"]
            assert table.seats[0].bot is None and not host.waiting_for_players(table)
            over = await play_randomly(back, random.Random(HOST_SEED))
            assert over["type"] == "game_over" and table.status == "over"
    asyncio.run(scenario())


def test_client_connection_reconnects_by_itself_against_a_local_host():
    local = start_local_host(2, ["human", "random"], HostConfig(seed=HOST_SEED))
    conn = ClientConnection("127.0.0.1", local.port)
    try:
        conn.join(local.code, "Ann")
        kinds = []
        while "view" not in kinds:
            message = conn.wait(10)
            assert message is not None
            kinds.append(message["type"])
        assert conn.seat == 0 and conn.token is not None and conn.is_host
        local.loop.call_soon_threadsafe(
            lambda: next(iter(local.host.audiences.values())).seats[0].writer.transport.abort())
        statuses = []
        while "connected" not in statuses[1:] or statuses[0] != "reconnecting":
            message = conn.wait(10)
            assert message is not None
            if message["type"] == "connection":
                statuses.append(message["status"])
        while (message := conn.wait(10))["type"] != "view":
            pass
        conn.send_decision(message["view"]["legal"][0])
        while (message := conn.wait(10))["type"] != "ack":
            assert message["type"] != "error", message
        assert conn.status == "connected"
    finally:
        conn.close()
        local.stop()
    assert conn.status == "closed"


def test_several_frames_in_one_write_are_each_answered():
    async def scenario():
        async with running_host() as host:
            table = host.create_table(2)
            client = await Recorder.connect(host.port)
            await client.join(table.code)
            client.writer.write(b"".join(encode_frame({"type": "ping", "nonce": nonce})
                                         for nonce in (1, 2, 3)))
            assert [(await client.until("pong"))["nonce"] for _ in range(3)] == [1, 2, 3]
    asyncio.run(scenario())
