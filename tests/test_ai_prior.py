"""The expert's prior bias (`ismcts.PRIOR_BIAS`): the medium policy's worths
order the decisions never tried and add a fading bonus to UCB; the medium
strategy plays the best of the same worths; the expert's workers search with it in
2-player games, the hard bot's and the hint's never."""

import random

import pytest

from havana_game.ai import bots
from havana_game.ai.bots import ExpertBot, HardBot
from havana_game.ai.determinize import Determinizer
from havana_game.ai.ismcts import OPEN_LOOP, PRIOR_BIAS, Search
from havana_game.ai.parallel import SearchSettings, search_root, searched
from havana_game.ai.policy import medium_decision, medium_scores
from havana_game.content import classic_rules
from havana_game.rules import Build, apply, legal_decisions, new_game, view_for

RULES = classic_rules()


def _positions(players=2, seed=8, every=3):
    """States and deciding seats along a medium-vs-medium game, every few decisions."""
    state = new_game(RULES, players, seed)
    step = 0
    while state.deciders():
        seat = state.deciders()[0]
        if len(legal_decisions(state, seat)) > 1 and step % every == 0:
            yield state, seat
        apply(state, seat, medium_decision(state, seat))
        step += 1


def _views(count, players=2):
    found = []
    for state, seat in _positions(players, every=5):
        if len(legal_decisions(state, seat)) >= 4:
            found.append(view_for(state, seat))
        if len(found) == count:
            return found
    raise AssertionError("too few positions with four decisions or more")


@pytest.mark.parametrize("players", [2, 4])
def test_the_medium_strategy_plays_the_first_of_its_best_worths(players):
    for state, seat in _positions(players):
        options = legal_decisions(state, seat)
        worths = medium_scores(state, seat, options)
        assert len(worths) == len(options)
        assert medium_decision(state, seat) == options[worths.index(max(worths))]


def _root(view, bias, iterations, seed=1):
    search = Search(Determinizer(view, RULES), random.Random(seed), prior_bias=bias)
    search.run(iterations=iterations)
    return search.root.stats[view["you"]]


def test_decisions_never_tried_are_tried_best_prior_first():
    for view in _views(4):
        root = _root(view, PRIOR_BIAS, 3)
        priors = sorted((st[3] for st in root.values()), reverse=True)
        assert priors[0] == 1.0 and all(0.0 <= p <= 1.0 for p in priors)
        tried = sorted((st[3] for st in root.values() if st[0]), reverse=True)
        assert tried == priors[:3]


def test_a_strong_bias_follows_the_medium_policy_and_none_keeps_no_prior():
    """With a bias far above the rewards, the visits follow the priors."""
    for view in _views(3):
        led = _root(view, 10.0, 200)
        best = max(led, key=lambda d: led[d][3])
        worst = min(led, key=lambda d: led[d][3])
        assert max(led, key=lambda d: led[d][0]) == best
        assert led[best][0] > 2 * led[worst][0]
        plain = _root(view, 0.0, 200)
        assert all(len(st) == 3 for st in plain.values())


def test_a_workers_search_carries_the_prior_bias():
    view = _views(1)[0]
    determinizer = Determinizer(view, RULES)
    biased = search_root(view, None, 9, None, 40, SearchSettings(prior_bias=PRIOR_BIAS))
    assert biased == searched(determinizer, 9, None, 40, prior_bias=PRIOR_BIAS)
    assert biased != search_root(view, None, 9, None, 40)


def test_the_expert_thinks_with_the_prior_bias_in_2_player_games_and_reopens_always(
        monkeypatch):
    """At larger tables its tree branches on its own decisions only. The hard bot
    does none of these (the Hint button thinks as the hard bot)."""
    asked = []
    real = bots.think

    def think(view, rules, seed, workers, deadline, iterations, answer_by, settings):
        asked.append(settings)
        return real(view, rules, seed, workers, deadline, iterations, answer_by, settings)

    monkeypatch.setattr(bots, "think", think)
    for players in (2, 3, 4):
        view = _views(1, players)[0]
        for bot in (ExpertBot(3, iterations=5, workers=1), HardBot(3, iterations=5, workers=1)):
            assert bot.decide(view) in view["legal"]
    hard = SearchSettings(0.0, False, OPEN_LOOP)
    assert asked == [SearchSettings(PRIOR_BIAS, True, OPEN_LOOP), hard,
                     SearchSettings(0.0, True, "own"), hard,
                     SearchSettings(0.0, True, "own"), hard]
    assert PRIOR_BIAS > 0 and OPEN_LOOP == "reopened"


def test_where_the_seat_can_build_the_prior_is_neutral():
    """The medium strategy's opinion of building (cost against VP) made the search
    hoard: where a building is legal, every decision's prior is 0."""
    checked = 0
    for state, seat in _positions(every=1):
        legal = legal_decisions(state, seat)
        if not any(isinstance(d, Build) for d in legal):
            continue
        root = _root(view_for(state, seat), PRIOR_BIAS, 10)
        assert all(st[3] == 0.0 for st in root.values())
        checked += 1
    assert checked >= 3
