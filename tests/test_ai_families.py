"""A building's payments as one choice (tools/search_research.py's families, a
research setting): the final pick sums a building's payments before comparing it
with ending the turn, and the search tries every building (and ending the turn)
before a second way to pay."""

import random

from havana_game.ai import ismcts
from havana_game.ai.determinize import Determinizer
from havana_game.ai.ismcts import most_visited
from havana_game.ai.parallel import merge
from havana_game.ai.policy import medium_decision
from havana_game.content import classic_rules
from havana_game.rules import Build, EndTurn, apply, legal_decisions, new_game, view_for

from .research import search_research

ResearchSearch, family = search_research.ResearchSearch, search_research.family
most_visited_family = search_research.most_visited_family

RULES = classic_rules()
PESOS = Build(0, (0, 0, 1, 0, 0, 5, 0))
WORKER = Build(0, (0, 0, 1, 0, 0, 0, 1))
OTHER_END = Build(1, (1, 0, 0, 0, 0, 0, 1))
END = EndTurn()


def test_a_buildings_payments_are_one_family():
    assert family(PESOS) == family(WORKER) != family(OTHER_END)
    assert family(END) == END


def test_the_pick_sums_a_buildings_payments_before_comparing():
    stats = {END: (10, 9.0), PESOS: (7, 6.3), WORKER: (6, 5.5)}
    assert most_visited(stats) == END
    assert most_visited_family(stats) == PESOS  # 13 visits, then its most visited
    assert most_visited_family({END: (10, 9.0), PESOS: (4, 3.6), OTHER_END: (9, 8.0)}) == END


def test_the_workers_sums_are_picked_the_same_way():
    results = [([(END, 10, 9.0), (PESOS, 6, 5.2)], 16), ([(WORKER, 5, 4.4)], 5)]
    assert merge(results, 2).decision == search_research.merge(results, 2, False).decision == END
    assert search_research.merge(results, 2, families=True).decision == PESOS


def test_every_building_is_tried_before_a_second_payment():
    search = ResearchSearch(_determinizer(), random.Random(3), families=True)
    stats: dict = {}
    legal = (PESOS, WORKER, OTHER_END, END)
    first = [search._select_family(stats, legal) for _ in range(3)]
    for d in first:  # each tried once, in the search's order
        stats[d][0] += 1
        stats[d][1] += 0.5
    assert {family(d) for d in first} == {family(PESOS), family(OTHER_END), END}
    assert stats[PESOS][2] == stats[END][2] == 3  # availability counted every time


def test_a_search_with_families_plays_legal_decisions_and_counts_its_visits():
    view = _build_view()
    search = ResearchSearch(Determinizer(view, RULES), random.Random(5), families=True)
    decision = search.run(iterations=300)
    mine = search.root.stats[view["you"]]
    assert decision in mine and sum(st[0] for st in mine.values()) == 300


def _determinizer():
    return Determinizer(_build_view(), RULES)


def _build_view():
    """A view of a seat that can build, in one way or more (a random game's)."""
    rng = random.Random(11)
    for seed in range(50):
        state = new_game(RULES, 2, seed)
        while state.deciders():
            seat = state.deciders()[0]
            options = legal_decisions(state, seat)
            builds = [d for d in options if isinstance(d, Build)]
            if len(builds) > len({family(d) for d in builds}):
                return view_for(state, seat)
            apply(state, seat, rng.choice(options))
    raise AssertionError("no position with two ways to pay")


def _tune_search():
    import tune_search  # on the path with the research tools

    return tune_search


def test_partitioned_searches_each_deepen_one_of_the_best_after_a_shared_look():
    """tools/tune_search.py's `x2p` seats: both searches look at the whole root for
    a quarter of their iterations; then each adds visits below its own line only,
    one of the two best families; the one played is of those two."""
    tune = _tune_search()
    view = _build_view()
    split = tune.PartitionedSearches(Determinizer(view, RULES), [1, 2], 0.3, False)
    done = split.run(200)
    assert done.iterations == 400 and all(s.iterations == 200 for s in split.searches)
    lines = []
    for search in split.searches:
        (line,) = search.allowed
        lines.append(line)
        visits: dict = {}
        for d, st in search.root.stats[view["you"]].items():
            visits[family(d)] = visits.get(family(d), 0) + st[0]
        assert sum(n for f, n in visits.items() if f != line) <= 50  # the first look only
        assert visits[line] >= 150
    assert len(set(lines)) == 2 and family(done.decision) in lines


def test_a_seat_plays_its_own_number_of_rollout_decisions(monkeypatch):
    """tools/tune_search.py's `rR` seats: each rollout plays R medium-policy
    decisions (none with r0), the default seat `ismcts.ROLLOUT_DECISIONS`."""
    tune = _tune_search()
    played: list[int] = []
    monkeypatch.setattr(ismcts, "medium_decision",
                        lambda state, seat: played.append(seat) or medium_decision(state, seat))
    view = _build_view()
    for label, most in (("c0.3n40r0", 0), ("c0.3n40r2", 80),
                        ("c0.3n40", 40 * ismcts.ROLLOUT_DECISIONS)):
        played.clear()
        bot = tune.SettingsBot(label, 3)
        assert bot.decide(view) in view["legal"] and bot.last_iterations == 40
        assert len(played) <= most and (most == 0 or len(played) > most // 2)


def test_a_seats_suffix_says_whether_it_reopens_and_whose_picks_key_the_root():
    """tools/tune_search.py's `o`, `O` and `A` seats reopen, keyed by every pick,
    open-loop over the reopened seats' picks, and over every other seat's."""
    tune = _tune_search()
    for label, reopens, open_loop in (("c0.3n40", False, "keyed"), ("c0.3n40o", True, "keyed"),
                                      ("c0.3n40O", True, "reopened"),
                                      ("c0.3n40A", True, "others")):
        bot = tune.SettingsBot(label, 3)
        assert (bot.reopens(4), bot.open_loop) == (reopens, open_loop)
        assert bot.decide(_build_view()) in _build_view()["legal"]
