"""Going back to an unfinished game from the menu's Continue or the Saved games
screen: a local game's table, the lobby of a LAN table hosted here (the table
display of one where the players use their phones), or of a LAN table where this
player holds a seat."""

from __future__ import annotations

import sys
from typing import Any

from . import lanseats
from .lanhost import every_saved_game, read_notes, resume
from .localgame import SavedGame
from .netlink import NetLink


def every_game() -> list[SavedGame]:
    """The saved games and the LAN seats held, the latest played first; a seat at a
    table hosted here is that table's own entry (its notes keep the seat's token),
    never a second one."""
    saved = every_saved_game()
    hosted_seats = {read_notes(game.folder).get("token") for game in saved if game.hosted}
    held = [game for game in lanseats.saved_seats()
            if game.held is None or game.held.token not in hosted_seats]
    return sorted(saved + held, key=lambda game: game.saved, reverse=True)


def open_saved(app: Any, game: SavedGame) -> bool:
    """Go back to `game`: a local game's table, or a hosted LAN table's lobby (its
    host process started again if need be; the seat taken back with its token).
    False if it cannot be resumed (the reason is printed)."""
    if game.held is not None:  # a seat at another's LAN table: its lobby, taken back
        from net.client import ClientConnection
        held = game.held
        conn = ClientConnection(held.host, held.port, reconnect_for=lanseats.GUEST_RETRY)
        conn.join(held.code, held.name, seat=held.seat, token=held.token)
        app.show("lobby", conn, address=held.address, code=held.code)
        return True
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
    if "token" not in notes or "seat" not in notes:  # no seat here: the table display
        app.show("display", hosted=hosted)
        return True
    app.show("lobby", lan_host=hosted, name=hosted.name, seat=int(notes["seat"]),
             token=str(notes["token"]))
    return True
