"""Nothing secret ever leaves the host: every byte each seat received over many
random games is checked against what that seat may know."""

from __future__ import annotations

import asyncio
import random

import msgpack
import pytest

from havana_game.content import EDITIONS, find_edition
from havana_game.rules import apply, new_game, spectator_view, view_for
from havana_game.rules.snapshot import snapshot
from havana_game.saves import game_to_document

from .net_helpers import TRANSPORTS, play_randomly, running_host

PRIVATE_EVENT_FIELDS = {"cards_chosen": "cards", "card_covered": "card",
                        "card_taken_back": "card", "card_recycled": "card"}
FORBIDDEN_KEYS = {"rng", "seed", "pile", "bag", "history", "state"}
SEAT_SECRETS = {"hand", "face_down", "discard", "legal"}
"""A seat's own secrets: top level of its own view only, never under `seats`,
never in a spectator's view."""


def _secret_free(message):
    """A message without the game's record, which `game_over` carries once no card
    is secret any more (it is checked to be exactly the game's save document)."""
    return {k: v for k, v in message.items() if message["type"] != "game_over" or k != "record"}


def _walk_keys(obj):
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield key
            yield from _walk_keys(value)
    elif isinstance(obj, list):
        for item in obj:
            yield from _walk_keys(item)


def _states_by_version(game):
    """Per version: the full state, every seat's view and the spectator's view."""
    state = new_game(game.rules, game.players, game.seed, game.ages)
    states, views, public = [], [], []
    for step in range(len(game.history) + 1):
        if step:
            apply(state, *game.history[step - 1])
        states.append(snapshot(state))
        views.append([view_for(state, s) for s in range(game.players)])
        public.append(spectator_view(state))
    return states, views, public


def _check_seat_secrets(view, state, seat):
    """Only `seat`'s own hand and face-down cards, exactly as they are."""
    assert view["hand"] == state["hand"][seat]
    assert view["face_down"] == state["face_down"][seat]
    for other in view["seats"]:
        assert not SEAT_SECRETS & set(other), other


async def _one_game(players: int, seed: int, edition: str, transport: str = "tcp") -> None:
    rng = random.Random(seed)
    Recorder = TRANSPORTS[transport]  # noqa: N806 - the client class of this transport
    async with running_host() as host:
        # The last seat is the host's own bot: it gets its view inside the host.
        table = host.create_table(players, [None] * (players - 1) + ["random"],
                                  rules=find_edition(edition))
        watcher = await Recorder.connect(host.port)
        watcher.hello()
        await watcher.until("welcome")
        watcher.send({"type": "watch", "code": table.code})
        clients = [await Recorder.connect(host.port) for _ in range(players - 1)]
        for client in clients:
            await client.join(table.code)
        await asyncio.gather(*(play_randomly(c, rng) for c in clients))
        await watcher.until("game_over")
        game = table.game
        for client in (*clients, watcher):
            client.close()
    states, views, public = _states_by_version(game)
    secrets = [msgpack.packb(game.seed)]
    secrets += [msgpack.packb(s["rng"]) for s in states]
    secrets += [msgpack.packb(s["pile"]) for s in states if len(s["pile"]) >= 2]
    for client in clients:
        seat = client.seat
        for message in client.messages:
            assert not FORBIDDEN_KEYS & set(_walk_keys(_secret_free(message))), message["type"]
            if message["type"] != "view":
                continue
            # The seat's view is exactly what the engine's filter gives that seat.
            version = message["view"]["version"]
            assert message["view"] == views[version][seat]
            _check_seat_secrets(message["view"], states[version], seat)
            for event in message["events"]:
                private = PRIVATE_EVENT_FIELDS.get(event["kind"])
                if private in event["data"]:
                    assert event["data"]["seat"] == seat, event
    for message in watcher.messages:
        assert not FORBIDDEN_KEYS & set(_walk_keys(_secret_free(message))), message["type"]
        if message["type"] == "view":
            assert message["view"] == public[message["view"]["version"]]
            assert not SEAT_SECRETS & set(_walk_keys(message["view"]))
            assert all(PRIVATE_EVENT_FIELDS.get(e["kind"]) not in e["data"]
                       for e in message["events"])
    record = game_to_document(game)
    for client in (*clients, watcher):
        ends = [i for i, m in enumerate(client.messages) if m["type"] == "game_over"]
        assert ends and all(client.messages[i]["record"] == record for i in ends)
        assert client.messages[ends[0] - 1]["type"] == "view"  # after the final view
        assert client.messages[ends[0] - 1]["view"]["phase"] == "over"
        blob = b"".join(frame for i, frame in enumerate(client.frames) if i not in ends)
        for secret in secrets:
            assert secret not in blob
        for other in clients:  # a seat's token goes to its own connection only
            if other is not client:
                assert other.token.encode() not in b"".join(client.frames)


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_frame_reveals_another_seats_secrets_or_the_deck(edition):
    for game_no in range(12):
        asyncio.run(_one_game(2 + game_no % 3, 1000 + game_no, edition))


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_websocket_message_reveals_another_seats_secrets_or_the_deck(edition):
    """The same checks on every message browsers get (one per WebSocket message)."""
    for game_no in range(6):
        asyncio.run(_one_game(2 + game_no % 3, 2000 + game_no, edition, "websocket"))
