"""Hotseat curtain: a full-screen cover shown whenever the human at the screen
changes, a layer that hides the table (hands, face-down cards are not drawn at
all). Each player's language is chosen on their curtain and used while they
play; the gamepad that lifts a player's first curtain is theirs."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from ...i18n import LANGUAGE_NAMES, LANGUAGES
from ..profile.settings import Settings
from ..ui import art, fonts
from ..ui.i18n import set_language, tr
from ..ui.widgets import Button
from .layers import Overlay

if TYPE_CHECKING:
    from .screen import TableScreen

LIFTING_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass
class SeatLanguages:
    """The language of each hotseat player (the settings' language until they
    switch theirs on the curtain, with L or a click on the language line)."""

    settings: Settings
    chosen: dict[int, str] = field(default_factory=dict)
    switch: pygame.Rect | None = None
    """Where the curtain drew the language line (clicking it switches)."""

    def of(self, seat: int) -> str:
        return self.chosen.get(seat, self.settings.language)

    def apply(self, seat: int) -> None:
        """Show everything in `seat`'s language."""
        set_language(self.of(seat))

    def handle(self, event: pygame.event.Event, seat: int) -> bool:
        """Switch `seat` to the next language on L or a click on the language line;
        True if it did."""
        pressed = event.type == pygame.KEYDOWN and event.key == pygame.K_l
        clicked = event.type == pygame.MOUSEBUTTONUP and event.button == 1 \
            and self.switch is not None and self.switch.collidepoint(event.pos)
        if not (pressed or clicked):
            return False
        self.chosen[seat] = LANGUAGES[(LANGUAGES.index(self.of(seat)) + 1) % len(LANGUAGES)]
        self.apply(seat)
        return True


def draw_curtain(surface: pygame.Surface, name: str, color: art.Color, scale: float,
                 language: str, pad: bool = False) -> pygame.Rect:
    """An opaque velvet curtain with "Pass to <name>" and the player's `language`
    (and, with a `pad` attached, that A lifts it); returns where the language line is."""
    w, h = surface.get_size()
    surface.fill((90, 20, 28))
    fold = max(8, int(60 * scale))
    for x in range(0, w, fold):
        shade = pygame.Rect(x, 0, fold // 2, h)
        pygame.draw.rect(surface, (110, 28, 36), shade)
    pygame.draw.rect(surface, art.GOLD, (0, 0, w, max(4, int(26 * scale))))
    title = fonts.text(tr("curtain.pass", name=name), max(12, int(48 * scale)), art.TEXT_LIGHT,
                       True)
    box = title.get_rect(center=(w // 2, h // 2 - int(20 * scale))).inflate(int(80 * scale),
                                                                            int(60 * scale))
    pygame.draw.rect(surface, (40, 10, 14), box, border_radius=int(16 * scale))
    pygame.draw.rect(surface, color, box, max(2, int(4 * scale)), border_radius=int(16 * scale))
    surface.blit(title, title.get_rect(center=box.center))
    hint = fonts.text(tr("curtain.click"), max(10, int(20 * scale)), art.TEXT_DIM)
    surface.blit(hint, hint.get_rect(midtop=(w // 2, box.bottom + int(24 * scale))))
    if pad:
        line = fonts.text(tr("curtain.pad"), max(10, int(20 * scale)), art.TEXT_DIM)
        surface.blit(line, line.get_rect(midtop=(w // 2, box.bottom + int(110 * scale))))
    line = fonts.text(tr("curtain.language", language=LANGUAGE_NAMES[language]),
                      max(10, int(20 * scale)), art.TEXT_LIGHT, True)
    spot = line.get_rect(midtop=(w // 2, box.bottom + int(70 * scale)))
    surface.blit(line, spot)
    return spot.inflate(int(24 * scale), int(12 * scale))


class Curtain(Overlay):
    """The curtain before `seat`'s turn: it takes all input (Esc and Pause open
    the pause menu over it, L switches the seat's language, a click, Enter or
    Space lift it) and its one control is the whole screen."""

    rank = 1
    modal = True
    hides_table = True

    def __init__(self, table: TableScreen, seat: int) -> None:
        self.table = table
        self.seat = seat
        table.languages.apply(seat)

    def lift(self) -> None:
        self.table.layers.remove(self)
        self.table.refresh()

    def handle(self, event: pygame.event.Event) -> bool:
        table = self.table
        pad: int | None = getattr(event, "pad", None)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and pad is not None:
            table.pad_of.setdefault(self.seat, pad)  # the pad that lifts a curtain is theirs
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_PAUSE):
            table.on_pause()
        elif table.languages.handle(event, self.seat):
            table.relayout()
        elif (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in LIFTING_KEYS):
            self.lift()
        return True

    def buttons(self) -> list[Button]:
        return [Button("curtain", pygame.Rect((0, 0), self.table.size), "", self.lift)]

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        table = self.table
        table.languages.switch = draw_curtain(
            surface, table.model.name(self.seat), art.SEAT_COLORS[self.seat], table.scale,
            table.languages.of(self.seat), pad=table.app.pads.count > 0 or table.app.pads.used)
        return [surface.get_rect()]
