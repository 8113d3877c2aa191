"""New local game: the edition, 2-4 seats, each a human or an AI level, names and ages."""

from __future__ import annotations

from functools import partial

import pygame

from net import NAME_MAX

from ...editions import DEFAULT_EDITION, EDITIONS
from ..profile.settings import UNNAMED, Settings
from ..session.link import DEFAULT_NAMES, ai_levels
from ..session.localgame import Setup
from ..ui import art, fonts
from ..ui.i18n import tr, tr_name
from ..ui.widgets import Button, TextField, same_text_size
from .base import Scene


class NewGameScene(Scene):
    """Seats as rows: kind (click to cycle), name, optional age."""

    def __init__(self, app: object, setup: Setup | None = None) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        levels = ai_levels()
        self.players = 4
        self.kinds = ["human"] + [levels[0]] * 3
        settings = app.settings  # type: ignore[attr-defined]
        self.names = ["" if settings.player_name in UNNAMED else settings.player_name,
                      "", "", ""]
        """What was typed (empty: the seat plays under its placeholder name)."""
        self.defaults = [settings.shown_name(), *DEFAULT_NAMES[1:]]
        """The names seats without a typed one play under (shown as placeholders)."""
        self.ages = ["", "", "", ""]
        self.edition = DEFAULT_EDITION
        if setup is None:
            setup = self._last_setup(settings)
        if setup is not None:
            self.players = len(setup.kinds)
            self.kinds[:self.players] = setup.kinds
            self.names[:self.players] = setup.names  # as typed: the seats' names again
            self.edition = setup.edition

    @staticmethod
    def _last_setup(settings: Settings) -> Setup | None:
        """The seats and edition of the last game started here (the names are
        typed again, but for the player's own), if still valid."""
        kinds = settings.last_seats
        known = {"human", *ai_levels()}
        if not 2 <= len(kinds) <= 4 or not set(kinds) <= known:
            return None
        edition = settings.last_edition if settings.last_edition in EDITIONS \
            else DEFAULT_EDITION
        own = "" if settings.player_name in UNNAMED else settings.player_name
        return Setup(list(kinds), [own] + [""] * (len(kinds) - 1), edition)

    def layout(self, size: tuple[int, int]) -> None:
        self._keep_fields()
        super().layout(size)
        cx = size[0] // 2
        self.buttons = []
        for i, n in enumerate((2, 3, 4)):
            rect = pygame.Rect(cx - self.px(187) + i * self.px(64), self.px(110), self.px(56),
                               self.px(40))
            self.buttons.append(Button(f"players:{n}", rect, str(n),
                                       partial(self._set_players, n),
                                       selected=self.players == n))
        self.buttons.append(Button("edition", pygame.Rect(cx + self.px(33), self.px(110),
                                                          self.px(250), self.px(40)),
                                   tr_name("edition", edition=self.edition), self._next_edition,
                                   tooltip=tr("edition.hint")))
        self.fields = []
        for seat in range(self.players):
            y = self.px(190) + seat * self.px(64)
            kind = self.kinds[seat]
            label = tr("human") if kind == "human" else tr_name("ai_level", level=kind)
            tip = tr("new.kind_hint") if kind == "human" else tr(f"ai.about.{kind}")
            self.buttons += [
                Button(f"kind_prev:{seat}", pygame.Rect(cx - self.px(350), y, self.px(34),
                                                        self.px(44)), "◀",
                       partial(self._cycle, seat, -1), tooltip=tr("new.kind_hint")),
                Button(f"kind:{seat}", pygame.Rect(cx - self.px(312), y, self.px(176),
                                                   self.px(44)),
                       label, partial(self._cycle, seat), selected=kind == "human", tooltip=tip),
                Button(f"kind_next:{seat}", pygame.Rect(cx - self.px(132), y, self.px(34),
                                                        self.px(44)), "▶",
                       partial(self._cycle, seat), tooltip=tr("new.kind_hint"))]
            self.fields.append(TextField(f"name:{seat}", pygame.Rect(cx - self.px(90), y,
                                                                     self.px(300), self.px(44)),
                                         self.names[seat], max_length=NAME_MAX,
                                         placeholder=self.defaults[seat],
                                         label=tr("name") if seat == 0 else ""))
            self.fields.append(TextField(f"age:{seat}", pygame.Rect(cx + self.px(230), y,
                                                                    self.px(120), self.px(44)),
                                         self.ages[seat], max_length=3, placeholder=tr("age"),
                                         label=tr("age") if seat == 0 else ""))
        bottom = size[1] - self.px(90)
        self.buttons.append(Button("back", pygame.Rect(cx - self.px(360), bottom, self.px(180),
                                                       self.px(48)), tr("back"), self.on_escape))
        self.buttons.append(Button("start", pygame.Rect(cx + self.px(180), bottom, self.px(180),
                                                        self.px(48)), tr("start"), self.start,
                                   primary=True))
        self.buttons.append(Button("phones", pygame.Rect(cx - self.px(170), bottom, self.px(340),
                                                         self.px(48)), tr("new.phones"),
                                   self.phones,
                                   tooltip=tr("new.phones_hint")))
        same_text_size(self.buttons[-3:])

    def phones(self) -> None:
        """Players use their phones: set up the LAN table the table display shows."""
        self.app.show("host_setup", phones=True)

    def _keep_fields(self) -> None:
        """Copy what was typed into the fields before they are rebuilt."""
        for f in self.fields:
            kind, _, seat = f.name.partition(":")
            target = self.names if kind == "name" else self.ages
            target[int(seat)] = f.value

    def _set_players(self, n: int) -> None:
        self.players = n
        self.relayout()

    def _next_edition(self) -> None:
        """Classic (2009) or the 2024 edition: the rules and cards of the game."""
        self.edition = EDITIONS[(EDITIONS.index(self.edition) + 1) % len(EDITIONS)]
        self.relayout()

    def _cycle(self, seat: int, step: int = 1) -> None:
        """The seat's next (or previous) kind: a human, or one of the AI levels."""
        options = ["human", *ai_levels()]
        self.kinds[seat] = options[(options.index(self.kinds[seat]) + step) % len(options)]
        self.relayout()

    def draw_content(self, surface: pygame.Surface) -> None:
        self.title(surface, tr("new.title"), 30)
        label = fonts.text(tr("players"), self.px(18), art.TEXT_LIGHT, True)
        surface.blit(label, label.get_rect(midright=(self.size[0] // 2 - self.px(207),
                                                     self.px(130))))
        y = self.note(surface, tr("new.hint"), 460, art.TEXT_DIM, 15) + 8
        for i, level in enumerate(self.levels_playing()):  # each below the one before
            y = max(510 + i * 24, self.note(surface, tr(f"ai.about.{level}"),
                                            max(y, 510 + i * 24), art.TEXT_LIGHT, 15))

    def levels_playing(self) -> list[str]:
        """The AI levels seated, in seat order, each once: what the player faces."""
        return list(dict.fromkeys(k for k in self.kinds[:self.players] if k != "human"))

    def start(self) -> None:
        """Start a local host with these seats and go to the table."""
        from ..session.netlink import NetLink
        self._keep_fields()
        n = self.players
        names = [(self.names[s].strip() or self.defaults[s])[:NAME_MAX] for s in range(n)]
        settings = self.app.settings
        if self.kinds[0] == "human":
            settings.remember_name(names[0])
        settings.last_seats, settings.last_edition = self.kinds[:n], self.edition
        settings.save()
        ages = [int(a) if a.strip().isdigit() else None for a in self.ages[:n]]
        link = NetLink.local(self.kinds[:n], names, ages, edition=self.edition)
        self.app.show("table", link)
