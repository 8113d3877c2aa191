"""The host's spliced `view` frames are exactly `view_for(state, seat)` and the
events that seat may see, for every seat and spectator, all through random games
(whoever's frame is built first: a spectator's, or a seat's)."""

from __future__ import annotations

import random
from typing import Any

import msgpack

from havana_game.content import classic_rules
from havana_game.game import Game
from havana_game.rules import Event, legal_decisions, view_for
from net.host.audience import Update

from .net_helpers import check_told


def _as_sent(event: Event) -> dict[str, Any]:
    """An event as a client gets it: every map keyed by strings (seat numbers as
    their decimal strings), nothing else changed."""
    return {"kind": event.kind,
            "data": {key: {str(k): v for k, v in value.items()} if isinstance(value, dict)
                     else value for key, value in event.data.items()}}


def test_update_messages_equal_view_for_and_visible_events():
    rng = random.Random(11)
    maps = 0
    for players in (2, 3, 4):
        game = Game.new(classic_rules(), players, rng.randrange(2**62))
        events: list[Event] = []
        while True:
            legal = [legal_decisions(game.state, seat) for seat in range(players)]
            update = Update(game.state, events, legal)
            order = [None, *range(players)] if len(game.history) % 2 else [*range(players), None]
            for n, seat in enumerate(order, start=1):
                message = msgpack.unpackb(update.message(n, seat))
                check_told(message)
                assert message == {
                    "type": "view", "n": n, "view": view_for(game.state, seat),
                    "events": [_as_sent(e) for e in events if e.visible_to(seat)]}
            maps += sum(isinstance(v, dict) for e in events for v in e.data.values())
            if game.state.phase == 4:
                break
            seat = game.state.deciders()[0]
            events = game.play(seat, rng.choice(legal_decisions(game.state, seat)))
    assert maps, "no event carried a map"
