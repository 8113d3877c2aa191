"""Forced steps are announced: a `forced` event before each step the engine
carries out on its own (exactly one legal decision), saying whether it ended the
turn for want of anything to build."""

from __future__ import annotations

import random

import pytest

from havana_game.content import EDITIONS, find_edition
from havana_game.rules import apply, legal_decisions, new_game

from .seeds import HOST_SEED


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_forced_step_is_announced(edition):
    rules = find_edition(edition)
    rng = random.Random(HOST_SEED)
    seen = {True: 0, False: 0}
    for _ in range(6):
        state = new_game(rules, rng.choice([2, 3, 4]), rng.randrange(1 << 30))
        while state.outcome() is None:
            seat = state.deciders()[0]
            events = apply(state, seat, rng.choice(legal_decisions(state, seat)))
            for index, event in enumerate(events):
                if event.kind != "forced":
                    continue
                seen[event.data["end_turn"]] += 1
                after = events[index + 1] if index + 1 < len(events) else None
                if event.data["end_turn"]:  # nothing of that seat's: the turn is over
                    assert after is None or after.kind in (
                        "turn_started", "market_supplied", "cover_started", "game_over",
                        "row_refilled", "forced"), after
                else:  # that seat's step follows
                    assert after is not None and after.data.get("seat") == event.data["seat"]
    assert seen[True] and seen[False]


def test_the_log_says_a_forced_step_was_played_for_the_player():
    from havana_game.client.table.logbook import LogBook
    from havana_game.client.ui.i18n import tr

    book = LogBook(["Ana", "Bo"].__getitem__)
    lines = book.lines([{"kind": "forced", "data": {"seat": 0, "end_turn": True}},
                        {"kind": "turn_started", "data": {"seat": 1}}])
    assert lines[0] == tr("log.forced_end", name="Ana")
    lines = book.lines([{"kind": "forced", "data": {"seat": 1, "end_turn": False}}])
    assert lines == [tr("log.forced", name="Bo")]
