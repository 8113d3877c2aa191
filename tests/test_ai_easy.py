"""The easy level plays like a beginner: whenever it can afford a building, it
builds (its description in the catalogs says so)."""

import random

from havana_game.ai import make_bot
from havana_game.content import classic_rules
from havana_game.i18n import translations
from havana_game.rules import apply, from_json, legal_decisions, new_game, view_for

RULES = classic_rules()


def _positions_where_a_building_is_affordable(count):
    """Seat views offering a build, from games of medium and random bots."""
    found = []
    rng = random.Random(22)
    game = 0
    while len(found) < count:
        state = new_game(RULES, 2 + game % 3, game)
        bots = [make_bot("medium" if s % 2 else "random", game * 10 + s)
                for s in range(state.players)]
        while state.deciders() and len(found) < count:
            seat = state.deciders()[0]
            view = view_for(state, seat)
            if any(d["kind"] == "build" for d in view["legal"]) and rng.random() < 0.5:
                found.append(view)
            apply(state, seat, from_json(bots[seat].decide(view)))
        game += 1
    return found


def test_easy_builds_whenever_it_can_afford_a_building():
    views = _positions_where_a_building_is_affordable(60)
    for i, view in enumerate(views):
        decision = make_bot("easy", i).decide(view)
        assert decision["kind"] == "build", (i, decision)


def test_easy_still_plays_every_other_kind_of_decision():
    state = new_game(RULES, 2, 5)
    easy = make_bot("easy", 1)
    while state.deciders():
        seat = state.deciders()[0]
        decision = from_json(easy.decide(view_for(state, seat)))
        assert decision in legal_decisions(state, seat)
        apply(state, seat, decision)
    assert state.winners


def test_the_easy_description_says_it_builds():
    assert "build" in translations("en").gettext("ai.about.easy").lower()
