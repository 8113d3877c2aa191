"""The table: renders the seat view, stages the seat's choices against the
legal decisions, sends them on confirm, and plays each host update as
animations before applying the next."""

from __future__ import annotations

from typing import Any

import pygame

from ...content import classic_rules
from .. import art, fonts, guide
from ..animations import EventAnimator
from ..choices import option_label, payment_icons
from ..curtain import SeatLanguages, draw_curtain
from ..i18n import set_language, tr
from ..layout import TableLayout, table_layout
from ..link import Link
from ..logtext import building_name, card_name, log_line
from ..model import TableModel
from ..staging import Staging, mode
from ..tabledraw import (
    Canvas,
    card_face,
    draw_hand,
    draw_log,
    draw_market,
    draw_rows,
    draw_seat,
    draw_top,
    warm_up,
)
from ..tween import Animator
from ..widgets import Button, draw_tooltip
from .base import Scene

STEP_PAUSE = 0.18
"""Seconds between two host updates shown one after the other (at speed 1)."""
RESULTS_DELAY = 2.0
"""Seconds the final table stays up before the results screen."""
NET_STATUSES = ("reconnecting", "closed")
"""Connection states with their own message (`net.<state>`)."""


class TableScene(Scene):
    """A game in progress, seen by the human seat(s) at this screen."""

    def __init__(self, app: Any, link: Link) -> None:
        super().__init__(app)
        self.link = link
        self.model = TableModel(list(link.human_seats), names=list(link.names))
        self.animator = Animator(speed=app.settings.animation_speed)
        self.events: EventAnimator | None = None
        self.staging = Staging()
        self.viewer: int | None = link.human_seats[0] if link.human_seats else None
        self.hotseat = len(link.human_seats) > 1
        self.curtain: int | None = None
        """The seat the screen must be passed to, while the curtain is up."""
        self.languages = SeatLanguages(app.settings)
        """Each hotseat player's language."""
        self.layout_: TableLayout | None = None
        self.canvas: Canvas | None = None
        self.log_events: list[dict[str, Any]] = []
        """Public events so far; the log is rendered from them in the current language."""
        self.log_lines: list[str] = []
        self.log_scroll = 0
        self.option_page = 0
        self.pause = 0.0
        self.over_for = 0.0
        self.paused = False
        self.mouse = (0, 0)
        self.awaiting: tuple[int, int] | None = None
        """(seat, acks received before) of a decision sent, until the host has
        acknowledged it and the screen shows the state after it."""
        self._static: pygame.Surface | None = None
        """The table as last drawn, without flights and tooltip; redrawn when
        anything on it changes (`_static_key`)."""
        self._static_key: tuple[Any, ...] = ()
        self.drag: tuple[int, tuple[int, int]] | None = None
        """A hand card being dragged, and where the drag started."""

    # -- state ---------------------------------------------------------------
    @property
    def view(self) -> dict[str, Any] | None:
        return self.model.view(self.viewer)

    def deciding(self) -> bool:
        """The seat at the screen must decide, and the screen shows the latest state."""
        view = self.view
        return (mode(view) not in ("wait", "over") and not self.model.has_pending
                and self.curtain is None and view is not None
                and not self._waiting_for_host(view))

    def _waiting_for_host(self, view: dict[str, Any]) -> bool:
        """A decision was sent and its result is not on the screen yet."""
        if self.awaiting is None:
            return False
        seat, acks = self.awaiting
        if self.model.acks.get(seat, 0) <= acks:
            return True
        return view["version"] < self.model.ack_version.get(seat, 0)

    def _log_text(self, events: list[dict[str, Any]]) -> list[str]:
        return [line for e in events if (line := log_line(e, self.model.name))]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.log_lines = self._log_text(self.log_events)
        view = self.view
        players = view["players"] if view else max(2, len(self.model.names))
        self.layout_ = table_layout(size, players, self.viewer)
        letters = self.app.settings.colorblind
        if self.events is None:
            self.events = EventAnimator(self.animator, self.layout_, letters)
        self.events.layout, self.events.letters = self.layout_, letters
        warm_up(self.layout_, letters)
        self._static = None
        self._build_buttons()

    def _pick_viewer(self) -> None:
        """In hotseat the screen follows the human who must decide, behind a curtain."""
        deciders = [s for s in self.model.human_seats if (self.model.views.get(s) or {})
                    .get("legal")]
        if not deciders or self.viewer in deciders:
            return
        previous, self.viewer = self.viewer, deciders[0]
        if self.hotseat:
            self.curtain = self.viewer
            self.languages.apply(self.viewer)
        if previous != self.viewer:
            self.relayout()

    def _apply_next(self) -> None:
        old = self.view
        update = self.model.pop()
        if update is None:
            return
        self.log_events += update.events
        self.log_lines += self._log_text(update.events)
        self._pick_viewer()
        new = self.view
        if new is None:
            return
        if self.layout_ is None or (old is None or old["players"] != new["players"]):
            self.relayout()
        assert self.events is not None
        for sound in dict.fromkeys(self.events.start(old, new, update.events)):
            self.app.sounds.play(sound)
        if old is None or old.get("legal") != new.get("legal") or old["you"] != new["you"]:
            self.staging.clear()
            self.option_page = 0
        self.pause = STEP_PAUSE if update.events else 0.0
        self._build_buttons()

    def update(self, dt: float) -> None:
        before = self.model.error
        self.model.feed(self.link.poll())
        if self.model.error and self.model.error != before:
            self.awaiting = None
            self.app.sounds.play("error")
            self._build_buttons()
        self.animator.speed = self.app.settings.animation_speed
        self.animator.update(dt)
        assert self.events is not None
        self.events.update(dt)
        self.pause = max(0.0, self.pause - dt * max(self.animator.speed, 0.001))
        if self.model.late_views:
            self.model.late_views = False
            self._pick_viewer()
            self._build_buttons()
        instant = self.animator.speed <= 0
        while self.model.has_pending and (instant or (not self.animator.busy
                                                      and self.pause <= 0)):
            self._apply_next()
            if not instant:
                break
        view = self.view
        if view and view["phase"] == "over" and not self.model.has_pending \
                and not self.animator.busy:
            self.over_for += dt
            if instant or self.over_for >= RESULTS_DELAY:
                self.show_results()

    def fast_forward(self, until_round: int) -> None:
        """Apply pending updates without animations up to round `until_round`."""
        while self.model.has_pending and (self.view is None
                                          or self.view["round"] < until_round):
            self._apply_next()
        assert self.events is not None
        self.events.skip()

    def show_results(self) -> None:
        from .results import ResultsScene
        set_language(self.app.settings.language)
        self.app.switch(ResultsScene(self.app, self.model, self.link))

    def close(self) -> None:
        set_language(self.app.settings.language)
        self.link.close()

    # -- input ---------------------------------------------------------------
    def send(self) -> None:
        """Confirm: send the staged decision."""
        view = self.view
        if view is None or not self.deciding():
            return
        decision = self.staging.decision(view)
        if decision is not None:
            self._send_now(decision)

    def _send_now(self, decision: dict[str, Any]) -> None:
        view = self.view
        if view is not None and self.deciding():
            self.link.send(self.viewer, decision)  # type: ignore[arg-type]
            self.awaiting = (self.viewer, self.model.acks.get(self.viewer, 0))  # type: ignore[assignment]
            self.staging.clear()
            self._build_buttons()

    def undo(self) -> None:
        self.staging.clear()
        self.option_page = 0
        self._build_buttons()

    def skip(self) -> None:
        """Finish all animations and catch up with the host."""
        assert self.events is not None
        self.events.skip()
        while self.model.has_pending:
            self._apply_next()
        self.events.skip()

    def on_escape(self) -> None:
        if not self.staging.empty:
            self.undo()
        else:
            self.paused = not self.paused
            self._build_buttons()

    def on_enter(self) -> None:
        if self.curtain is not None:
            self.lift_curtain()
        else:
            self.send()

    def lift_curtain(self) -> None:
        self.curtain = None
        self._build_buttons()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.curtain is not None:
            if self.languages.handle(event, self.curtain):
                self.relayout()
            elif (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                    event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN,
                                                                   pygame.K_KP_ENTER,
                                                                   pygame.K_SPACE)):
                self.lift_curtain()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE \
                and self.focus not in self.controls():
            self.skip()  # Space skips the animations unless it is for a focused control
            return
        if event.type == pygame.MOUSEWHEEL and self.layout_ \
                and self.layout_.log.collidepoint(self.mouse):
            self.log_scroll = max(0, self.log_scroll + event.y)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.undo()
            return
        if self._drag_event(event):
            return
        before = len(self.buttons)
        super().handle_event(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.paused \
                and before == len(self.buttons) and not any(
                    b.rect.collidepoint(event.pos) for b in self.buttons):
            self._click_table(event.pos)

    def _drag_event(self, event: pygame.event.Event) -> bool:
        """Drag a hand card onto your panel (or onto the face-up card to cover);
        True if the event ended a drag."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.canvas \
                and self.deciding() and mode(self.view) in ("choose", "cover"):
            hit = next((name for name, rect in self.canvas.targets.items()
                        if name.startswith("hand:") and rect.collidepoint(event.pos)), None)
            self.drag = (int(hit[5:]), event.pos) if hit else None
            return False
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1 or self.drag is None:
            return False
        card, start = self.drag
        self.drag = None
        if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) < self.px(20) \
                or self.layout_ is None or self.canvas is None or not self.deciding():
            return False
        view = self.view
        assert view is not None and self.viewer is not None
        covered = next((int(name[7:]) for name, rect in self.canvas.targets.items()
                        if name.startswith("faceup:") and rect.collidepoint(event.pos)
                        and int(name[7:]) in view["seats"][self.viewer]["face_up"]), None)
        if not self.layout_.seats[self.viewer].collidepoint(event.pos):
            return True
        if card not in self.staging.cards:
            self.staging.toggle_card(view, card)
        if covered is not None and mode(view) == "cover":
            self.staging.covered = covered
        self.app.sounds.play("card")
        self._build_buttons()
        return True

    def _click_table(self, pos: tuple[int, int]) -> None:
        """A click on a hand card, a face-up card or a row end stages that choice."""
        if self.canvas is None or not self.deciding():
            return
        view = self.view
        assert view is not None
        target = next((name for name, rect in reversed(self.canvas.targets.items())
                       if rect.collidepoint(pos)), None)
        if target is None:
            return
        self.click_target(target)

    def activate(self, name: str) -> None:
        """Space on a focused table thing stages it as a click would."""
        if self.canvas is not None and name in self.canvas.targets:
            self.click_target(name)
        else:
            super().activate(name)

    def click_target(self, target: str) -> None:
        """Stage the choice a click on table thing `target` ("hand:5", ...) means."""
        view = self.view
        assert view is not None
        kind, _, rest = target.partition(":")
        current = mode(view)
        if kind == "hand" and current in ("choose", "cover"):
            self.staging.toggle_card(view, int(rest))
        elif kind == "faceup" and int(rest) in view["seats"][self.viewer]["face_up"]:
            self._pick_face_up(int(rest))
        elif kind == "end":
            row, side = rest.split(":")
            self._pick_end(int(row), side)
        else:
            return
        self.app.sounds.play("click")
        self._build_buttons()

    def _pick_face_up(self, card: int) -> None:
        view = self.view
        assert view is not None
        current = mode(view)
        if current == "act" and any(d["card"] == card for d in view["legal"]):
            self.staging.act_card, self.staging.option, self.option_page = card, None, 0
        elif current == "cover":
            self.staging.covered = card

    def _pick_end(self, row: int, side: str) -> None:
        view = self.view
        assert view is not None
        current = mode(view)
        if current == "build":
            self.staging.end, self.staging.pay_index = (row, side), 0
            if not self.staging.payments(view):
                self.staging.end = None
        elif current == "act":
            end = row * 2 + (side == "right")
            options = self.staging.options(view)
            for i, d in enumerate(options):
                if classic_rules().cards[d["card"]].key == "conservation" \
                        and d.get("target") == end:
                    self.staging.option = i

    # -- buttons ---------------------------------------------------------------
    def _build_buttons(self) -> None:
        self.buttons = []
        layout = self.layout_
        if layout is None:
            return
        px = layout.px
        top = layout.top
        self.buttons.append(Button("menu", pygame.Rect(top.right - px(120), top.top + px(5),
                                                       px(110), top.h - px(10)),
                                   tr("menu"), self.on_escape))
        if self.paused:
            self._pause_buttons()
            return
        if self.curtain is not None:
            return
        view = self.view
        if view is None:
            return
        area = layout.actions.inflate(-px(16), -px(12))
        bottom = pygame.Rect(area.left, area.bottom - px(32), area.w, px(32))
        current = mode(view)
        if current == "over":
            self.buttons.append(Button("results", bottom, tr("results.title"),
                                       self.show_results, primary=True))
            return
        if not self.deciding():
            return
        hint = guide.current_hint(self.app.settings, current)
        if hint is not None:
            self.buttons.append(Button("guide", guide.button_rect(layout, hint), tr("guide.ok"),
                                       lambda: self.dismiss_hint(hint)))
        half = (bottom.w - px(8)) // 2
        staged = self.staging.decision(view)
        self.buttons.append(Button("undo", pygame.Rect(bottom.left, bottom.top, half, bottom.h),
                                   tr("undo"), self.undo, enabled=not self.staging.empty))
        confirm_label = tr("build") if current == "build" else tr("confirm")
        self.buttons.append(Button("confirm", pygame.Rect(bottom.right - half, bottom.top, half,
                                                          bottom.h), confirm_label, self.send,
                                   enabled=staged is not None, primary=True))
        lines = len(fonts.wrap(self._prompt(view, current), px(14), layout.actions.w - px(20),
                               True)[:3])
        top = area.top + px(4) + fonts.line_step(px(14)) * lines + px(6)
        if self.model.error:
            error = tr("rejected", reason=self.model.error)
            top += fonts.line_step(px(12), 1.25) * len(fonts.wrap(error, px(12),
                                                                 layout.actions.w - px(20),
                                                                 True)[:2])
        body = pygame.Rect(area.left, top, area.w, bottom.top - px(6) - top)
        if current == "build":
            self._build_controls(view, body)
        elif current == "act":
            self._act_controls(view, body)
        elif current == "tax":
            self._option_buttons(view, self.staging.options(view), body)
        elif current == "cover":
            self._cover_controls(view, body)

    def _pause_buttons(self) -> None:
        w, h = self.size
        box = pygame.Rect(0, 0, self.px(300), self.px(44))
        box.center = (w // 2, h // 2 - self.px(40))
        self.buttons.append(Button("resume", box.copy(), tr("resume"), self.on_escape,
                                   primary=True))
        self.buttons.append(Button("settings", box.move(0, self.px(60)), tr("menu.settings"),
                                   self.settings))
        self.buttons.append(Button("rules", box.move(0, self.px(120)), tr("menu.rules"),
                                   self.rules))
        self.buttons.append(Button("leave", box.move(0, self.px(180)), tr("leave"),
                                   self.leave))

    def settings(self) -> None:
        """The settings screen, coming back to this table."""
        from .settings import SettingsScene
        self.paused = False
        self.app.switch(SettingsScene(self.app, back_to=self))

    def dismiss_hint(self, key: str) -> None:
        """The player has read a first-game hint."""
        guide.dismiss(self.app.settings, key)
        self._build_buttons()

    def rules(self) -> None:
        """The rules screen, coming back to this table."""
        from .rules import RulesScene
        self.paused = False
        self.app.switch(RulesScene(self.app, back_to=self))

    def leave(self) -> None:
        from .menu import MenuScene
        self.close()
        self.app.switch(MenuScene(self.app))

    def _row_buttons(self, body: pygame.Rect, count: int) -> list[pygame.Rect]:
        """`count` button rectangles in two columns from the top of `body`."""
        px = self.layout_.px if self.layout_ else self.px
        h, gap = px(26), px(5)
        w = (body.w - gap) // 2
        return [pygame.Rect(body.left + (i % 2) * (w + gap), body.top + (i // 2) * (h + gap), w, h)
                for i in range(count)]

    def _act_controls(self, view: dict[str, Any], body: pygame.Rect) -> None:
        legal_cards = {d["card"] for d in view["legal"]}
        cards = view["seats"][self.viewer]["face_up"]
        for card, rect in zip(cards, self._row_buttons(body, len(cards)), strict=True):
            self.buttons.append(Button(f"act:{card}", rect, card_name(card),
                                       lambda c=card: self.click_target(f"faceup:{c}"),
                                       enabled=card in legal_cards,
                                       selected=self.staging.act_card == card))
        options = self.staging.options(view)
        if options:
            rows = (len(cards) + 1) // 2
            shift = rows * (self.layout_.px(31) if self.layout_ else 31)
            self._option_buttons(view, options, pygame.Rect(body.left, body.top + shift,
                                                            body.w, body.h - shift))

    def _option_buttons(self, view: dict[str, Any], options: list[dict[str, Any]],
                        body: pygame.Rect) -> None:
        px = self.layout_.px if self.layout_ else self.px
        room = (body.h + px(5)) // px(31) * 2
        per_page = max(1, room if len(options) <= room else room - 1)
        pages = max(1, -(-len(options) // per_page))
        self.option_page %= pages
        first = self.option_page * per_page
        shown = options[first:first + per_page]
        rects = self._row_buttons(body, per_page + 1)
        icon = px(16)
        for offset, (decision, rect) in enumerate(zip(shown, rects, strict=False)):
            index = first + offset
            text, icons = option_label(view, decision, self.model.names, icon,
                                       self.app.settings.colorblind)
            self.buttons.append(Button(f"option:{index}", rect, text,
                                       lambda i=index: self._pick_option(i), icons=icons,
                                       selected=self.staging.option == index))
        if pages > 1:
            self.buttons.append(Button("page", rects[per_page], f"{self.option_page + 1}/{pages} ▶",
                                       self._next_page))

    def _pick_option(self, index: int) -> None:
        self.staging.option = index
        self._build_buttons()

    def _next_page(self) -> None:
        self.option_page += 1
        self._build_buttons()

    def _build_controls(self, view: dict[str, Any], body: pygame.Rect) -> None:
        px = self.layout_.px if self.layout_ else self.px
        end_turn = next(d for d in view["legal"] if d["kind"] == "end_turn")
        self.buttons.append(Button("end_turn", pygame.Rect(body.left, body.bottom - px(30),
                                                           body.w, px(30)), tr("end_turn"),
                                   lambda: self._send_now(end_turn)))
        payments = self.staging.payments(view)
        if len(payments) > 1:
            self.buttons.append(Button("pay_next", pygame.Rect(body.right - px(40), body.top,
                                                               px(40), px(28)), "▶",
                                       self._next_payment))

    def _next_payment(self) -> None:
        self.staging.pay_index += 1
        self._build_buttons()

    def _cover_controls(self, view: dict[str, Any], body: pygame.Rect) -> None:
        face_up = view["seats"][self.viewer]["face_up"]
        for card, rect in zip(face_up, self._row_buttons(body, len(face_up)), strict=True):
            self.buttons.append(Button(f"cover:{card}", rect, card_name(card),
                                       lambda c=card: self.click_target(f"faceup:{c}"),
                                       selected=self.staging.covered == card))

    def controls(self) -> dict[str, pygame.Rect]:
        """Buttons plus the clickable table things drawn in the last frame."""
        out = dict(self.canvas.targets) if self.canvas and self.deciding() else {}
        if self.curtain is not None:
            return {"curtain": pygame.Rect((0, 0), self.size)}
        return out | super().controls()

    # -- drawing ---------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.curtain is not None:
            self.canvas = None
            self.languages.switch = draw_curtain(
                surface, self.model.name(self.curtain), art.SEAT_COLORS[self.curtain],
                self.scale, self.languages.of(self.curtain))
            return
        key = self._frame_key()
        if self._static is None or key != self._static_key \
                or self._static.get_size() != surface.get_size():
            if self._static is None or self._static.get_size() != surface.get_size():
                self._static = surface.copy()
            self._draw_static(self._static)
            self._static_key = key
        surface.blit(self._static, (0, 0))
        self.animator.draw(surface)
        if self.drag is not None and self.canvas is not None:
            rect = self.canvas.targets.get(f"hand:{self.drag[0]}")
            if rect is not None:
                size = (rect.h * 100 // 145, rect.h)
                surface.blit(card_face(self.drag[0], size), card_face(self.drag[0], size)
                             .get_rect(center=self.mouse))
        canvas = self.canvas
        if canvas is not None and not self.paused:
            tip = next((text for rect, text in reversed(canvas.hovers)
                        if rect.collidepoint(self.mouse)), None)
            if tip and not any(b.rect.collidepoint(self.mouse) for b in self.buttons):
                draw_tooltip(surface, tip, self.mouse, canvas.px(13))

    def _hand_hover(self) -> str | None:
        if self.canvas is None:
            return None
        return next((name for name, rect in self.canvas.targets.items()
                     if name.startswith("hand:") and rect.collidepoint(self.mouse)), None)

    def _frame_key(self) -> tuple[Any, ...]:
        """Everything the static table depends on besides the view's identity."""
        staging = self.staging
        return (id(self.view), self.size, tuple(staging.cards), staging.covered,
                staging.act_card, staging.option, staging.end, staging.pay_index,
                self.log_scroll, len(self.log_lines), self.model.error, self.model.status,
                self.paused, self.deciding(), self.animator.busy, self._hand_hover(),
                tuple((b.name, b.hovered, b.enabled, b.selected, b.label) for b in self.buttons),
                tuple((k, c.value) for k, c in self.animator.counters.items()),
                tuple((k, round(f.progress, 2)) for k, f in self.animator.flips.items()),
                tuple(self.events.hidden) if self.events else ())

    def _draw_static(self, surface: pygame.Surface) -> None:
        """The table without flights and tooltip; records the frame's `Canvas`."""
        surface.blit(art.table_background(surface.get_size()), (0, 0))
        view = self.view
        if view is None or self.layout_ is None or self.events is None:
            self.note(surface, tr("prompt.wait_all"), 340)
            return
        canvas = Canvas(self.layout_, self.animator, self.app.settings.colorblind)
        names = [self.model.name(s) for s in range(view["players"])]
        current = mode(view) if self.deciding() else "wait"
        draw_top(surface, canvas, view, names)
        if self.model.status:
            text = tr(f"net.{self.model.status}") if self.model.status in NET_STATUSES \
                else tr("net.error", detail=self.model.status)
            label = fonts.text(text, self.layout_.px(14), (255, 255, 255), True)
            box = label.get_rect(midtop=(self.size[0] // 2, self.layout_.top.bottom + self.px(4)))
            pygame.draw.rect(surface, art.DANGER, box.inflate(self.px(20), self.px(8)),
                             border_radius=self.px(8))
            surface.blit(label, box)
        highlight = "build" if current == "build" else ""
        if current == "act" and self.staging.act_card is not None and \
                classic_rules().cards[self.staging.act_card].key == "conservation":
            highlight = "remove"
        draw_rows(surface, canvas, view, highlight, self.staging.end, set(self.events.hidden))
        draw_market(surface, canvas, view)
        hint = guide.current_hint(self.app.settings, current)
        draw_log(surface, canvas, self.log_lines, self.log_scroll,
                 guide.log_below(self.layout_, hint) if hint else None)
        for seat in range(view["players"]):
            if seat in self.layout_.seats:
                draw_seat(surface, canvas, view, seat, names[seat], seat == self.viewer,
                          show_face_down=not self.hotseat)
        if self.viewer is not None and (not self.hotseat or current != "wait"):
            draw_hand(surface, canvas, view, self.staging.cards, self.mouse)
        elif self.viewer is not None:
            surface.blit(art.panel(self.layout_.hand.size), self.layout_.hand)
        self._draw_actions(surface, canvas, view, current)
        if hint is not None:
            guide.draw_hint(surface, self.layout_, hint)
        for button in self.buttons:
            button.draw(surface)
        if self.animator.busy and not self.deciding():
            hint = fonts.text(tr("skip"), self.layout_.px(12), art.TEXT_DIM)
            area = self.layout_.actions
            surface.blit(hint, hint.get_rect(bottomleft=(area.left + self.layout_.px(10),
                                                         area.bottom - self.layout_.px(8))))
        if self.paused:
            self._draw_pause(surface)
        self.canvas = canvas

    def _prompt(self, view: dict[str, Any], current: str) -> str:
        if current == "wait":
            if view["phase"] == "over":
                return tr("prompt.over")
            if view["phase"] == "setup":
                return tr("prompt.wait_all")
            active = view["active"]
            return tr("prompt.wait", name=self.model.name(active)) if active is not None \
                else tr("prompt.wait_all")
        if current == "act" and self.staging.act_card is not None \
                and self.staging.options(view):
            return tr("prompt.act_option", card=card_name(self.staging.act_card))
        if current == "tax":
            return tr("prompt.tax", name=self.model.name(view["tax_queue"][0])) \
                if view["tax_queue"] else tr("prompt.tax", name="")
        if current == "build" and self.staging.end is not None:
            row, side = self.staging.end
            ident = view["rows"][row][-1 if side == "right" else 0]
            count = len(self.staging.payments(view))
            return tr("prompt.pay", building=building_name(ident),
                      i=self.staging.pay_index % max(1, count) + 1, n=count)
        return tr("prompt." + current)

    def _draw_actions(self, surface: pygame.Surface, canvas: Canvas, view: dict[str, Any],
                      current: str) -> None:
        layout = self.layout_
        assert layout is not None
        area = layout.actions
        surface.blit(art.panel(area.size, current not in ("wait", "over")), area)
        size = layout.px(14)
        y = area.top + layout.px(8)
        for line in fonts.wrap(self._prompt(view, current), size, area.w - layout.px(20),
                               True)[:3]:
            surface.blit(fonts.text(line, size, art.TEXT_LIGHT, True), (area.left + layout.px(10),
                                                                         y))
            y += fonts.line_step(size)
        if self.model.error:
            text = tr("rejected", reason=self.model.error)
            for line in fonts.wrap(text, layout.px(12), area.w - layout.px(20), True)[:2]:
                surface.blit(fonts.text(line, layout.px(12), art.DANGER, True),
                             (area.left + layout.px(10), y))
                y += fonts.line_step(layout.px(12), 1.25)
        if current == "build":
            payments = self.staging.payments(view)
            if payments:
                self._draw_payment(surface, payments[self.staging.pay_index % len(payments)],
                                   area)

    def _draw_payment(self, surface: pygame.Surface, decision: dict[str, Any],
                      area: pygame.Rect) -> None:
        layout = self.layout_
        assert layout is not None
        icon = layout.px(22)
        x, y = area.left + layout.px(10), area.top + layout.px(70)
        for image, amount in payment_icons(decision, icon, self.app.settings.colorblind):
            surface.blit(image, (x, y))
            label = fonts.text(f"×{amount}", layout.px(14), art.TEXT_LIGHT, True)
            surface.blit(label, (x + icon + layout.px(2), y + (icon - label.get_height()) // 2))
            x += icon + label.get_width() + layout.px(10)

    def _draw_pause(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        for button in self.buttons:
            if button.name in ("resume", "settings", "rules", "leave"):
                button.draw(surface)
