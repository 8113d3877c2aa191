"""Host a LAN game: the host player's name (also the table's name on the LAN
list), the number of players, each other seat open for a player or an AI, the
edition and hints. The setup is remembered for next time; Open the table starts
the host process (`lanhost`) and goes to the lobby. In the "phones" mode (New
game -> Players use their phones) every seat is open for a phone or an AI, and
the table display shows the table."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from net import NAME_MAX

from ...editions import EDITIONS
from ..session import lanhost
from ..session.link import ai_levels
from ..ui import art, fonts
from ..ui.i18n import tr, tr_name
from ..ui.widgets import Button, TextField
from .base import Scene

OPEN = ""
"""A seat left open for a player (in `Settings.lan_bots`)."""


class HostSetupScene(Scene):
    """The table's setup, from the last one hosted."""

    def __init__(self, app: Any, phones: bool = False) -> None:
        super().__init__(app)
        self.phones = phones
        """Players use their phones: no seat for this screen, the display shows the table."""
        settings = app.settings
        self.name = settings.shown_name()
        self.players = settings.lan_players if settings.lan_players in (2, 3, 4) else 4
        levels = [OPEN, *ai_levels()]
        kept = [kind if kind in levels else OPEN for kind in settings.lan_bots][:3]
        self.kinds = [OPEN] * 4 if phones else kept + [OPEN] * (3 - len(kept))
        """The kind of seats 2-4 (1-4 in the phones mode): OPEN or an AI level."""
        self.edition = settings.lan_edition if settings.lan_edition in EDITIONS else EDITIONS[0]
        self.hints = settings.lan_hints
        self.message = ""

    def layout(self, size: tuple[int, int]) -> None:
        self._keep_name()
        super().layout(size)
        px, cx = self.px, size[0] // 2
        self.fields = [TextField("name", pygame.Rect(cx - px(300), px(120), px(600), px(44)),
                                 self.name, max_length=NAME_MAX,
                                 label=tr("host.table_name" if self.phones else "host.name"))]
        self.buttons = []
        for i, n in enumerate((2, 3, 4)):
            rect = pygame.Rect(cx - px(90) + i * px(64), px(200), px(56), px(40))
            self.buttons.append(Button(f"players:{n}", rect, str(n),
                                       partial(self._set_players, n),
                                       selected=self.players == n))
        first = self.first_seat
        step, high = (px(45), px(40)) if self.phones else (px(56), px(44))
        for seat in range(first, self.players):
            kind = self.kinds[seat - first]
            label = tr("host.open_seat") if kind == OPEN else tr_name("ai_level", level=kind)
            rect = pygame.Rect(cx - px(150), px(260) + (seat - first) * step, px(300), high)
            self.buttons.append(Button(f"kind:{seat}", rect, label, partial(self._cycle, seat),
                                       selected=kind == OPEN, tooltip=tr("host.kind_hint")))
        below = px(260) + 3 * px(56) + px(12)
        self.buttons += [
            Button("edition", pygame.Rect(cx - px(310), below, px(300), px(44)),
                   tr_name("edition", edition=self.edition), self._next_edition,
                   tooltip=tr("edition.hint")),
            Button("hints", pygame.Rect(cx + px(10), below, px(300), px(44)),
                   tr("lobby.hints_on" if self.hints else "lobby.hints_off"), self._toggle_hints,
                   tooltip=tr("lobby.hints_hint"))]
        bottom = size[1] - px(90)
        self.buttons += [
            Button("back", pygame.Rect(cx - px(330), bottom, px(200), px(48)), tr("back"),
                   self.on_escape),
            Button("open", pygame.Rect(cx + px(80), bottom, px(250), px(48)), tr("host.open"),
                   self.open_table, primary=True)]

    @property
    def first_seat(self) -> int:
        """The first seat set up here (the host player sits on seat 0, but for phones)."""
        return 0 if self.phones else 1

    def _keep_name(self) -> None:
        """What was typed in the name field, before the fields are rebuilt."""
        for text in self.fields:
            self.name = text.value

    def _set_players(self, players: int) -> None:
        self.players = players
        self.relayout()

    def _cycle(self, seat: int) -> None:
        """The seat's next kind: open for a player, or one of the AI levels."""
        options = [OPEN, *ai_levels()]
        kind = self.kinds[seat - self.first_seat]
        self.kinds[seat - self.first_seat] = options[(options.index(kind) + 1) % len(options)]
        self.relayout()

    def _next_edition(self) -> None:
        self.edition = EDITIONS[(EDITIONS.index(self.edition) + 1) % len(EDITIONS)]
        self.relayout()

    def _toggle_hints(self) -> None:
        self.hints = not self.hints
        self.relayout()

    def setup(self) -> lanhost.HostSetup:
        """The table as set up here."""
        self._keep_name()
        name = (self.name.strip() or self.app.settings.shown_name())[:NAME_MAX]
        bots = [None if kind == OPEN else kind
                for kind in self.kinds[:self.players - self.first_seat]]
        return lanhost.HostSetup(name, self.players, bots, self.edition, self.hints,
                                 phones=self.phones)

    def _remember(self, setup: lanhost.HostSetup) -> None:
        settings = self.app.settings
        settings.remember_name(setup.name)
        settings.lan_players, settings.lan_edition = setup.players, setup.edition
        settings.lan_bots, settings.lan_hints = list(self.kinds), setup.hints
        settings.save()

    def open_table(self) -> None:
        """Start the table's host process and wait for the players in the lobby."""
        setup = self.setup()
        if not self.phones:  # (the phones mode's seats are not the usual table's)
            self._remember(setup)
        try:
            hosted = lanhost.start(setup)
        except OSError as error:
            self.message = tr("net.error", detail=error.strerror or str(error))
            return
        if self.phones:
            self.app.show("display", hosted=hosted)
        else:
            self.app.show("lobby", lan_host=hosted, name=setup.name)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.title(surface, tr("new.phones" if self.phones else "host.title"), 30)
        label = fonts.text(tr("players"), self.px(16), art.TEXT_LIGHT)
        top = min(self.px(175), self.px(196) - label.get_height())  # above its buttons
        surface.blit(label, label.get_rect(midtop=(self.size[0] // 2, top)))
        if self.phones:
            self.note(surface, tr("new.phones_hint"), 505, art.TEXT_DIM, 15)
        if self.message:
            self.note(surface, self.message, 560, art.DANGER)
