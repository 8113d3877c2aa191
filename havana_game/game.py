"""A game record: how it was set up, every decision applied, and the state now.

Replaying the setup and the decisions reproduces the state bit for bit, which is
what saves and crash recovery rely on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .rules import Decision, Event, Ruleset, State, apply, new_game


@dataclass
class Game:
    rules: Ruleset
    players: int
    seed: int
    ages: tuple[int | None, ...] | None
    state: State
    history: list[tuple[int, Decision]] = field(default_factory=list)

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

    def replayed(self) -> State:
        """The state rebuilt from the setup and the recorded decisions."""
        state = new_game(self.rules, self.players, self.seed, self.ages)
        for seat, decision in self.history:
            apply(state, seat, decision)
        return state

    def story(self) -> list[Event]:
        """Every event of the game so far, in order (forced steps included), replayed
        from the setup and the recorded decisions."""
        state = new_game(self.rules, self.players, self.seed, self.ages)
        return [event for seat, decision in self.history for event in apply(state, seat, decision)]
