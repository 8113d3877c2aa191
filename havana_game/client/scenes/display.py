"""The table display: the public table on a big screen, followed as a spectator
(`watch`). Before the game it is the waiting room: the seats filling in live,
a QR code for the web seat page beside each free seat. It serves two ways in:
New game -> Players use their phones (a LAN table hosted here with
`--autostart`: the game starts once every seat is taken, by a phone, a browser,
a desktop client or a bot), and Join LAN game -> Watch (any table, with its
code). Leaving a table hosted here asks first (No focused), then stops its host
process, which saves it: the table stays in Saved games, where resuming it opens
the display again and the phones take their seats back with their tokens. Each
move of the game is animated as on the table (`table.animations`), and the
seats' quick reactions show by their panels for a few seconds."""

from __future__ import annotations

from typing import Any

import pygame

from ...rules import View
from ..session import lanhost
from ..table import bigboard, bigscreen, edition
from ..table.animations import EventAnimator
from ..table.logbook import LogBook
from ..table.logtext import error_text
from ..table.overlays import confirm_buttons, draw_pause
from ..ui.i18n import tr
from ..ui.widgets import Button, grown
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
        self.board = bigboard.Board(code=code, autostart=hosted is not None)
        if address:
            from net.host.web import web_url
            host, _, port = address.rpartition(":")
            self.board.web = web_url(host, int(port), code)
        self.board.animator.speed = app.settings.animation_speed
        self.moves: EventAnimator | None = None
        """Animates each view's events (laid out for the window and the view shown)."""
        self.book = LogBook(lambda seat: bigboard.name_of(self.board, seat))
        self.over = False
        self.closed = False
        """The host closed the table on purpose (`closed`)."""
        self.asking = False
        """The question before leaving a table hosted here is up."""
        self._round = -1

    # --- following the table -------------------------------------------------------

    def _watch_hosted(self) -> None:
        """The table hosted here listens: watch it on loopback."""
        from net.client import ClientConnection
        assert self.hosted is not None
        self.board.web, self.board.code = self.hosted.web, self.hosted.code
        self.conn = ClientConnection("127.0.0.1", self.hosted.port, reconnect_for=WATCH_RETRY)
        self.conn.watch(self.hosted.code, owner=self.hosted.owner or None)

    def update(self, dt: float) -> None:
        if self.conn is None and self.hosted is not None:
            if self.hosted.ready():
                self._watch_hosted()
            elif self.hosted.error:
                self.board.status = tr("net.error", detail=self.hosted.error)
        board = self.board
        board.animator.update(dt)
        if self.moves is not None:
            self.moves.update(dt)
            board.hidden = set(self.moves.hidden)
        board.bubbles.age(dt)
        if self.conn is None:
            return
        for message in self.conn.poll():
            self.take(message)
        self._follow_start()

    def take(self, message: dict[str, Any]) -> None:
        """One message from the host, as a spectator gets it."""
        kind = message.get("type")
        board = self.board
        if kind == "table":
            board.seats = list(message["seats"])
            self._note_seats()
        elif kind == "history":
            board.log = self.book.lines(message["events"], fresh=True)
        elif kind == "view":
            view = message["view"]
            edition.follow(view)
            self.book.target = view["target_vp"]
            self._animate(board.view, view, message.get("events", []))
            board.view = view
            board.log += self.book.lines(message.get("events", []))
            self.over = view["phase"] == "over"
            if self.hosted is not None and view["round"] != self._round:
                self._round = view["round"]
                self.hosted.note(round=self._round)
        elif kind == "reaction":
            board.bubbles.add(message["seat"], message["reaction"])
        elif kind == "error":
            board.status = error_text(message.get("reason"))
        elif kind == "closed":  # on purpose: said, and the connection is not retried
            self.closed = True
            board.status = tr("closed.title")
        elif kind == "connection" and not self.closed:
            status = message["status"]
            board.status = "" if status == "connected" else \
                tr("net.reconnecting") if status == "reconnecting" else \
                ("" if self.over else tr("net.closed"))

    def _animate(self, old: View | None, new: View, events: list[dict[str, Any]]) -> None:
        """The moves from `old` to `new` fly on the display, as on the table: a
        building to its new owner, materials and pesos, cards dealt into the rows."""
        if self.size == (0, 0):
            return
        shown = bigboard.Board(seats=self.board.seats, view=new)
        layout = bigscreen.motion_layout(self.size, shown)
        letters = self.app.settings.colorblind
        if self.moves is None:
            self.moves = EventAnimator(self.board.animator, layout, letters)
        self.moves.layout = layout
        self.moves.face = bigscreen.flying_face(self.size)
        self.moves.start(old, new, events)
        self.board.hidden = set(self.moves.hidden)

    def _follow_start(self) -> None:
        """The Start button comes once the lobby is known, and goes with it."""
        if not self.asking and self.size != (0, 0) and \
                (self.button("start") is not None) != self.can_start():
            self.relayout()

    def _note_seats(self) -> None:
        """A table hosted here keeps its seats in its notes (the Saved games list)."""
        if self.hosted is None:
            return
        taken = [seat for seat in self.board.seats if seat.get("kind") != "open"]
        self.hosted.note(names=[str(seat.get("name") or "") for seat in taken],
                         levels=[seat.get("level") if seat.get("kind") == "bot" else None
                                 for seat in taken])

    def wake_in(self) -> float | None:
        """At once while a move flies; while the hosted table's process starts, a
        look at its output every 50 ms; when a reaction's bubble goes."""
        board = self.board
        if board.animator.busy or board.hidden:
            return 0.0
        if self.conn is None and self.hosted is not None and not self.hosted.error:
            return 0.05
        return board.bubbles.wake_in()

    # --- the screen ----------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        if self.asking:
            self.buttons = confirm_buttons(size, self.px, self.leave, self.stay)
            return
        s = bigboard.scale_of(size)  # (the buttons as much wider as their words at a larger text)
        back = pygame.Rect(0, round(4 * s), grown(round(220 * s)), round(68 * s))
        back.right = size[0] - round(24 * s)
        self.buttons = [Button("back", back, tr("back"), self.on_escape)]
        if self.can_start():
            start = pygame.Rect(0, back.top, grown(round(272 * s)), back.h)
            start.right = back.left - round(12 * s)
            self.buttons.append(Button("start", start, tr("display.start"), self.start,
                                       primary=True))

    def can_start(self) -> bool:
        """The table hosted here waits in its lobby: this screen (its owner) may
        start the game early, open seats getting AIs."""
        return self.hosted is not None and bool(self.hosted.owner) and self.conn is not None \
            and self.board.view is None and bool(self.board.seats) and not self.closed

    def start(self) -> None:
        """Start now (the owner's `start`: the free seats get AIs)."""
        if self.can_start():
            self.conn.start_game()

    def on_escape(self) -> None:
        """Back (Esc): a table hosted here asks first; a question up is answered No."""
        if self.asking:
            self.stay()
        elif self.hosted is not None and not self.over:
            self.ask()
        else:
            self.leave()

    def ask(self) -> None:
        """"Leave the table?", No focused (Enter alone stays)."""
        self.asking = True
        self.relayout()
        self.set_focus("leave_stay")

    def stay(self) -> None:
        self.asking = False
        self.relayout()
        self.set_focus(None)

    def leave(self) -> None:
        """Back to the menu. A table hosted here stops, saved in its folder (Saved
        games resumes it), unless its game is over (the folder goes)."""
        self.asking = False
        if self.conn is not None:
            self.conn.close()
        if self.hosted is not None:
            if self.over:
                self.hosted.forget()
            else:
                self.hosted.stop()
        super().on_escape()

    def on_enter(self) -> None:
        """Enter with nothing focused: under the question, No; else nothing (Start,
        which cannot be taken back, needs a click or the focus on it)."""
        if self.asking:
            self.stay()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Under the question, Y answers Yes and N No."""
        if self.asking and event.type == pygame.KEYDOWN and event.key in (pygame.K_y,
                                                                         pygame.K_n):
            self.leave() if event.key == pygame.K_y else self.stay()
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        bigscreen.draw(surface, self.board)
        if self.asking:
            draw_pause(surface, self.buttons, (tr("leave.title"), tr("display.leave_note")),
                       self.px)
            return
        for button in self.buttons:
            button.draw(surface)
