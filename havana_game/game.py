"""A game record: how it was set up, every decision applied, who sat at each seat
when, and the state now.

Replaying the setup and the decisions reproduces the state bit for bit, which is
what saves and crash recovery rely on. The seatings change no state: they say
whose decisions the following ones are, for logs and replays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from .rules import Decision, Event, Ruleset, State, apply, new_game

SEATED = "seated"
"""The kind of the public event that says who plays a seat from then on."""


class Seating(NamedTuple):
    """A player sat down at a seat: the game's decisions from `at` on at that seat
    are theirs (until the next seating of that seat)."""

    at: int
    """How many decisions the game had applied then (the state's `version`)."""
    seat: int
    name: str
    """The player's name at the table (a bot's name for a bot)."""

    def event(self) -> Event:
        """The public `seated` event telling it: seat, name and version."""
        return Event(SEATED, None, {"seat": self.seat, "name": self.name, "version": self.at})


@dataclass
class Game:
    rules: Ruleset
    players: int
    seed: int
    ages: tuple[int | None, ...] | None
    state: State
    history: list[tuple[int, Decision]] = field(default_factory=list)
    seatings: list[Seating] = field(default_factory=list)
    """Who sat down at each seat and when, in order (empty: not recorded, as in a
    game played at one screen or a save from before format 3)."""

    @classmethod
    def new(cls, rules: Ruleset, players: int, seed: int,
            ages: Sequence[int | None] | None = None) -> Game:
        ages_tuple = tuple(ages) if ages is not None else None
        return cls(rules, players, seed, ages_tuple, new_game(rules, players, seed, ages_tuple))

    def play(self, seat: int, decision: Decision) -> list[Event]:
        """Apply a decision (raises `IllegalDecision`, changing nothing) and record it."""
        events = apply(self.state, seat, decision)
        self.history.append((seat, decision))
        return events

    def seat(self, seat: int, name: str) -> Seating:
        """Record that `name` plays `seat` from now on (a seat changes hands, or the
        game starts: every seat's first player)."""
        seating = Seating(len(self.history), seat, name)
        self.seatings.append(seating)
        return seating

    def replayed(self) -> State:
        """The state rebuilt from the setup and the recorded decisions."""
        state = new_game(self.rules, self.players, self.seed, self.ages)
        for seat, decision in self.history:
            apply(state, seat, decision)
        return state

    def story(self) -> list[Event]:
        """Every event of the game so far, in order (forced steps included), replayed
        from the setup and the recorded decisions, with a `seated` event where a
        player sat down (before the decisions that followed)."""
        return [event for step in self.steps() for event in step]

    def steps(self) -> list[list[Event]]:
        """The events of each decision in turn, replayed from the setup, and last
        the seatings made since the last decision: `len(history) + 1` lists. The
        `seated` events of the seatings made before a decision lead its step."""
        state = new_game(self.rules, self.players, self.seed, self.ages)
        steps: list[list[Event]] = [[] for _ in range(len(self.history) + 1)]
        for seating in self.seatings:
            steps[min(seating.at, len(self.history))].append(seating.event())
        for index, (seat, decision) in enumerate(self.history):
            steps[index] += apply(state, seat, decision)
        return steps
