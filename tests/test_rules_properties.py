"""Invariants over random games of every edition, through the engine's public API only."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from havana_game.content import EDITIONS, find_edition
from havana_game.game import Game
from havana_game.rules import (
    Act,
    Build,
    Choose,
    Cover,
    EndTurn,
    IllegalDecision,
    Tax,
    apply,
    legal_decisions,
    new_game,
    snapshot,
    view_for,
)

SETTINGS = settings(max_examples=15, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**40)
player_counts = st.sampled_from([2, 3, 4])
editions = st.sampled_from(EDITIONS).map(find_edition)


def random_steps(game, chooser, limit=100_000):
    """Play random legal decisions, yielding before each one the events of the
    one before (none before the first)."""
    events = []
    for _ in range(limit):
        seats = game.state.deciders()
        if not seats:
            return
        yield events
        seat = chooser.choice(seats)
        events = game.play(seat, chooser.choice(legal_decisions(game.state, seat)))


def count_workers_moved(events, held):
    """Follow the workers through the events alone: taken from the bank, paid for
    a building or lost to the Tax Collector (both back to the bank)."""
    for event in events:
        if event.kind == "workers_taken":
            held[event.data["seat"]] += event.data["count"]
        elif event.kind == "building_built":
            held[event.data["seat"]] -= event.data["payment"][6]
        elif event.kind == "taxed" and event.data["take"] == "worker":
            held[event.data["victim"]] -= 1


def material_and_worker_totals(state, seat):
    view = view_for(state, seat)
    colors = state.rules.names.materials
    held = sum(s["materials"][c] for s in view["seats"] for c in colors)
    materials = held + sum(view["market"][c] for c in colors) + sum(view["box"].values())
    workers = sum(s["workers"] for s in view["seats"]) + view["workers_in_bank"]
    return materials + view["bag_size"], workers


def no_negative_counts(view):
    numbers = [view["bag_size"], view["pile_size"], view["workers_in_bank"],
               *view["market"].values(), *view["box"].values()]
    for seat in view["seats"]:
        numbers += [*seat["materials"].values(), seat["pesos"], seat["workers"], seat["vp"],
                    seat["hand_size"], seat["discard_size"]]
    return all(n >= 0 for n in numbers)


@SETTINGS
@given(rules=editions, seed=seeds, players=player_counts)
def test_counts_hold_every_step_and_every_game_ends(rules, seed, players):
    game = Game.new(rules, players, seed)
    steps = 0
    held = [0] * players
    for events in random_steps(game, random.Random(seed)):
        steps += 1
        assert material_and_worker_totals(game.state, 0) == (80, 15)
        view = view_for(game.state, 0)
        assert no_negative_counts(view)
        count_workers_moved(events, held)
        assert [s["workers"] for s in view["seats"]] == held
        assert view["workers_in_bank"] == 15 - sum(held)
        assert sum(view["bag_content"].values()) == view["bag_size"]
    assert game.state.winners and steps < 10_000


@SETTINGS
@given(rules=editions, seed=seeds, players=player_counts)
def test_every_listed_decision_applies(rules, seed, players):
    game = Game.new(rules, players, seed)
    for step, _ in enumerate(random_steps(game, random.Random(seed))):
        if step % 3:
            continue
        for seat in game.state.deciders():
            for decision in legal_decisions(game.state, seat):
                apply(game.state.clone(), seat, decision)


def any_decision():
    small = st.integers(min_value=-2, max_value=14)
    return st.one_of(
        st.builds(lambda a, b: Choose((a, b)), small, small),
        st.builds(Act, small, small, st.lists(st.integers(0, 4), max_size=3).map(tuple), small),
        st.builds(Tax, small, st.integers(0, 5)),
        st.builds(lambda e, p: Build(e, tuple(p)), st.integers(-1, 4),
                  st.lists(st.integers(0, 6), min_size=7, max_size=7)),
        st.just(EndTurn()),
        st.builds(Cover, small, small),
    )


@settings(max_examples=300, deadline=None, derandomize=True)
@given(rules=editions, seed=seeds, players=player_counts, steps=st.integers(0, 400),
       seat=st.integers(-1, 4), decision=any_decision())
def test_illegal_decisions_are_rejected_and_change_nothing(rules, seed, players, steps, seat,
                                                           decision):
    game = Game.new(rules, players, seed)
    for _ in zip(range(steps), random_steps(game, random.Random(seed)), strict=False):
        pass
    legal = legal_decisions(game.state, seat) if 0 <= seat < players else ()
    if decision in legal:
        return
    before = snapshot(game.state)
    untouched = game.state.clone()
    try:
        apply(game.state, seat, decision)
    except IllegalDecision as error:
        assert error.reason and isinstance(error.reason, str)
        assert snapshot(game.state) == before
    else:  # only a one-card row's right end, which is its left end, may pass, as the
        # legal build at that left end with the same payment, and with its effect
        assert isinstance(decision, Build) and decision.end & 1
        twin = Build(decision.end - 1, decision.payment)
        assert twin in legal, f"{decision} was applied, and no legal {twin} stands for it"
        apply(untouched, seat, twin)
        assert snapshot(game.state) == snapshot(untouched)


@SETTINGS
@given(rules=editions, seed=seeds, players=player_counts)
def test_replay_from_seed_and_decisions_reproduces_the_state(rules, seed, players):
    game = Game.new(rules, players, seed)
    for _ in random_steps(game, random.Random(seed ^ 7)):
        pass
    assert snapshot(game.replayed()) == snapshot(game.state)
    assert snapshot(new_game(rules, players, seed)) == snapshot(Game.new(rules, players, seed)
                                                                .state)


def cards_of(mask):
    return [c for c in range(13) if mask >> c & 1]


def rehide(state, viewer, rng):
    """The same position as `viewer` knows it, with everything hidden from it redrawn:
    other hands and face-down cards, which seen discards Refreshment took back, which
    unseen cards Recycling put down, the draw-pile order and the RNG."""
    other = state.clone()
    other.rng = rng.getrandbits(64)
    pile = list(other.pile)
    rng.shuffle(pile)
    other.pile = tuple(pile)
    for seat in range(state.players):
        if seat == viewer:
            continue
        down = other.face_down[seat]
        pool = other.hand[seat] | other.discard[seat] | sum(1 << c for c in down)
        seen = cards_of(other.placed[seat])
        discard = rng.sample(seen, len(seen) - other.hidden_taken[seat])
        rest = [c for c in cards_of(pool) if c not in discard]
        rng.shuffle(rest)
        other.face_down[seat] = tuple(sorted(rest[:len(down)])) if len(down) == 2 else \
            tuple(rest[:len(down)])
        unseen = len(down) + other.hidden_put[seat]
        other.hand[seat] = sum(1 << c for c in rest[unseen:])
        other.discard[seat] = sum(1 << c for c in (*discard, *rest[len(down):unseen]))
    other.cache = None
    return other


@SETTINGS
@given(rules=editions, seed=seeds, players=player_counts)
def test_a_view_does_not_change_when_what_it_may_not_see_changes(rules, seed, players):
    game = Game.new(rules, players, seed)
    rng = random.Random(seed)
    for step, _ in enumerate(random_steps(game, random.Random(seed))):
        if step % 5:
            continue
        for viewer in range(players):
            view = view_for(game.state, viewer)
            assert view_for(rehide(game.state, viewer, rng), viewer) == view
            text = json.dumps(view)
            assert "rng" not in text and "seed" not in text and "pile\"" not in text
            for seat, public in enumerate(view["seats"]):
                assert set(public) .isdisjoint({"hand", "face_down", "discard"}), seat


def building_first(chooser, options):
    """A random choice that builds, or removes a building, whenever it can."""
    builds = [d for d in options if isinstance(d, Build) or isinstance(d, Act) and d.target >= 0]
    return chooser.choice(builds or options)


@SETTINGS
@given(seed=seeds, players=player_counts, shown=st.integers(1, 3))
def test_a_2024_game_ends_right_after_its_last_building_goes(seed, players, shown):
    """2024 fallback endings are checked after every action and building: no game
    goes on with both rows and the pile empty, and the game_over comes with the
    building built or removed that emptied them. (Few buildings are left at the
    start, and every seat is rich, so that games get there.)"""
    rules = find_edition("edition2024")
    state = new_game(rules, players, seed)
    state.rows, state.pile = (state.rows[0][:shown], state.rows[1][:1]), ()
    for seat in range(players):
        for resource, amount in zip(range(7), (3, 3, 3, 3, 10, 20, 4), strict=True):
            state.set_amount(seat, resource, amount)
    state.cache = None
    chooser = random.Random(seed)
    while state.deciders():
        seat = chooser.choice(state.deciders())
        events = apply(state, seat, building_first(chooser, legal_decisions(state, seat)))
        if state.deciders():
            assert state.rows != ((), ()) or state.pile
    assert state.end_reason in ("no_buildings_left", "target_reached"), state.end_reason
    kinds = [e.kind for e in events]
    if state.end_reason == "no_buildings_left":
        assert kinds[-1] == "game_over"
        assert kinds[-2] in ("building_built", "building_removed"), kinds
