"""The table: renders the seat view, plays each host update as animations
before applying the next, and passes input to its controller (`table.controller`),
which stages the seat's choices against the legal decisions and sends them.
Its parts live in `havana_game.client.table`."""

from __future__ import annotations

import time
from functools import partial
from typing import Any

import pygame

from ...rules import View
from ..profile import stats
from ..session.link import Link
from ..table import edition, guide
from ..table.animations import EventAnimator
from ..table.choices import removes_a_building
from ..table.controller import DRAG_DISTANCE, TableController
from ..table.controls import ControlBuilder
from ..table.curtain import SeatLanguages, draw_curtain
from ..table.draw import (
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
from ..table.framekey import FrameKey
from ..table.hints import HintService, hint_line
from ..table.layout import TableLayout, table_layout
from ..table.logbook import LogBook
from ..table.model import TableModel
from ..table.overlays import confirm_buttons, draw_pause, pause_buttons, unreachable_button
from ..table.panel import draw_panel, text_height
from ..table.prompt import prompt
from ..table.staging import Staging, mode
from ..table.targets import HandCard, Target, by_name
from ..ui import art, fonts
from ..ui.i18n import set_language, tr, trn
from ..ui.tween import Animator
from ..ui.widgets import Button, draw_tooltip
from .base import Scene

DECISION_THINGS: dict[str, tuple[str, ...]] = {
    "choose": ("hand:",), "cover": ("faceup:", "hand:"), "act": ("faceup:",), "build": ("end:",)}
"""The table things (by name prefix) each decision step is about: Tab starts there."""
OFF_TABLE = (-1, -1)
"""Where the mouse is taken to be when it is not known (back from another screen)."""
STEP_PAUSE = 0.18
"""Seconds between two host updates shown one after the other (at speed 1)."""
RESULTS_DELAY = 2.0
OPPONENT_MOVES = ("action", "taxed", "building_built", "building_removed", "card_covered",
                  "turn_started")
"""Events that show another player's move (paced by `Settings.opponent_pace`)."""
"""Seconds the final table stays up before the results screen."""
TOP_BUTTONS = ("menu", "hint", "take_back")
"""The top bar's buttons: not a prompt's, so never guarded against early clicks."""
NET_STATUSES = ("reconnecting", "closed")
"""Connection states with their own message (`net.<state>`)."""


class TableScene(Scene):
    """A game in progress, seen by the human seat(s) at this screen."""

    def __init__(self, app: Any, link: Link) -> None:
        super().__init__(app)
        self.link = link
        self.model = TableModel(list(link.human_seats), names=list(link.names),
                                hints_used=getattr(link, "hints", 0))
        self.animator = Animator(speed=app.settings.animation_speed)
        self.events: EventAnimator | None = None
        self.controller = TableController(self)
        self.viewer: int | None = link.human_seats[0] if link.human_seats else None
        self.hotseat = len(link.human_seats) > 1
        self.curtain: int | None = self.viewer if self.hotseat else None
        """The seat the screen must be passed to, while the curtain is up (in
        hotseat from the start: the first opening choice is secret too)."""
        self._curtain_due = False
        """The next hotseat player is due once the last move has been shown."""
        self.languages = SeatLanguages(app.settings)
        """Each hotseat player's language."""
        if self.curtain is not None:
            self.languages.apply(self.curtain)
        self.layout_: TableLayout | None = None
        self.canvas: Canvas | None = None
        self.log_events: list[dict[str, Any]] = []
        """Public events so far; the log is rendered from them in the current language."""
        self.log_lines: list[str] = []
        self.logbook = LogBook(self.model.name)
        self.log_scroll = 0
        """Wrapped log lines scrolled back from the newest."""
        self.log_unread = 0
        """Log lines added while the log was scrolled back: a "new lines below"
        button shows until the player scrolls down, presses it, or plays."""
        self.pause = 0.0
        self.over_for = 0.0
        self.paused = False
        self.leaving = False
        """The pause menu asks whether to leave the table."""
        self.conceding = False
        """The pause menu asks whether to concede the game."""
        self.giving: int | None = None
        """The pause menu asks whether to hand this seat to a new player."""
        self.unreachable_since: float | None = None
        """When the host stopped answering (monotonic seconds), while it does not."""
        self.mouse = (0, 0)
        self.awaiting: tuple[int, int] | None = None
        """(seat, acks received before) of a decision sent, until the host has
        acknowledged it and the screen shows the state after it."""
        self._static: pygame.Surface | None = None
        """The table as last drawn, without flights and tooltip; redrawn when
        anything on it changes (`_static_key`)."""
        self._static_key: FrameKey | None = None
        self._screen: tuple[int, str | None] | None = None
        """(the surface, the focus) the last frame was drawn on: while they and
        the static table stay, a frame restores only `_overlays`."""
        self._overlays: list[pygame.Rect] = []
        """Where the last frame drew over the static table."""
        self._questions = 0
        """New questions (legal decisions) the seat at the screen was asked so far."""
        self._asked: int | None = None
        """The question whose controls are on the screen, shown since `_asked_at`
        (time.monotonic()): until `App.click_guard` has passed, clicks on them are
        taken for clicks meant for the prompt before and ignored."""
        self._asked_at = float("-inf")
        self._press_guarded = False
        """A left button press was ignored: so is its release."""
        self.hints = HintService()
        self.hint_text = ""
        """What the last hint suggests, shown while its question stands."""
        self.hint_question: list[dict[str, Any]] | None = None
        """The legal decisions the hint answers (it stands while they do)."""
        self._hint_staged: tuple[Any, ...] | None = None
        """What the hint staged (its line stands while the staging is that)."""

    # -- state ---------------------------------------------------------------
    @property
    def view(self) -> View | None:
        return self.model.view(self.viewer)

    @property
    def staging(self) -> Staging:
        """The seat's staged, unconfirmed choice."""
        return self.controller.staging

    def refresh(self) -> None:
        """Something the buttons show changed: lay them out again."""
        self._build_buttons()

    def play_sound(self, name: str) -> None:
        self.app.sounds.play(name)

    def explain(self, text: str) -> None:
        """Why a click did nothing, shown where errors are (until the next update)."""
        self.model.error = text
        self._build_buttons()

    def send_decision(self, seat: int, decision: dict[str, Any]) -> None:
        """Send a decision of the seat at the screen; input waits for its result."""
        self.link.send(seat, decision)
        self.awaiting = (seat, self.model.acks.get(seat, 0))
        if self.log_unread:
            self.newest_log()  # the player played: the log follows the game again

    def deciding(self) -> bool:
        """The seat at the screen must decide, and the screen shows the latest state."""
        view = self.view
        return (mode(view) not in ("wait", "over") and not self.model.has_pending
                and self.curtain is None and view is not None
                and not self._waiting_for_host(view))

    def _waiting_for_host(self, view: View) -> bool:
        """A decision was sent and its result is not on the screen yet."""
        if self.awaiting is None:
            return False
        seat, acks = self.awaiting
        if self.model.acks.get(seat, 0) <= acks:
            return True
        return view["version"] < self.model.ack_version.get(seat, 0)

    def _log_text(self, events: list[dict[str, Any]], fresh: bool = False) -> list[str]:
        """Log lines for `events`, following those before (or the whole log if `fresh`)."""
        view = self.view
        if view is not None:
            self.logbook.target = view["target_vp"]
        return self.logbook.lines(events, fresh)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.log_lines = self._log_text(self.log_events, fresh=True)
        view = self.view
        players = view["players"] if view else max(2, len(self.model.names))
        self.layout_ = table_layout(size, players, self.viewer)
        letters = self.app.settings.colorblind
        if self.events is None:
            self.events = EventAnimator(self.animator, self.layout_, letters)
        self.events.layout, self.events.letters = self.layout_, letters
        if view is not None:  # the game's edition is known: its card faces
            warm_up(self.layout_, letters)
        self._static = None
        self._build_buttons()

    def _pick_viewer(self) -> None:
        """In hotseat the screen follows the human who must decide, behind a curtain."""
        deciders = [s for s in self.model.human_seats
                    if s in self.model.views and self.model.views[s].get("legal")]
        if self.viewer is not None and self.viewer not in self.model.views:
            return  # its first view is on the way (each seat's connection sends its own)
        if not deciders or self.viewer in deciders:
            self._curtain_due = False
            return
        if self.hotseat and self.animator.speed > 0 and (self.animator.busy or self.pause > 0):
            self._curtain_due = True  # the player first sees what their move did
            return
        self._curtain_due = False
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
        for view in update.views.values():
            edition.follow(view)  # cards, deck and material words of this game
            break
        self.log_events += update.events
        self._add_log(self._log_text(update.events))
        new = self.view
        if new is not None:
            if self.layout_ is None or (old is None or old["players"] != new["players"]):
                self.relayout()
            assert self.events is not None
            for sound in dict.fromkeys(self.events.start(old, new, update.events)):
                self.app.sounds.play(sound)
            if old is None or old.get("legal") != new.get("legal") or old["you"] != new["you"]:
                self.controller.new_question()
                self._questions += 1
                self.focus = None  # a new question: Tab starts again at its decision
            self.pause = self._dwell(update.events)
        self._pick_viewer()  # once the move is on its way: a hotseat curtain waits for it
        self._build_buttons()

    def _take_seat_news(self) -> None:
        """Rebuild the log from the game's history when the host sent it (on joining
        or rejoining), and log changes at the seats."""
        if self.model.retold:
            self.model.retold = False
            self.log_events = list(self.model.events)
            self.log_lines = self._log_text(self.log_events, fresh=True)
        if self.model.notices:
            self.log_events += self.model.notices
            self._add_log(self._log_text(self.model.notices))
            self.model.notices = []
            if self.paused:
                self._build_buttons()  # the seats the host role may hand on changed

    def _add_log(self, lines: list[str]) -> None:
        self.log_lines += lines
        if self.log_scroll > 0 and lines:
            self.log_unread += len(lines)
            self._build_buttons()

    def newest_log(self) -> None:
        """Back to the newest log lines: the log follows the game again."""
        self.log_scroll = self.log_unread = 0
        self._build_buttons()

    def _dwell(self, events: list[dict[str, Any]]) -> float:
        """How long the table shows a step before the next: a moment after any
        change, and at least the opponents' pace (a setting) after a move of a
        player not at this screen, so that each bot move can be followed."""
        if not events:
            return 0.0
        theirs = any(e["kind"] in OPPONENT_MOVES and e["data"].get("seat") not in
                     self.model.human_seats for e in events)
        return max(STEP_PAUSE, self.app.settings.opponent_pace) if theirs else STEP_PAUSE

    def update(self, dt: float) -> None:
        before = self.model.error
        self.model.feed(self.link.poll())
        self._follow_connection()
        self._take_seat_news()
        self._take_hint()
        if self.model.error and self.model.error != before:
            self.awaiting = None
            self.app.sounds.play("error")
            self._build_buttons()
        self.animator.speed = self.app.settings.animation_speed
        self.animator.update(dt)
        assert self.events is not None
        self.events.update(dt)
        self.pause = max(0.0, self.pause - dt * max(self.animator.speed, 0.001))
        if self.model.late_views or (self._curtain_due and not self.animator.busy
                                     and self.pause <= 0):
            self.model.late_views = False
            self._pick_viewer()
            self._build_buttons()
        instant = self.animator.speed <= 0
        while self.model.has_pending and (instant or (not self.animator.busy
                                                      and self.pause <= 0)):
            self._apply_next()
            if not instant:
                break
        if self.deciding() and self._asked != self._questions:
            self._asked, self._asked_at = self._questions, time.monotonic()
        view = self.view
        if view and view["phase"] == "over" and not self.model.has_pending \
                and not self.animator.busy:
            self.over_for += dt
            if instant or self.over_for >= RESULTS_DELAY:
                self.show_results()

    def _follow_connection(self) -> None:
        """The host stopped answering, or is back: the notice over the table comes
        or goes (the connection retries by itself meanwhile)."""
        lost = self.model.status == "reconnecting"
        if lost != (self.unreachable_since is not None):
            self.unreachable_since = time.monotonic() if lost else None
            self._build_buttons()

    def wake_in(self) -> float | None:
        """At once while something moves or an update is due; else when the
        pause between two updates ends, when the results are due, or when an
        absent player's countdown or the unreachable host's timer shows its next
        second."""
        assert self.events is not None
        if self.animator.busy or self.events.hidden:
            return 0.0
        speed = max(self.animator.speed, 0.001)
        times = [self.pause / speed] if self.pause > 0 else []
        if self.model.has_pending and not times:
            return 0.0
        view = self.view
        if view is not None and view["phase"] == "over" and not self.model.has_pending \
                and self.over_for < RESULTS_DELAY:
            times.append(RESULTS_DELAY - self.over_for)
        now = time.monotonic()
        ticks = [seat.next_tick(now) for seat in self.model.seats]
        if self.unreachable_since is not None:
            ticks.append(1.0 - (now - self.unreachable_since) % 1.0)
        return min([*times, *(tick for tick in ticks if tick is not None)], default=None)

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
        self.controller.confirm()

    def undo(self) -> None:
        self.controller.undo()

    def skip(self) -> None:
        """Finish all animations and catch up with the host."""
        assert self.events is not None
        self.events.skip()
        while self.model.has_pending:
            self._apply_next()
        self.events.skip()

    def on_escape(self) -> None:
        if self.leaving or self.conceding or self.giving is not None:
            self.stay()
        elif not self.staging.empty:
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
        if self.curtain is not None and not self.paused:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.on_escape()  # the pause menu, over the curtain
            elif self.languages.handle(event, self.curtain):
                self.relayout()
            elif (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                    event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN,
                                                                   pygame.K_KP_ENTER,
                                                                   pygame.K_SPACE)):
                self.lift_curtain()
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1 \
                and self._too_soon(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE \
                and self.focus not in self.controls():
            self.skip()  # Space skips the animations unless it is for a focused control
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and not self.paused:
            self.ask_hint()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z \
                and event.mod & pygame.KMOD_CTRL and not self.paused:
            self.take_back()
            return
        if event.type == pygame.MOUSEWHEEL and self.layout_ \
                and self.layout_.log.collidepoint(self.mouse):
            self.log_scroll = max(0, self.log_scroll + event.y)
            if self.log_scroll == 0:
                self.newest_log()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.undo()
            return
        own_panel = self.layout_.seats.get(self.viewer) if self.layout_ and self.viewer \
            is not None else None
        if self.controller.drag_event(event, self.targets(), own_panel, self.px(DRAG_DISTANCE)):
            return
        before = len(self.buttons)
        super().handle_event(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.paused \
                and before == len(self.buttons) and not any(
                    b.rect.collidepoint(event.pos) for b in self.buttons):
            self._click_table(event.pos)

    def _too_soon(self, event: pygame.event.Event) -> bool:
        """A left click on the prompt's controls within `App.click_guard` seconds
        of their appearing (or the release of a press that was): meant for the
        prompt before, so ignored. The top bar's buttons always take clicks."""
        if event.type == pygame.MOUSEBUTTONUP and self._press_guarded:
            self._press_guarded = False
            return True
        if self.paused or not self.deciding() \
                or time.monotonic() - self._asked_at >= self.app.click_guard \
                or any(b.rect.collidepoint(event.pos) for b in self.buttons
                       if b.name in TOP_BUTTONS):
            return False
        self._press_guarded = event.type == pygame.MOUSEBUTTONDOWN
        return True

    def targets(self) -> dict[Target, pygame.Rect]:
        """The table things the last frame drew, while the seat decides."""
        return dict(self.canvas.targets) if self.canvas is not None and self.deciding() else {}

    def _click_table(self, pos: tuple[int, int]) -> None:
        """A click on a hand card, a face-up card or a row end stages that choice."""
        target = next((t for t, rect in reversed(self.targets().items())
                       if rect.collidepoint(pos)), None)
        if target is not None:
            self.controller.pick(target)

    def activate(self, name: str) -> None:
        """Space on a focused table thing stages it as a click would."""
        target = by_name(name, self.targets())
        if target is not None:
            self.controller.pick(target)
        else:
            super().activate(name)

    def click_target(self, name: str) -> None:
        """Stage the choice a click on the table thing called `name` ("hand:5") means."""
        target = by_name(name, self.targets())
        assert target is not None, f"{name} is not on the table now"
        self.controller.pick(target)

    # -- buttons ---------------------------------------------------------------
    def _build_buttons(self) -> None:
        self.buttons = []
        layout = self.layout_
        if layout is None:
            return
        px = layout.px
        self.buttons.append(Button("menu", layout.top_button(0), tr("menu"), self.on_escape))
        if self.hints_allowed():
            self.buttons.append(Button(
                "hint", layout.top_button(1), tr("hint.button"), self.ask_hint,
                tooltip=tr("hint.tooltip"), enabled=self.deciding() and not self.hints.busy))
        if self.takebacks_allowed():
            self.buttons.append(Button(
                "take_back", layout.top_button(len(self.buttons)), tr("takeback.button"),
                self.take_back, tooltip=tr("takeback.tooltip"), enabled=self._may_take_back()))
        if self.unreachable_since is not None:
            self.buttons.append(unreachable_button(self.size, self.px, self.leave_now))
            return
        if self.log_unread and not self.paused and self.curtain is None:
            log = layout.log
            self.buttons.append(Button(
                "log_newest", pygame.Rect(log.left + px(10), log.bottom - px(30), log.w - px(20),
                                          px(24)), trn("log.newer", self.log_unread),
                self.newest_log))
        if self.paused and self.leaving:
            self.buttons += confirm_buttons(self.size, self.px, self.leave_now, self.stay)
            return
        if self.paused and self.giving is not None:
            self.buttons += confirm_buttons(self.size, self.px, self.give_now, self.stay,
                                            ("give.confirm", "leave.stay"))
            return
        if self.paused and self.conceding:
            self.buttons += confirm_buttons(self.size, self.px, self.concede_now, self.stay,
                                            ("concede.confirm", "concede.stay"))
            return
        if self.paused:
            actions = {"resume": self.on_escape, "settings": self.settings, "rules": self.rules,
                       "leave": self.leave}
            if self._may_concede():
                actions["concede"] = self.concede
            self.buttons += pause_buttons(self.size, self.px, actions, self._seats_to_give(),
                                          self.give_seat,
                                          paused=getattr(self.link, "local_game", True))
            return
        view = self.view
        if self.curtain is not None or view is None:
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
        hint = guide.current_hint(self.app.settings, self._hint_topic(current))
        if hint is not None:
            self.buttons.append(Button("guide", guide.button_rect(layout, hint), tr("guide.ok"),
                                       partial(self.dismiss_hint, hint)))
        half = (bottom.w - px(8)) // 2
        self.buttons.append(Button("undo", pygame.Rect(bottom.left, bottom.top, half, bottom.h),
                                   tr("undo"), self.undo, enabled=not self.staging.empty))
        confirm_label = tr("build") if current == "build" else tr("confirm")
        self.buttons.append(Button("confirm", pygame.Rect(bottom.right - half, bottom.top, half,
                                                          bottom.h), confirm_label, self.send,
                                   enabled=self.staging.decision(view) is not None,
                                   primary=True))
        top_y = area.top + text_height(layout, self._prompt(view, current), self.model.error)
        body = pygame.Rect(area.left, top_y, area.w, bottom.top - px(6) - top_y)
        assert self.viewer is not None
        builder = ControlBuilder(self.controller, px, self.model.names,
                                 self.app.settings.colorblind)
        self.buttons += builder.build(view, current, view["seats"][self.viewer]["face_up"], body)

    def hints_allowed(self) -> bool:
        """Hints are for games against bots on this machine, and for LAN games
        whose host allows them."""
        if getattr(self.link, "leaving_note", "leave.local") != "leave.local":
            return self.model.host_hints
        return any(s.kind == "bot" for s in self.model.seats)

    def takebacks_allowed(self) -> bool:
        """Take back is for one player at this screen against AIs in a local game
        (never hotseat or LAN), while the setting is on."""
        here = self.link.human_seats
        return self.app.settings.takebacks and getattr(self.link, "local_game", False) \
            and len(here) == 1 and bool(self.model.seats) \
            and all(s.kind == "bot" for s in self.model.seats if s.seat not in here)

    def _may_take_back(self) -> bool:
        view = self.view
        return view is not None and view["phase"] != "over" \
            and not self._waiting_for_host(view) and not self.paused

    def take_back(self) -> None:
        """Ask the host to take back this player's last decision and the AIs'
        after it; the table then shows the game from before it."""
        view = self.view
        if view is None or self.viewer is None or not self.takebacks_allowed() \
                or not self._may_take_back():
            return
        self.staging.clear()
        self.hint_text, self.hint_question = "", None  # a hint was for the moves taken back
        self.link.take_back(self.viewer, view["version"])  # type: ignore[attr-defined]

    def ask_hint(self) -> None:
        """Ask the hard bot, on this seat's view, what it would do."""
        view = self.view
        if view is None or not self.deciding() or not self.hints_allowed():
            return
        self.hints.ask(view)
        self.model.hints_used += 1
        getattr(self.link, "hint_taken", lambda: None)()  # kept with a local game's save
        self.hint_text, self.hint_question = tr("hint.thinking"), view["legal"]
        self._build_buttons()

    def _take_hint(self) -> None:
        """A hint arrived: stage it on the table (if its question still stands) and
        say in one line what it gains."""
        hint = self.hints.take()
        view = self.view
        if hint is None or view is None:
            if hint is None and not self.hints.busy and self.hint_text == tr("hint.thinking"):
                self.hint_text = ""
            return
        if hint.question == view.get("legal") and self.deciding():
            self.staging.adopt(view, hint.decision)
            self.hint_text = hint_line(hint, view, self.model.name)
            self._hint_staged = FrameKey.staged_of(self.staging)
            # ending the turn has its own button: Enter presses it; else Enter confirms
            self.focus = "end_turn" if hint.decision["kind"] == "end_turn" else None
        self._build_buttons()

    def settings(self) -> None:
        """The settings screen, coming back to this table."""
        from .settings import SettingsScene
        self.paused = False
        self.mouse = OFF_TABLE  # no tooltip from before, until the mouse moves again
        seat = self.viewer
        language = None
        if self.hotseat and seat is not None:
            language = (partial(self.languages.of, seat),
                        partial(self.languages.chosen.__setitem__, seat))
        self.app.switch(SettingsScene(self.app, back_to=self, seat_language=language))

    def dismiss_hint(self, key: str) -> None:
        """The player has read a first-game hint."""
        guide.dismiss(self.app.settings, key)
        self._build_buttons()

    def rules(self) -> None:
        """The rules screen, coming back to this table."""
        from .rules import RulesScene
        self.paused = False
        self.mouse = OFF_TABLE
        self.app.switch(RulesScene(self.app, back_to=self))

    def leave(self) -> None:
        """Ask first: the pause menu turns into the leave confirmation."""
        self.leaving = True
        self._build_buttons()

    def stay(self) -> None:
        self.leaving = self.conceding = False
        self.giving = None
        self._build_buttons()

    def _may_concede(self) -> bool:
        """A local game still running may be conceded."""
        view = self.view
        return getattr(self.link, "local_game", False) and view is not None \
            and view["phase"] != "over"

    def concede(self) -> None:
        """Ask first: the pause menu turns into the concede confirmation."""
        self.conceding = True
        self._build_buttons()

    def concede_now(self) -> None:
        """End the game here: it counts as lost in the statistics and is not kept
        to resume."""
        view = self.view
        if view is not None:
            stats.add(stats.record_of(
                view, self.model.events, [self.model.name(s) for s in range(view["players"])],
                stats.levels_of(self.model.seats, view["players"]), self.model.human_seats,
                [card.name for card in edition.rules().cards], self.model.hints_used,
                takebacks=getattr(self.link, "takebacks", 0), conceded=True))
        getattr(self.link, "forget_save", lambda: None)()
        self.leave_now()

    def leave_now(self) -> None:
        """Leave the table for the menu (a table hosted here closes, saved)."""
        set_language(self.app.settings.language)
        getattr(self.link, "leave", self.link.close)()
        self.app.show_menu()

    def _seats_to_give(self) -> dict[int, str]:
        """The host role's seats to hand to a newcomer during a LAN game: bots' and
        absent players' (seat -> name)."""
        view = self.view
        if not getattr(self.link, "host_role", False) or view is None \
                or view["phase"] == "over" or getattr(self.link, "local_game", False):
            return {}  # (nobody can join a local game's host: it listens on 127.0.0.1)
        return {s.seat: s.name for s in self.model.seats
                if s.seat not in self.model.human_seats and (s.kind == "bot" or s.away)}

    def give_seat(self, seat: int) -> None:
        """Ask first: the pause menu turns into the question of handing `seat` on."""
        self.giving = seat
        self._build_buttons()

    def give_now(self) -> None:
        """Hand the seat asked about to whoever joins next (its old token stops working)."""
        if self.giving is not None:
            self.link.open_seat(self.giving)  # type: ignore[attr-defined]
        self.giving, self.paused = None, False
        self._build_buttons()

    def focus_order(self) -> list[str]:
        """Tab starts at this player's decision (the things the step is about, then
        the action panel's buttons), then goes on over the rest in reading order."""
        order = super().focus_order()
        view = self.view
        if view is None or self.layout_ is None or not self.deciding():
            return order
        things = DECISION_THINGS.get(mode(view), ())
        controls = self.controls()
        panel = self.layout_.actions
        first = [name for name in order if name.startswith(things)]
        first += [name for name in order if name not in first and panel.contains(controls[name])]
        return first + [name for name in order if name not in first]

    def controls(self) -> dict[str, pygame.Rect]:
        """Buttons plus the clickable table things drawn in the last frame, by name."""
        if self.curtain is not None and not self.paused:
            return {"curtain": pygame.Rect((0, 0), self.size)}
        return {t.name: rect for t, rect in self.targets().items()} | super().controls()

    # -- drawing ---------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.curtain is not None:
            self.canvas, self._screen = None, None
            self.languages.switch = draw_curtain(
                surface, self.model.name(self.curtain), art.SEAT_COLORS[self.curtain],
                self.scale, self.languages.of(self.curtain))
            if self.paused:
                draw_pause(surface, self.buttons, self._question(), self.px)
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
        """Flights, a dragged card and the tooltip over the static table; where."""
        drawn = self.animator.draw(surface)
        drag = self.controller.drag
        if drag is not None and self.canvas is not None:
            rect = self.canvas.targets.get(HandCard(drag[0]))
            if rect is not None:
                face = card_face(drag[0], (rect.h * 100 // 145, rect.h))
                drawn.append(surface.blit(face, face.get_rect(center=self.mouse)))
        if self.unreachable_since is not None:
            draw_pause(surface, self.buttons, self._unreachable_notice(), self.px)
            return [surface.get_rect()]
        canvas = self.canvas
        if canvas is not None and not self.paused:
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
            badges=self._badges(), hint=self._shown_hint())

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
                 1 + self.hints_allowed() + self.takebacks_allowed())
        highlight = "build" if current == "build" else ""
        if current == "act" and removes_a_building(self.staging.act_card):
            highlight = "remove"
        draw_rows(surface, canvas, view, highlight, self.staging.end, set(self.events.hidden))
        draw_market(surface, canvas, view)
        hint = guide.current_hint(self.app.settings, self._hint_topic(current))
        draw_log(surface, canvas, self.log_lines, self.log_scroll,
                 guide.log_below(self.layout_, hint) if hint else None)
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
        if self.paused:
            draw_pause(surface, self.buttons, self._question(), self.px)
        self.canvas = canvas

    def _question(self) -> tuple[str, str] | None:
        """The pause menu's question, if it asks one: leave, or concede."""
        if self.leaving:
            return tr("leave.title"), tr(getattr(self.link, "leaving_note", "leave.local"))
        if self.conceding:
            return tr("concede.title"), tr("concede.note")
        if self.giving is not None:
            name = self.model.name(self.giving)
            return tr("give.title", name=name), tr("give.note", name=name)
        return None

    def _unreachable_notice(self) -> tuple[str, str]:
        """The host does not answer: for how long, and that the seat is kept."""
        since = self.unreachable_since if self.unreachable_since is not None \
            else time.monotonic()
        seconds = int(time.monotonic() - since)
        note = "unreachable.hosted" if getattr(self.link, "hosted", None) is not None \
            else "unreachable.note"
        return tr("unreachable.title"), tr(note, time=f"{seconds // 60}:{seconds % 60:02d}")

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

    def _shown_hint(self) -> str:
        """The hint's line while its question stands (the seat's legal decisions
        it was asked on) and what it staged is still staged; never under the
        pause menu."""
        view = self.view
        if view is None or view.get("legal") != self.hint_question or not self.deciding() \
                or self.paused:
            return ""
        if self.hint_text != tr("hint.thinking") \
                and FrameKey.staged_of(self.staging) != self._hint_staged:
            return ""  # the player undid or changed the suggestion
        return self.hint_text

    def _hint_topic(self, current: str) -> str:
        """What the first-game guide explains now: the decision mode, or the card
        whose options the seat is choosing among (Reciclaje, Contrabando)."""
        card = self.staging.act_card
        if current == "act" and card is not None and edition.card_key(card) in guide.HINTS:
            return edition.card_key(card)
        return current

    def _prompt(self, view: View, current: str) -> str:
        return prompt(view, current, self.staging, self.model.name)
