"""The table's drawing: the static table (top bar, rows, market, log, seats,
hand, action panel, status line, guide) redrawn only where it changes, and over
it the flights, a dragged card, the layers (a layer that hides the table instead
of all that) and the tooltip."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from ..ui import art, fonts
from ..ui.i18n import tr
from ..ui.widgets import draw_tooltip
from . import guide
from .canvas import Canvas, card_face
from .choices import removes_a_building
from .framekey import FrameKey
from .hand import draw_hand
from .layout import TableLayout
from .logpanel import draw_log
from .market import draw_market
from .rows import draw_rows
from .seats import draw_seat
from .staging import mode
from .targets import HandCard
from .topbar import draw_top

if TYPE_CHECKING:
    from .screen import TableScreen

NET_STATUSES = ("reconnecting", "closed")
"""Connection states with their own message (`net.<state>`)."""


class TableDrawing:
    """The frames of `table`, and what the last one drew."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        self.canvas: Canvas | None = None
        """What the last static table drew (its clickable things and hovers)."""
        self.static: pygame.Surface | None = None
        """The table as last drawn, without flights and tooltip; redrawn when
        anything on it changes (`static_key`)."""
        self.static_key: FrameKey | None = None
        self.screen: tuple[int, str | None] | None = None
        """(the surface, the focus) the last frame was drawn on: while they and
        the static table stay, a frame restores only `overlays`."""
        self.overlays: list[pygame.Rect] = []
        """Where the last frame drew over the static table."""

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        if table.layers.hides_table():
            self.canvas, self.screen = None, None
            table.layers.draw(surface)
            return
        key = self.frame_key()
        if self.static is None or self.static.get_size() != surface.get_size():
            self.static = surface.copy()
            self.static_key = None
        screen = (id(surface), table.focus)
        if key != self.static_key or screen != self.screen:
            if key != self.static_key:
                self.draw_static(self.static, self._changed_area(key))
                self.static_key = key
            surface.blit(self.static, (0, 0))
        else:  # the same table under them: only what the last frame drew over it goes
            for rect in self.overlays:
                surface.blit(self.static, rect, rect)
        self.screen, self.overlays = screen, self.draw_overlays(surface)

    def draw_overlays(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Flights, a dragged card, the layers and the tooltip over the static
        table; where."""
        table = self.table
        drawn = table.animator.draw(surface)
        drag = table.controller.drag
        if drag is not None and self.canvas is not None:
            rect = self.canvas.targets.get(HandCard(drag[0]))
            if rect is not None:
                face = card_face(drag[0], (rect.h * 100 // 145, rect.h))
                drawn.append(surface.blit(face, face.get_rect(center=table.mouse)))
        drawn += table.layers.draw(surface)
        canvas = self.canvas
        if canvas is not None and not table.layers.modal():
            tip = next((text for rect, text in reversed(canvas.hovers)
                        if rect.collidepoint(table.mouse)), None)
            if tip and not any(b.rect.collidepoint(table.mouse) for b in table.buttons):
                drawn.append(draw_tooltip(surface, tip, table.mouse, canvas.px(13)))
        return drawn

    def _hand_hover(self) -> str | None:
        if self.canvas is None:
            return None
        return next((t.name for t, rect in self.canvas.targets.items()
                     if isinstance(t, HandCard) and rect.collidepoint(self.table.mouse)), None)

    def frame_key(self) -> FrameKey:
        """Everything the static table depends on besides the view's identity."""
        table, flow = self.table, self.table.flow
        counters, flips = FrameKey.animation_of(table.animator)
        return FrameKey(
            view_id=id(table.view), size=table.size, staged=FrameKey.staged_of(table.staging),
            log=(flow.log_scroll, len(flow.log_lines)),
            status=(table.model.error, table.model.status, table.paused, flow.deciding(),
                    table.animator.busy),
            hovered_card=self._hand_hover(), buttons=FrameKey.buttons_of(table.buttons),
            counters=counters, flips=flips,
            hidden=tuple(flow.events.hidden) if flow.events else (),
            badges=self._badges(), hint=table.panel.hint_line(),
            log_area=tuple(area) if (area := self.log_area()) is not None else None)

    def log_area(self) -> pygame.Rect | None:
        """Where the game log goes: below a layer or the first game's guide hint
        over it, else its whole panel (None)."""
        table = self.table
        area = table.layers.log_area()
        if area is not None:
            return area
        hint = table.asks.guide_hint()
        return guide.log_below(table.layout_, hint) if hint and table.layout_ else None

    def _badges(self) -> tuple[str | None, ...]:
        """Each seat's tag now: bots, absent players and their countdowns."""
        now = time.monotonic()
        return tuple(s.badge(now) for s in self.table.model.seats)

    def _changed_area(self, key: FrameKey) -> pygame.Rect | None:
        """Where the static table changes from the last one drawn to `key`'s: the
        panels of the seats whose numbers count or cards flip, if that is all that
        moves (most frames of an animation); None: anywhere."""
        layout = self.table.layout_
        seats = key.seats_moving(self.static_key) if self.static_key is not None else None
        if not seats or layout is None or not seats <= set(layout.seats):
            return None
        first, *rest = (layout.seats[s] for s in sorted(seats))
        return first.unionall(rest)

    def draw_static(self, surface: pygame.Surface, area: pygame.Rect | None = None) -> None:
        """The table without flights and tooltip (only inside `area` if given, the
        rest being as it was); records the frame's `Canvas`."""
        surface.set_clip(area)
        try:
            self._draw_static_clipped(surface)
        finally:
            surface.set_clip(None)

    def _draw_static_clipped(self, surface: pygame.Surface) -> None:
        table, flow = self.table, self.table.flow
        surface.blit(art.table_background(surface.get_size()), (0, 0))
        view, layout = table.view, table.layout_
        if view is None or layout is None or flow.events is None:
            table.note(surface, tr("prompt.wait_all"), 340)
            return
        canvas = Canvas(layout, table.animator, table.app.settings.colorblind,
                        watching=table.watching)
        names = [table.model.name(s) for s in range(view["players"])]
        badges = self._badges()
        current = mode(view) if flow.deciding() else "wait"
        asks, staging = table.asks, table.staging
        draw_top(surface, canvas, view, names,
                 1 + asks.hints_allowed() + asks.takebacks_allowed())
        highlight = "build" if current == "build" else ""
        if current == "act" and removes_a_building(staging.act_card):
            highlight = "remove"
        draw_rows(surface, canvas, view, highlight, staging.end, set(flow.events.hidden))
        draw_market(surface, canvas, view)
        hint = asks.guide_hint()
        draw_log(surface, canvas, flow.log_lines, flow.log_scroll, self.log_area())
        for seat in range(view["players"]):
            if seat in layout.seats:
                draw_seat(surface, canvas, view, seat, names[seat], seat == table.viewer,
                          show_face_down=not flow.hotseat,
                          badge=badges[seat] if seat < len(badges) else None)
        if table.viewer is not None and (not flow.hotseat or current != "wait"):
            discard = staging.taking_back(view) if current == "act" else None
            chosen = staging.decision(view) if discard is not None else None
            picked = [chosen["target"]] if chosen and chosen.get("target") is not None \
                else staging.cards
            draw_hand(surface, canvas, view, picked, None if table.paused else table.mouse,
                      discard)
        elif table.viewer is not None:
            surface.blit(art.panel(layout.hand.size), layout.hand)
        table.panel.draw(surface, layout, view, current)
        self._draw_status(surface, layout)  # over the rows it may overlap
        if hint is not None:  # a guide's dialog over it
            guide.draw_hint(surface, layout, hint)
        for button in table.buttons:
            button.draw(surface)
        if table.animator.busy and not flow.deciding():
            label = fonts.text(tr("skip"), layout.px(12), art.TEXT_DIM)
            area = layout.actions
            surface.blit(label, label.get_rect(bottomleft=(area.left + layout.px(10),
                                                           area.bottom - layout.px(8))))
        self.canvas = canvas

    def _draw_status(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """The connection's trouble in a red box under the top bar, or else the
        panel's gold line (the hint standing for the current question)."""
        table = self.table
        status = table.model.status
        if status:
            text = tr(f"net.{status}") if status in NET_STATUSES \
                else tr("net.error", detail=status)
            colors = (art.DANGER, (255, 255, 255))
        else:
            text, colors = table.panel.hint_line(), (art.ACCENT, art.INK)
        if not text:
            return
        size = layout.px(14)
        shown = fonts.fit(text, size, table.size[0] - table.px(60), True)
        label = fonts.text(shown, size, colors[1], True)
        box = label.get_rect(midtop=(table.size[0] // 2, layout.top.bottom + table.px(4)))
        pygame.draw.rect(surface, colors[0], box.inflate(table.px(20), table.px(8)),
                         border_radius=table.px(8))
        surface.blit(label, box)
