"""The state's own helpers: cloning (what a search AI relies on), checked against the
field table, and the bitmask reader."""

from __future__ import annotations

import ast
from pathlib import Path

import havana_game
from havana_game.content import classic_rules
from havana_game.rules import apply, legal_decisions, new_game, snapshot
from havana_game.rules.state import COPIED_FORMS, FIELDS, State, bits

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


def _mid_game() -> State:
    state = new_game(classic_rules(), 4, 3)
    while state.round < 3:  # hands, discards, built buildings and counters all in play
        seat = state.deciders()[0]
        apply(state, seat, legal_decisions(state, seat)[-1])
    return state


def _state_class() -> ast.ClassDef:
    source = (Path(havana_game.__file__).parent / "rules" / "state.py").read_text(encoding="utf-8")
    return next(node for node in ast.parse(source).body
                if isinstance(node, ast.ClassDef) and node.name == "State")


def test_the_field_table_lists_every_attribute_of_a_state():
    annotated = [ast.unparse(node.target) for node in _state_class().body
                 if isinstance(node, ast.AnnAssign)]
    assert [f.name for f in FIELDS] == [name for name in annotated
                                        if name not in ("rules", "cache")]


def test_a_clone_copies_every_field_and_shares_no_list_with_its_original():
    state = _mid_game()
    twin = state.clone()
    assert twin.rules is state.rules and twin.cache is state.cache
    for field in FIELDS:  # a field clone forgot is unset: reading it raises
        original, copied = getattr(state, field.name), getattr(twin, field.name)
        assert copied == original and type(copied) is type(original), field.name
        if field.form in COPIED_FORMS:  # a shallow copy: the items are immutable
            assert isinstance(copied, list) and copied is not original, field.name
            assert not any(isinstance(item, list) for item in copied), field.name
        else:  # shared: ints, text and tuples, never mutated in place
            assert isinstance(copied, (int, str, tuple)), field.name
    assert snapshot(twin) == snapshot(state)
    for field in FIELDS:  # changing a clone's lists leaves the original as it was
        if field.form in COPIED_FORMS:
            getattr(twin, field.name).append(0)
    assert snapshot(state) == snapshot(_mid_game())


def test_clone_is_one_line_per_field_in_the_field_tables_order():
    """`clone` is written out for speed: its lines follow `FIELDS`, each a copy
    (`self.name[:]`) where the form is a list the engine mutates, else shared."""
    clone = next(node for node in _state_class().body
                 if isinstance(node, ast.FunctionDef) and node.name == "clone")
    lines = [ast.unparse(node) for node in clone.body
             if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]).startswith("c.")]
    expected = ["c.rules = self.rules",
                *(f"c.{f.name} = self.{f.name}[:]" if f.form in COPIED_FORMS
                  else f"c.{f.name} = self.{f.name}" for f in FIELDS),
                "c.cache = self.cache"]
    assert lines == expected
