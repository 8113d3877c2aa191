"""The game log's lines, with what one event alone cannot say: that a thief
found no one to rob (docs/RULES.md "Victims": nobody eligible, nothing), and the moment a
player reaches the goal (classic: the game ends when that turn ends). A step the game
played for a player who had no other choice is told as a mark on that move's line
("Ana plays Mama (no other choice)"), not as a sentence of its own before it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...game import SEATED
from ...presentation import effect
from ..ui.i18n import tr
from .edition import card_key
from .logtext import building_vp, log_line

STEALS = ("pesos_stolen", "materials_stolen")
"""What a thief's action reports when it takes something."""


class LogLine(str):
    """A log line with the seat whose move it tells (None: no one's, as a new
    round); `turn`: it opens that seat's turn (the log groups lines by turn)."""

    seat: int | None = None
    turn: bool = False

    @classmethod
    def of(cls, text: str, event: dict[str, Any]) -> LogLine:
        line = cls(text)
        seat = event["data"].get("seat")
        line.seat = seat if isinstance(seat, int) else None
        line.turn = event["kind"] == "turn_started"
        return line


class LogBook:
    """Turns events into log lines in order, keeping each seat's VP from the
    buildings built so far, and who plays each seat: a `seated` event (the host
    records who sat down, and when) names the seat's player for the events after
    it; a seat no such event named yet goes by `name`."""

    def __init__(self, name: Callable[[int], str]) -> None:
        self.name = name
        self.seated: dict[int, str] = {}
        """Seat -> its player as the last `seated` event named them."""
        self.vp: dict[int, int] = {}
        self.target = 0
        """The game's goal in VP (0 until a view said it)."""

    def lines(self, events: Sequence[dict[str, Any]], fresh: bool = False) -> list[str]:
        """The lines for `events`, which follow the events given before (or start
        the game's log if `fresh`)."""
        if fresh:
            self.vp, self.seated = {}, {}
        out: list[str] = []
        forced: LogLine | None = None
        """A forced step's line, held to be told as a mark on the move it plays."""
        for index, event in enumerate(events):
            if event["kind"] == SEATED:
                self.seated[event["data"]["seat"]] = event["data"]["name"]
            line = log_line(event, self.player)
            if event["kind"] == "forced" and not event["data"]["end_turn"] and line:
                forced = LogLine.of(line, event)
                continue
            if line:
                if forced is not None and forced.seat == event["data"].get("seat"):
                    line = tr("log.forced_move", move=line)
                elif forced is not None:
                    out.append(forced)
                forced = None
                out.append(LogLine.of(line, event))
            data = event["data"]
            if event["kind"] == "action" and effect(card_key(data["card"])).robs \
                    and not self._robbed(events[index + 1:]):
                out.append(tr("log.no_victim", name=self.player(data["seat"])))
            elif event["kind"] == "building_built":
                before = self.vp.get(data["seat"], 0)
                self.vp[data["seat"]] = before + building_vp(data["building"])
                if self.target and before < self.target <= self.vp[data["seat"]]:
                    out.append(tr("log.goal", name=self.player(data["seat"]),
                                  vp=self.vp[data["seat"]], target=self.target))
        return out if forced is None else [*out, forced]

    def player(self, seat: int) -> str:
        """Who plays `seat` at this point of the log."""
        return self.seated.get(seat) or self.name(seat)

    @staticmethod
    def _robbed(later: Sequence[dict[str, Any]]) -> bool:
        """A steal follows before the next action or turn."""
        for event in later:
            if event["kind"] in STEALS:
                return True
            if event["kind"] in ("action", "turn_started", "round_started"):
                return False
        return False
