"""The recap when a player's turn comes: exactly the other players' moves (and
new rounds) since that player's last decision, as the game's history has them."""

from __future__ import annotations

import time

import pygame

from havana_game.client.scenes.results import ResultsScene
from havana_game.client.scenes.table import TableScene
from havana_game.client.session.link import LocalLink
from havana_game.client.table.recap import RECAP_KINDS, Recap
from havana_game.client.table.recapbox import RecapBox

from .test_client_support import act_once, click, make_app, settle, step

HUMAN = 0


def expected(link: LocalLink) -> list[tuple[str, dict]]:
    """From the game's record: the new round the human's last decision began, then
    the public events of the decisions made after it that a recap tells, and not
    the human's own."""
    history = link.game.history
    last = max((i for i, (seat, _) in enumerate(history) if seat == HUMAN), default=-1)
    steps = link.game.steps()
    begun = [(e.kind, e.data) for e in (steps[last] if last >= 0 else [])
             if e.kind == "round_started"]
    return begun + [(e.kind, e.data) for step_events in steps[last + 1:len(history)]
                    for e in step_events
                    if e.to is None and e.kind in RECAP_KINDS and e.data.get("seat") != HUMAN]


def worth_a_recap(events: list[tuple[str, dict]]) -> bool:
    """More to tell than a new round's turn order (which the top bar shows)."""
    return any(kind != "round_started" for kind, _ in events)


def test_a_recap_of_the_turn_order_alone_is_not_shown():
    name = ["Ana", "Bo"].__getitem__
    order = {"kind": "round_started", "data": {"round": 2, "order": [1, 0]}}
    built = {"kind": "building_built", "data": {"seat": 1, "building": "b01"}}
    assert Recap.of([order], HUMAN, name) is None
    both = Recap.of([built, order], HUMAN, name)
    assert both is not None and len(both.lines) == 2


def test_the_recap_tells_exactly_what_happened_since_the_last_decision(tmp_path):
    app = make_app(tmp_path)
    app.settings.recap = True
    link = LocalLink(["human", "easy"], ["Ana", "Bo"], seed=11)
    scene = TableScene(app, link)
    app.switch(scene)
    deadline = time.monotonic() + 60
    shown = told = 0
    while not isinstance(app.scene, ResultsScene) and time.monotonic() < deadline:
        settle(app, 0.01)
        if not scene.flow.deciding():
            continue
        want = expected(link)
        if scene.recap is None:
            assert not worth_a_recap(want)
        else:
            assert scene.recap.seat == HUMAN
            fresh = Recap.of([{"kind": k, "data": d} for k, d in want], HUMAN, scene.model.name)
            assert fresh is not None and scene.recap.lines == fresh.lines
            shown += 1
            told += len(want)
            if shown == 1:  # a click on the panel only closes it
                panel = scene.recap.rect(scene.layout_)
                step(app, click(panel))
                assert scene.recap is None and scene.flow.deciding()
            else:
                step(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0,
                                              unicode="a", scancode=0)])
                assert scene.recap is None
        act_once(app, scene)
    assert isinstance(app.scene, ResultsScene)
    assert shown > 5 and told > shown


def test_the_setting_turns_the_recap_off(tmp_path):
    app = make_app(tmp_path)
    app.settings.recap = False
    link = LocalLink(["human", "easy"], ["Ana", "Bo"], seed=11)
    scene = TableScene(app, link)
    app.switch(scene)
    for _ in range(40):
        settle(app, 0.01)
        assert scene.recap is None
        act_once(app, scene)


def test_in_hotseat_the_recap_comes_when_the_curtain_lifts(tmp_path):
    """Each player back at the screen sees what happened since their own last
    decision, once the curtain is lifted."""
    app = make_app(tmp_path)
    app.settings.recap = True
    link = LocalLink(["human", "human"], ["Ana", "Bo"], seed=11)
    scene = TableScene(app, link)
    app.switch(scene)
    recaps = 0
    for _ in range(60):
        settle(app, 0.01)
        if scene.curtain is not None:
            assert scene.recap is None  # nothing shows through the curtain
            scene.activate("curtain")
            settle(app, 0.01)
        if not scene.flow.deciding():
            continue
        seat = scene.viewer
        history = link.game.history
        last = max((i for i, (s, _) in enumerate(history) if s == seat), default=-1)
        told = [(e.kind, e.data) for events in link.game.steps()[last + 1:len(history)]
                for e in events if e.to is None and e.kind in RECAP_KINDS
                and e.data.get("seat") != seat]
        assert (scene.recap is not None) == worth_a_recap(told)
        if scene.recap is not None:
            assert scene.recap.seat == seat
            recaps += 1
            scene.layers.drop(RecapBox)
        legal = scene.view["legal"]
        scene.flow.send_decision(seat, next((d for d in legal if d["kind"] == "build"), legal[0]))
    assert recaps > 3


def test_a_resumed_game_tells_what_happened_since_the_last_decision_not_the_whole_game(
        tmp_path):
    """The history a resumed (or rejoined) table gets comes without the updates that
    brought it: the recap counts from the player's own last move in it, as the live
    table did, not from the start of the game."""
    from havana_game.client.session.netlink import NetLink

    app = make_app(tmp_path)
    app.settings.recap = True
    scene = TableScene(app, NetLink.local(["human", "easy"], ["Ana", "Bo"], seed=11))
    app.switch(scene)
    deadline = time.monotonic() + 60
    live: list = []
    while time.monotonic() < deadline:
        settle(app, 0.01)
        if scene.flow.deciding():
            # (a recap that tells a new round: whoever's move began it, the live
            # recap and the retold one tell it alike)
            if scene.recap is not None and scene.view["round"] >= 3 \
                    and any(seat is None for _, seat in scene.recap.lines):
                live = scene.recap.lines
                break
            act_once(app, scene)
    assert live and len(live) < 14  # fewer lines than the game so far would make
    version = scene.view["version"]
    scene.close()  # quit: the game stays saved

    link = NetLink.resume()
    assert link is not None
    resumed = TableScene(app, link)
    app.switch(resumed)
    deadline = time.monotonic() + 30
    while not (resumed.view is not None and resumed.flow.deciding()):
        assert time.monotonic() < deadline
        settle(app, 0.01)
    assert resumed.view["version"] == version
    assert resumed.recap is not None and resumed.recap.lines == live
    resumed.close()
