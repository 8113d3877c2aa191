"""Figures that show a bot sitting on its resources instead of building.

Per level, over a tournament:

- `held_at_end`: colored materials, gray, pesos and workers a seat still holds
  when the game ends (mean per seat);
- `idle_turns`: the share of turns in which the seat could pay for a building at
  some point of its building step and built none;
- `excess_pesos`: pesos held when ending a turn with a building affordable, beyond
  what the most peso-hungry end building could take (its pesos plus 5 per
  worker), mean.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from ..rules import Build, Decision, EndTurn, State, legal_decisions
from ..rules.materials import COLORED, GRAY, PESOS, SUBSTITUTION, WORKERS
from ..rules.state import ACTIONS, BUILD
from .plan import end_buildings


def usable_pesos(state: State) -> int:
    """The most pesos any end building can take: its pesos, and 5 per worker."""
    buildings = state.rules.buildings
    return max((buildings[b].cost[PESOS] + SUBSTITUTION * buildings[b].cost[WORKERS]
                for b in end_buildings(state)), default=0)


class KeptHoarding(BaseModel):
    """The raw figures of `HoardingTally.kept`, checked when a tournament resumes."""

    model_config = ConfigDict(extra="forbid", strict=True)
    held: dict[str, list[Annotated[list[int], Field(min_length=4, max_length=4)]]]
    could_build: dict[str, int]
    idle: dict[str, int]
    excess: dict[str, list[int]]


class HoardingTally:
    """Collects the figures over games; `observe` before each decision is applied."""

    def __init__(self, levels: Sequence[str]) -> None:
        self.levels = sorted(set(levels))
        self.held: dict[str, list[list[int]]] = {lv: [] for lv in self.levels}
        self.could_build: dict[str, int] = dict.fromkeys(self.levels, 0)
        self.idle: dict[str, int] = dict.fromkeys(self.levels, 0)
        self.excess: dict[str, list[int]] = {lv: [] for lv in self.levels}
        self._turns: dict[tuple[int, int], bool] = {}
        """(round, seat) -> built this turn, for turns where a building was affordable."""

    def observe(self, state: State, seat: int, level: str, decision: Decision) -> None:
        """A seat's decision, seen before it is applied; `level` plays the seat."""
        if state.phase != ACTIONS or state.step != BUILD:
            return
        if not any(isinstance(d, Build) for d in legal_decisions(state, seat)):
            return
        turn = (state.round, seat)
        self._turns[turn] = self._turns.get(turn, False) or isinstance(decision, Build)
        if isinstance(decision, EndTurn):
            self.excess[level].append(max(0, state.pesos(seat) - usable_pesos(state)))

    def end_game(self, state: State, seating: Sequence[str]) -> None:
        """The game is over: fold its turns into the level figures."""
        for (_, seat), built in self._turns.items():
            level = seating[seat]
            self.could_build[level] += 1
            self.idle[level] += not built
        self._turns.clear()
        for seat, level in enumerate(seating):
            counters = state.resources(seat)
            self.held[level].append([sum(counters[c] for c in COLORED), counters[GRAY],
                                     counters[PESOS], counters[WORKERS]])

    def kept(self) -> dict[str, Any]:
        """The raw figures between games, enough to go on adding games (`restore`)."""
        return KeptHoarding(held=self.held, could_build=self.could_build, idle=self.idle,
                            excess=self.excess).model_dump()

    def restore(self, kept: KeptHoarding) -> None:
        """Take on the figures of the same levels `kept` between games."""
        self.held, self.could_build = kept.held, kept.could_build
        self.idle, self.excess = kept.idle, kept.excess

    def report(self) -> dict[str, Any]:
        """Per level: held_at_end {colored, gray, pesos, workers}, idle_turns, excess_pesos."""
        out: dict[str, Any] = {}
        for level in self.levels:
            held = self.held[level]
            means = [round(sum(h[i] for h in held) / max(1, len(held)), 2) for i in range(4)]
            excess = self.excess[level]
            out[level] = {
                "held_at_end": dict(zip(("colored", "gray", "pesos", "workers"), means,
                                        strict=True)),
                "idle_turns": round(self.idle[level] / max(1, self.could_build[level]), 3),
                "affordable_turns": self.could_build[level],
                "excess_pesos": round(sum(excess) / max(1, len(excess)), 2),
            }
        return out
