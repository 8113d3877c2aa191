"""A finished game stepped through decision by decision, rebuilt from its record
(the save document) with the engine: position `i` is the state after the first
`i` decisions. Any seat's view may be shown at any position: the game is over,
so no card is secret any more."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...game import Game
from ...rules import State, View, apply, new_game, view_for
from ...saves import SaveError, game_from_document
from ..table.model import is_public
from ..ui.charts import curve_of_game
from ..ui.i18n import tr
from .link import BaseLink

if TYPE_CHECKING:
    from ..app import App
    from ..scenes.base import Scene

Event = dict[str, Any]


class Replay:
    """Positions 0 (the deal) to `length` (the end); `round_starts` are the
    positions at which each round's first decision is next."""

    def __init__(self, record: dict[str, Any], names: list[str]) -> None:
        """Raises `saves.SaveError` for a record that cannot be replayed."""
        self.game: Game = game_from_document(record)
        self.names = names[:self.game.players] + [f"{n + 1}" for n in range(len(names),
                                                                        self.game.players)]
        self.length = len(self.game.history)
        self._steps: list[list[Any]] = self.game.steps()
        """The events of each decision, in engine form, led by the `seated` events
        of who sat down before it (the record's seatings)."""
        self.round_starts: list[int] = []
        state, last_round = self._fresh(), -1
        for index, (seat, decision) in enumerate(self.game.history):
            if state.round != last_round:
                self.round_starts.append(index)
                last_round = state.round
            apply(state, seat, decision)
        self._cursor, self._state = 0, self._fresh()
        self.curve = curve_of_game(self.game)
        """Every seat's VP at each position, and what each spent (the replay's chart)."""

    def _fresh(self) -> State:
        return new_game(self.game.rules, self.game.players, self.game.seed, self.game.ages)

    def state(self, index: int) -> State:
        """The state at position `index` (replayed forward from the nearest known
        state: stepping on costs one decision)."""
        index = max(0, min(self.length, index))
        if index < self._cursor:
            self._cursor, self._state = 0, self._fresh()
        while self._cursor < index:
            seat, decision = self.game.history[self._cursor]
            apply(self._state, seat, decision)
            self._cursor += 1
        return self._state

    def view(self, index: int, seat: int) -> View:
        """`seat`'s view at `index`, with nothing to decide (a replay only watches)."""
        view = view_for(self.state(index), seat)
        view["legal"] = []
        return view

    def events(self, start: int, end: int, seat: int) -> list[Event]:
        """The public events, and `seat`'s own, of decisions `start`..`end`-1."""
        found = [{"kind": e.kind, "data": dict(e.data)} for step in self._steps[start:end]
                 for e in step if e.visible_to(seat)]
        return [e for e in found if is_public(e)]

    def round_of(self, index: int) -> int:
        return self.state(index).round


class ReplayLink(BaseLink):
    """A `Link` that shows a replay's positions to a table scene, as a host
    would show a (re)joining seat: the history, then the view; then one step at
    a time with its events."""

    def __init__(self, replay: Replay, seat: int, index: int) -> None:
        self.replay = replay
        self.human_seats = [seat]
        self.names = list(replay.names)
        self.index = index
        view = replay.view(index, seat)
        self._queue: list[dict[str, Any]] = [
            {"type": "history", "seat": seat, "version": view["version"],
             "events": replay.events(0, index, seat)},
            {"type": "view", "seat": seat, "view": view, "events": []}]

    def step(self) -> None:
        """Show the next position, with what its decision did."""
        if self.index < self.replay.length:
            seat = self.human_seats[0]
            self.index += 1
            self._queue.append({"type": "view", "seat": seat,
                                "view": self.replay.view(self.index, seat),
                                "events": self.replay.events(self.index - 1, self.index, seat)})

    def poll(self) -> list[dict[str, Any]]:
        out, self._queue = self._queue, []
        return out

    def send(self, seat: int, decision: dict[str, Any]) -> None:
        """A replay takes no decisions."""


def open_replay(app: App, record: dict[str, Any], names: list[str], seat: int,
                back_to: Scene | None) -> str:
    """Switch to the replay of a finished game, from `seat`'s chair; an error
    text if it cannot be replayed (the screen stays)."""
    try:
        replay = Replay(record, names)
    except SaveError as error:
        return tr("replay.broken", problem=str(error))
    app.show("replay", replay, 0, min(seat, replay.game.players - 1), back_to)
    return ""
