"""A client process for the end-to-end LAN tests: a real `App` (offscreen) on its
own config folder, driven by commands read from standard input, one per line,
each answered with one JSON line on standard output. Between commands the app
keeps running frames, so its connections live as a player's window's would.

    python -m tests.lan_client_process CONFIG_DIR

Commands:
    host PLAYERS        Menu -> Host LAN game -> PLAYERS players -> Open the table;
                        answers {"port", "code", "folder"} once the lobby is up
    start               wait for every seat, press Start; answers {"seat"} at the table
    play N              make N of this seat's decisions (clicks, as a player)
    state               {"scene", "seat", "events", "round", "unreachable"}
    leave               Leave (the pause menu's, or the unreachable notice's)
    saved               from the menu: the Saved games screen's rows, [[when, players]]
    continue            Continue on the menu; answers once back at the table
"""

from __future__ import annotations

import dataclasses
import json
import queue
import sys
import threading
import time
from typing import Any

from havana_game.client.scenes.lobby import LobbyScene
from havana_game.client.scenes.menu import MenuScene
from havana_game.client.scenes.table import TableScene
from havana_game.client.session import lanhost
from havana_game.client.table.unreachable import UnreachableNotice

from .seeds import HOST_SEED
from .test_client_support import act_once, click, make_app, step

WAIT = 60.0
"""Seconds any one command may take (generous: the machine may be loaded)."""


def _deal_from_test_seed() -> None:
    """Tables hosted here deal from the tests' seed (`seeds.HOST_SEED`)."""
    start = lanhost.start
    lanhost.start = lambda setup: start(dataclasses.replace(setup, seed=HOST_SEED))


class Driver:
    """The app and what the commands do with it."""

    def __init__(self, config: str) -> None:
        self.app = make_app(config)
        self.app.scene.layout(self.app.screen.get_size())

    def frames(self, seconds: float = 0.02) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            step(self.app)
            time.sleep(0.005)

    def until(self, condition: Any) -> None:
        deadline = time.monotonic() + WAIT
        while not condition():
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited {WAIT} s in {type(self.app.scene).__name__}")
            self.frames()

    def press(self, name: str) -> None:
        self.until(lambda: name in self.app.scene.controls())
        step(self.app, click(self.app.scene.controls()[name]))

    def host(self, players: str) -> dict[str, Any]:
        self.press("host")
        self.press(f"players:{players}")
        self.press("open")
        lobby = self.app.scene
        assert isinstance(lobby, LobbyScene) and lobby.lan_host is not None
        self.until(lambda: "start" in lobby.controls())
        return {"port": lobby.lan_host.port, "code": lobby.lan_host.code,
                "folder": str(lobby.lan_host.folder)}

    def start(self) -> dict[str, Any]:
        lobby = self.app.scene
        self.until(lambda: lobby.seats and all(s["kind"] != "open" for s in lobby.seats))
        self.press("start")
        return {"seat": self.at_table().viewer}

    def at_table(self) -> TableScene:
        self.until(lambda: isinstance(self.app.scene, TableScene)
                   and self.app.scene.view is not None)
        table = self.app.scene
        assert isinstance(table, TableScene)
        return table

    def play(self, count: str) -> dict[str, Any]:
        table = self.at_table()
        for _ in range(int(count)):
            self.until(table.flow.deciding)
            act_once(self.app, table)
        return self.state()

    def state(self) -> dict[str, Any]:
        scene = self.app.scene
        if not isinstance(scene, TableScene):
            return {"scene": type(scene).__name__}
        view = scene.view
        return {"scene": "TableScene", "seat": scene.viewer, "events": scene.model.events,
                "round": view["round"] if view else None,
                "unreachable": scene.layers.find(UnreachableNotice) is not None}

    def leave(self) -> dict[str, Any]:
        table = self.at_table()
        if table.layers.find(UnreachableNotice) is not None:
            self.press("unreachable_leave")
        else:
            self.press("menu")
            self.press("leave")
            self.press("leave_confirm")
        self.until(lambda: isinstance(self.app.scene, MenuScene))
        return {"scene": "MenuScene"}

    def saved(self) -> dict[str, Any]:
        from havana_game.client.scenes.saved import describe
        self.press("saved")
        rows = [list(describe(game)) for game in self.app.scene.games]
        self.press("back")
        return {"rows": rows}

    def continue_(self) -> dict[str, Any]:
        self.app.scene.relayout()  # Continue is offered once a game is saved
        self.press("resume")
        return {"seat": self.at_table().viewer}


def main() -> int:
    _deal_from_test_seed()
    driver = Driver(sys.argv[1])
    commands: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [commands.put(line) for line in sys.stdin],
                     daemon=True).start()
    while True:
        try:
            line = commands.get_nowait()
        except queue.Empty:
            driver.frames()
            continue
        name, *args = line.split()
        try:
            answer = getattr(driver, "continue_" if name == "continue" else name)(*args)
        except Exception as error:  # noqa: BLE001 - said to the test, which fails on it
            answer = {"error": f"{type(error).__name__}: {error}"}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
