"""Helpers for the client tests: an offscreen app and a scripted player that
plays only through synthetic mouse and keyboard events on the controls the
table scene exposes (no test calls the scene's methods to decide)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from havana_game.client.app import App  # noqa: E402
from havana_game.client.profile.settings import Settings  # noqa: E402

from .seeds import HOST_SEED  # noqa: E402


def make_app(tmp_path: Any, size: tuple[int, int] = (1280, 720)) -> App:
    """An app with default settings, no animations, no music and no recaps, config in `tmp_path`;
    a new prompt takes clicks at once (synthetic clicks come faster than any hand)."""
    os.environ["HAVANA_CONFIG_DIR"] = str(tmp_path)
    app = App(Settings(animation_speed=0.0, window_size=size, music_volume=0.0, recap=False),
              size=size)
    app.click_guard = 0.0
    return app


@contextmanager
def local_table(app: App, kinds: Sequence[str] = ("human", "random"),
                names: Sequence[str] = ("Ana", "Bo"), seed: int = HOST_SEED) -> Iterator[Any]:
    """The table of a local game as a player's New game starts it: the real host
    in this process (`NetLink.local`, its deal from `seed`), shown once its first
    view came; its host stopped at the end."""
    from havana_game.client.scenes.table import TableScene
    from havana_game.client.session.netlink import NetLink

    table = TableScene(app, NetLink.local(list(kinds), list(names), seed=seed))
    app.switch(table)
    try:
        until(app, lambda: table.view is not None)
        yield table
    finally:
        table.close()


def click(rect: pygame.Rect) -> list[pygame.event.Event]:
    pos = rect.center
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def key(code: int) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)]


def plan(scene: Any) -> list[str]:
    """The controls a simple player clicks next (by control name), from the
    current view: build when possible, else the first choice everywhere."""
    view = scene.view
    legal = view["legal"]
    kind = legal[0]["kind"]
    you = view["seats"][view["you"]]
    if kind == "choose":
        return [f"hand:{view['hand'][0]}", f"hand:{view['hand'][1]}", "ENTER"]
    if kind == "cover":
        return [f"cover:{you['face_up'][0]}", f"hand:{view['hand'][0]}", "confirm"]
    if kind == "tax":
        return ["option:0", "confirm"]
    if kind == "act":
        card = legal[0]["card"]
        options = [d for d in legal if d["card"] == card]
        put = [f"put:{options[0]['put']}"] if options[0].get("put") is not None else []
        return [f"act:{card}"] + (put + ["option:0"] if len(options) > 1 else []) + ["confirm"]
    build = next((d for d in legal if d["kind"] == "build"), None)
    if build:
        return [f"end:{build['row']}:{build['side']}", "confirm"]
    return ["end_turn"]


def step(app: App, events: list[pygame.event.Event] | None = None) -> None:
    app.frame(1 / 60, events or [])


def settle(app: App, seconds: float = 0.05) -> None:
    """Let the host answer: a few frames with short sleeps."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        step(app)
        time.sleep(0.003)


def until(app: App, condition: Any, seconds: float = 90) -> None:
    """Run frames until `condition()` holds (it must, within `seconds`: generous, for a
    loaded machine; speed is measured by the benchmarks, not here)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline
        settle(app, 0.01)


def until_asked_alone(app: App, table: Any) -> None:
    """Until the seat at this screen is asked, and alone: the other seats have
    decided and every update has shown (nothing comes from the host before the
    player decides)."""
    until(app, lambda: table.flow.deciding() and not table.model.has_pending
          and table.view["to_decide"] == [table.viewer])


def play_to_step(app: App, table: Any, step_mode: str, seconds: float = 20) -> None:
    """Decide for the table's seat until it is asked a question of `step_mode`
    (`staging.mode`: "act", "build", ...) with nothing on its way."""
    from havana_game.client.table.staging import mode

    def there() -> bool:
        ready = table.flow.deciding() and not table.model.has_pending
        if ready and mode(table.view) != step_mode:
            act_once(app, table)
            return False
        return ready
    until(app, there, seconds)


def play_to_results(app: App, table: Any, seconds: float = 120) -> Any:
    """Decide for the table's seat until the results show; the results scene."""
    from havana_game.client.scenes.results import ResultsScene
    deadline = time.monotonic() + seconds
    while not isinstance(app.scene, ResultsScene):
        assert time.monotonic() < deadline
        settle(app, 0.01)
        if app.scene is table:
            act_once(app, table)
    return app.scene


def tab_to(app: App, scene: Any, name: str) -> None:
    """Press Tab until control `name` has the focus (it must, within one round)."""
    for _ in range(len(scene.focus_order()) + 1):
        if scene.focus == name:
            return
        step(app, key(pygame.K_TAB))
    raise AssertionError(f"Tab never reached {name}; path {scene.focus_order()}")


ARROW_KEYS = {(-1, 0): pygame.K_LEFT, (1, 0): pygame.K_RIGHT, (0, -1): pygame.K_UP,
              (0, 1): pygame.K_DOWN}


def pad_button(button: int, pad: int = 0) -> list[pygame.event.Event]:
    """A gamepad button pressed and released (`pygame.CONTROLLER_BUTTON_*`)."""
    return [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=pad, button=button),
            pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=pad, button=button)]


PAD_DPAD = {(-1, 0): pygame.CONTROLLER_BUTTON_DPAD_LEFT,
            (1, 0): pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
            (0, -1): pygame.CONTROLLER_BUTTON_DPAD_UP, (0, 1): pygame.CONTROLLER_BUTTON_DPAD_DOWN}


def press_arrow(direction: tuple[int, int], pad: int | None) -> list[pygame.event.Event]:
    """An arrow key, or with `pad` (an instance id) that pad's D-pad."""
    return key(ARROW_KEYS[direction]) if pad is None else pad_button(PAD_DPAD[direction], pad)


def press_enter(pad: int | None) -> list[pygame.event.Event]:
    """Enter, or with `pad` that pad's A."""
    return key(pygame.K_RETURN) if pad is None else pad_button(pygame.CONTROLLER_BUTTON_A, pad)


def arrow_path(scene: Any, name: str) -> list[tuple[int, int]]:
    """The fewest arrow presses that take the focus to control `name`, from where
    it is now (found over the arrows' own rule, `focus.nearest`)."""
    from havana_game.client.ui.focus import nearest
    controls = scene.controls()
    candidates = {n: controls[n] for n in scene.focus_order() if scene.choosable(n)}
    start = scene.focus if scene.focus in controls else None
    paths: dict[str | None, list[tuple[int, int]]] = {start: []}
    todo = [start]
    while todo:
        here = todo.pop(0)
        if here == name:
            return paths[here]
        for direction in ARROW_KEYS:
            there = next(iter(candidates), None) if here is None else \
                nearest(controls[here], candidates, direction)
            if there is not None and there not in paths:
                paths[there] = paths[here] + [direction]
                todo.append(there)
    raise AssertionError(f"the arrows never reach {name}; choosable {sorted(candidates)}")


def arrow_to(app: App, scene: Any, name: str, pad: int | None = None) -> int:
    """Move the focus to control `name` with arrow keys (or the D-pad); how many presses."""
    path = arrow_path(scene, name)
    for direction in path:
        step(app, press_arrow(direction, pad))
    assert scene.focus == name, f"arrows took the focus to {scene.focus}, not {name}"
    return len(path)


def act_once(app: App, scene: Any, keyboard: bool = False, by: str = "", pad: int = 0) -> bool:
    """If the seat at the screen must decide, carry out one decision: clicking
    its controls, or with `keyboard` reaching each with Tab and pressing Space,
    or `by` "arrows" (arrow keys and Enter) or "pad" (gamepad `pad`'s D-pad and A) only."""
    if not scene.flow.deciding():
        return False
    by = by or ("tab" if keyboard else "mouse")
    for name in plan(scene):
        if name == "ENTER":
            if by in ("arrows", "pad"):
                name = "confirm"
            else:
                step(app, key(pygame.K_RETURN))
                continue
        controls = scene.controls()
        assert name in controls, f"control {name} missing; have {sorted(controls)}"
        if by in ("arrows", "pad"):
            device = pad if by == "pad" else None
            arrow_to(app, scene, name, device)
            step(app, press_enter(device))
        elif by == "tab":
            tab_to(app, scene, name)
            step(app, key(pygame.K_SPACE))
        else:
            step(app, click(controls[name]))
    return True
