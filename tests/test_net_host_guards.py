"""The host's guards against clients that misbehave without breaking the frame
rules: decisions with values of the wrong type, a seq used again for another
command, host-role commands based on an old seat list, one machine holding many
handshakes open, a client that stopped reading, and a bug of the host's own."""

from __future__ import annotations

import asyncio
import random
import socket

from havana_game.rules.snapshot import snapshot
from net.host.table import Table
from net.session import Session

from .net_helpers import LOOPBACK, WAIT, Recorder, eventually, play_randomly, running_host

WRONG_VALUES = [None, True, -1, 2**40, 1.5, "x", "red" * 20, [], [[1]], [{"a": 1}], {}, {"b": [2]}]


def _mangled(decision: dict, rng: random.Random) -> dict:
    """`decision` with one field (or one new field) given a value of another type."""
    key = rng.choice([*decision, "take", "target", "pay", "cards", "card"])
    return {**decision, key: rng.choice(WRONG_VALUES)}


def test_decisions_with_values_of_the_wrong_type_are_refused_and_change_nothing():
    async def scenario():
        async with running_host() as host:
            table = host.create_table(2, [None, "random"])
            alice = await Recorder.connect(host.port)
            await alice.join(table.code)
            view = (await alice.until("view"))["view"]
            before = snapshot(table.game.state)
            rng = random.Random(5)
            for _ in range(300):
                alice.decide(_mangled(rng.choice(view["legal"]), rng), view["version"])
                reply = await alice.until_any(("ack", "error"))
                if reply["type"] == "ack":  # the mangled field was one the kind ignores
                    break
                assert not reply["fatal"] and reply["params"] == {}, reply
            else:
                assert snapshot(table.game.state) == before
            alice.send({"type": "resync"})
            await play_randomly(alice, rng)  # the connection and the game go on
    asyncio.run(scenario())


def test_a_seat_taken_back_numbers_on_and_a_reused_seq_is_refused():
    async def scenario():
        async with running_host() as host:
            table = host.create_table(2, [None, "random"])
            first = await Recorder.connect(host.port)
            assert (await first.join(table.code))["last_seq"] == -1
            view = (await first.until("view"))["view"]
            first.decide(view["legal"][0], view["version"])
            await first.until("ack")
            first.close()
            session = await Session.open(LOOPBACK, host.port)
            joined = await session.join(table.code, "p", seat=0, token=first.token)
            assert joined["last_seq"] == 1 and session.next_seq() == 2
            applied = len(table.game.history)
            # A client that forgot its numbering: seq 1 again, for another command.
            session.send({"type": "decide", "seq": 1, "version": view["version"],
                          "decision": {"kind": "end_turn"}})
            while (reply := await session.receive())["type"] != "error":
                pass
            assert (reply["reason"], reply["fatal"]) == ("seq_reused", False)
            assert len(table.game.history) == applied
            session.close()
    asyncio.run(scenario())


def test_a_host_role_command_based_on_an_old_seat_list_is_stale():
    async def scenario():
        async with running_host() as host:
            table = host.create_table(4)
            owner, guest = await Recorder.connect(host.port), await Recorder.connect(host.port)
            await owner.join(table.code)
            seen = (await owner.until("table"))["revision"]
            await guest.join(table.code)  # the seat list changes after the owner looked
            owner.send({"type": "kick", "seq": 1, "version": seen, "seat": guest.seat})
            error = await owner.until("error")
            assert (error["reason"], error["fatal"]) == ("stale", False)
            fresh = await owner.until("table")
            assert fresh["revision"] == table.revision > seen
            assert [s.kind for s in table.seats] == ["human", "human", "open", "open"]
            # Seats the owner had seen as they are now are not stale: a bot on seat 2.
            owner.send({"type": "add_bot", "seq": 1, "version": seen, "level": "random",
                        "seat": 2})
            await owner.until("ack")
            owner.send({"type": "kick", "seq": 2, "version": fresh["revision"],
                        "seat": guest.seat})
            await owner.until("ack")
            assert [s.kind for s in table.seats] == ["human", "open", "bot", "open"]
    asyncio.run(scenario())


def test_one_address_cannot_hold_every_handshake_slot():
    async def scenario():
        async with running_host(max_pending_per_address=3) as host:
            table = host.create_table(2)
            idle = [await Recorder.connect(host.port) for _ in range(3)]
            await eventually(lambda: host.pending_by_address.get(LOOPBACK) == 3)
            extra = await Recorder.connect(host.port)
            assert (await extra.receive())["reason"] == "server_busy"
            # Another machine of the party (another loopback address) still gets in.
            reader, writer = await asyncio.open_connection(
                LOOPBACK, host.port, local_addr=("127.0.0.2", 0))
            friend = Recorder(reader, writer)
            assert (await friend.join(table.code))["seat"] == 0
            for conn in idle:
                conn.close()
    asyncio.run(scenario())


async def _from(address: str, port: int) -> Recorder:
    """A connection from `address` (any 127.x.y.z is this machine on Linux)."""
    reader, writer = await asyncio.open_connection(LOOPBACK, port, local_addr=(address, 0))
    return Recorder(reader, writer)


def test_noisy_machines_idle_handshakes_keep_no_newcomer_out():
    """Four machines each hold the most idle handshakes one address may (64 in
    all, what once filled the host's whole budget): each is refused one more, and
    a newcomer from a fifth machine joins at once (while every idle handshake is
    still held: it waited for none of them to time out), as does the first machine
    once one of its handshakes ends."""
    async def scenario():
        async with running_host(handshake_timeout=WAIT) as host:  # none ends by itself
            table = host.create_table(2)
            per_address = host.config.max_pending_per_address
            noisy = [f"127.0.0.{n}" for n in range(2, 6)]
            idle = [await _from(address, host.port) for address in noisy
                    for _ in range(per_address)]
            await eventually(lambda: sum(host.pending_by_address.values()) == 4 * per_address)
            assert 4 * per_address == 64
            for address in noisy:
                extra = await _from(address, host.port)
                assert (await extra.receive())["reason"] == "server_busy"
            newcomer = await _from("127.0.0.6", host.port)
            assert (await newcomer.join(table.code, "Ana"))["seat"] == 0
            assert {host.pending_by_address.get(address) for address in noisy} == {per_address}
            idle.pop().close()
            await eventually(lambda: host.pending_by_address.get(noisy[-1]) == per_address - 1)
            again = await _from(noisy[-1], host.port)
            assert (await again.join(table.code, "Bea"))["seat"] == 1
            for conn in idle:
                conn.close()
    asyncio.run(scenario())


def test_a_client_that_stops_reading_is_dropped_and_the_table_plays_on():
    async def scenario():
        async with running_host(heartbeat=0.1, drain_timeout=0.3,
                                send_buffer_limit=1 << 30) as host:
            table = host.create_table(2, ["random", "random"])
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
            sock.connect((LOOPBACK, host.port))
            reader, writer = await asyncio.open_connection(sock=sock)
            stuck = Recorder(reader, writer)
            stuck.hello()
            await stuck.until("welcome")
            stuck.send({"type": "watch", "code": table.code})  # starts the bots' game
            await stuck.until("joined")
            await eventually(lambda: not host.connections)  # it reads nothing more
            watcher = await Recorder.connect(host.port)
            watcher.hello()
            await watcher.until("welcome")
            watcher.send({"type": "watch", "code": table.code})
            # it answers the pings (3 heartbeats of silence, 0.3 s, would end it)
            while (message := await watcher.receive())["type"] != "game_over":
                if message["type"] == "ping":
                    watcher.send({"type": "pong", "nonce": message["nonce"]})
            assert message["winners"]
            stuck.close()
    asyncio.run(scenario())


def test_a_bug_while_handling_a_frame_costs_only_that_connection(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    async def scenario():
        async with running_host() as host:
            table = host.create_table(2)
            alice, bob = await Recorder.connect(host.port), await Recorder.connect(host.port)
            await alice.join(table.code)
            await bob.join(table.code)
            view = (await alice.until("view"))["view"]
            with monkeypatch.context() as patch:
                patch.setattr(Table, "decide", broken)
                alice.decide(view["legal"][0], view["version"])
                error = await alice.until("error")
            assert (error["reason"], error["fatal"]) == ("internal_error", True)
            assert "a bug" not in str(error)
            view = (await bob.until("view"))["view"]
            bob.decide(view["legal"][0], view["version"])
            assert (await bob.until("ack"))["seq"] == 1
    asyncio.run(scenario())
