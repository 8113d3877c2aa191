"""Every screen of the client by name: the one place that knows them all. A
screen opens another with `app.show(NAME, ...)` and never imports it, so adding
or removing a screen touches this table and the places that open it, not the
other screens. Each screen's module loads when it is first shown (the menu
comes up without the table's code)."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .scenes.base import Scene

SCREENS = {
    "menu": "menu.MenuScene",
    "new_game": "newgame.NewGameScene",
    "host_setup": "hostsetup.HostSetupScene",
    "join": "join.JoinScene",
    "lobby": "lobby.LobbyScene",
    "display": "display.DisplayScene",
    "table": "table.TableScene",
    "results": "results.ResultsScene",
    "replay": "replay.ReplayScene",
    "saved_games": "saved.SavedGamesScene",
    "statistics": "statistics.StatisticsScene",
    "rules": "rules.RulesScene",
    "settings": "settings.SettingsScene",
    "tutorial": "tutorial.TutorialScene",
}
"""Screen name -> its class in `scenes/` (module.Class)."""


def screen_class(name: str) -> type[Scene]:
    """The class of screen `name` (a KeyError names an unknown screen)."""
    module, _, cls = SCREENS[name].partition(".")
    found: type[Scene] = getattr(import_module(f"{__package__}.scenes.{module}"), cls)
    return found
