"""Every protocol error code of the handshake, of a joined connection and of the
seat commands, provoked over a real socket against a real host (PROTOCOL.md
"Errors"), with its `fatal` flag; and a rejoin while the seat's old connection is
still open (the fast reconnect): the old one gets `replaced`, the new one the seat.

Which documented codes the whole suite produced is checked once it ends
(`conftest.py`): a code in the table that no test provokes fails the run."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from havana_game.content import classic_rules, find_edition
from net import PROTOCOL_VERSION
from net.framing import encode_frame
from net.host import Host
from net.host.table import Table

from .net_helpers import Recorder, play_randomly, running_host

WAIT = 60.0


async def _fatal(client: Recorder, reason: str) -> dict[str, Any]:
    """The error `reason` (fatal), then the host closes the connection."""
    error = await client.until("error", WAIT)
    assert (error["reason"], error["fatal"]) == (reason, True), error
    with pytest.raises((asyncio.IncompleteReadError, ConnectionError)):
        await client.receive(WAIT)
    return error


async def _welcomed(port: int) -> Recorder:
    client = await Recorder.connect(port)
    client.hello()
    await client.until("welcome", WAIT)
    return client


def test_handshake_errors():
    async def scenario() -> None:
        async with running_host(handshake_timeout=0.3, frame_deadline=0.3) as host:
            classic = host.create_table(2)
            other = host.create_table(2, rules=find_edition("edition2024"))
            client = await Recorder.connect(host.port)
            client.send({"type": "join", "code": classic.code, "name": "p"})
            assert (await _fatal(client, "expected_hello"))["params"]["got"] == "join"
            client = await _welcomed(host.port)
            client.send({"type": "resync"})
            assert (await _fatal(client, "expected_join"))["params"]["got"] == "resync"
            client = await Recorder.connect(host.port)
            client.send({"type": "hello", "protocol": PROTOCOL_VERSION,
                         "fingerprint": classic_rules().fingerprint})
            await client.until("welcome", WAIT)
            client.send({"type": "join", "code": other.code, "name": "p"})
            error = await _fatal(client, "unknown_edition")
            assert error["params"]["edition"] == "edition2024"
            client = await Recorder.connect(host.port)
            whole = encode_frame({"type": "resync"})
            client.writer.write(whole[:-2])  # a frame begun and never finished
            await _fatal(client, "frame_timeout")
            client = await Recorder.connect(host.port)  # says nothing at all
            await _fatal(client, "idle_timeout")
            client = await Recorder.connect(host.port)
            client.send({"type": "hello", "protocol": PROTOCOL_VERSION,
                         "fingerprint": classic_rules().fingerprint, "x": 1})
            error = await _fatal(client, "bad_message")
            assert error["params"]["problem"] == "extra_forbidden"
    asyncio.run(scenario())


async def _seated(host: Host, players: int) -> tuple[Table, Recorder]:
    """A new lobby table of `players` seats, and Ana sitting at it (the host role)."""
    table = host.create_table(players)
    client = await Recorder.connect(host.port)
    await client.join(table.code, "Ana")
    return table, client


def test_errors_after_joining():
    async def scenario() -> None:
        async with running_host(autostart=False) as host:
            table, seated = await _seated(host, 2)
            watcher = await _welcomed(host.port)
            watcher.send({"type": "watch", "code": table.code})
            await watcher.until("joined", WAIT)
            watcher.send({"type": "start", "seq": 1, "version": 0})
            error = await watcher.until("error", WAIT)
            assert (error["reason"], error["fatal"], error["seq"]) == ("not_seated", False, 1)
            watcher.send({"type": "hello", "protocol": PROTOCOL_VERSION,
                          "fingerprint": classic_rules().fingerprint})
            assert (await _fatal(watcher, "unexpected_message"))["params"]["got"] == "hello"
            # Every path that takes a connection's table from it closes the connection
            # too (kicked, replaced); the host still answers a command from such a
            # connection with `not_joined`: the state is set up here by hand.
            conn = next(c for c in host.connections if c.seat == seated.seat)
            conn.table_id = None
            seated.send({"type": "resync"})
            await _fatal(seated, "not_joined")
    asyncio.run(scenario())


def test_a_rejoin_while_the_old_connection_is_open_replaces_it():
    async def scenario() -> None:
        async with running_host() as host:
            table = host.create_table(2)
            old, other = await Recorder.connect(host.port), await Recorder.connect(host.port)
            await old.join(table.code, "Ana")
            await other.join(table.code, "Bo")
            view = (await old.until("view", WAIT))["view"]
            new = await _welcomed(host.port)
            new.send({"type": "rejoin", "code": table.code, "seat": old.seat,
                      "token": old.token})
            joined = await new.until("joined", WAIT)
            assert (joined["seat"], joined["token"]) == (old.seat, None)
            await _fatal(old, "replaced")
            view = (await new.until("view", WAIT))["view"]
            assert old.seat in view["to_decide"]
            new.decide(view["legal"][0], view["version"])
            assert (await new.until_any(("ack", "error"), WAIT))["type"] == "ack"
            while True:  # the others see the seat connected again after the change
                status = await other.until("table", WAIT)
                if all(seat["connected"] for seat in status["seats"]):
                    break
            new.close()
            other.close()
    asyncio.run(scenario())


async def _revision(client: Recorder) -> int:
    return int((await client.until("table", WAIT))["revision"])


def test_seat_errors():
    async def scenario() -> None:
        async with running_host(autostart=False) as host:
            _, ana = await _seated(host, 3)
            revision = await _revision(ana)
            ana.seq += 1
            ana.send({"type": "kick", "seq": ana.seq, "version": revision, "seat": 2})
            error = await ana.until("error", WAIT)
            assert (error["reason"], error["fatal"], error["params"]) == \
                ("seat_open", False, {"seat": 2})
            full = host.create_table(2)
            host_player, guest = await Recorder.connect(host.port), await Recorder.connect(
                host.port)
            await host_player.join(full.code, "Cy")
            await guest.join(full.code, "Di")
            late = await _welcomed(host.port)
            late.send({"type": "join", "code": full.code, "name": "Ed"})
            await _fatal(late, "table_full")
            host_player.seq += 1
            host_player.send({"type": "start", "seq": host_player.seq, "version": 0})
            await host_player.until("ack", WAIT)
            revision = full.revision
            host_player.seq += 1
            host_player.send({"type": "open_seat", "seq": host_player.seq, "version": revision,
                              "seat": guest.seat})
            error = await host_player.until("error", WAIT)
            assert (error["reason"], error["fatal"], error["params"]) == \
                ("seat_connected", False, {"seat": guest.seat})
            for client in (ana, host_player, guest):
                client.close()
    asyncio.run(scenario())


def test_the_error_table_is_read_whole():
    from .conftest import documented_error_codes

    codes = documented_error_codes()
    assert {"expected_hello", "seat_connected", "internal_error", "replaced"} <= codes
    assert "reason" not in codes and len(codes) >= 30


def test_a_seat_command_once_the_game_is_over():
    async def scenario() -> None:
        async with running_host() as host:
            table = host.create_table(2, [None, "random"])
            ana = await Recorder.connect(host.port)
            await ana.join(table.code, "Ana")
            await play_randomly(ana, random.Random(8))
            ana.seq += 1
            ana.send({"type": "open_seat", "seq": ana.seq, "version": table.revision, "seat": 1})
            error = await ana.until("error", WAIT)
            assert (error["reason"], error["fatal"]) == ("game_over", False)
            ana.close()
    asyncio.run(scenario())
