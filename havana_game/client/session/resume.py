"""Going back to an unfinished game from the menu's Continue or the Saved games
screen: a local game's table, or the lobby of a LAN table hosted here."""

from __future__ import annotations

import sys
from typing import Any

from .lanhost import read_notes, resume
from .localgame import SavedGame
from .netlink import NetLink


def open_saved(app: Any, game: SavedGame) -> bool:
    """Go back to `game`: a local game's table, or a hosted LAN table's lobby (its
    host process started again if need be; the seat taken back with its token).
    False if it cannot be resumed (the reason is printed)."""
    if not game.hosted:
        link = NetLink.resume(game.folder)
        if link is None:
            return False
        app.show("table", link)
        return True
    notes = read_notes(game.folder)
    try:
        hosted = resume(game.folder)
    except OSError as error:
        print(f"havana: the LAN table cannot be hosted again ({error})", file=sys.stderr)
        return False
    app.show("lobby", lan_host=hosted, name=hosted.name, seat=int(notes["seat"]),
             token=str(notes["token"]))
    return True
