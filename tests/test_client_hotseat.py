"""Hotseat: two humans at one screen. While the curtain is up nothing of either
hand is drawn; a seat's face-down choice is never drawn for the other."""

from __future__ import annotations

import time

import pygame

from havana_game.client.scenes.table import TableScene
from havana_game.client.session.netlink import NetLink

from .seeds import HOST_SEED
from .test_client_support import act_once, click, make_app, settle, step


def _check_frame(scene: TableScene, seen: dict[str, int]) -> None:
    if scene.curtain is not None:
        assert scene.drawing.canvas is None, "the table was drawn under the curtain"
        seen["curtain"] += 1
        return
    if scene.drawing.canvas is None:
        return
    for kind, seat, _card in scene.drawing.canvas.secrets:
        assert seat == scene.viewer, f"{kind} of seat {seat} drawn for seat {scene.viewer}"
        seen[kind] = seen.get(kind, 0) + 1
    other = 1 - scene.viewer
    assert "face_down" not in scene.model.views[scene.viewer]["seats"][other]
    assert scene.model.views[scene.viewer]["you"] == scene.viewer


def _running(scene: TableScene) -> bool:
    view = scene.view
    return view is None or (view["round"] < 4 and view["phase"] != "over")


def test_hotseat_curtain_hides_hands(tmp_path):
    app = make_app(tmp_path)
    link = NetLink.local(["human", "human"], ["Ana", "Benito"], seed=HOST_SEED)
    scene = TableScene(app, link)
    app.switch(scene)
    seen = {"curtain": 0}
    viewers = set()
    deadline = time.monotonic() + 20
    while _running(scene):
        assert time.monotonic() < deadline
        settle(app, 0.005)
        _check_frame(scene, seen)
        if scene.curtain is not None:
            step(app, click(scene.controls()["curtain"]))
            _check_frame(scene, seen)
            continue
        if scene.flow.deciding():
            viewers.add(scene.viewer)
            act_once(app, scene)
            _check_frame(scene, seen)
    assert viewers == {0, 1}
    assert seen["curtain"] >= 4
    assert seen.get("hand", 0) > 0
    link.close()


def test_drag_cards_onto_your_panel(tmp_path):
    """The opening cards can be dragged from the hand onto your panel."""
    app = make_app(tmp_path)
    link = NetLink.local(["human", "random"], ["Ana", "Benito"], seed=HOST_SEED)
    scene = TableScene(app, link)
    app.switch(scene)
    deadline = time.monotonic() + 10
    while not scene.flow.deciding():
        assert time.monotonic() < deadline
        settle(app, 0.01)
    step(app)
    drop = scene.layout_.seats[scene.viewer].center
    for card in scene.view["hand"][:2]:
        start = scene.controls()[f"hand:{card}"].center
        step(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
                   pygame.event.Event(pygame.MOUSEMOTION, pos=drop, rel=(0, 0), buttons=(1, 0, 0)),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=drop, button=1)])
    assert sorted(scene.staging.cards) == sorted(scene.view["hand"][:2])
    assert "confirm" in scene.controls()
    link.close()


def test_hotseat_streams_apart_log_once():
    """Two seats' copies of one host step, arriving apart, are shown once."""
    from havana_game.client.table.model import TableModel

    model = TableModel([0, 1])
    event = {"kind": "round_started", "data": {"round": 1, "order": [0, 1], "numbers": [1, 2]}}
    for seat in (0, 1):
        model.feed([{"type": "view", "seat": seat, "view": {"version": 5, "you": seat},
                     "events": [event]}])
        while model.pop():
            pass
    assert model.events == [event]
    assert set(model.views) == {0, 1}


def test_the_first_choice_is_behind_a_curtain_and_esc_pauses_there(tmp_path):
    from .test_client_support import key

    app = make_app(tmp_path)
    link = NetLink.local(["human", "human"], ["Ana", "Benito"], seed=HOST_SEED)
    scene = TableScene(app, link)
    app.switch(scene)
    settle(app, 0.3)
    assert scene.curtain == 0 and scene.drawing.canvas is None  # before Ana's opening choice
    step(app, key(pygame.K_ESCAPE))
    assert scene.paused and "resume" in scene.controls() and "curtain" not in scene.controls()
    step(app)  # the pause menu is drawn over the curtain, the table is not
    assert scene.drawing.canvas is None
    step(app, key(pygame.K_ESCAPE))
    assert not scene.paused and scene.curtain == 0
    step(app, click(scene.controls()["curtain"]))
    assert scene.curtain is None
    link.close()


def test_the_curtain_waits_until_the_move_has_been_shown(tmp_path):
    """With animations on, the screen passes to the next player only after the
    last player's move has been shown to them."""
    app = make_app(tmp_path)
    app.settings.animation_speed = 1.0
    link = NetLink.local(["human", "human"], ["Ana", "Benito"], seed=HOST_SEED)
    scene = TableScene(app, link)
    app.switch(scene)
    deadline = time.monotonic() + 30
    waited = 0
    while scene.view is None or scene.view["round"] < 2:
        assert time.monotonic() < deadline
        before = scene.viewer
        settle(app, 0.005)
        if scene.flow.curtain_due:  # a move was shown to its player before the curtain
            assert scene.curtain is None and scene.viewer == before
            waited += 1
        if scene.curtain is not None:
            step(app, click(scene.controls()["curtain"]))
        elif scene.flow.deciding():
            act_once(app, scene)
    assert waited > 0
    link.close()


def test_a_seat_whose_first_view_is_late_sees_no_other_seats_hand(tmp_path):
    """Each hotseat seat has its own connection, and seat 1's first view may come
    before seat 0's: the curtain lifted for seat 0 then shows no table at all
    until seat 0's own view is there (never seat 1's hand in its place)."""
    app = make_app(tmp_path)
    link = NetLink.local(["human", "human"], ["Ana", "Benito"], seed=HOST_SEED)
    held: list = []
    late = [True]
    polled = link.poll

    def seat_0_late() -> list:  # seat 0's messages held back while `late`
        messages = polled()
        if not late:
            messages, held[:] = [*held, *messages], []
            return messages
        held.extend(m for m in messages if m.get("seat") == 0)
        return [m for m in messages if m.get("seat") != 0]

    link.poll = seat_0_late  # type: ignore[method-assign]
    scene = TableScene(app, link)
    app.switch(scene)
    deadline = time.monotonic() + 60
    while not (1 in scene.model.views and held):
        assert time.monotonic() < deadline
        settle(app, 0.01)
    assert scene.viewer == 0 and scene.curtain is not None
    step(app, click(scene.controls()["curtain"]))
    settle(app, 0.05)
    assert scene.curtain is None and 0 not in scene.model.views
    assert scene.view is None and not scene.flow.deciding()
    assert scene.drawing.canvas is None  # the table is not drawn: "waiting for the others"
    late.clear()  # seat 0's connection catches up
    while not scene.flow.deciding():
        assert time.monotonic() < deadline
        settle(app, 0.01)
        _check_frame(scene, {"curtain": 0})
    assert scene.viewer == 0 and scene.view["you"] == 0
    step(app)
    assert {seat for _, seat, _ in scene.drawing.canvas.secrets} == {0}
    link.close()
