"""The table's drawing: the static table (top bar, rows, market, log, seats,
hand, action panel, status line, guide) redrawn only where it changes, and over
it the flights, a dragged card, the layers (a layer that hides the table instead
of all that) and the tooltip."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from ...rules import View
from ..ui import art, fonts
from ..ui.i18n import tr
from ..ui.widgets import draw_tooltip
from . import guide
from .canvas import Canvas, can_afford, card_face
from .choices import removes_a_building
from .framekey import buttons_key, staged_key
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

Status = tuple[tuple[str, ...], tuple[Any, Any], pygame.Rect, tuple[int, int]]
"""The status line: its text, (box, text) colors, box, and where the text goes."""


class StaticKey(NamedTuple):
    """What the static table as last drawn depends on."""

    table: tuple[Any, ...]
    """The size, the layout, the language, whose table it is: all of it."""
    hint: str
    """The hint's line shown."""
    log_area: tuple[int, ...] | None
    """Where the log goes, if not its whole panel (under a guide's or lesson's box)."""


@dataclass(eq=False)
class Part:
    """One part of the static table (the top bar, the rows, a seat...)."""

    name: str
    key: Any
    """What it shows: while it stays, the part is not drawn again."""
    bounds: list[pygame.Rect]
    """Where it may draw."""
    draw: Callable[[pygame.Surface, Canvas], None]
    canvas: Canvas | None = None
    """What it drew last (its hovers, clickable things and secrets)."""


class TableDrawing:
    """The frames of `table`, and what the last one drew."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        self.canvas: Canvas | None = None
        """What the static table shows (its clickable things and hovers)."""
        self.static: pygame.Surface | None = None
        """The table as last drawn, without flights and tooltip; each part
        redrawn when what it shows changes (`Part.key`), and all of it when the
        table does (`static_key`)."""
        self.static_key: StaticKey | None = None
        self.parts: dict[str, Part] = {}
        """The parts on `static`, by name."""
        self._view: View | None = None
        self._layout: TableLayout | None = None
        self._layout_number = 0
        """Which layout `_layout` is (kept, not an id: see `_view_number`)."""
        self._view_shown: dict[str, str] = {}
        self._view_number = 0
        """Which view `_view` is, counting from the first (kept, not an id: the
        memory of an old view can be a new one's)."""
        self.part_draws: Counter[str] = Counter()
        """How many times each kind of part was drawn ("seat" for every seat)."""
        self.screen: tuple[int, str | None] | None = None
        """(the surface, the focus) the last frame was drawn on: while they and
        the static table stay, a frame restores only `overlays`."""
        self.overlays: list[pygame.Rect] = []
        """Where the last frame drew over the static table."""

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        if table.layers.hides_table():
            self.canvas, self.screen = None, None
            self.static_key = None  # (drawn whole when it shows again, its canvas with it)
            table.layers.draw(surface)
            return
        if self.static is None or self.static.get_size() != surface.get_size():
            self.static = surface.copy()
            self.static_key = None
        key = self.frame_key()
        redrawn: list[pygame.Rect] | None = []
        """Where the static table changed (None: all of it)."""
        if self.static_key is None or key.table != self.static_key.table:
            self.draw_static(self.static)
            redrawn = None
        else:
            parts = self.plan() or []  # (none while there is no table: a note, drawn)
            if any(self.parts.get(p.name) is None or self.parts[p.name].key != p.key
                   for p in parts) or len(parts) != len(self.parts):
                redrawn = self._redraw(self.static, parts)
        self.static_key = key
        screen = (id(surface), table.focus)
        if redrawn is None or screen != self.screen:
            surface.blit(self.static, (0, 0))
        else:  # the same table under them: what the last frame drew over it goes,
            for rect in self.overlays + redrawn:  # and what changed on it comes
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
        if table.layers.modal() and table.layout_ is not None and table.viewer is not None:
            drawn.append(_dim(surface, table.layout_.hand))
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

    def frame_key(self) -> StaticKey:
        """What the static table depends on as a whole: when `StaticKey.table`
        changes, all of it is redrawn (the size, the layout, the language, whose
        table it is); the rest says what it shows."""
        table, flow = self.table, self.table.flow
        view, layout = table.view, table.layout_
        area = self.log_area()
        shown = (table.panel.hint_line(), tuple(area) if area is not None else None)
        if view is None or layout is None or flow.events is None:
            return StaticKey((table.size, "waiting"), *shown)
        if layout is not self._layout:  # (laid out again: a new size, language, text size)
            self._layout, self._layout_number = layout, self._layout_number + 1
        return StaticKey((table.size, self._layout_number, tr("log"), table.app.settings.colorblind,
                          table.watching, table.viewer, flow.hotseat, view["players"]), *shown)

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

    def _redraw(self, surface: pygame.Surface, parts: list[Part]) -> list[pygame.Rect]:
        """Redraw on the static table only where a part changed since the last
        frame (where it was and where it is): there the background and every
        part over that spot, in order, the rest staying as it was; those spots."""
        before = self.parts
        areas: list[pygame.Rect] = []
        for part in parts:
            old = before.get(part.name)
            if old is None or old.key != part.key:
                areas += part.bounds + (old.bounds if old is not None else [])
        spots: list[pygame.Rect] = []
        for area in sorted(areas, key=lambda r: -r.w * r.h):
            if area.w > 0 and area.h > 0 and not any(s.contains(area) for s in spots):
                spots.append(area)
        background = art.table_background(surface.get_size())
        for spot in spots:
            surface.set_clip(spot)
            try:
                surface.blit(background, spot, spot)
                for part in parts:
                    if spot.collidelist(part.bounds) >= 0:
                        self._draw_part(surface, part)
            finally:
                surface.set_clip(None)
        for part in parts:  # a part not drawn now keeps what it drew last
            old = before.get(part.name)
            if part.canvas is None and old is not None:
                part.canvas = old.canvas
        self.parts = {part.name: part for part in parts}
        self.canvas = self._canvas(parts)
        return spots

    def _draw_part(self, surface: pygame.Surface, part: Part) -> None:
        table = self.table
        assert table.layout_ is not None
        canvas = Canvas(table.layout_, table.animator, table.app.settings.colorblind,
                        watching=table.watching)
        part.draw(surface, canvas)
        part.canvas = canvas
        self.part_draws[part.name.partition(":")[0]] += 1

    def _canvas(self, parts: list[Part]) -> Canvas:
        """The frame's canvas: each part's hovers, clickable things and secrets,
        in drawing order."""
        table = self.table
        assert table.layout_ is not None
        canvas = Canvas(table.layout_, table.animator, table.app.settings.colorblind,
                        watching=table.watching)
        for part in parts:
            if part.canvas is not None:
                canvas.hovers += part.canvas.hovers
                canvas.targets.update(part.canvas.targets)
                canvas.secrets |= part.canvas.secrets
        return canvas

    def draw_static(self, surface: pygame.Surface) -> None:
        """The whole table without flights and tooltip; records the frame's `Canvas`."""
        surface.blit(art.table_background(surface.get_size()), (0, 0))
        parts = self.plan()
        if parts is None:
            self.table.note(surface, tr("prompt.wait_all"), 340)
            self.canvas, self.parts = None, {}
            return
        for part in parts:
            self._draw_part(surface, part)
        self.parts = {part.name: part for part in parts}
        self.canvas = self._canvas(parts)

    def plan(self) -> list[Part] | None:
        """The static table's parts in drawing order, each with what it shows
        (its key), where it may draw and how; None while there is no table yet."""
        table, flow = self.table, self.table.flow
        view, layout = table.view, table.layout_
        if view is None or layout is None or flow.events is None:
            return None
        px, animator = layout.px, table.animator
        names = [table.model.name(s) for s in range(view["players"])]
        badges = self._badges()
        deciding = flow.deciding()
        current = mode(view) if deciding else "wait"
        asks, staging = table.asks, table.staging
        you = view.get("you")
        margin = px(8)
        shown = self._shown(view)

        def around(rect: pygame.Rect) -> list[pygame.Rect]:
            return [pygame.Rect(rect.left, rect.top, rect.w + 1, rect.h + 1)]

        parts: list[Part] = []
        buttons = 1 + asks.hints_allowed() + asks.takebacks_allowed()
        parts.append(Part("top", (
            view["phase"], view["round"], view["target_vp"], tuple(view["order"]),
            tuple(s["number"] for s in view["seats"]), view["active"], tuple(names), buttons),
            around(layout.top),
            lambda s, c: draw_top(s, c, view, names, buttons)))
        highlight = "build" if current == "build" else ""
        if current == "act" and removes_a_building(staging.act_card):
            highlight = "remove"
        hidden = set(flow.events.hidden)
        parts.append(Part("rows", (
            shown["rows"], highlight, staging.end, tuple(sorted(hidden)), shown["affordable"]),
            around(layout.rows),
            lambda s, c: draw_rows(s, c, view, highlight, staging.end, hidden)))
        parts.append(Part("market", shown["market"], around(layout.market),
                          lambda s, c: draw_market(s, c, view)))
        log_area = self.log_area()
        lines, scroll = flow.log_lines, flow.log_scroll
        parts.append(Part("log", (scroll, len(lines), tuple(log_area) if log_area else None),
                          around(layout.log),
                          lambda s, c: draw_log(s, c, lines, scroll, log_area)))
        for seat in range(view["players"]):
            if seat not in layout.seats:
                continue
            info = view["seats"][seat]
            badge = badges[seat] if seat < len(badges) else None
            reveal = f"reveal:{seat}:"
            playing = view["phase"] in ("actions", "cover")  # (the active seat is marked)
            parts.append(Part(f"seat:{seat}", (
                shown[f"seat:{seat}"], view["active"] == seat and playing, you,
                view["target_vp"],
                shown["face_down"] if you == seat else None, names[seat],
                seat == table.viewer, not flow.hotseat, badge,
                animator.value(f"vp:{seat}", info["vp"]),
                tuple((k, round(f.progress, 2)) for k, f in animator.flips.items()
                      if k.startswith(reveal))),
                around(layout.seats[seat]),
                lambda s, c, seat=seat, badge=badge: draw_seat(  # type: ignore[misc]
                    s, c, view, seat, names[seat], seat == table.viewer,
                    show_face_down=not flow.hotseat, badge=badge)))
        parts.append(self._hand_part(current))
        panel_key = (self._view_number, current, staged_key(staging), table.model.error,
                     table.model.status, table.paused, deciding, animator.busy,
                     table.panel.hint_line())
        parts.append(Part("panel", panel_key, around(layout.actions),
                          lambda s, c: table.panel.draw(s, layout, view, current)))
        status = self._status(layout)
        parts.append(Part("status", status, [status[2]] if status else [],
                          lambda s, c: self._draw_status(s, status)))
        hint = asks.guide_hint()
        parts.append(Part("guide", hint, around(guide.hint_rect(layout, hint)) if hint else [],
                          lambda s, c: guide.draw_hint(s, layout, hint) if hint else None))

        def draw_buttons(surface: pygame.Surface, canvas: Canvas) -> None:
            for button in table.buttons:
                button.draw(surface)

        parts.append(Part("buttons", buttons_key(table.buttons),
                          [b.rect.inflate(margin * 2, margin * 2) for b in table.buttons],
                          draw_buttons))
        skip = animator.busy and not deciding
        parts.append(Part("skip", skip, around(layout.actions) if skip else [],
                          lambda s, c: self._draw_skip(s, layout) if skip else None))
        return parts

    def _shown(self, view: View) -> dict[str, str]:
        """What the parts show of `view`, written out once per view (a new view
        is a new object): compared with the last frame's, it says what changed."""
        if self._view is not view:
            shown = {"rows": repr(view["rows"]), "hand": repr(view.get("hand")),
                     "face_down": repr(view.get("face_down")),
                     "market": repr((view["market"], view["workers_in_bank"], view["bag_size"],
                                     view["bag_content"], view["pile_size"]))}
            shown.update((f"seat:{i}", repr(info)) for i, info in enumerate(view["seats"]))
            # which buildings of the rows the seat at the screen could pay for now
            shown["affordable"] = repr([[can_afford(view, ident) for ident in row]
                                        for row in view["rows"]])
            self._view, self._view_shown = view, shown
            self._view_number += 1
        return self._view_shown

    def _hand_part(self, current: str) -> Part:
        """The hand at the screen (a large card over the table when one is
        hovered), the hotseat's empty panel between turns, or nothing."""
        table, flow, staging = self.table, self.table.flow, self.table.staging
        view, layout = table.view, table.layout_
        assert view is not None and layout is not None
        if table.viewer is None:
            return Part("hand", None, [], lambda s, c: None)
        if flow.hotseat and current == "wait":
            return Part("hand", "closed", [layout.hand],
                        lambda s, c: s.blit(art.panel(layout.hand.size), layout.hand) and None)
        discard = staging.taking_back(view) if current == "act" else None
        chosen = staging.decision(view) if discard is not None else None
        picked = [chosen["target"]] if chosen and chosen.get("target") is not None \
            else staging.cards
        put = staging.put_down(view) if current == "act" else None
        if put is not None:  # Reciclaje's card to put down stands out in the hand
            picked = [put]
        mouse = None if table.paused or table.layers.modal() else table.mouse
        hovered = self._hand_hover() if mouse is not None else None
        # a hovered card is shown large over whatever lies above the hand
        bounds = [pygame.Rect((0, 0), table.size)] if hovered is not None else \
            [layout.hand.inflate(layout.px(8), layout.px(8))]
        # the seat is in the key: in hotseat both players may hold the very same cards,
        # and each seat's hand is its own secret (never kept from the other's frame)
        return Part("hand", (table.viewer, self._shown(view)["hand"], tuple(picked),
                             repr(discard), hovered),
                    bounds, lambda s, c: draw_hand(s, c, view, picked, mouse, discard))

    def _draw_skip(self, surface: pygame.Surface, layout: TableLayout) -> None:
        label = fonts.text(tr("skip"), layout.px(12), art.TEXT_DIM)
        area = layout.actions
        surface.blit(label, label.get_rect(bottomleft=(area.left + layout.px(10),
                                                       area.bottom - layout.px(8))))

    def _status(self, layout: TableLayout) -> Status | None:
        """The connection's trouble in a red box under the top bar, or else the
        panel's gold line (the hint standing for the current question): its text,
        colors and box; None: no line."""
        table = self.table
        status = table.model.status
        if status:
            text = tr(f"net.{status}") if status in NET_STATUSES \
                else tr("net.error", detail=status)
            colors: tuple[Any, Any] = (art.DANGER, (255, 255, 255))
        else:
            text, colors = table.panel.hint_line(), (art.ACCENT, art.INK)
        if not text:
            return None
        lines, box, top = status_box(layout, text)
        return lines, colors, box, (box.left, top)

    def _draw_status(self, surface: pygame.Surface,
                     status: Status | None) -> None:
        """The status line (`_status`) over the rows it may overlap."""
        if status is None:
            return
        lines, colors, box, (_, y) = status
        layout = self.table.layout_
        assert layout is not None
        pygame.draw.rect(surface, colors[0], box, border_radius=self.table.px(8))
        size = layout.px(14)
        for i, line in enumerate(lines):
            label = fonts.text(line, size, colors[1], True)
            surface.blit(label, label.get_rect(midtop=(box.centerx,
                                                       y + i * fonts.line_step(size, 1.2))))


def status_box(layout: TableLayout, text: str) -> tuple[tuple[str, ...], pygame.Rect, int]:
    """The status line's `text` wrapped to the window (whole, never cut short),
    its box under the top bar, and the top of its first line."""
    size = layout.px(14)
    face = fonts.font(size, True)
    lines = fonts.wrap(text, size, layout.size[0] - layout.px(60), True)
    box = pygame.Rect(0, 0, max(face.size(line)[0] for line in lines),
                      fonts.line_step(size, 1.2) * (len(lines) - 1) + face.get_height())
    box.midtop = (layout.size[0] // 2, layout.top.bottom + layout.px(4))
    return lines, box.inflate(layout.px(20), layout.px(8)), box.top


HAND_DIM = (0, 0, 0, 110)
"""The extra shade over the hand under a modal layer: its bright cards would stand
out of the layer's own shade as the one thing to look at."""


def _dim(surface: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
    """`rect` of `surface` shaded by `HAND_DIM`; where."""
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill(HAND_DIM)
    return surface.blit(shade, rect)
