"""The table's drawing: the static table (top bar, rows, market, log, seats,
hand, action panel, status line, guide) redrawn only where it changes, and over
it the flights, a dragged card, the layers (a hotseat curtain instead of all
that) and the tooltip; the pause menu's settings, rules and leave. The table
screen (`scenes/table.py`), the tutorial and the replay screen are this."""

from __future__ import annotations

import time
from functools import partial
from typing import Any

import pygame

from ..session.link import Link
from ..ui import art, fonts
from ..ui.i18n import set_language, tr
from ..ui.widgets import draw_tooltip
from . import edition, guide
from .asks import Asks
from .canvas import Canvas, card_face
from .choices import removes_a_building
from .flow import OFF_TABLE
from .framekey import FrameKey
from .hand import draw_hand
from .input import TableInput
from .layout import TableLayout
from .lessonbox import LessonBox
from .logpanel import draw_log
from .market import draw_market
from .panel import draw_panel
from .pausemenu import PauseMenu
from .rows import draw_rows
from .seats import draw_seat
from .staging import mode
from .targets import HandCard
from .topbar import draw_top

NET_STATUSES = ("reconnecting", "closed")
"""Connection states with their own message (`net.<state>`)."""


class TableScreen(TableInput):
    """The table, drawn."""

    def __init__(self, app: Any, link: Link) -> None:
        super().__init__(app, link)
        self.asks = Asks(self)

    def _shown_hint(self) -> str:
        """The gold line under the top bar: the hint's."""
        return self.asks.shown_hint()

    def settings(self) -> None:
        """The settings screen, coming back to this table."""
        self.layers.drop(PauseMenu)
        self.mouse = OFF_TABLE  # no tooltip from before, until the mouse moves again
        seat = self.viewer
        language = None
        if self.hotseat and seat is not None:
            language = (partial(self.languages.of, seat),
                        partial(self.languages.chosen.__setitem__, seat))
        self.app.show("settings", back_to=self, seat_language=language)

    def rules(self) -> None:
        """The rules screen, at the cards of this game's edition, coming back to
        this table."""
        self.layers.drop(PauseMenu)
        self.mouse = OFF_TABLE
        self.app.show("rules", back_to=self, edition=edition.rules().name)

    def leave_now(self) -> None:
        """Leave the table for the menu (a table hosted here closes, saved)."""
        set_language(self.app.settings.language)
        self.link.leave()
        self.app.show_menu()

    def draw(self, surface: pygame.Surface) -> None:
        if self.layers.hides_table():
            self.canvas, self._screen = None, None
            self.layers.draw(surface)
            return
        key = self._frame_key()
        if self._static is None or self._static.get_size() != surface.get_size():
            self._static = surface.copy()
            self._static_key = None
        screen = (id(surface), self.focus)
        if key != self._static_key or screen != self._screen:
            if key != self._static_key:
                self._draw_static(self._static, self._changed_area(key))
                self._static_key = key
            surface.blit(self._static, (0, 0))
        else:  # the same table under them: only what the last frame drew over it goes
            for rect in self._overlays:
                surface.blit(self._static, rect, rect)
        self._screen, self._overlays = screen, self._draw_overlays(surface)

    def _draw_overlays(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Flights, a dragged card, the layers and the tooltip over the static
        table; where."""
        drawn = self.animator.draw(surface)
        drag = self.controller.drag
        if drag is not None and self.canvas is not None:
            rect = self.canvas.targets.get(HandCard(drag[0]))
            if rect is not None:
                face = card_face(drag[0], (rect.h * 100 // 145, rect.h))
                drawn.append(surface.blit(face, face.get_rect(center=self.mouse)))
        drawn += self.layers.draw(surface)
        canvas = self.canvas
        if canvas is not None and not self.layers.modal():
            tip = next((text for rect, text in reversed(canvas.hovers)
                        if rect.collidepoint(self.mouse)), None)
            if tip and not any(b.rect.collidepoint(self.mouse) for b in self.buttons):
                drawn.append(draw_tooltip(surface, tip, self.mouse, canvas.px(13)))
        return drawn

    def watching(self) -> str | None:
        """The name of the player whose chair the screen shows without being them
        (a replay), or None: the players at the screen see their own chair."""
        return None

    def _hand_hover(self) -> str | None:
        if self.canvas is None:
            return None
        return next((t.name for t, rect in self.canvas.targets.items()
                     if isinstance(t, HandCard) and rect.collidepoint(self.mouse)), None)

    def _frame_key(self) -> FrameKey:
        """Everything the static table depends on besides the view's identity."""
        counters, flips = FrameKey.animation_of(self.animator)
        return FrameKey(
            view_id=id(self.view), size=self.size, staged=FrameKey.staged_of(self.staging),
            log=(self.log_scroll, len(self.log_lines)),
            status=(self.model.error, self.model.status, self.paused, self.deciding(),
                    self.animator.busy),
            hovered_card=self._hand_hover(), buttons=FrameKey.buttons_of(self.buttons),
            counters=counters, flips=flips,
            hidden=tuple(self.events.hidden) if self.events else (),
            badges=self._badges(), hint=self._shown_hint(),
            log_area=tuple(area) if (area := self._log_area()) is not None else None)

    def _log_area(self) -> pygame.Rect | None:
        """Where the game log goes: below the lesson's box or the first game's guide
        hint when one is over it, else its whole panel (None)."""
        box = self.layers.find(LessonBox)
        if box is not None and (area := box.log_area()) is not None:
            return area
        hint = self.asks.guide_hint()
        return guide.log_below(self.layout_, hint) if hint and self.layout_ else None

    def _badges(self) -> tuple[str | None, ...]:
        """Each seat's tag now: bots, absent players and their countdowns."""
        now = time.monotonic()
        return tuple(s.badge(now) for s in self.model.seats)

    def _changed_area(self, key: FrameKey) -> pygame.Rect | None:
        """Where the static table changes from the last one drawn to `key`'s: the
        panels of the seats whose numbers count or cards flip, if that is all that
        moves (most frames of an animation); None: anywhere."""
        seats = key.seats_moving(self._static_key) if self._static_key is not None else None
        if not seats or self.layout_ is None or not seats <= set(self.layout_.seats):
            return None
        first, *rest = (self.layout_.seats[s] for s in sorted(seats))
        return first.unionall(rest)

    def _draw_static(self, surface: pygame.Surface, area: pygame.Rect | None = None) -> None:
        """The table without flights and tooltip (only inside `area` if given, the
        rest being as it was); records the frame's `Canvas`."""
        surface.set_clip(area)
        try:
            self._draw_static_clipped(surface)
        finally:
            surface.set_clip(None)

    def _draw_static_clipped(self, surface: pygame.Surface) -> None:
        surface.blit(art.table_background(surface.get_size()), (0, 0))
        view = self.view
        if view is None or self.layout_ is None or self.events is None:
            self.note(surface, tr("prompt.wait_all"), 340)
            return
        canvas = Canvas(self.layout_, self.animator, self.app.settings.colorblind,
                        watching=self.watching())
        names = [self.model.name(s) for s in range(view["players"])]
        badges = self._badges()
        current = mode(view) if self.deciding() else "wait"
        draw_top(surface, canvas, view, names,
                 1 + self.asks.hints_allowed() + self.asks.takebacks_allowed())
        highlight = "build" if current == "build" else ""
        if current == "act" and removes_a_building(self.staging.act_card):
            highlight = "remove"
        draw_rows(surface, canvas, view, highlight, self.staging.end, set(self.events.hidden))
        draw_market(surface, canvas, view)
        hint = self.asks.guide_hint()
        draw_log(surface, canvas, self.log_lines, self.log_scroll, self._log_area())
        for seat in range(view["players"]):
            if seat in self.layout_.seats:
                draw_seat(surface, canvas, view, seat, names[seat], seat == self.viewer,
                          show_face_down=not self.hotseat,
                          badge=badges[seat] if seat < len(badges) else None)
        if self.viewer is not None and (not self.hotseat or current != "wait"):
            discard = self.staging.taking_back(view) if current == "act" else None
            chosen = self.staging.decision(view) if discard is not None else None
            picked = [chosen["target"]] if chosen and chosen.get("target") is not None \
                else self.staging.cards
            draw_hand(surface, canvas, view, picked, None if self.paused else self.mouse,
                      discard)
        elif self.viewer is not None:
            surface.blit(art.panel(self.layout_.hand.size), self.layout_.hand)
        payments = self.staging.payments(view) if current == "build" else []
        draw_panel(surface, self.layout_, self._prompt(view, current), self.model.error,
                   current not in ("wait", "over"),
                   payments[self.staging.pay_index % len(payments)] if payments else None,
                   self.app.settings.colorblind)
        self._draw_status(surface, self.layout_)  # over the rows it may overlap
        if hint is not None:  # a guide's dialog over it
            guide.draw_hint(surface, self.layout_, hint)
        for button in self.buttons:
            button.draw(surface)
        if self.animator.busy and not self.deciding():
            label = fonts.text(tr("skip"), self.layout_.px(12), art.TEXT_DIM)
            area = self.layout_.actions
            surface.blit(label, label.get_rect(bottomleft=(area.left + self.layout_.px(10),
                                                           area.bottom - self.layout_.px(8))))
        self.canvas = canvas

    def _draw_status(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """The connection's trouble in a red box under the top bar, or else the hint
        standing for the current question in a gold one."""
        if self.model.status:
            text = tr(f"net.{self.model.status}") if self.model.status in NET_STATUSES \
                else tr("net.error", detail=self.model.status)
            colors = (art.DANGER, (255, 255, 255))
        else:
            text, colors = self._shown_hint(), (art.ACCENT, art.INK)
        if not text:
            return
        size = layout.px(14)
        shown = fonts.fit(text, size, self.size[0] - self.px(60), True)
        label = fonts.text(shown, size, colors[1], True)
        box = label.get_rect(midtop=(self.size[0] // 2, layout.top.bottom + self.px(4)))
        pygame.draw.rect(surface, colors[0], box.inflate(self.px(20), self.px(8)),
                         border_radius=self.px(8))
        surface.blit(label, box)
