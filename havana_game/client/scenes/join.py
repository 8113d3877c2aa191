"""Join a LAN game: hosts found on the network (free seats, version), or a
typed address; then the join code."""

from __future__ import annotations

import threading
from functools import partial
from typing import Any

import pygame

from .. import art
from ..i18n import tr, trn
from ..widgets import Button, TextField
from .base import Scene


class JoinScene(Scene):
    """Browse in the background; click a found host or type host:port and the code."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.found: list[Any] = []
        self.message = ""
        self.searching = True
        self.values = {"address": "", "code": "", "name": app.settings.shown_name()}
        threading.Thread(target=self._browse, daemon=True, name="havana-browse").start()

    def _browse(self) -> None:
        try:
            from net.discovery import browse
            self.found = browse(2.5)
        except Exception:  # noqa: BLE001 - no discovery on this machine: typing works
            self.found = []
        self.searching = False

    def layout(self, size: tuple[int, int]) -> None:
        for f in self.fields:
            self.values[f.name] = f.value
        super().layout(size)
        cx = size[0] // 2
        self.fields = [
            TextField(name, pygame.Rect(cx - self.px(210), self.px(120) + i * self.px(70),
                                        self.px(420), self.px(44)), self.values[name],
                      max_length=40, label=tr(key))
            for i, (name, key) in enumerate((("address", "join.address"), ("code", "join.code"),
                                             ("name", "name")))]
        self.buttons = [
            Button("back", pygame.Rect(cx - self.px(330), size[1] - self.px(90), self.px(200),
                                       self.px(48)), tr("back"), self.on_escape),
            Button("connect", pygame.Rect(cx + self.px(130), size[1] - self.px(90),
                                          self.px(200), self.px(48)), tr("join.connect"),
                   self.connect, primary=True)]
        from net import PROTOCOL_VERSION
        for i, host in enumerate(self.found[:5]):
            ok = host.version == PROTOCOL_VERSION
            place = {"table": host.name, "address": host.address, "port": host.port}
            label = trn("join.host", host.free_seats, **place) if ok else \
                tr("join.host_version", version=host.version, **place)
            self.buttons.append(Button(f"host:{i}", pygame.Rect(
                cx - self.px(350), self.px(360) + i * self.px(52), self.px(700), self.px(44)),
                label, partial(self._pick, host), enabled=ok))

    def _pick(self, host: Any) -> None:
        for f in self.fields:
            if f.name == "address":
                f.value = f"{host.address}:{host.port}"

    def update(self, dt: float) -> None:
        if not self.searching and not getattr(self, "_shown", False):
            self._shown = True
            self.relayout()

    def connect(self) -> None:
        from net.client import ClientConnection

        from .lobby import LobbyScene
        values = {f.name: f.value.strip() for f in self.fields}
        host, _, port = values["address"].rpartition(":")
        if not host or not port.isdigit():
            self.message = tr("join.need_address")
            return
        if not values["code"]:
            self.message = tr("join.need_code")
            return
        conn = ClientConnection(host, int(port))
        conn.join(values["code"], values["name"] or self.app.settings.shown_name())
        self.app.switch(LobbyScene(self.app, conn, address=values["address"],
                                   code=values["code"]))

    def draw_content(self, surface: pygame.Surface) -> None:
        self.title(surface, tr("join.title"), 30)
        self.note(surface, tr("join.found") if self.found else
                  (tr("lobby.waiting") if self.searching else tr("join.none")), 326,
                  art.TEXT_DIM)
        if self.message:
            self.note(surface, self.message, 620, art.DANGER)
