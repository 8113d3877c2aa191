"""The table's course of play: the seat views and events the host sends, applied
one update at a time, each shown with its animations and log lines and a pause
before the next; hotseat's curtain between players; the host's connection
followed; the results when the game ends. An object the table screen owns
(`screen.TableScreen.flow`); it is also the `controller.Table` the staged
choice is made against."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from ...rules import View
from ..ui.i18n import set_language
from . import edition
from .animations import EventAnimator
from .closed import ClosedNotice
from .curtain import Curtain
from .hand import warm_up
from .layout import table_layout
from .logbook import LogBook
from .reactions import Reactions
from .recap import Recap, Step, decider, retold_steps, since_last_decision
from .recapbox import RecapBox
from .staging import mode
from .unreachable import UnreachableNotice

if TYPE_CHECKING:
    from .screen import TableScreen

STEP_PAUSE = 0.18
"""Seconds between two host updates shown one after the other (at speed 1)."""
RESULTS_DELAY = 2.0
"""Seconds the final table stays up before the results screen."""
OPPONENT_MOVES = ("action", "taxed", "building_built", "building_removed", "card_covered",
                  "turn_started")
"""Events that show another player's move (paced by `Settings.opponent_pace`)."""


class TableFlow:
    """The course of the game shown at `table`: whose chair it shows, the log,
    the pause between updates, the decision awaiting the host's answer."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        model, link = table.model, table.link
        self.events: EventAnimator | None = None
        self.viewer: int | None = link.human_seats[0] if link.human_seats else None
        self.hotseat = len(link.human_seats) > 1
        self.curtain_due = False
        """The next hotseat player is due once the last move has been shown."""
        self.log_events: list[dict[str, Any]] = []
        """Public events so far; the log is rendered from them in the current language."""
        self.log_lines: list[str] = []
        self.logbook = LogBook(model.name)
        self.log_scroll = 0
        """Wrapped log lines scrolled back from the newest."""
        self.log_unread = 0
        """Log lines added while the log was scrolled back: a "new lines below"
        button shows until the player scrolls down, presses it, or plays."""
        self.pause = 0.0
        self.over_for = 0.0
        self.ends_in_results = True
        """The results screen follows the game's end (a replay stays on the table)."""
        self.awaiting: tuple[int, int] | None = None
        """(seat, acks received before) of a decision sent, until the host has
        acknowledged it and the screen shows the state after it."""
        self.questions = 0
        """New questions (legal decisions) the seat at the screen was asked so far."""
        self.asked: int | None = None
        """The question whose controls are on the screen, shown since `asked_at`
        (time.monotonic()): until `App.click_guard` has passed, clicks on them are
        taken for clicks meant for the prompt before and ignored."""
        self.asked_at = float("-inf")
        self.steps: list[Step] = []
        """The events of each update applied, with the seat that decided it (the recap's source)."""
        table.layers.push(Reactions(table))
        if self.hotseat and self.viewer is not None:  # the first opening choice is secret too
            table.layers.push(Curtain(table, self.viewer))

    @property
    def view(self) -> View | None:
        """The view of the seat at the screen. In hotseat its own only: each seat
        has its connection, the other seat's first view may come sooner, and it
        holds that seat's hand; none until the seat's own view is there."""
        model = self.table.model
        if self.hotseat and self.viewer not in model.views:
            return None
        return model.view(self.viewer)

    # -- what the controller asks of the table ------------------------------------
    def refresh(self) -> None:
        """Something the buttons show changed: lay them out again."""
        self.table.refresh()

    def play_sound(self, name: str) -> None:
        self.table.app.sounds.play(name)

    def explain(self, text: str) -> None:
        """Why a click did nothing, shown where errors are (until the next update)."""
        self.table.model.error = text
        self.table.refresh()

    def send_decision(self, seat: int, decision: dict[str, Any]) -> None:
        """Send a decision of the seat at the screen; input waits for its result."""
        self.table.link.send(seat, decision)
        self.awaiting = (seat, self.table.model.acks.get(seat, 0))
        if self.log_unread:
            self.newest_log()  # the player played: the log follows the game again

    def deciding(self) -> bool:
        """The seat at the screen must decide, and the screen shows the latest state."""
        view = self.view
        return (mode(view) not in ("wait", "over") and not self.table.model.has_pending
                and self.table.curtain is None and view is not None
                and not self.waiting_for_host(view))

    def waiting_for_host(self, view: View) -> bool:
        """A decision was sent and its result is not on the screen yet."""
        if self.awaiting is None:
            return False
        seat, acks = self.awaiting
        model = self.table.model
        if model.acks.get(seat, 0) <= acks:
            return True
        return view["version"] < model.ack_version.get(seat, 0)

    # -- the log ---------------------------------------------------------------------
    def log_text(self, events: list[dict[str, Any]], fresh: bool = False) -> list[str]:
        """Log lines for `events`, following those before (or the whole log if `fresh`)."""
        view = self.view
        if view is not None:
            self.logbook.target = view["target_vp"]
        return self.logbook.lines(events, fresh)

    def add_log(self, lines: list[str]) -> None:
        self.log_lines += lines
        if self.log_scroll > 0 and lines:
            self.log_unread += len(lines)
            self.table.refresh()

    def newest_log(self) -> None:
        """Back to the newest log lines: the log follows the game again."""
        self.log_scroll = self.log_unread = 0
        self.table.refresh()

    # -- the course of play --------------------------------------------------------------
    def lay_out(self, size: tuple[int, int]) -> None:
        """The table's layout for a window of `size` (and the log in the current language)."""
        table = self.table
        self.log_lines = self.log_text(self.log_events, fresh=True)
        view = self.view
        players = view["players"] if view else max(2, len(table.model.names))
        table.layout_ = table_layout(size, players, self.viewer)
        letters = table.app.settings.colorblind
        if self.events is None:
            self.events = EventAnimator(table.animator, table.layout_, letters)
        self.events.layout, self.events.letters = table.layout_, letters
        if view is not None:  # the game's edition is known: its card faces
            warm_up(table.layout_, letters)

    def pick_viewer(self) -> None:
        """In hotseat the screen follows the human who must decide, behind a curtain."""
        table, model = self.table, self.table.model
        deciders = [s for s in model.human_seats
                    if s in model.views and model.views[s].get("legal")]
        if self.viewer is not None and self.viewer not in model.views:
            return  # its first view is on the way (each seat's connection sends its own)
        if not deciders or self.viewer in deciders:
            self.curtain_due = False
            return
        animator = table.animator
        if self.hotseat and animator.speed > 0 and (animator.busy or self.pause > 0):
            self.curtain_due = True  # the player first sees what their move did
            return
        self.curtain_due = False
        previous, self.viewer = self.viewer, deciders[0]
        if self.hotseat:
            table.layers.drop(Curtain)
            table.layers.push(Curtain(table, self.viewer))
        if previous != self.viewer:
            table.relayout()

    def apply_next(self) -> None:
        """Show the next update the host sent: its log lines, its animations."""
        table = self.table
        old = self.view
        update = table.model.pop()
        if update is None:
            return
        for view in update.views.values():
            edition.follow(view)  # cards, deck and material words of this game
            break
        self.log_events += update.events
        self.steps.append(Step(decider(update.events), update.events))
        self.add_log(self.log_text(update.events))
        new = self.view
        if new is not None:
            if table.layout_ is None or (old is None or old["players"] != new["players"]):
                table.relayout()
            assert self.events is not None
            for sound in dict.fromkeys(self.events.start(old, new, update.events)):
                table.app.sounds.play(sound)
            if old is None or old.get("legal") != new.get("legal") or old["you"] != new["you"]:
                table.controller.new_question()
                self.questions += 1
                table.focus = None  # a new question: Tab starts again at its decision
            self.pause = self.dwell(update.events)
        self.pick_viewer()  # once the move is on its way: a hotseat curtain waits for it
        table.refresh()

    def take_seat_news(self) -> None:
        """Rebuild the log from the game's history when the host sent it (on joining
        or rejoining), and log changes at the seats."""
        model = self.table.model
        if model.retold:
            model.retold = False
            self.log_events = list(model.events)
            self.steps = retold_steps(self.log_events)
            self.log_lines = self.log_text(self.log_events, fresh=True)
        if model.notices:
            self.log_events += model.notices
            self.add_log(self.log_text(model.notices))
            model.notices = []
            if self.table.paused:
                self.table.refresh()  # the seats the host role may hand on changed

    def dwell(self, events: list[dict[str, Any]]) -> float:
        """How long the table shows a step before the next: a moment after any
        change, and at least the opponents' pace (a setting) after a move of a
        player not at this screen, so that each bot move can be followed."""
        if not events:
            return 0.0
        theirs = any(e["kind"] in OPPONENT_MOVES and e["data"].get("seat") not in
                     self.table.model.human_seats for e in events)
        return max(STEP_PAUSE, self.table.app.settings.opponent_pace) if theirs else STEP_PAUSE

    def update(self, dt: float) -> None:
        """What the host sent, applied one update at a time (all at once at speed 0);
        the recap of a new question; the results once the end has been shown."""
        table, model = self.table, self.table.model
        before = model.error
        model.feed(table.link.poll())
        self.follow_connection()
        self.take_seat_news()
        table.asks.take_hint()
        if model.error and model.error != before:
            self.awaiting = None
            table.app.sounds.play("error")
            table.refresh()
        animator = table.animator
        animator.speed = table.app.settings.animation_speed
        animator.update(dt)
        assert self.events is not None
        self.events.update(dt)
        self.pause = max(0.0, self.pause - dt * max(animator.speed, 0.001))
        if model.late_views or (self.curtain_due and not animator.busy and self.pause <= 0):
            model.late_views = False
            self.pick_viewer()
            table.refresh()
        instant = animator.speed <= 0
        while model.has_pending and (instant or (not animator.busy and self.pause <= 0)):
            self.apply_next()
            if not instant:
                break
        table.layers.update(dt)
        if self.deciding() and self.asked != self.questions:
            self.asked, self.asked_at = self.questions, time.monotonic()
            self.start_recap()
        view = self.view
        if view and view["phase"] == "over" and not model.has_pending and not animator.busy:
            self.over_for += dt
            if self.ends_in_results and (instant or self.over_for >= RESULTS_DELAY):
                table.show_results()

    def start_recap(self) -> None:
        """A new question for the seat at the screen: tell what the others did
        since its last decision (if the setting is on, they did anything, and no
        layer over the table keeps the recap out)."""
        table, seat = self.table, self.viewer
        table.layers.drop(RecapBox)
        if seat is None or not table.app.settings.recap or table.layers.recap_kept_out():
            return
        recap = Recap.of(since_last_decision(self.steps, seat), seat, table.model.name)
        if recap is not None:
            table.layers.push(RecapBox(table, recap))

    def follow_connection(self) -> None:
        """The host stopped answering, or is back: the notice over the table comes
        or goes (the connection retries by itself meanwhile)."""
        layers = self.table.layers
        if getattr(self.table.link, "host_closed", False):  # on purpose: said, not retried
            if layers.find(ClosedNotice) is None:
                layers.drop(UnreachableNotice)
                layers.push(ClosedNotice(self.table))
                self.table.refresh()
            return
        lost = self.table.model.status == "reconnecting"
        if lost != (layers.find(UnreachableNotice) is not None):
            layers.drop(UnreachableNotice)
            if lost:
                layers.push(UnreachableNotice(self.table, time.monotonic()))
            self.table.refresh()

    def wake_in(self) -> float | None:
        """At once while something moves or an update is due; else when the
        pause between two updates ends, when the results are due, when an
        absent player's countdown shows its next second, or when a layer over
        the table changes."""
        table, model = self.table, self.table.model
        assert self.events is not None
        if table.animator.busy or self.events.hidden:
            return 0.0
        speed = max(table.animator.speed, 0.001)
        times = [self.pause / speed] if self.pause > 0 else []
        if model.has_pending and not times:
            return 0.0
        view = self.view
        if view is not None and view["phase"] == "over" and not model.has_pending \
                and self.ends_in_results and self.over_for < RESULTS_DELAY:
            times.append(RESULTS_DELAY - self.over_for)
        now = time.monotonic()
        ticks = [seat.next_tick(now) for seat in model.seats] + [table.layers.wake_in()]
        return min([*times, *(tick for tick in ticks if tick is not None)], default=None)

    def fast_forward(self, until_round: int) -> None:
        """Apply pending updates without animations up to round `until_round`."""
        while self.table.model.has_pending and (self.view is None
                                                or self.view["round"] < until_round):
            self.apply_next()
        assert self.events is not None
        self.events.skip()

    def skip(self) -> None:
        """Finish all animations and catch up with the host."""
        assert self.events is not None
        self.events.skip()
        while self.table.model.has_pending:
            self.apply_next()
        self.events.skip()

    def close(self) -> None:
        """The table is left: the settings' language again, the host's connection closed."""
        set_language(self.table.app.settings.language)
        self.table.link.close()
