"""The state's own helpers: cloning (what a search AI relies on) and the bitmask reader."""

from __future__ import annotations

from havana_game.rules import legal_decisions, snapshot
from havana_game.rules.state import bits

from .positions import give, opened


def test_a_clone_reuses_the_legal_decisions_already_listed_and_changes_apart():
    state = opened([("siesta", "protection"), ("pesos", "mama")])
    legal = legal_decisions(state, 0)
    twin = state.clone()
    assert legal_decisions(twin, 0) is legal  # listed once, not again for every clone
    give(twin, 0, pesos=9)  # setting a counter drops the clone's list, not the original's
    twin.hand[1] = 0
    assert legal_decisions(state, 0) is legal and state.pesos(0) != 9 and state.hand[1]
    assert snapshot(state) != snapshot(twin)


def test_bits_lists_the_cards_of_a_mask_in_ascending_order():
    assert bits(0) == []
    assert bits(0b1) == [0]
    assert bits(0b1010_0000_0110) == [1, 2, 9, 11]
    assert bits(1 << 12 | 1) == [0, 12]
