"""Keyboard without surprises (issue 46, item 2): taking a decision back asks
first, and no stray key can say Yes (No is focused: Enter alone keeps the
decision); Esc closes the topmost layer only; the focus is only ever on what
can be acted on now, the arrows go through this player's own cards and the
options and never to the top bar. Whole games are played by keys only, the
focus checked after every key; every key is pressed on the table, under the
pause menu and under the question, and on the other screens without text fields,
and nothing changes but what it says."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

import pygame

from havana_game.client.scenes.results import ResultsScene
from havana_game.client.scenes.table import TableScene
from havana_game.client.session.netlink import NetLink
from havana_game.client.table.confirm import NO, YES, Confirm
from havana_game.client.table.framekey import staged_key
from havana_game.client.table.input import TOP_BUTTONS
from havana_game.client.table.pausemenu import PauseMenu
from havana_game.client.table.recapbox import LATE, RecapBox
from havana_game.client.table.targets import FaceUpCard

from .seeds import HOST_SEED
from .test_client_support import act_once, arrow_to, make_app, settle, step, until

SAID_KEYS = {pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN,
             pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE,
             pygame.K_PAUSE, pygame.K_h}
"""Keys that say they do something on the table (move the focus, carry it out,
skip, the pause menu, a hint): each has its own test."""
ALL_KEYS = sorted({getattr(pygame, name) for name in dir(pygame)
                   if name.startswith("K_") and isinstance(getattr(pygame, name), int)})


def press(code: int, mod: int = 0) -> list[pygame.event.Event]:
    """Key `code` (with modifiers `mod`) pressed and let go."""
    return [pygame.event.Event(kind, key=code, mod=mod, unicode="", scancode=0)
            for kind in (pygame.KEYDOWN, pygame.KEYUP)]


def held(code: int, repeats: int) -> list[pygame.event.Event]:
    """Key `code` pressed and held: `repeats` repeats come, then it is let go."""
    return [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
            for _ in range(1 + repeats)] \
        + [pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)]


def _ready(table: Any) -> bool:
    return table.view is not None and table.flow.deciding() and not table.model.has_pending


def _table(tmp_path: Any, bot: str = "random", recap: bool = False, seed: int = HOST_SEED):
    app = make_app(tmp_path)
    app.settings.recap = recap
    table = TableScene(app, NetLink.local(["human", bot], ["Ana", "Bo"], seed=seed))
    app.switch(table)
    until(app, lambda: _ready(table))
    return app, table


def _played(app: Any, table: Any, decisions: int) -> None:
    """`decisions` decisions made by arrows and Enter, and the seat deciding again."""
    for _ in range(decisions):
        until(app, lambda: _ready(table))
        act_once(app, table, by="arrows")
    until(app, lambda: _ready(table))


def assert_actionable(table: Any, tab: bool = False) -> None:
    """The focus is on nothing, or on something the player can carry out now: a
    table thing a pick stages, an enabled button (under a modal layer, the
    layer's); while the seat decides, not the top bar's; a face-up card only of
    this player's, and where this player's are. (`tab`: Tab, which also goes to
    the top bar's buttons, was pressed.)"""
    focus = table.focus
    controls = table.controls()
    if focus is not None:
        assert focus in controls, f"the focus is on {focus}, which is not there"
        assert table.input.actionable(focus), f"the focus is on {focus}, not actionable now"
        if table.flow.deciding() and not table.layers.modal() and not tab:
            assert focus not in TOP_BUTTONS, f"an arrow took the focus to {focus}"
    view, layout = table.view, table.layout_
    if view is None or layout is None or table.viewer is None:
        return
    own = layout.seats[table.viewer]
    for target, rect in table.input.targets().items():
        if isinstance(target, FaceUpCard):
            assert target.card in view["seats"][table.viewer]["face_up"]
            assert own.colliderect(rect), f"{target.name} is drawn outside the own seat"


def checking_every_key(app: Any, table: Any) -> list[int]:
    """From now on, after every frame that had a key, the focus is checked
    (`assert_actionable`); the list of keys pressed grows."""
    frame = app.frame
    keys: list[int] = []

    def checked(dt: float, events: list[pygame.event.Event] | None = None) -> None:
        frame(dt, events)
        pressed = [e.key for e in events or [] if e.type == pygame.KEYDOWN]
        keys.extend(pressed)
        if pressed and app.scene is table:
            assert_actionable(table, pygame.K_TAB in pressed)

    app.frame = checked
    return keys


def test_take_back_asks_and_no_stray_key_can_say_yes(tmp_path):
    app, table = _table(tmp_path)
    _played(app, table, 3)
    version = table.view["version"]
    ctrl_z = press(pygame.K_z, pygame.KMOD_LCTRL)
    # every key that is not Yes, pressed under the question, keeps the decision
    for code in ALL_KEYS:
        if code in (pygame.K_y, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            continue
        if table.layers.find(Confirm) is None:
            step(app, ctrl_z)
        question = table.layers.find(Confirm)
        assert question is not None and table.focus == NO
        step(app, press(code))
        assert not table.paused or table.layers.find(Confirm) is not None
        assert table.layers.find(PauseMenu) is None, pygame.key.name(code)
        assert table.link.takebacks == 0 and table.view["version"] == version
        assert "take_back" not in table.focus_order() or table.layers.find(Confirm) is None
    if table.layers.find(Confirm) is not None:
        step(app, press(pygame.K_ESCAPE))
    assert table.layers.find(Confirm) is None and not table.paused
    # Down, Right, Enter from the table reach no take-back (the arrows skip the top bar)
    for code in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_UP, pygame.K_RIGHT, pygame.K_RIGHT):
        step(app, press(code))
        assert table.focus not in TOP_BUTTONS
    assert table.link.takebacks == 0
    # the button (reached by Tab) asks too; Enter on it, then Enter again: No
    table.set_focus("take_back")
    step(app, press(pygame.K_RETURN))
    assert table.layers.find(Confirm) is not None and table.focus == NO
    step(app, press(pygame.K_RETURN))
    assert table.layers.find(Confirm) is None and table.link.takebacks == 0
    # Yes only when moved to on purpose: an arrow onto Take back, then Enter
    step(app, ctrl_z)
    step(app, press(pygame.K_RIGHT))
    assert table.focus == YES
    step(app, press(pygame.K_RETURN))
    until(app, lambda: _ready(table) and table.view["version"] < version)
    assert table.link.takebacks == 1
    # or Y
    until(app, lambda: table.asks.can_take_back())
    step(app, ctrl_z)
    step(app, press(pygame.K_y))
    until(app, lambda: table.link.takebacks == 2)
    table.close()


def _recapped(tmp_path: Any) -> tuple[Any, Any]:
    """A table against the easy bot played by arrows until a recap shows."""
    app, table = _table(tmp_path, bot="easy", recap=True, seed=11)
    while table.recap is None:
        assert not isinstance(app.scene, ResultsScene), "no recap came"
        act_once(app, table, by="arrows")
        settle(app, 0.01)
        until(app, lambda: _ready(table) or isinstance(app.scene, ResultsScene))
    return app, table


def test_escape_just_after_the_recap_ran_out_only_dismisses_it(tmp_path):
    """The player pressed Esc to close the recap they were reading as its seconds
    ran out: it is gone from the screen, and the key does not open the pause menu
    in its place. `LATE` seconds on, Esc is the pause menu's again."""
    app, table = _recapped(tmp_path)
    box = table.layers.find(RecapBox)
    box.recap.left = 0.01
    step(app)  # its seconds run out
    assert table.recap is None and box.draw(app.screen) == []
    step(app, press(pygame.K_ESCAPE))
    assert not table.paused and table.layers.find(RecapBox) is None
    box.recap.left = 0.01
    table.layers.push(box)  # the same recap once more, left to run out for good
    app.frame(0.01 + LATE, [])
    assert table.layers.find(RecapBox) is None
    step(app, press(pygame.K_ESCAPE))
    assert table.layers.find(PauseMenu) is not None
    table.close()


def test_escape_closes_the_topmost_layer_only(tmp_path):
    app, table = _recapped(tmp_path)
    step(app, held(pygame.K_ESCAPE, 5))  # the recap goes, and only it (Esc held too)
    assert table.recap is None and not table.paused
    step(app, press(pygame.K_ESCAPE))  # then the pause menu
    assert table.layers.find(PauseMenu) is not None
    step(app, press(pygame.K_ESCAPE))
    assert not table.paused
    step(app, press(pygame.K_z, pygame.KMOD_LCTRL))  # the question, over the table
    assert table.layers.find(Confirm) is not None
    step(app, held(pygame.K_ESCAPE, 5))  # goes, and only it
    assert table.layers.find(Confirm) is None and table.layers.find(PauseMenu) is None
    step(app, held(pygame.K_ESCAPE, 5))  # the pause menu, held or not
    assert table.layers.find(PauseMenu) is not None
    step(app, press(pygame.K_ESCAPE))
    assert not table.paused
    # with a choice staged: Esc under the question closes it, and the choice stays
    things = {target.name for target in table.input.targets()}
    thing = next(name for name in table.focus_order() if name in things)
    table.input.click_target(thing)
    assert not table.staging.empty
    staged = staged_key(table.staging)
    step(app, press(pygame.K_z, pygame.KMOD_LCTRL))
    right = table.controls()["leave_stay"].center
    step(app, [pygame.event.Event(kind, pos=right, button=3)
               for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)])
    step(app, press(pygame.K_ESCAPE))
    assert table.layers.find(Confirm) is None and not table.paused
    assert staged_key(table.staging) == staged and not table.staging.empty
    table.close()


def test_a_whole_game_by_keys_only_keeps_the_focus_on_what_can_be_acted_on(tmp_path):
    app, table = _table(tmp_path, recap=True)
    keys = checking_every_key(app, table)
    decisions = 0
    while not isinstance(app.scene, ResultsScene):
        if table.recap is not None:
            step(app, press(pygame.K_TAB))  # a key closes it; Tab goes on to the decision
        decisions += act_once(app, table, by="arrows")
        settle(app, 0.01)
        assert table.model.error is None, table.model.error
        assert decisions < 400
    assert decisions > 10 and len(keys) > 3 * decisions
    assert table.link.takebacks == 0
    assert app.scene.final["phase"] == "over"


def test_tab_goes_only_through_what_can_be_acted_on(tmp_path):
    app, table = _table(tmp_path)
    checking_every_key(app, table)
    for _ in range(6):
        until(app, lambda: _ready(table))
        order = table.focus_order()
        assert order and all(table.input.actionable(name) for name in order)
        for _ in range(len(order) + 1):
            step(app, press(pygame.K_TAB))
        act_once(app, table, by="arrows")
    table.close()


def test_every_key_on_the_table_and_its_layers_changes_nothing_it_does_not_say(tmp_path):
    app, table = _table(tmp_path)
    _played(app, table, 2)
    checking_every_key(app, table)
    version = table.view["version"]

    def unchanged(code: int) -> None:
        name = pygame.key.name(code)
        assert app.scene is table, name
        assert table.view["version"] == version and table.link.takebacks == 0, name
        assert table.staging.empty, name

    for mod in (0, pygame.KMOD_LSHIFT, pygame.KMOD_LCTRL, pygame.KMOD_LALT):
        for code in ALL_KEYS:
            if code in SAID_KEYS:
                continue
            step(app, press(code, mod))
            unchanged(code)
            if table.layers.find(Confirm) is not None:  # Ctrl+Z asks, and only asks
                assert (code, mod) == (pygame.K_z, pygame.KMOD_LCTRL)
                step(app, press(pygame.K_ESCAPE))
            assert not table.paused, pygame.key.name(code)
    step(app, press(pygame.K_ESCAPE))  # under the pause menu, nothing
    for code in ALL_KEYS:
        if code in SAID_KEYS:
            continue
        step(app, press(code))
        unchanged(code)
        assert table.layers.find(PauseMenu) is not None and table.layers.find(Confirm) is None
    step(app, press(pygame.K_ESCAPE))
    assert not table.paused
    table.close()


def test_every_key_on_the_other_screens_changes_nothing_it_does_not_say(tmp_path):
    app = make_app(tmp_path)
    said = SAID_KEYS | {pygame.K_F11, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP,
                        pygame.K_PAGEDOWN}
    for name in ("menu", "settings", "rules", "statistics", "saved_games"):
        scene = app.show(name)
        before = asdict(app.settings)
        for mod in (0, pygame.KMOD_LCTRL):
            for code in ALL_KEYS:
                if code in said:
                    continue
                step(app, press(code, mod))
                assert app.scene is scene, f"{pygame.key.name(code)} left {name}"
        assert asdict(app.settings) == before, name


def test_leaving_and_conceding_by_keys_ask_with_no_focused(tmp_path):
    app, table = _table(tmp_path)
    step(app, press(pygame.K_ESCAPE))
    menu = table.layers.find(PauseMenu)
    for button in ("concede", "leave"):
        arrow_to(app, table, button)
        step(app, press(pygame.K_RETURN))
        assert menu.asking == button and table.focus == "leave_stay"
        assert "leave_confirm" in table.controls()
        step(app, press(pygame.K_RETURN))  # Enter alone: No
        assert menu.asking is None and app.scene is table
    step(app, press(pygame.K_ESCAPE))
    assert not table.paused and app.scene is table
    table.close()
