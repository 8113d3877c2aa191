"""Determinization: a state rebuilt from a seat's view agrees with everything the
seat has seen, and never puts a card it knows elsewhere into a sampled hand."""

import json
import random

import pytest

from havana_game.ai.determinize import Determinizer, ViewMismatch
from havana_game.ai.ismcts import Search
from havana_game.ai.parallel import SearchSettings, search_root, searched
from havana_game.ai.policy import medium_decision
from havana_game.content import EDITIONS, classic_rules, find_edition
from havana_game.rules import Cover, apply, legal_decisions, new_game, snapshot, view_for
from havana_game.rules.state import COVER, SETUP

from .research import search_research

RULES = classic_rules()
FULL_SET = (1 << len(RULES.cards)) - 1


def positions(players, seed, every=3, rules=RULES):
    """(state, seat to decide) along a game of mixed medium and random play."""
    state = new_game(rules, players, seed)
    chooser = random.Random(seed)
    step = 0
    while state.deciders():
        seat = state.deciders()[0]
        if step % every == 0:
            yield state, seat
        step += 1
        if chooser.random() < 0.5:
            decision = medium_decision(state, seat)
        else:
            decision = chooser.choice(legal_decisions(state, seat))
        apply(state, seat, decision)


def check_sample(real, seat, sample):
    assert view_for(sample, seat) == view_for(real, seat)
    assert sample.pile != () or real.pile == ()
    assert sorted(sample.pile) == sorted(real.pile)
    materials = [sum(sample.amount(s, m) for s in range(sample.players))
                 + sample.bag[m] + sample.market[m] + sample.box[m] for m in range(5)]
    assert materials == [10, 10, 10, 10, 40] and sum(materials) == 80
    for other in range(sample.players):
        face_up = 0
        for card in sample.face_up[other]:
            if card >= 0:
                face_up |= 1 << card
        face_down = 0
        for card in sample.face_down[other]:
            face_down |= 1 << card
        parts = [sample.hand[other], sample.discard[other], face_up, face_down]
        assert sum(bin(p).count("1") for p in parts) == len(RULES.cards)
        assert parts[0] | parts[1] | parts[2] | parts[3] == FULL_SET
        # Nothing the seat saw face up or saw discarded (and not taken back) is secret.
        seen_discarded = sample.placed[other]
        secret = sample.hand[other] | face_down
        assert not secret & face_up
        assert bin(secret & seen_discarded).count("1") == sample.hidden_taken[other]
    assert sample.hand[seat] == real.hand[seat]
    assert sample.face_down[seat] == real.face_down[seat]
    assert sample.discard[seat] == real.discard[seat]


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_samples_agree_with_the_view(players, edition):
    rules = find_edition(edition)
    rng = random.Random(players)
    count = 0
    for real, seat in positions(players, seed=11 * players, rules=rules):
        view = view_for(real, seat)
        determinizer = Determinizer(json.loads(json.dumps(view)), rules)
        for _ in range(2):
            check_sample(real, seat, determinizer.sample(rng))
        count += 1
    assert count > 20


def test_hidden_refreshment_take_backs_are_sampled_from_the_seen_discards():
    found = 0
    for seed in range(40):
        for real, seat in positions(3, seed, every=1):
            if any(real.hidden_taken[s] for s in range(3) if s != seat):
                determinizer = Determinizer(view_for(real, seat), RULES)
                check_sample(real, seat, determinizer.sample(random.Random(seed)))
                found += 1
        if found > 30:
            break
    assert found > 0


def test_cards_recycling_put_down_unseen_are_sampled_from_the_secret_ones():
    rules = find_edition("edition2024")
    found = 0
    for seed in range(40):
        for real, seat in positions(3, seed, every=1, rules=rules):
            if any(real.hidden_put[s] for s in range(3) if s != seat):
                determinizer = Determinizer(view_for(real, seat), rules)
                sample = determinizer.sample(random.Random(seed))
                check_sample(real, seat, sample)
                assert sample.hidden_put == real.hidden_put
                found += 1
        if found > 30:
            break
    assert found > 0


def test_samples_vary_the_hidden_parts_only():
    """Hands are known but for face-down cards and unseen take-backs: in phase 3
    after others have placed, their new cards are what varies."""
    real, seat = next((s, seat) for s, seat in positions(4, seed=3, every=1)
                      if s.round >= 3 and any(s.face_down[o] for o in range(4) if o != seat))
    determinizer = Determinizer(view_for(real, seat), RULES)
    rng = random.Random(0)
    samples = [determinizer.sample(rng) for _ in range(20)]
    assert len({s.pile for s in samples}) > 1
    assert len({tuple(s.face_down) for s in samples}) > 1
    assert len({s.rng for s in samples}) == 20


def test_a_view_of_another_deck_is_refused():
    state = new_game(RULES, 2, 1)
    view = view_for(state, 0)
    view["deck"] = "0" * 64
    with pytest.raises(ViewMismatch):
        Determinizer(view, RULES)


def _bit_count(mask: int) -> int:
    return bin(mask).count("1")


@pytest.mark.parametrize("players", [2, 4])
def test_reopened_cover_gives_the_earlier_seats_their_card_back(players):
    """Phase 3 with `reopen`: the seats that covered before the viewer hold their
    new card in hand again, cover from the start of the turn order, and the
    search has them cover the face-up card they were seen to cover."""
    found = 0
    for real, seat in positions(players, seed=5, every=1):
        if real.phase != COVER or real.turn == 0:
            continue
        earlier = real.order[:real.turn]
        determinizer = Determinizer(view_for(real, seat), RULES, reopen=True)
        assert determinizer.pinned == {s: real.covered[s] for s in earlier}
        sample = determinizer.sample(random.Random(found))
        assert sample.turn == 0 and sample.deciders() == (real.order[0],)
        for other in earlier:
            assert sample.face_down[other] == () and sample.covered[other] == -1
            assert _bit_count(sample.hand[other]) == _bit_count(real.hand[other]) + 1
        assert sample.hand[seat] == real.hand[seat]
        search = Search(determinizer, random.Random(found))
        search.run(iterations=200)
        for other in earlier:
            tried = search.root.stats[other]
            assert tried and all(isinstance(d, Cover) and d.covered == real.covered[other]
                                 for d in tried)
        assert search.root.stats[seat]
        found += 1
    assert found > 10


def test_reopened_setup_leaves_every_opening_choice_to_the_search():
    state = new_game(RULES, 3, 2)
    apply(state, 0, legal_decisions(state, 0)[4])
    plain = Determinizer(view_for(state, 1), RULES).sample(random.Random(0))
    assert plain.deciders() == (1, 2)
    reopened = Determinizer(view_for(state, 1), RULES, reopen=True)
    sample = reopened.sample(random.Random(0))
    assert sample.deciders() == (0, 1, 2) and reopened.pinned == {}
    assert _bit_count(sample.hand[0]) == len(RULES.cards)


def test_reopen_changes_nothing_outside_secret_choices():
    for real, seat in positions(2, seed=9, every=4):
        if real.phase in (COVER, SETUP):
            continue
        view = view_for(real, seat)
        plain = Determinizer(view, RULES).sample(random.Random(1))
        reopened = Determinizer(view, RULES, reopen=True).sample(random.Random(1))
        assert snapshot(plain) == snapshot(reopened)


def test_a_workers_search_reopens_when_asked():
    real, seat = next((s, seat) for s, seat in positions(2, seed=5, every=1)
                      if s.phase == COVER and s.turn == 1)
    view = view_for(real, seat)
    reopened = search_root(view, None, 9, None, 60, SearchSettings(reopen=True))
    assert reopened == searched(Determinizer(view, RULES, reopen=True), 9, None, 60)
    assert reopened != search_root(view, None, 9, None, 60)


@pytest.mark.parametrize("turn, exploded, open_loop", [(3, "keyed", "reopened"),
                                                       (0, "reopened", "others")])
def test_the_tree_is_open_loop_over_the_picks_that_do_not_key_the_root(turn, exploded,
                                                                        open_loop):
    """Keyed by every pick, a 4-player root where three seats covered before the
    viewer (turn 3) has a child for almost every iteration; open-loop over the
    reopened seats' picks, one per own pick. The first of four to cover (turn 0) has
    nobody reopened, and its root, keyed by the joint pick of all four, explodes
    unless it is open-loop over every other seat's pick. Every seat still chooses."""
    real, seat = next((s, seat) for s, seat in positions(4, seed=5, every=1)
                      if s.phase == COVER and s.turn == turn)
    determinizer = Determinizer(view_for(real, seat), RULES, reopen=True)
    assert len(determinizer.reopened) == turn
    own_picks = set(legal_decisions(real, seat))
    children = {}
    for keyed_by in (exploded, open_loop):
        search = search_research.ResearchSearch(determinizer, random.Random(1), open_loop=keyed_by)
        search.run(iterations=300)
        children[keyed_by] = len(search.root.children)
        assert all(search.root.stats[s] for s in range(4))
    assert children[open_loop] <= len(own_picks) < 2 * len(own_picks) < children[exploded]


def test_a_workers_search_carries_whose_picks_key_the_root():
    real, seat = next((s, seat) for s, seat in positions(4, seed=5, every=1)
                      if s.phase == COVER and s.turn == 0)
    view = view_for(real, seat)
    own = search_root(view, None, 9, None, 60, SearchSettings(reopen=True, open_loop="own"))
    assert own == searched(Determinizer(view, RULES, reopen=True), 9, None, 60, open_loop="own")
    assert own != search_root(view, None, 9, None, 60, SearchSettings(reopen=True))


def test_the_tree_keyed_by_own_decisions_branches_on_them_alone():
    """With "own", no other seat's decision keys a child at any node: a node where
    only other seats chose has one child at most, and every key is one decision of
    the searcher's. With "others" only the root is so, and the other seats' actions
    below it branch the tree."""
    real, seat = next((s, seat) for s, seat in positions(4, seed=5, every=1)
                      if s.phase == COVER and s.turn == 0)
    determinizer = Determinizer(view_for(real, seat), RULES, reopen=True)

    def others_branch(open_loop: str) -> int:
        search = search_research.ResearchSearch(determinizer, random.Random(1), open_loop=open_loop)
        search.run(iterations=400)
        branching, nodes = 0, [search.root]
        while nodes:
            node = nodes.pop()
            mine = node.stats[seat]
            for key in node.children:
                assert open_loop != "own" or len(key) <= 1 and all(d in mine for d in key)
            if not mine and len(node.children) > 1:
                branching += 1
            nodes.extend(node.children.values())
        return branching

    assert others_branch("own") == 0 < others_branch("others")
