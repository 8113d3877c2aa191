"""The table's course of play: the seat views and events the host sends, applied
one update at a time, each shown with its animations and log lines and a pause
before the next; hotseat's curtain between players; the host's connection
followed; the results when the game ends. The table screen's first class:
`input` and `screen` build on it."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, cast

import pygame

from ...rules import View
from ..scenes.base import Scene
from ..session.link import Link
from ..ui.i18n import set_language
from ..ui.tween import Animator
from . import edition
from .animations import EventAnimator
from .canvas import Canvas
from .controller import TableController
from .curtain import Curtain, SeatLanguages
from .framekey import FrameKey
from .hand import warm_up
from .layers import LayerStack
from .layout import TableLayout, table_layout
from .lessonbox import LessonBox
from .logbook import LogBook
from .model import TableModel
from .pausemenu import PauseMenu
from .recap import Recap, Step, decider, retold_steps, since_last_decision
from .recapbox import RecapBox
from .staging import Staging, mode
from .unreachable import UnreachableNotice

if TYPE_CHECKING:
    from .asks import Asks
    from .screen import TableScreen

OFF_TABLE = (-1, -1)
"""Where the mouse is taken to be when it is not known (back from another screen)."""
STEP_PAUSE = 0.18
"""Seconds between two host updates shown one after the other (at speed 1)."""
RESULTS_DELAY = 2.0
"""Seconds the final table stays up before the results screen."""
OPPONENT_MOVES = ("action", "taxed", "building_built", "building_removed", "card_covered",
                  "turn_started")
"""Events that show another player's move (paced by `Settings.opponent_pace`)."""


class TableFlow(Scene):
    """A game in progress, seen by the human seat(s) at this screen."""

    asks: Asks
    """The hints and take-backs (the table screen makes them)."""

    def __init__(self, app: Any, link: Link) -> None:
        super().__init__(app)
        self.link = link
        self.model = TableModel(list(link.human_seats), names=list(link.names),
                                hints_used=link.hints)
        self.animator = Animator(speed=app.settings.animation_speed)
        self.events: EventAnimator | None = None
        self.controller = TableController(self)
        self.viewer: int | None = link.human_seats[0] if link.human_seats else None
        self.hotseat = len(link.human_seats) > 1
        self._curtain_due = False
        """The next hotseat player is due once the last move has been shown."""
        self.languages = SeatLanguages(app.settings)
        """Each hotseat player's language."""
        self.pad_of: dict[int, int] = {}
        """In hotseat, the gamepad (SDL instance id) each player lifted their
        curtain with: only that pad plays for them, and it plays for no one else."""
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
        self.first_game_guide = True
        """The first game's guide hints show (not in the lesson, which says it all)."""
        self.layers = LayerStack()
        """What lies over the table for a while: the recap, the pause menu..."""
        if self.hotseat and self.viewer is not None:  # the first opening choice is secret too
            self.layers.push(Curtain(cast("TableScreen", self), self.viewer))
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
        self.steps: list[Step] = []
        """The events of each update applied, with the seat that decided it (the recap's source)."""

    @property
    def view(self) -> View | None:
        return self.model.view(self.viewer)

    @property
    def curtain(self) -> int | None:
        """The seat the screen must be passed to, while the hotseat curtain is up."""
        layer = self.layers.find(Curtain)
        return layer.seat if layer is not None else None

    @property
    def paused(self) -> bool:
        """The pause menu is up."""
        return self.layers.find(PauseMenu) is not None

    @property
    def recap(self) -> Recap | None:
        """What the others did since the deciding player's last decision, while shown."""
        box = self.layers.find(RecapBox)
        return box.recap if box is not None else None

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
                and not self.waiting_for_host(view))

    def waiting_for_host(self, view: View) -> bool:
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
            self.layers.drop(Curtain)
            self.layers.push(Curtain(cast("TableScreen", self), self.viewer))
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
        self.steps.append(Step(decider(update.events), update.events))
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
            self.steps = retold_steps(self.log_events)
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
        self.asks.take_hint()
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
        self.layers.update(dt)
        if self.deciding() and self._asked != self._questions:
            self._asked, self._asked_at = self._questions, time.monotonic()
            self._start_recap()
        view = self.view
        if view and view["phase"] == "over" and not self.model.has_pending \
                and not self.animator.busy:
            self.over_for += dt
            if instant or self.over_for >= RESULTS_DELAY:
                self.show_results()

    def _start_recap(self) -> None:
        """A new question for the seat at the screen: tell what the others did
        since its last decision (if the setting is on and they did anything)."""
        seat = self.viewer
        self.layers.drop(RecapBox)
        if seat is None or not self.app.settings.recap or self.layers.find(LessonBox):
            return  # (nor while the lesson's box is up: it would lie under it)
        recap = Recap.of(since_last_decision(self.steps, seat), seat, self.model.name)
        if recap is not None:
            self.layers.push(RecapBox(cast("TableScreen", self), recap))

    def _follow_connection(self) -> None:
        """The host stopped answering, or is back: the notice over the table comes
        or goes (the connection retries by itself meanwhile)."""
        lost = self.model.status == "reconnecting"
        if lost != (self.layers.find(UnreachableNotice) is not None):
            self.layers.drop(UnreachableNotice)
            if lost:
                self.layers.push(UnreachableNotice(cast("TableScreen", self), time.monotonic()))
            self._build_buttons()

    def wake_in(self) -> float | None:
        """At once while something moves or an update is due; else when the
        pause between two updates ends, when the results are due, when an
        absent player's countdown shows its next second, or when a layer over
        the table changes."""
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
        ticks = [seat.next_tick(now) for seat in self.model.seats] + [self.layers.wake_in()]
        return min([*times, *(tick for tick in ticks if tick is not None)], default=None)

    def fast_forward(self, until_round: int) -> None:
        """Apply pending updates without animations up to round `until_round`."""
        while self.model.has_pending and (self.view is None
                                          or self.view["round"] < until_round):
            self._apply_next()
        assert self.events is not None
        self.events.skip()

    def show_results(self) -> None:
        set_language(self.app.settings.language)
        self.app.show("results", self.model, self.link)

    def close(self) -> None:
        set_language(self.app.settings.language)
        self.link.close()

    def _build_buttons(self) -> None:
        """Lay out the buttons for what the table shows now (`TableInput` makes them)."""
