"""Join a LAN game: Rejoin for the seats this player holds (kept on disk by
`lanseats`), the games announced on the network (kept live while the screen is
open: in their lobby with free seats, or in progress), or a typed address; then
the join code. The name typed is remembered for the next start; typing the address and
code of a table where this player holds a seat takes the seat back, also when its
host came back on another port."""

from __future__ import annotations

import dataclasses
import threading
import time
from functools import partial
from typing import Any

import pygame

from net import NAME_MAX

from ..session import lanseats
from ..ui import art
from ..ui.i18n import tr, trn
from ..ui.widgets import Button, TextField, grown_for
from ..wake import nudge
from .base import Scene

REFRESH = 0.5
"""Seconds between two looks at the live list of games found."""
MAX_REJOIN, MAX_FOUND = 2, 3
"""Rows shown for held seats and for games found (the rest waits for room)."""
ROW_TOP, ROW_HEIGHT, ROW_GAP = 360, 44, 6
"""Design pixels: the first row of the list, a one-line row's height (a long
label takes more lines, the row grown for them), the gap between rows."""


def found_label(host: Any, mine: bool) -> str:
    """What a game found on the network says: its name and address, then in its
    lobby the free seats, or in progress whether a seat is free to join and how
    many wait for their player to rejoin; and whether this player has a seat."""
    from net import PROTOCOL_VERSION
    place = {"table": host.name, "address": host.address, "port": host.port}
    if host.version != PROTOCOL_VERSION:
        return tr("join.host_version", version=host.version, **place)
    if not host.playing:
        parts = [trn("join.host", host.free_seats, **place)]
    else:
        parts = [tr("join.host_playing", **place)]
        if host.free_seats:
            parts.append(trn("join.host_free", host.free_seats))
        if host.away:
            parts.append(trn("join.host_away", host.away))
    if mine:
        parts.append(tr("join.host_yours"))
    return " · ".join(parts)


class JoinScene(Scene):
    """Browse in the background; click Rejoin, a found game, or type host:port and
    the code."""

    def __init__(self, app: Any, address: str = "", code: str = "", message: str = "") -> None:
        """`address`, `code` and `message`: a join the host refused, filled in again
        with the reason, so that the player can try again or join otherwise."""
        super().__init__(app)
        self.found: list[Any] = []
        self.held = lanseats.remembered()
        self.message = message
        self.picked = ""
        """After a game found was picked: where to find its code."""
        self.searching = True
        named = app.settings.shown_name() != tr("player.default")
        self.values = {"address": address, "code": code,
                       "name": app.settings.shown_name() if named else ""}
        """What the fields hold; no name typed yet shows the default as a placeholder."""
        self.browser: Any = None
        self._closed = False
        self._looked = 0.0
        threading.Thread(target=self._browse, daemon=True, name="havana-browse-start").start()

    def _browse(self) -> None:
        """Start the live browser (a moment's work); none on a machine without
        discovery: typing the address works."""
        try:
            from net.discovery import LiveBrowser
            browser = LiveBrowser()
        except Exception:  # noqa: BLE001 - no multicast here: typing works
            browser = None
        if self._closed and browser is not None:
            browser.close()
            browser = None
        self.browser = browser
        if browser is None:
            self.searching = False
        nudge()  # the screen shows what was found (or that nothing can be)

    def _stop_browsing(self) -> None:
        """Leaving the screen: stop browsing (in the background: it takes a moment)."""
        self._closed = True
        browser, self.browser = self.browser, None
        if browser is not None:
            threading.Thread(target=browser.close, daemon=True, name="havana-browse-stop").start()

    def layout(self, size: tuple[int, int]) -> None:
        for f in self.fields:
            self.values[f.name] = f.value
        super().layout(size)
        cx = size[0] // 2
        self.fields = [
            TextField(name, pygame.Rect(cx - self.px(210), self.px(120) + i * self.px(70),
                                        self.px(420), self.px(44)), self.values[name],
                      max_length=NAME_MAX if name == "name" else 40, label=tr(key),
                      placeholder=tr("player.default") if name == "name" else "")
            for i, (name, key) in enumerate((("address", "join.address"), ("code", "join.code"),
                                             ("name", "name")))]
        self.buttons = [
            Button("back", pygame.Rect(cx - self.px(330), size[1] - self.px(90), self.px(200),
                                       self.px(48)), tr("back"), self.on_escape),
            Button("connect", pygame.Rect(cx + self.px(130), size[1] - self.px(90),
                                          self.px(200), self.px(48)), tr("join.connect"),
                   self.connect, primary=True),
            Button("watch", pygame.Rect(cx - self.px(110), size[1] - self.px(90),
                                        self.px(220), self.px(48)), tr("join.watch"),
                   self.watch, tooltip=tr("join.watch_hint"))]
        rows = [(f"rejoin:{i}", tr("join.rejoin", name=held.name, address=held.address),
                 partial(self.rejoin, held), True, True)
                for i, held in enumerate(self.held[:MAX_REJOIN])]
        from net import PROTOCOL_VERSION
        held_at = {held.address for held in self.held}
        rows += [(f"host:{i}", found_label(host, host.place in held_at), partial(self._pick, host),
                  host.version == PROTOCOL_VERSION, False)
                 for i, host in enumerate(self.found[:MAX_FOUND])]
        top, bottom = self.px(ROW_TOP), size[1] - self.px(90) - self.px(ROW_GAP)
        for name, label, action, enabled, primary in rows:  # (the rest waits for room)
            high = grown_for(label, self.px(700), self.px(ROW_HEIGHT))
            if top + high > bottom:
                break
            self.buttons.append(Button(name, pygame.Rect(cx - self.px(350), top, self.px(700),
                                                         high), label, action, enabled=enabled,
                                       primary=primary, line_height=self.px(ROW_HEIGHT)))
            top += high + self.px(ROW_GAP)

    def _pick(self, host: Any) -> None:
        """A game found: its address filled in; the note says where its code is."""
        for f in self.fields:
            if f.name == "address":
                f.value = host.place
        self.picked = tr("join.code_where")
        self.message = ""

    def update(self, dt: float) -> None:
        now = time.monotonic()
        if self.browser is None or now - self._looked < REFRESH:
            return
        self._looked = now
        found = self.browser.hosts()
        if found != self.found or self.searching:
            self.found, self.searching = found, False
            self.relayout()

    def wake_in(self) -> float | None:
        """While browsing: when the list of games is looked at again."""
        if self.browser is None:
            return None
        return max(0.0, self._looked + REFRESH - time.monotonic())

    def on_escape(self) -> None:
        self._stop_browsing()
        super().on_escape()

    def rejoin(self, held: lanseats.HeldSeat) -> None:
        """Take back a held seat with its token."""
        from net.client import ClientConnection

        self._stop_browsing()
        conn = ClientConnection(held.host, held.port, reconnect_for=lanseats.GUEST_RETRY)
        conn.join(held.code, held.name, seat=held.seat, token=held.token)
        self.app.show("lobby", conn, address=held.address, code=held.code)

    def _typed(self) -> dict[str, str] | None:
        """The address and code typed (a message says what is missing, then None)."""
        values = {f.name: f.value.strip() for f in self.fields}
        host, _, port = values["address"].rpartition(":")
        if not host or not port.isdigit():
            self.message = tr("join.need_address")
            return None
        if not values["code"]:
            self.message = tr("join.need_code")
            return None
        return values

    def watch(self) -> None:
        """Watch the table typed as a spectator, on the table display."""
        values = self._typed()
        if values is None:
            return
        from net.client import ClientConnection
        self._stop_browsing()
        host, _, port = values["address"].rpartition(":")
        conn = ClientConnection(host, int(port), reconnect_for=lanseats.GUEST_RETRY)
        conn.watch(values["code"])
        self.app.show("display", conn, address=values["address"], code=values["code"])

    def connect(self) -> None:
        """Join with what was typed; the name is remembered. Typing the address and
        code of a table where this player holds a seat takes that seat back."""
        from net.host.credentials import normalize_code

        values = self._typed()
        if values is None:
            return
        host, _, port = values["address"].rpartition(":")
        name = values["name"] or self.app.settings.shown_name()
        self.app.settings.remember_name(name)
        self.app.settings.save()
        held = next((h for h in self.held if h.host == host
                     and normalize_code(h.code) == normalize_code(values["code"])), None)
        if held is not None:  # (a host started again may listen on another port)
            self.rejoin(dataclasses.replace(held, address=values["address"]))
            return
        from net.client import ClientConnection
        self._stop_browsing()
        conn = ClientConnection(host, int(port), reconnect_for=lanseats.GUEST_RETRY)
        conn.join(values["code"], name)
        self.app.show("lobby", conn, address=values["address"], code=values["code"])

    def draw_content(self, surface: pygame.Surface) -> None:
        self.title(surface, tr("join.title"), 30)
        if self.message:  # under the fields the player typed, above the list
            self.note(surface, self.message, 326, art.DANGER)
        elif self.picked:
            self.note(surface, self.picked, 326, art.ACCENT)
        else:
            self.note(surface, tr("join.found") if self.found or self.held else
                      (tr("lobby.waiting") if self.searching else tr("join.none")), 326,
                      art.TEXT_DIM)
