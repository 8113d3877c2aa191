"""The Hint button: the hard bot, on the player's own view and off the render
thread, stages its choice on the table and says in one line what it gains;
Confirm plays it; the results count the hints; LAN games only if the host allows."""

from __future__ import annotations

import random
import threading

import pygame

from havana_game.ai.hint import gains_of, hint_for
from havana_game.client.profile.settings import Settings
from havana_game.client.scenes.table import TableScene
from havana_game.client.session.netlink import NetLink
from havana_game.client.table.hints import HintService
from havana_game.client.ui.i18n import tr
from havana_game.content import classic_rules
from havana_game.rules import apply, from_json, legal_decisions, new_game, view_for

from .seeds import HOST_SEED
from .test_client_support import (
    act_once,
    click,
    key,
    make_app,
    play_to_results,
    play_to_step,
    step,
    until,
    until_asked_alone,
)


def _a_view_where_pesos_can_be_taken():
    """The view of a seat that may carry out the Pesos card with pesos on the market."""
    rules = classic_rules()
    rng = random.Random(HOST_SEED)
    while True:
        state = new_game(rules, 2, rng.randrange(1 << 30))
        while state.outcome() is None:
            seat = state.deciders()[0]
            view = view_for(state, seat)
            pesos = [d for d in view["legal"] if d["kind"] == "act"
                     and rules.keys[d["card"]] == "pesos"]
            if pesos and view["market"]["pesos"] and len(view["legal"]) > 1:
                return view, pesos[0]
            apply(state, seat, rng.choice(legal_decisions(state, seat)))


def test_a_hint_is_a_legal_decision_and_says_what_it_gains():
    view, pesos = _a_view_where_pesos_can_be_taken()
    hint = hint_for(view, budget_ms=60)
    assert hint.decision in view["legal"] and hint.question == view["legal"]
    assert gains_of(view, pesos)["pesos"] == (view["market"]["pesos"] + 1) // 2


def test_the_hint_button_stages_the_hard_bots_choice_and_confirm_plays_it(tmp_path):
    app = make_app(tmp_path)
    link = NetLink.local(["human", "random"], ["Ana", "Bo"], seed=HOST_SEED)
    table = TableScene(app, link)

    seen_thinking = threading.Event()

    def slow_hint(view):  # thinks until the test has seen it thinking
        seen_thinking.wait(60)  # (a safety net only: the test sets it)
        return hint_for(view, budget_ms=60)

    table.asks.hints = HintService(slow_hint)
    app.switch(table)
    until(app, lambda: table.flow.deciding() and "hint" in table.controls())
    version = table.view["version"]
    step(app, key(pygame.K_h))
    assert table.asks.hint_text == tr("hint.thinking") and not table.button("hint").enabled
    seen_thinking.set()
    until(app, lambda: table.asks.hint_text not in ("", tr("hint.thinking")))
    assert table.asks.hint_text.startswith(tr("hint.line", text="")) and not table.staging.empty
    staged = table.staging.decision(table.view)
    assert staged in table.view["legal"]
    step(app, click(table.controls()["confirm"]))
    until(app, lambda: table.view["version"] > version and not table.model.has_pending)
    assert table.model.hints_used == 1
    act_once(app, table)
    table.close()


def test_lan_games_have_no_hint_button(tmp_path):
    app = make_app(tmp_path)
    table = TableScene(app, NetLink({}, ["Ana", "Bo"]))  # a LAN guest's link
    assert not table.asks.hints_allowed()
    table.close()


def test_a_lan_host_can_allow_hints(tmp_path):
    """Hints set up on the Host screen reach the table: its players get the button."""
    from .test_client_lobby import open_table, start_with_guest

    app = make_app(tmp_path)
    lobby = open_table(app, "players:2", "hints")
    assert lobby.hints
    guest, table = start_with_guest(app, lobby, "Bo")
    until(app, lambda: table.flow.deciding())
    assert table.asks.hints_allowed() and "hint" in table.controls()
    guest.close()
    table.leave_now()


def test_the_hints_taken_are_kept_with_the_save(tmp_path):
    app = make_app(tmp_path)
    table = TableScene(app, NetLink.local(["human", "random"], ["Ana", "Bo"], seed=HOST_SEED))
    table.asks.hints = HintService(lambda view: hint_for(view, budget_ms=20))
    app.switch(table)
    until(app, lambda: table.flow.deciding() and "hint" in table.controls())
    step(app, key(pygame.K_h))
    until(app, lambda: not table.asks.hints.busy)
    assert table.model.hints_used == 1
    table.close()  # quit: the game stays saved
    resumed = TableScene(app, NetLink.resume())
    assert resumed.model.hints_used == 1
    resumed.close()


def test_a_hint_to_end_the_turn_puts_enter_on_the_end_turn_button(tmp_path):
    from havana_game.ai.hint import Hint

    app = make_app(tmp_path)
    table = TableScene(app, NetLink.local(["human", "random"], ["Ana", "Bo"], seed=HOST_SEED))
    app.switch(table)
    play_to_step(app, table, "build", 60)
    table.asks.hints = HintService(lambda view: Hint(view["legal"], {"kind": "end_turn"}))
    version = table.view["version"]
    step(app, key(pygame.K_h))
    until(app, lambda: table.focus == "end_turn")
    step(app, key(pygame.K_RETURN))
    until(app, lambda: table.view["version"] > version)
    until(app, lambda: table.flow.deciding() and not table.model.has_pending)
    assert table.focus is None  # a new question: Enter is not left on End turn
    table.close()


def _views_naming_another_seat():
    """(view, decision) pairs of a 3-player game whose decision names another seat:
    a tax on a victim, a thief's target."""
    rules = classic_rules()
    rng = random.Random(HOST_SEED)
    found: dict[str, tuple] = {}
    while len(found) < 2:
        state = new_game(rules, 3, rng.randrange(1 << 30))
        while state.outcome() is None and len(found) < 2:
            seat = state.deciders()[0]
            view = view_for(state, seat)
            for d in view["legal"]:
                if d["kind"] == "tax" and d["victim"] != seat:
                    found.setdefault("tax", (view, d))
                elif d["kind"] == "act" and rules.keys[d["card"]].endswith("thief") \
                        and d.get("target") not in (None, seat):
                    found.setdefault("steal", (view, d))
            apply(state, seat, rng.choice(legal_decisions(state, seat)))
    return found


def test_the_hint_line_names_the_seat_the_decision_names():
    from havana_game.ai.hint import Hint
    from havana_game.client.table.hints import hint_line

    names = ("Ana", "Bo", "Cyd")
    for kind, (view, decision) in _views_naming_another_seat().items():
        victim = decision["victim" if kind == "tax" else "target"]
        line = hint_line(Hint(view["legal"], decision), view, lambda seat: names[seat])
        assert names[victim] in line, (kind, line)
        assert all(names[other] not in line for other in range(3) if other != victim), line


def _first(found, games=400):
    """`found(state, seat, view)` on every decision of random games until it
    returns something."""
    rules = classic_rules()
    rng = random.Random(HOST_SEED)
    for game in range(games):
        state = new_game(rules, 2, game)
        while state.outcome() is None:
            seat = state.deciders()[0]
            result = found(state, seat, view_for(state, seat))
            if result is not None:
                return result
            apply(state, seat, rng.choice(legal_decisions(state, seat)))
    raise AssertionError(f"not found in {games} games")


def _a_turn_whose_action_is_followed_by_forced_steps():
    """A view where carrying out Pesos plays forced steps after it that change the
    seat's holdings (its other card's only action, say), and that decision."""
    keys = classic_rules().keys

    def found(state, seat, view):
        pesos = [d for d in view["legal"] if d["kind"] == "act" and keys[d["card"]] == "pesos"]
        if pesos and view["market"]["pesos"] and len(view["legal"]) > 1:
            trial = state.clone()
            before = trial.resources(seat)
            events = apply(trial, seat, from_json(pesos[0]))
            whole = [a - b for a, b in zip(trial.resources(seat), before, strict=True)]
            if any(e.kind == "forced" for e in events) and whole.count(0) < 7:
                return view, pesos[0], whole
        return None
    return _first(found)


def test_a_hints_gains_are_the_decisions_own_not_the_whole_turns():
    view, pesos, whole = _a_turn_whose_action_is_followed_by_forced_steps()
    gains = gains_of(view, pesos)
    assert gains == {"pesos": (view["market"]["pesos"] + 1) // 2}
    assert whole != [0, 0, 0, 0, 0, gains["pesos"], 0, 0]  # the turn went on and did more


def _line(view, decision, gains=None, toward=""):
    from havana_game.ai.hint import Hint
    from havana_game.client.table.hints import hint_line

    return hint_line(Hint(view["legal"], decision, gains or {}, 0, toward), view,
                     lambda seat: f"P{seat}")


def _a_view_with(kind):
    return _first(lambda state, seat, view: view if any(d["kind"] == kind
                                                         for d in view["legal"]) else None)


def test_the_hint_line_says_why():
    from havana_game.client.table.logtext import (
        amounts_text,
        building_name,
        building_vp,
        card_name,
    )

    view = _a_view_with("build")
    build = next(d for d in view["legal"] if d["kind"] == "build")
    row = view["rows"][build["row"]]
    ident = row[0] if build["side"] == "left" else row[-1]
    vp = building_vp(ident)
    ways = [d for d in view["legal"] if d["kind"] == "build"
            and (d["row"], d["side"]) == (build["row"], build["side"])]
    said = tr("hint.build_vp", building=building_name(ident), vp=vp) if len(ways) == 1 \
        else tr("hint.build_pay", building=building_name(ident), vp=vp,
                amounts=amounts_text(build["pay"]))  # which payment is staged, too
    assert _line(view, build, {"vp": vp}) == tr("hint.line", text=said)
    assert f"+{vp}" in _line(view, build, {"vp": vp})
    passing = _line(view, {"kind": "end_turn"}, toward="b05")
    assert passing == tr("hint.line", text=tr("hint.pass_save", building=building_name("b05")))

    view, pesos = _a_view_where_pesos_can_be_taken()
    line = _line(view, pesos, {"pesos": 3}, toward="b05")
    assert card_name(pesos["card"]) in line and "3" in line and building_name("b05") in line
    assert _line(view, pesos, {}) == tr("hint.line", text=tr("hint.act",
                                                             card=card_name(pesos["card"])))


def test_a_hint_names_the_building_its_materials_go_toward():
    view = _a_view_with("act")
    hint = hint_for(view, budget_ms=30, workers=1)
    if hint.toward:
        assert any(n > 0 for k, n in hint.gains.items() if k != "vp") \
            or hint.decision["kind"] == "end_turn"


def _views_by_kind(editions=("classic",), games=60):
    """A view per decision kind and, for carrying out a card, per card effect
    (several for the optional ones, whose options differ): every decision kind a
    hint can suggest, in each edition."""
    from havana_game.content import find_edition

    found: dict[tuple, dict] = {}
    for name in editions:
        rules = find_edition(name)
        rng = random.Random(HOST_SEED)
        for game in range(games):
            state = new_game(rules, 3, game)
            while state.outcome() is None:
                seat = state.deciders()[0]
                view = view_for(state, seat)
                legal = view["legal"]
                kinds = {d["kind"] for d in legal}
                for kind in kinds - {"act"}:
                    found.setdefault((name, kind), view)
                for d in legal:
                    if d["kind"] == "act":
                        options = sum(o["kind"] == "act" and o["card"] == d["card"]
                                      for o in legal)
                        found.setdefault((name, "act", rules.keys[d["card"]], options > 1), view)
                apply(state, seat, rng.choice(legal_decisions(state, seat)))
    return found


def test_what_a_hint_says_is_what_it_stages():
    """For every decision kind (Refreshment's taking a card back or not using it,
    Conservation's building, the thieves' victims, a payment, a tax's take): the
    staging of a hint is its decision, and two different decisions of a question
    never read alike, so the line names the very option staged."""
    from havana_game.ai.hint import explained
    from havana_game.client.table import edition
    from havana_game.client.table.hints import hint_line
    from havana_game.client.table.staging import Staging

    views = _views_by_kind(("classic", "edition2024"))
    kinds = {key[1] for key in views}
    assert {"choose", "cover", "act", "tax", "build", "end_turn"} <= kinds, kinds
    assert ("classic", "act", "refreshment", True) in views
    for which, view in views.items():
        edition.follow(view)
        lines: dict[str, dict] = {}
        for decision in view["legal"]:
            staging = Staging()
            staging.adopt(view, decision)
            if decision["kind"] == "end_turn":  # not staged: Enter presses End turn
                assert staging.empty and staging.decision(view) is None
            else:
                assert staging.decision(view) == decision, (which, decision)
            hint = explained(view, decision)
            line = hint_line(hint, view, lambda seat: f"P{seat}")
            assert lines.setdefault(line, decision) == decision, (which, line, decision)
    edition.follow(view_for(new_game(classic_rules(), 2, 0), 0))


def test_not_using_refreshment_is_not_hinted_as_carrying_it_out():
    from havana_game.client.table.logtext import card_name

    view = _views_by_kind()[("classic", "act", "refreshment", True)]
    decline = next(d for d in view["legal"] if d["kind"] == "act"
                   and classic_rules().keys[d["card"]] == "refreshment" and "target" not in d)
    line = _line(view, decline)
    assert line == tr("hint.line", text=tr("hint.decline", card=card_name(decline["card"])))
    assert tr("hint.act", card=card_name(decline["card"])) not in line


def test_a_draw_from_the_bag_is_told_as_a_chance():
    """Black Market draws at random: its hint says how many it draws and what it
    may give, never a gain as a certainty."""
    from havana_game.ai.hint import explained
    from havana_game.client.table.logtext import card_name

    keys = classic_rules().keys

    def found(state, seat, view):
        market = [d for d in view["legal"] if d["kind"] == "act"
                  and keys[d["card"]] == "black_market"]
        return (view, market[0]) if market and view["bag_size"] >= 2 else None

    view, market = _first(found)
    hint = explained(view, market)
    assert hint.chance and hint.drawn >= 1
    line = hint_line_of(hint, view)
    head = tr("hint.act_draw", what=card_name(market["card"]), count=hint.drawn)
    assert line.startswith(tr("hint.line", text=head)), line
    gained = {k: n for k, n in hint.gains.items() if n > 0}
    if gained:  # what it may give, never as what the card gives
        from havana_game.client.table.logtext import amounts_text
        assert tr("hint.act_gains", what=card_name(market["card"]),
                  amounts=amounts_text(gained)) not in line
    # a certain gain stays a certain one
    view, pesos = _a_view_where_pesos_can_be_taken()
    certain = explained(view, pesos)
    assert not certain.chance and certain.drawn == 0


def hint_line_of(hint, view):
    from havana_game.client.table.hints import hint_line

    return hint_line(hint, view, lambda seat: f"P{seat}")


def test_a_cover_hint_says_what_the_new_number_does():
    """Covering says the number before and after, and whether the seat then plays
    earlier or later in the turn (lower numbers play first), or keeps its place."""
    from havana_game.client.table.logtext import card_name

    rules = classic_rules()

    def number(cards):
        return "".join(str(n) for n in sorted(rules.cards[c].number for c in cards))

    def said(view):
        face_up = view["seats"][view["you"]]["face_up"]
        out = []
        for d in view["legal"]:
            if d["kind"] != "cover":
                return None
            kept = next(c for c in face_up if c != d["covered"])
            old, new = number(face_up), number((kept, d["card"]))
            key = "hint.cover_earlier" if int(new) < int(old) else \
                "hint.cover_later" if int(new) > int(old) else "hint.cover_same"
            out.append((d, key, tr(key, card=card_name(d["card"]),
                                   covered=card_name(d["covered"]), number=new, was=old)))
        keys = {key for _, key, _ in out}
        return out if {"hint.cover_earlier", "hint.cover_later"} <= keys else None

    found = _first(lambda state, seat, view: (view, said(view)) if said(view) else None)
    view, expected = found
    for d, _, text in expected:
        assert _line(view, d) == tr("hint.line", text=text)


def test_once_hints_are_used_the_next_question_is_searched_before_the_press(tmp_path):
    """After the first hint, the player's next decision is searched as it is asked
    (in the background); a press once that search finished shows its hint at the
    next frame, with no other search (searches counted, not timed)."""
    app = make_app(tmp_path)
    table, service = _searched_quickly(app)
    until_asked_alone(app, table)
    assert "hint" in table.controls() and len(table.view["legal"]) > 1
    assert service.searches == 0  # no hint used yet: nothing searched unasked
    step(app, key(pygame.K_h))
    until(app, lambda: table.asks.hint_text not in ("", tr("hint.thinking")))
    assert service.searches == 1
    version = table.view["version"]
    step(app, key(pygame.K_RETURN))
    until(app, lambda: table.view["version"] > version)
    until_asked_alone(app, table)  # no other seat's move comes before the press
    assert len(table.view["legal"]) > 1
    until(app, lambda: service.prepared(table.view))
    searched = service.searches
    step(app, key(pygame.K_h))
    step(app)
    assert table.asks.hint_text not in ("", tr("hint.thinking")), table.asks.hint_text
    assert table.staging.decision(table.view) in table.view["legal"] \
        or table.focus == "end_turn"
    assert service.searches == searched
    table.close()


def _searched_quickly(app) -> tuple[TableScene, HintService]:
    """A local game against random, shown, whose hints search 20 ms on one worker."""
    table = TableScene(app, NetLink.local(["human", "random"], ["Ana", "Bo"], seed=HOST_SEED))
    service = HintService(lambda view: hint_for(view, budget_ms=20, workers=1),
                          searching=table.asks.hints_allowed)
    table.asks.hints = service
    app.switch(table)
    return table, service


def test_after_a_game_with_hints_the_next_games_questions_are_searched_from_the_first(
        tmp_path):
    """A hint used in one game: in the next, the player's first question is
    searched before any press (a first press shows its hint at once too); a whole
    game without a hint turns that off again. Kept in the settings."""
    app = make_app(tmp_path)
    first, service = _searched_quickly(app)
    until_asked_alone(app, first)
    step(app, key(pygame.K_h))
    until(app, lambda: first.asks.hint_text not in ("", tr("hint.thinking")))
    assert Settings.load().hints_ahead
    first.close()
    second, service = _searched_quickly(app)
    until_asked_alone(app, second)
    until(app, lambda: service.prepared(second.view))
    assert second.model.hints_used == 0
    play_to_results(app, second)
    assert not app.settings.hints_ahead and not Settings.load().hints_ahead
