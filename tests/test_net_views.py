"""The host's spliced `view` frames are exactly `view_for(state, seat)` and the
events that seat may see, for every seat and spectator, all through random games."""

from __future__ import annotations

import random

import msgpack

from havana_game.content import classic_rules
from havana_game.game import Game
from havana_game.rules import legal_decisions, view_for
from net.host.audience import Update, event_info
from net.messages import parse


def test_update_frames_equal_view_for_and_visible_events():
    rng = random.Random(11)
    for players in (2, 3, 4):
        game = Game.new(classic_rules(), players, rng.randrange(2**62))
        events = []
        while True:
            legal = [legal_decisions(game.state, seat) for seat in range(players)]
            update = Update(game.state, events, legal)
            for n, seat in enumerate([*range(players), None], start=1):
                message = msgpack.unpackb(update.frame(n, seat)[4:])
                parse(message)
                assert message == {
                    "type": "view", "n": n, "view": view_for(game.state, seat),
                    "events": [event_info(e) for e in events if e.visible_to(seat)]}
            if game.state.phase == 4:
                break
            seat = game.state.deciders()[0]
            events = game.play(seat, rng.choice(legal_decisions(game.state, seat)))
