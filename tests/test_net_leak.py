"""Nothing secret ever leaves the host: every byte each seat received over many
random games is checked against what that seat may know."""

from __future__ import annotations

import asyncio
import random

import msgpack

from havana_game.rules import apply, new_game, view_for
from havana_game.rules.snapshot import snapshot

from .net_helpers import Recorder, play_randomly, running_host

PRIVATE_EVENT_FIELDS = {"cards_chosen": "cards", "card_covered": "card",
                        "card_taken_back": "card"}
FORBIDDEN_KEYS = {"rng", "seed", "pile", "bag", "history", "state"}


def _walk_keys(obj):
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield key
            yield from _walk_keys(value)
    elif isinstance(obj, list):
        for item in obj:
            yield from _walk_keys(item)


def _states_by_version(game):
    state = new_game(game.rules, game.players, game.seed, game.ages)
    states = [snapshot(state)]
    views = [[view_for(state, s) for s in range(game.players)]]
    for seat, decision in game.history:
        apply(state, seat, decision)
        states.append(snapshot(state))
        views.append([view_for(state, s) for s in range(game.players)])
    return states, views


async def _one_game(players: int, seed: int) -> None:
    rng = random.Random(seed)
    async with running_host() as host:
        table = host.create_table(players)
        clients = [await Recorder.connect(host.port) for _ in range(players)]
        for client in clients:
            await client.join(table.code)
        await asyncio.gather(*(play_randomly(c, rng) for c in clients))
        game = table.game
        for client in clients:
            client.close()
    states, views = _states_by_version(game)
    secrets = [msgpack.packb(game.seed)]
    secrets += [msgpack.packb(s["rng"]) for s in states]
    secrets += [msgpack.packb(s["pile"]) for s in states if len(s["pile"]) >= 2]
    for client in clients:
        seat = client.seat
        for message in client.messages:
            assert not FORBIDDEN_KEYS & set(_walk_keys(message)), message["type"]
            if message["type"] != "view":
                continue
            # The seat's view is exactly what the engine's filter gives that seat.
            assert message["view"] == views[message["view"]["version"]][seat]
            for event in message["events"]:
                private = PRIVATE_EVENT_FIELDS.get(event["kind"])
                if private in event["data"]:
                    assert event["data"]["seat"] == seat, event
        blob = b"".join(client.frames)
        for secret in secrets:
            assert secret not in blob


def test_no_frame_reveals_another_seats_secrets_or_the_deck():
    for game_no in range(12):
        asyncio.run(_one_game(2 + game_no % 3, 1000 + game_no))
