"""The table display: the public table on a big screen, followed as a spectator
(`watch`). Before the game it is the waiting room: the seats filling in live,
a QR code for the web seat page beside each free seat. It serves two ways in:
New game -> Players use their phones (a LAN table hosted here with
`--autostart`: the game starts once every seat is taken, by a phone, a browser,
a desktop client or a bot), and Join LAN game -> Watch (any table, with its
code). Leaving a table hosted here stops it."""

from __future__ import annotations

from typing import Any

import pygame

from ..session import lanhost
from ..table import bigscreen, edition
from ..table.logbook import LogBook
from ..table.logtext import error_text
from ..ui.i18n import tr
from ..ui.widgets import Button
from .base import Scene

WATCH_RETRY = 300.0
"""Seconds the display keeps trying to reach a host that went away."""


class DisplayScene(Scene):
    """Watching a table: `hosted` (a table this client hosts, joined once it
    listens) or `conn` (a spectator connection already watching, to the table at
    `address` with join code `code`)."""

    def __init__(self, app: Any, conn: Any = None, hosted: lanhost.HostedTable | None = None,
                 address: str = "", code: str = "") -> None:
        super().__init__(app)
        self.conn = conn
        self.hosted = hosted
        self.board = bigscreen.Board(code=code, autostart=hosted is not None)
        if address:
            from net.host.web import web_url
            host, _, port = address.rpartition(":")
            self.board.web = web_url(host, int(port), code)
        self.book = LogBook(lambda seat: bigscreen.name_of(self.board, seat))
        self.over = False

    # --- following the table -------------------------------------------------------

    def _watch_hosted(self) -> None:
        """The table hosted here listens: watch it on loopback."""
        from net.client import ClientConnection
        assert self.hosted is not None
        self.board.web, self.board.code = self.hosted.web, self.hosted.code
        self.conn = ClientConnection("127.0.0.1", self.hosted.port, reconnect_for=WATCH_RETRY)
        self.conn.watch(self.hosted.code)

    def update(self, dt: float) -> None:
        if self.conn is None and self.hosted is not None:
            if self.hosted.ready():
                self._watch_hosted()
            elif self.hosted.error:
                self.board.status = tr("net.error", detail=self.hosted.error)
        if self.conn is None:
            return
        for message in self.conn.poll():
            self.take(message)

    def take(self, message: dict[str, Any]) -> None:
        """One message from the host, as a spectator gets it."""
        kind = message.get("type")
        board = self.board
        if kind == "table":
            board.seats = list(message["seats"])
        elif kind == "history":
            board.log = self.book.lines(message["events"], fresh=True)
        elif kind == "view":
            view = message["view"]
            edition.follow(view)
            self.book.target = view["target_vp"]
            board.view = view
            board.log += self.book.lines(message.get("events", []))
            self.over = view["phase"] == "over"
        elif kind == "error":
            board.status = error_text(message.get("reason"))
        elif kind == "connection":
            status = message["status"]
            board.status = "" if status == "connected" else \
                tr("net.reconnecting") if status == "reconnecting" else \
                ("" if self.over else tr("net.closed"))

    def wake_in(self) -> float | None:
        """While the hosted table's process starts: a look at its output every 50 ms."""
        if self.conn is None and self.hosted is not None and not self.hosted.error:
            return 0.05
        return None

    # --- the screen ----------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = bigscreen.scale_of(size)
        self.buttons = [Button("back", pygame.Rect(size[0] - round(244 * s), round(4 * s),
                                                   round(220 * s), round(68 * s)),
                               tr("back"), self.on_escape)]

    def on_escape(self) -> None:
        """Back to the menu; a table hosted here stops (its game ends for everyone)."""
        if self.conn is not None:
            self.conn.close()
        if self.hosted is not None:
            self.hosted.forget()
        super().on_escape()

    def draw(self, surface: pygame.Surface) -> None:
        bigscreen.draw(surface, self.board)
        for button in self.buttons:
            button.draw(surface)
