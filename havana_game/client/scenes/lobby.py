"""LAN lobby: the seats filling in live, the join code and address, and for the
host role the number of players, adding/removing AIs and starting. The table
opens with the first view. Every seat at a LAN table, the host player's too, is
remembered on disk (`lanseats`) so that a closed or crashed client can rejoin it;
a table this client hosts runs in a process of its own (`lanhost`), which the
lobby waits for before it sits down."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from ...editions import DEFAULT_EDITION
from ..session import lanhost, lanseats
from ..session.link import ai_levels
from ..session.netlink import NetLink
from ..table.logtext import error_text
from ..ui import art, fonts, qr
from ..ui.i18n import tr, tr_name
from ..ui.widgets import Button
from .base import Scene

LAN_PLAYERS = 4
SEAT_BUTTON_W = 180
"""Design width of the host's buttons beside each seat (add an AI, remove, AI level)."""


class LobbyScene(Scene):
    """Waiting at a LAN table, hosting it (`lan_host` given: the host process is
    joined once it listens, taking back `seat` with `token` if given) or joined to it."""

    def __init__(self, app: Any, conn: Any = None, lan_host: lanhost.HostedTable | None = None,
                 address: str = "", code: str = "", name: str = "",
                 seat: int | None = None, token: str | None = None) -> None:
        super().__init__(app)
        self.lan_host = lan_host
        self.message = ""
        self.seats: list[dict[str, Any]] = []
        self.early: list[dict[str, Any]] = []
        self.address = address
        self.code = code
        """The join code typed to come here (a guest holding the host role shares it)."""
        self.edition = DEFAULT_EDITION
        """The table's edition, as the table says."""
        self.hints = False
        """The players may ask for hints, as the table says."""
        self.name = name or app.settings.shown_name()
        self._retake = (seat, token) if seat is not None and token is not None else None
        """The host player's seat and token, back at a table hosted before."""
        self.conn = conn
        self.level = ai_levels()[0]
        self.table_id = ""
        self.status: dict[str, Any] | None = None
        """The last `table` message: the table scene starts from it."""
        self.joined_seat: int | None = None
        """The seat the host gave this client (its token remembered for Rejoin)."""

    def _sit_at_hosted_table(self) -> None:
        """The host process listens: take the first seat (the host role), or the
        seat held before."""
        from net.client import ClientConnection
        assert self.lan_host is not None
        self.address = f"{self.lan_host.address}:{self.lan_host.port}"
        self.code = self.lan_host.code
        self.conn = ClientConnection("127.0.0.1", self.lan_host.port,
                                     reconnect_for=lanseats.GUEST_RETRY)
        seat, token = self._retake or (None, None)
        self.conn.join(self.lan_host.code, self.name, seat=seat, token=token)

    def _add_bot(self, seat: int) -> None:
        """Put a bot of the level chosen now on an open seat."""
        self.conn.add_bot(self.level, seat)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        cx = size[0] // 2
        self.buttons = [Button("back", pygame.Rect(cx - self.px(330), size[1] - self.px(90),
                                                   self.px(200), self.px(48)), tr("back"),
                               self.on_escape)]
        is_host = bool(self.conn and self.conn.is_host)
        if not is_host:
            return
        for seat in self.seats:
            y = self.px(200) + seat["seat"] * self.px(64)
            rect = pygame.Rect(cx + self.px(200), y, self.px(SEAT_BUTTON_W), self.px(44))
            if seat["kind"] == "open":
                self.buttons.append(Button(f"add:{seat['seat']}", rect, tr("lobby.add_bot"),
                                           partial(self._add_bot, seat["seat"])))
            elif seat["seat"] != self.conn.seat:
                self.buttons.append(Button(f"kick:{seat['seat']}", rect, tr("lobby.kick"),
                                           partial(self.conn.kick, seat["seat"])))
        below = self.px(200) + LAN_PLAYERS * self.px(64)
        if any(seat["kind"] == "open" for seat in self.seats):
            rect = pygame.Rect(cx + self.px(200), below, self.px(SEAT_BUTTON_W), self.px(44))
            self.buttons.append(Button("level", rect, tr_name("ai_level", level=self.level),
                                       self.next_level))
        if self.seats:
            self.buttons.append(Button(
                "players", pygame.Rect(cx - self.px(350), below, self.px(SEAT_BUTTON_W),
                                       self.px(44)),
                tr("lobby.players", count=len(self.seats)), self.next_players,
                tooltip=tr("lobby.players_hint")))
        self.buttons.append(Button("start", pygame.Rect(cx + self.px(130), size[1] - self.px(90),
                                                        self.px(200), self.px(48)), tr("start"),
                                   self.conn.start_game, primary=True))

    def next_players(self) -> None:
        """Seat the next number of players, 2 to 4, round (the host refuses to drop
        a seat a human holds, and says so)."""
        self.conn.set_players(len(self.seats) + 1 if len(self.seats) < 4 else 2)

    def next_level(self) -> None:
        """The AI level that "Add AI" puts on a seat: the next one, round."""
        levels = ai_levels()
        self.level = levels[(levels.index(self.level) + 1) % len(levels)]
        self.relayout()

    def update(self, dt: float) -> None:
        if self.conn is None and self.lan_host is not None:
            if self.lan_host.ready():
                self._sit_at_hosted_table()
                self.relayout()
            elif self.lan_host.error and not self.message:
                self.message = tr("net.error", detail=self.lan_host.error)
        if self.conn is None:
            return
        messages = self.conn.poll()
        for index, message in enumerate(messages):
            kind = message.get("type")
            if kind == "table":
                self.status = message
                self.seats = list(message["seats"])
                self.edition = message.get("edition", self.edition)
                self.hints = bool(message.get("hints", False))
                self._remember_seat()
                self.relayout()
            elif kind == "joined":
                self._joined(message)
                self.relayout()
            elif kind == "error":
                reason = message.get("reason")
                if reason in ("wrong_token", "wrong_code"):
                    lanseats.forget_refused(self.address, self.code, self.conn.seat)
                if message.get("fatal") and self.status is None and self.lan_host is None:
                    self._refused(reason)
                    return
                self.message = error_text(reason)
            elif kind == "closed":  # on purpose: said plainly (Back goes to the menu)
                self.message = f"{tr('closed.title')}. {tr('closed.note')}"
            elif kind == "history":
                self.early.append(message)
            elif kind == "view":  # the game runs: the table takes over, with what followed
                self.early += messages[index:]
                self._open_table()
                return

    def wake_in(self) -> float | None:
        """While the table's host process starts: a look at its output every 50 ms."""
        if self.conn is None and self.lan_host is not None and not self.lan_host.error:
            return 0.05
        return None

    def starter(self) -> str | None:
        """For a guest without the host role: the name of the player who starts the
        game (who holds the host role), else None."""
        holder = self.status.get("host_seat") if self.status is not None else None
        if holder is None or getattr(self.conn, "is_host", False) or holder >= len(self.seats):
            return None
        return str(self.seats[holder]["name"])

    def _refused(self, reason: Any) -> None:
        """The host refused to seat this guest: back to the join screen, filled in,
        with the reason (a seat handed to a newcomer says that a free seat may be
        taken by joining anew), rather than a lobby waiting for nothing."""
        self.conn.close()
        text = tr("join.seat_given") if reason == "wrong_token" else error_text(reason)
        self.app.show("join", self.address, self.code, text)

    def _joined(self, message: dict[str, Any]) -> None:
        """A guest keeps its seat (a fresh token) for Rejoin, or freshens it (a rejoin)."""
        self.table_id, self.joined_seat = message["table"], message["seat"]
        if message["seat"] is not None and not message["token"]:
            lanseats.touch(self.table_id, message["seat"])
        if self.lan_host is not None and message["seat"] is not None:
            self.lan_host.note(seat=message["seat"], token=self.conn.token, table=self.table_id)

    def _remember_seat(self) -> None:
        """Once the seat's name is known, a guest's fresh seat token goes to disk."""
        token = getattr(self.conn, "token", None)
        if self.joined_seat is None or not token or self.joined_seat >= len(self.seats):
            return
        name = self.seats[self.joined_seat]["name"]
        lanseats.remember(self.address, self.code, self.table_id, self.joined_seat, token, name)
        self.joined_seat = None  # remembered once

    def _open_table(self) -> None:
        link = NetLink({self.conn.seat: self.conn}, [s["name"] for s in self.seats],
                       hosted=self.lan_host)
        if self.table_id:
            link.lan_seat = (self.table_id, self.conn.seat)
        told = [self.status, *self.early] if self.status is not None else self.early
        link.replay([m for message in told for m in link.translate(self.conn.seat, message)])
        self.app.show("table", link)

    def on_escape(self) -> None:
        """Back to the menu: a table hosted here closes (one whose game runs is kept
        in its folder, to resume from Saved games; one in its lobby is gone)."""
        if self.conn is not None:
            self.conn.close()
        if self.lan_host is not None:
            if self._retake is not None or (self.status or {}).get("status") == "playing":
                self.lan_host.stop()
            else:
                self.lan_host.forget()
                if self.table_id:
                    lanseats.forget(self.table_id)
        super().on_escape()

    @staticmethod
    def seat_text(seat: dict[str, Any]) -> str:
        """What the lobby says of a seat: empty, or its player's name and whether a
        human or which AI level plays it."""
        if seat["kind"] == "open":
            return tr("lobby.empty")
        kind = tr_name("ai_level", level=seat["level"]) if seat["kind"] == "bot" else tr("human")
        return tr("lobby.seat", name=seat["name"], kind=kind)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.title(surface, tr("lobby.title"), 30)
        if self.lan_host is not None and not self.lan_host.code:
            self.note(surface, tr("lobby.opening"), 90, art.TEXT_DIM, 24)
        elif self.lan_host is not None:
            self.note(surface, tr("lobby.code", code=self.lan_host.code, address=self.address),
                      90, art.ACCENT, 24)
        elif self.address and self.code and getattr(self.conn, "is_host", False):
            self.note(surface, tr("lobby.code", code=self.code, address=self.address),
                      90, art.ACCENT, 24)
        elif self.address:
            self.note(surface, self.address, 90, art.ACCENT, 20)
        about = [tr_name("edition", edition=self.edition)] + \
            ([tr("lobby.hints_on")] if self.hints else [])
        self.note(surface, " · ".join(about), 150, art.TEXT_DIM, 16)
        if not self.seats:
            self.note(surface, tr("lobby.waiting"), 200, art.TEXT_DIM)
        starter = self.starter()
        if starter is not None:
            self.note(surface, tr("lobby.host_starts", name=starter), 200 + 4 * 64 + 24,
                      art.TEXT_DIM)
        elif self.seats and self.status is not None and self.status.get("host_seat") is None:
            self.note(surface, tr("lobby.screen_starts"), 200 + 4 * 64 + 24, art.TEXT_DIM)
        cx = self.size[0] // 2
        for seat in self.seats:
            y = self.px(200) + seat["seat"] * self.px(64)
            box = pygame.Rect(cx - self.px(350), y, self.px(530), self.px(44))
            surface.blit(art.panel(box.size, seat["seat"] == getattr(self.conn, "seat", None)),
                         box)
            pygame.draw.rect(surface, art.SEAT_COLORS[seat["seat"]],
                             (box.left + self.px(8), box.top + self.px(8), self.px(8),
                              box.h - self.px(16)))
            color = art.TEXT_DIM if seat["kind"] == "open" else art.TEXT_LIGHT
            text, room = self.seat_text(seat), box.w - self.px(40)
            size = fonts.fit_size(text, self.px(18), room, 1, True)
            label = fonts.text(text, size, color, True)
            surface.blit(label, (box.left + self.px(28), box.centery - label.get_height() // 2))
        level = self.button("level")
        if level is not None:
            label = fonts.text(tr("lobby.level"), self.px(16), art.TEXT_DIM)
            surface.blit(label, label.get_rect(midright=(level.rect.left - self.px(16),
                                                         level.rect.centery)))
        if self.message:
            self.note(surface, self.message, 530, art.DANGER)
        self._draw_web_link(surface)

    def _draw_web_link(self, surface: pygame.Surface) -> None:
        """A table hosted here: the QR code of the web seat page and its link, left
        of the seats, so that guests join from any phone or browser."""
        web = self.lan_host.web if self.lan_host is not None else ""
        if not web:
            return
        image = qr.surface(web, self.px(220))
        spot = image.get_rect(midtop=(self.size[0] // 2 - self.px(490), self.px(200)))
        surface.blit(image, spot)
        size, y = self.px(14), spot.bottom + self.px(8)
        for line in [*fonts.wrap(tr("lobby.web"), size, self.px(250)),
                     *qr.link_lines(web, size, self.px(250))]:
            label = fonts.text(line, size, art.TEXT_LIGHT)
            surface.blit(label, label.get_rect(midtop=(spot.centerx, y)))
            y += fonts.line_step(size, 1.3)
