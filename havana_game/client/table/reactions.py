"""Quick reactions at the table (PROTOCOL.md "Reactions"): each one the host tells
of shows in a bubble by its seat's panel for `SHOWN` seconds (a newer one of the
same seat takes its place); the seat at the screen sends its own from a row of
buttons that the React button (or R) opens over its hand, Esc closing it. The
bubbles' seconds count in the table's wake time, so the window draws each one
and its going, and rests in between."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from ..ui import art, fonts
from ..ui.i18n import has_message, tr
from ..ui.widgets import Button
from .layers import Overlay

if TYPE_CHECKING:
    from .screen import TableScreen

SHOWN = 4.0
"""Seconds a reaction stays in its bubble."""
BUTTON_W, BUTTON_H, GAP = 110, 26, 6
"""Design sizes of the React button and of the reactions' buttons (3 a row)."""
PER_ROW = 3
BUBBLE_TEXT = 16
"""Design text size in a bubble."""
BUBBLE_FILL, BUBBLE_EDGE = (252, 244, 214), (214, 170, 70)


def reaction_text(reaction: str) -> str | None:
    """The player's words for `reaction`, or None if this client has none (a newer
    host's reaction: it is not shown)."""
    key = f"reaction.{reaction}"
    return tr(key) if has_message(key) else None


def draw_bubble(surface: pygame.Surface, text: str, size: int, anchor: tuple[int, int],
                tail: bool = True) -> pygame.Rect:
    """A speech bubble with `text` (`size` pixels), its top right corner at
    `anchor`, with its tail pointing up-left from the top edge or none; where it drew."""
    image = fonts.text(text, size, art.INK, True)
    pad = max(2, size // 2)
    box = image.get_rect().inflate(2 * pad, pad)
    box.topright = anchor
    drawn = box.copy()
    if tail:
        step = max(3, size // 2)
        pygame.draw.polygon(surface, BUBBLE_EDGE, [(box.left + 2 * step, box.top + 1),
                                                   (box.left + step, box.top - step),
                                                   (box.left + 3 * step, box.top + 1)])
        drawn.union_ip(pygame.Rect(box.left + step, box.top - step, 2 * step, step))
    pygame.draw.rect(surface, BUBBLE_FILL, box, border_radius=pad)
    pygame.draw.rect(surface, BUBBLE_EDGE, box, max(1, size // 8), border_radius=pad)
    surface.blit(image, image.get_rect(center=box.center))
    return drawn


class Bubbles:
    """The reactions shown, by seat: (reaction, seconds left). Time moves only by
    `age`, so what shows is the same for the table and for a test."""

    def __init__(self) -> None:
        self.shown: dict[int, tuple[str, float]] = {}

    def add(self, seat: int, reaction: str) -> None:
        if reaction_text(reaction) is not None:
            self.shown[seat] = (reaction, SHOWN)

    def age(self, dt: float) -> bool:
        """`dt` seconds pass; True if a bubble went."""
        before = len(self.shown)
        self.shown = {seat: (reaction, left - dt) for seat, (reaction, left)
                      in self.shown.items() if left - dt > 0}
        return len(self.shown) != before

    def wake_in(self) -> float | None:
        """Seconds until the next bubble goes."""
        return min((left for _, left in self.shown.values()), default=None)


class Reactions(Overlay):
    """The table's reactions: the bubbles, and the row the seat at the screen
    sends from (when the host relays reactions and a seat is at the screen)."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        self.bubbles = Bubbles()
        self.open = False
        """The row of reactions to send is up."""

    def offered(self) -> tuple[str, ...]:
        """The reactions the seat at the screen may send (none for a replay or a
        host that relays none), those this client has words for."""
        table = self.table
        if table.viewer is None or table.watching is not None:
            return ()
        return tuple(r for r in table.link.reactions if reaction_text(r) is not None)

    def update(self, dt: float) -> None:
        """The reactions the host told of since, then `dt` seconds on every bubble."""
        model = self.table.model
        for seat, reaction in model.reactions:
            self.bubbles.add(seat, reaction)
        model.reactions.clear()
        self.bubbles.age(dt)

    def wake_in(self) -> float | None:
        return self.bubbles.wake_in()

    def toggle(self) -> None:
        """Open or close the row of reactions (the focus goes to its first one)."""
        self.open = not self.open and bool(self.offered())
        self.table.refresh()
        self.table.set_focus(f"react:{self.offered()[0]}" if self.open else "react")

    def send(self, reaction: str) -> None:
        """The seat at the screen reacts; the row closes. Its bubble comes when the
        host tells the table (nothing comes of one sent too soon after the last)."""
        viewer = self.table.viewer
        if viewer is not None:
            self.table.link.react(viewer, reaction)
        self.open = False
        self.table.refresh()
        self.table.set_focus("react")

    def handle(self, event: pygame.event.Event) -> bool:
        """R opens or closes the row; Esc closes it (and does nothing else)."""
        if event.type != pygame.KEYDOWN or not self.offered() or self.table.paused:
            return False
        if event.key == pygame.K_r and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.toggle()
            return True
        if event.key == pygame.K_ESCAPE and self.open:
            self.toggle()
            return True
        return False

    def _button_rect(self) -> pygame.Rect | None:
        """The React button: at the right of the hand panel's title line."""
        layout = self.table.layout_
        if layout is None:
            return None
        px, hand = layout.px, layout.hand
        return pygame.Rect(hand.right - px(8) - px(BUTTON_W), hand.top + px(5), px(BUTTON_W),
                           px(BUTTON_H) - px(4))

    def _row_rects(self, count: int) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """The row's panel under the React button, and its buttons, 3 a line."""
        layout = self.table.layout_
        button = self._button_rect()
        assert layout is not None and button is not None
        px = layout.px
        lines = -(-count // PER_ROW)
        w = PER_ROW * px(BUTTON_W) + (PER_ROW + 1) * px(GAP)
        panel = pygame.Rect(0, 0, w, lines * (px(BUTTON_H) + px(GAP)) + px(GAP))
        panel.topright = (button.right, button.bottom + px(4))
        rects = [pygame.Rect(panel.left + px(GAP) + (i % PER_ROW) * (px(BUTTON_W) + px(GAP)),
                             panel.top + px(GAP) + (i // PER_ROW) * (px(BUTTON_H) + px(GAP)),
                             px(BUTTON_W), px(BUTTON_H)) for i in range(count)]
        return panel, rects

    def buttons(self) -> list[Button]:
        offered = self.offered()
        rect = self._button_rect()
        if not offered or rect is None:
            return []
        out = [Button("react", rect, tr("reaction.open"), self.toggle,
                      tooltip=tr("reaction.open_hint"), selected=self.open)]
        if self.open:
            _, rects = self._row_rects(len(offered))
            out += [Button(f"react:{reaction}", spot, tr(f"reaction.{reaction}"),
                           partial(self.send, reaction))
                    for reaction, spot in zip(offered, rects, strict=True)]
        return out

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The open row (its panel and buttons over the hand), then the bubbles."""
        layout = self.table.layout_
        if layout is None or self.table.layers.hides_table():
            return []
        drawn = []
        if self.open and not self.table.paused:
            panel, _ = self._row_rects(len(self.offered()))
            surface.blit(art.panel(panel.size, True), panel)
            drawn.append(panel)
            for button in self.table.buttons:
                if button.name.startswith("react:"):
                    button.draw(surface)
        size = layout.px(BUBBLE_TEXT)
        for seat, (reaction, _) in sorted(self.bubbles.shown.items()):
            spot = layout.seats.get(seat)
            text = reaction_text(reaction)
            if spot is not None and text is not None:
                anchor = (spot.right - layout.px(6), spot.top + layout.px(26))
                drawn.append(draw_bubble(surface, text, size, anchor))
        return drawn
