"""Bots think off the host's event loop: a bot that thinks holds up no one; a bot
that fails, or whose decision the table refuses, has a random legal decision
played for it; a bot whose question changed while it thought (its player came
back) does not play the old answer; pings never reach a connection still in its
handshake. Bots that wait for the test (`GatedBot`), not for the clock."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from typing import Any

import pytest

from .net_helpers import Recorder, play_randomly, running_host

WAIT = 60.0
"""Seconds a condition may take on a loaded machine before the test fails."""


class FailingBot:
    level = "failing"

    def decide(self, view: Any) -> dict[str, Any]:
        raise RuntimeError("this bot always fails")


class GatedBot:
    """Thinks until the test opens `gate`, then plays the first legal decision of
    the view it was given; `asked` is set once it starts thinking."""

    level = "gated"

    def __init__(self) -> None:
        self.asked = threading.Event()
        self.gate = threading.Event()
        self.answered = 0

    def decide(self, view: Any) -> dict[str, Any]:
        self.asked.set()
        assert self.gate.wait(WAIT), "the test never let the bot answer"
        self.answered += 1
        return view["legal"][0]


class RefusedBot:
    """Answers every question with a decision the table refuses."""

    level = "refused"

    def decide(self, view: Any) -> dict[str, Any]:
        return {"kind": "end_turn"} if view["step"] != "build" else {"kind": "choose",
                                                                     "cards": [0, 1]}


async def _a_game_against(bot: Any, rng: random.Random) -> dict[str, Any]:
    """A whole 2-player game of a random client against `bot`; its `game_over`."""
    async with running_host() as host:
        table = host.create_table(2, [None, "random"])
        table.seats[1].bot = bot
        client = await Recorder.connect(host.port)
        await client.join(table.code)
        over = await play_randomly(client, rng)
        client.close()
        return over


def test_a_failing_bot_gets_random_legal_decisions_and_the_game_ends(capsys):
    over = asyncio.run(_a_game_against(FailingBot(), random.Random(3)))
    assert over["winners"]
    assert "the bot at seat 1 failed (RuntimeError: this bot always fails)" \
        in capsys.readouterr().err


def test_a_refused_bot_gets_random_legal_decisions_and_the_game_ends(capsys):
    over = asyncio.run(_a_game_against(RefusedBot(), random.Random(6)))
    assert over["winners"]
    assert "the decision of the bot at seat 1 was refused" in capsys.readouterr().err


def test_the_host_answers_pings_while_a_bot_thinks():
    """The bot's first decision comes with the opening; a ping is answered while
    it still thinks (before, the bot held the whole event loop)."""
    async def scenario() -> None:
        async with running_host() as host:
            table = host.create_table(2, [None, "random"])
            bot = GatedBot()
            table.seats[1].bot = bot  # type: ignore[assignment]
            client = await Recorder.connect(host.port)
            await client.join(table.code)  # the game starts: the bot begins to think
            assert await asyncio.to_thread(bot.asked.wait, WAIT)
            client.send({"type": "ping", "nonce": 7})
            await client.until("pong", WAIT)
            assert bot.answered == 0  # answered while the bot thinks
            bot.gate.set()
            client.close()
    asyncio.run(scenario())


def test_a_stand_in_whose_player_returns_while_it_thinks_does_not_answer_for_them(
        monkeypatch: pytest.MonkeyPatch):
    """Bo leaves; the stand-in bot thinks about Bo's opening; Bo rejoins before it
    answers. The question changed (the seat is Bo's again): the answer is dropped,
    nothing is played for Bo, and Bo's own choice is taken."""
    bot = GatedBot()
    monkeypatch.setattr("net.host.table.make_bot", lambda level, seed: bot)

    async def scenario() -> None:
        async with running_host(grace=0.01) as host:
            table = host.create_table(2)
            ana, bo = await Recorder.connect(host.port), await Recorder.connect(host.port)
            await ana.join(table.code, "Ana")
            await bo.join(table.code, "Bo")
            await bo.until("view", WAIT)
            bo.close()
            assert await asyncio.to_thread(bot.asked.wait, WAIT)  # the stand-in thinks
            back = await Recorder.connect(host.port)
            back.hello()
            await back.until("welcome", WAIT)
            back.send({"type": "rejoin", "code": table.code, "seat": bo.seat, "token": bo.token})
            await back.until("joined", WAIT)
            view = (await back.until("view", WAIT))["view"]
            bot.gate.set()
            while host._bot_tasks:
                await asyncio.gather(*host._bot_tasks)
            assert bot.answered == 1
            assert table.game is not None
            assert all(seat != bo.seat for seat, _ in table.game.history)
            back.decide(view["legal"][0], view["version"])
            assert (await back.until_any(("ack", "error"), WAIT))["type"] == "ack"
            ana.close()
            back.close()
    asyncio.run(scenario())


def test_no_ping_during_the_handshake():
    """A client that takes its time between hello and join gets no ping (which it
    would answer with a pong the handshake does not expect) and `welcome` is n 1."""
    async def scenario() -> list[dict[str, Any]]:
        async with running_host(heartbeat=0.5) as host:
            table = host.create_table(2)
            witness = await Recorder.connect(host.port)  # seated: pinged at every heartbeat
            await witness.join(table.code, "w")
            client = await Recorder.connect(host.port)
            client.hello()
            welcome = await client.until("welcome")
            for _ in range(3):  # three heartbeats go by while the client is in its handshake
                ping = await witness.until("ping")
                witness.send({"type": "pong", "nonce": ping["nonce"]})
            client.send({"type": "join", "code": table.code, "name": "p"})
            await client.until("joined")
            client.close()
            witness.close()
            return [welcome, *client.messages]
    welcome, *messages = asyncio.run(scenario())
    assert welcome["n"] == 1
    assert [m["type"] for m in messages][:2] == ["welcome", "joined"]


class PausingBot:
    """Thinks `PAUSE` seconds, then plays a random legal decision."""

    level = "pausing"

    def __init__(self) -> None:
        self.rng = random.Random(5)

    def decide(self, view: Any) -> dict[str, Any]:
        time.sleep(PAUSE)
        return self.rng.choice(view["legal"])


PAUSE = 0.05
"""Seconds the pausing bot thinks: longer than the client takes to answer."""


def test_a_bot_thinking_while_a_human_chooses_still_plays():
    """In the opening both seats choose at once; the human's quick choice lands
    while the bot thinks. The bot's answer stands (its options did not change) and
    the game goes on to the end (before, the answer was dropped and the table
    waited for the bot forever)."""
    assert asyncio.run(_a_game_against(PausingBot(), random.Random(4)))["winners"]


def test_havana_host_collects_garbage_rarely_enough_for_a_bots_tree_and_never_more_often():
    """`havana host` tunes its process (`tuning.tune_for_hosting`); a host inside
    the client's process (a local game's) leaves the process's settings alone."""
    import gc
    import sys

    from net.host import Host
    from net.host.tuning import GC_THRESHOLDS, SWITCH_INTERVAL, tune_for_hosting

    before, interval = gc.get_threshold(), sys.getswitchinterval()
    try:
        gc.set_threshold(700, 10, 1000)  # a full collection already rarer than ours
        sys.setswitchinterval(0.005)
        Host()
        assert (gc.get_threshold(), sys.getswitchinterval()) == ((700, 10, 1000), 0.005)
        tune_for_hosting()
        young, middle, full = gc.get_threshold()
        assert (young, middle) == GC_THRESHOLDS[:2] and full == 1000
        assert sys.getswitchinterval() == pytest.approx(SWITCH_INTERVAL)
    finally:
        gc.set_threshold(*before)
        sys.setswitchinterval(interval)


def test_the_hosts_bots_think_on_a_thread_per_core_and_search_in_worker_processes():
    """Many tables' bots think at once: a bot thread per core, each only waiting
    for the search, which runs in the worker processes, not in the host."""
    import os

    from havana_game.ai import make_bot
    from havana_game.ai.parallel import worker_pool
    from net.host import Host

    host = Host()
    assert host.bot_threads._max_workers == (os.cpu_count() or 1)
    host.bot_threads.shutdown()
    assert make_bot("hard", 1).workers == 1  # one core per decision unless asked
    assert os.getpid() not in set(worker_pool().map(_pid, range(2)))


def _pid(_: int) -> int:
    import os

    return os.getpid()
