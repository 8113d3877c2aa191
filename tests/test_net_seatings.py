"""Who played each move, on loopback: a seat handed to a newcomer keeps the earlier
player's moves under the earlier player's name. The host records each seating
(who sat down, when) in the game's history as a public `seated` event; the
newcomer's log, an old-timer's log and the replay of the game's record all name
the right player for every move, and an open seat has no name."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable
from typing import Any

from havana_game.client.session.replay import Replay
from havana_game.client.table.logbook import LogBook
from havana_game.client.table.model import TableModel

from .net_helpers import Recorder, eventually, play_randomly, running_host

HANDED = 1
"""The seat Bea plays first, then Caro."""


async def _play_until(client: Recorder, rng: random.Random, stop: Callable[[], bool]) -> None:
    """Play the client's seat with random legal decisions until `stop()`."""
    view, waiting = None, False
    while not stop():
        try:
            message = await asyncio.wait_for(client.receive(), 0.2)
        except TimeoutError:
            continue
        if message["type"] == "view":
            view = message["view"]
        elif message["type"] in ("ack", "error"):
            waiting = False
        if not waiting and view is not None and client.seat in view["to_decide"] \
                and not stop():
            client.decide(rng.choice(view["legal"]), view["version"])
            waiting, view = True, None


def _command(client: Recorder, kind: str, version: int, **fields: object) -> None:
    client.seq += 1
    client.send({"type": kind, "seq": client.seq, "version": version, **fields})


def _check_names(events: list[dict[str, Any]], names: list[str]) -> int:
    """Log `events` with the seat names the host says now (`names`): every line
    about the handed seat names Bea before Caro sat down and Caro after. Returns
    how many such lines named Bea."""
    book, expected, beas = LogBook(names.__getitem__), "Bea", 0
    for event in events:
        data = event["data"]
        if event["kind"] == "seated" and data["seat"] == HANDED:
            expected = data["name"]
        for line in book.lines([event]):
            if data.get("seat") == HANDED or data.get("victim") == HANDED:
                wrong = "Caro" if expected == "Bea" else "Bea"
                said = set(re.findall(r"\w+", line))
                assert expected in said and wrong not in said, (line, expected)
                beas += expected == "Bea"
    return beas


def test_a_newcomers_log_and_the_replay_name_who_played_each_move():
    async def scenario() -> None:
        async with running_host(grace=60) as host:
            table = host.create_table(3, [None, None, "random"])
            ana, bea = await Recorder.connect(host.port), await Recorder.connect(host.port)
            await ana.join(table.code, "Ana")
            await bea.join(table.code, "Bea")
            assert bea.seat == HANDED
            enough = lambda: bea.seq >= 6  # noqa: E731 - Bea has played a few moves
            await asyncio.gather(_play_until(ana, random.Random(1), enough),
                                 _play_until(bea, random.Random(2), enough))
            bea.close()
            while True:
                status = await ana.until("table")
                if not status["seats"][HANDED]["connected"]:
                    break
            _command(ana, "open_seat", table.revision, seat=HANDED)
            await ana.until("ack")
            opened = (await ana.until("table"))["seats"][HANDED]
            assert (opened["kind"], opened["name"]) == ("open", "")  # as PROTOCOL.md says
            if table.bot_turn() is not None:  # a bot's move is due: it comes before Caro
                opened_at = table.version
                await eventually(lambda: table.version > opened_at)
            caro = await Recorder.connect(host.port)
            await caro.join(table.code, "Caro")
            names = [s["name"] for s in (await caro.until("table"))["seats"]]
            assert names[:2] == ["Ana", "Caro"]
            history = (await caro.until("history"))["events"]
            seated = [e["data"] for e in history if e["kind"] == "seated"]
            assert [(s["seat"], s["name"]) for s in seated] == \
                [(0, "Ana"), (1, "Bea"), (2, names[2]), (1, "Caro")]
            assert seated[0]["version"] == 0 and seated[-1]["version"] == table.version
            assert _check_names(history, names) >= 6  # Bea's moves stay Bea's

            while True:  # the old-timer is told at once
                told = await ana.until("view")
                if any(e["kind"] == "seated" for e in told["events"]):
                    break
            assert [e["kind"] for e in told["events"]] == ["seated"]
            assert told["events"][0]["data"] == seated[-1]
            ana.send({"type": "resync"})
            over, _ = await asyncio.gather(play_randomly(ana, random.Random(3)),
                                           play_randomly(caro, random.Random(4)))

            model = TableModel([0])  # Ana's screen: the live stream, as the client takes it
            for message in ana.messages:
                if message["type"] == "view":
                    model.feed([{**message, "seat": 0}])
                    while model.pop() is not None:
                        pass
            live = model.events
            assert any(e["kind"] == "seated" and e["data"]["name"] == "Caro" for e in live)
            assert _check_names(live, names) >= 6

            replay = Replay(over["record"], names)
            assert [tuple(s) for s in replay.game.seatings] == \
                [(s["version"], s["seat"], s["name"]) for s in seated]
            replayed = replay.events(0, replay.length, 0)
            assert _check_names(replayed, names) >= 6
            assert sum(e["kind"] == "seated" for e in replayed) == 4
    asyncio.run(scenario())
