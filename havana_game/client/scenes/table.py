"""The table screen: a game in progress, seen by the human seat(s) at this
screen. It renders the seat view, plays each host update as animations before
applying the next, and passes input to its controller, which stages the seat's
choices against the legal decisions and sends them. Its layers live in
`havana_game.client.table`: the screen (`screen`) composes the course of play
(`flow`), the player's questions (`asks`), its buttons, input and drawing, and
the layers over it."""

from __future__ import annotations

from ..table.screen import TableScreen


class TableScene(TableScreen):
    """A game in progress, seen by the human seat(s) at this screen."""
