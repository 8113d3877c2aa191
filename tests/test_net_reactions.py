"""Quick reactions (PROTOCOL.md "Reactions"): the host tells a seat's reaction to
everyone at its table, over TCP and WebSocket alike, drops what comes faster than
its limits without closing anything, and refuses what no seat may send; a client
that does not know the `reaction` message plays its game to the end anyway."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from havana_game.content import reactions
from net.host.connection import Connection
from net.messages import HOST_MESSAGES
from net.reactions import REACTION_LIMITS, ReactionLimits

from .net_helpers import LOOPBACK, TRANSPORTS, Recorder, bot_client_game, running_host


class Clock:
    """A test's time, moved by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_seat_reacts_at_most_once_in_2_seconds_and_5_times_in_30():
    clock = Clock()
    limits = ReactionLimits(REACTION_LIMITS, clock)
    allowed = []
    for moment in (0.0, 1.9, 2.0, 3.0, 4.0, 6.5, 9.0, 11.0, 29.9, 30.0, 31.0, 32.1):
        clock.now = 1000.0 + moment
        allowed.append((moment, limits.allow(("t", 0))))
    assert allowed == [(0.0, True), (1.9, False), (2.0, True), (3.0, False), (4.0, True),
                       (6.5, True), (9.0, True), (11.0, False), (29.9, False), (30.0, True),
                       (31.0, False), (32.1, True)]  # (at 30.0 the first is 30 s old)
    assert limits.allow(("t", 1))  # another seat counts on its own
    clock.now += 31.0  # past every window: nothing is remembered of either seat
    assert limits.allow(("t", 2)) and len(limits) == 1


async def _seated(transport: str, port: int, code: str, name: str) -> Recorder:
    client = await TRANSPORTS[transport].connect(port)
    await client.join(code, name)
    return client


async def _watching(transport: str, port: int, code: str) -> Recorder:
    client = await TRANSPORTS[transport].connect(port)
    client.hello()
    await client.until("welcome")
    client.send({"type": "watch", "code": code})
    await client.until("joined")
    return client


async def _heard(client: Recorder, nonce: int) -> list[dict[str, Any]]:
    """Everything the host sent `client` before the answer to a ping sent now
    (what the host did before reading that ping has been told by then)."""
    start = len(client.messages)
    client.send({"type": "ping", "nonce": nonce})
    while True:
        message = await client.receive()
        if message["type"] == "pong" and message["nonce"] == nonce:
            return client.messages[start:-1]


def _reactions(messages: list[dict[str, Any]]) -> list[tuple[int, str]]:
    return [(m["seat"], m["reaction"]) for m in messages if m["type"] == "reaction"]


@pytest.mark.parametrize("transport", sorted(TRANSPORTS))
def test_a_reaction_reaches_every_seat_and_spectator_and_the_fast_ones_are_dropped(transport):
    """Limits of 2 within an hour (no test waits on a clock): seat 0's third and
    fourth reactions are dropped; nobody is told of them, nobody is cut off."""
    async def scenario() -> None:
        async with running_host(reaction_limits=((2, 3600.0),)) as host:
            table = host.create_table(3, [None, None, "easy"])
            ana = await _seated(transport, host.port, table.code, "Ana")
            welcome = next(m for m in ana.messages if m["type"] == "welcome")
            assert welcome["reactions"] == list(reactions())
            bo = await _seated(transport, host.port, table.code, "Bo")
            screen = await _watching(transport, host.port, table.code)
            for reaction in ("nice", "wow", "laugh", "hurry"):
                ana.send({"type": "react", "reaction": reaction})
            told = [(0, "nice"), (0, "wow")]
            assert _reactions(await _heard(ana, 1)) == told
            assert _reactions(await _heard(bo, 2)) == told
            assert _reactions(await _heard(screen, 3)) == told
            bo.send({"type": "react", "reaction": "ouch"})  # another seat's own count
            assert _reactions(await _heard(bo, 4)) == [(1, "ouch")]
            assert _reactions(await _heard(ana, 5)) == [(1, "ouch")]
            for client in (ana, bo, screen):
                client.close()
    asyncio.run(scenario())


@pytest.mark.parametrize("transport", sorted(TRANSPORTS))
def test_a_reaction_no_seat_may_send_is_refused_and_the_connection_stays(transport):
    async def scenario() -> None:
        async with running_host() as host:
            table = host.create_table(2, [None, "easy"])
            ana = await _seated(transport, host.port, table.code, "Ana")
            screen = await _watching(transport, host.port, table.code)
            ana.send({"type": "react", "reaction": "boo"})
            screen.send({"type": "react", "reaction": "nice"})
            refused = [m for m in await _heard(ana, 1) if m["type"] == "error"]
            assert [(m["reason"], m["params"], m["fatal"]) for m in refused] == \
                [("unknown_reaction", {"reaction": "boo"}, False)]
            refused = [m for m in await _heard(screen, 2) if m["type"] == "error"]
            assert [(m["reason"], m["fatal"]) for m in refused] == [("not_seated", False)]
            ana.send({"type": "react", "reaction": "well_played"})
            assert _reactions(await _heard(screen, 3)) == [(0, "well_played")]
            ana.close()
            screen.close()
    asyncio.run(scenario())


def test_a_host_with_no_reactions_says_none_and_reads_no_react():
    """As a host of before reactions: `welcome` names none, and `react` is a
    type it does not read (fatal, as any unknown type)."""
    async def scenario() -> None:
        async with running_host(reactions=()) as host:
            table = host.create_table(2, [None, "easy"])
            ana = await _seated("tcp", host.port, table.code, "Ana")
            assert next(m for m in ana.messages if m["type"] == "welcome")["reactions"] == []
            ana.send({"type": "react", "reaction": "nice"})
            error = await ana.until("error")
            assert (error["reason"], error["params"], error["fatal"]) == \
                ("bad_message", {"where": "type", "problem": "unknown_type"}, True)
            ana.close()
    asyncio.run(scenario())


def _next(conn: Any, kind: str) -> dict[str, Any]:
    """The next message of `kind` `conn` receives (within a generous safety net)."""
    for _ in range(240):
        message = conn.wait(0.5)
        if message is not None and message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} came")


def test_the_python_client_sends_only_what_the_host_relays_at_its_pace():
    """`ClientConnection.react`: one of the host's reactions, once, then not
    again within the host's limits (nothing sent that the host would drop); a
    spectator sends none."""
    from net.client import ClientConnection
    from net.local import start_local_host

    host = start_local_host(3, ["human", "human", "easy"])
    try:
        ana = ClientConnection(LOOPBACK, host.port)
        ana.join(host.code, "Ana")
        screen = ClientConnection(LOOPBACK, host.port)
        screen.watch(host.code)
        _next(ana, "joined")
        _next(screen, "joined")
        ana._paced = ReactionLimits(REACTION_LIMITS, Clock())  # the pace in a test's time
        assert ana.reactions == reactions()
        assert not ana.react("boo")
        assert ana.react("wow")
        assert not ana.react("nice")  # within 2 s of the last: kept back
        assert not screen.react("nice")
        told = _next(screen, "reaction")
        assert (told["seat"], told["reaction"]) == (0, "wow")
        assert _next(ana, "reaction")["reaction"] == "wow"
        ana.close()
        screen.close()
    finally:
        host.stop()


def test_a_client_that_does_not_know_reactions_plays_its_game_to_the_end(
        monkeypatch, caplog):
    """A client from before reactions (no `reaction` model): the host tells it a
    reaction after every `ack`; it skips them, says so once, and plays on
    without a resync."""
    send = Connection.send

    def reacting_send(conn: Connection, kind: str, **fields: Any) -> None:
        send(conn, kind, **fields)
        if kind == "ack":
            send(conn, "reaction", seat=1, reaction="hurry")

    monkeypatch.setattr(Connection, "send", reacting_send)
    monkeypatch.setattr(HOST_MESSAGES, "models",
                        {k: m for k, m in HOST_MESSAGES.models.items() if k != "reaction"})
    monkeypatch.setattr(HOST_MESSAGES, "_skipped", set())
    caplog.set_level(logging.WARNING, "net.messages")

    result = bot_client_game()
    assert result["finished"] and "error" not in result, result
    assert result["decisions"] > 10
    assert len([r for r in caplog.records if "'reaction'" in r.getMessage()]) == 1
