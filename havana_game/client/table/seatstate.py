"""Who is at the table, as the host's `table` messages say: each seat's player,
whether a bot plays it and why, and how long an absent player has before a
stand-in bot takes over. The table scene draws the badges and logs the changes
(as `seat_*` log events, which only the client makes).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..ui.i18n import tr, tr_name
from .logtext import clock

Event = dict[str, Any]


@dataclass(frozen=True)
class SeatState:
    seat: int
    kind: str
    """"human", "bot" or "open" (handed on during a game: a bot plays it meanwhile)."""
    name: str
    level: str | None
    """A bot seat's level, or the stand-in bot's playing an absent human or open seat."""
    connected: bool
    standin_in: float | None
    """Seconds, when the host sent this, before a stand-in bot takes over this
    absent human's seat (None: no countdown)."""
    received: float = 0.0
    """When (time.monotonic()) this was received."""

    @property
    def bot_plays(self) -> bool:
        """A bot decides for this seat now."""
        return self.level is not None

    @property
    def away(self) -> bool:
        """A human seat whose player has no connection."""
        return self.kind == "human" and not self.connected

    def badge(self, now: float) -> str | None:
        """The seat's tag at time `now`, or None for a present human: a bot and its
        level; an absent player's countdown to the stand-in bot; the stand-in playing
        for an absent player; an open seat waiting for a newcomer."""
        ai = tr_name("ai_level", level=self.level) if self.level else ""
        if self.kind == "bot":
            return ai
        if self.kind == "open":
            return tr("seat.badge.open", ai=ai)
        if not self.away:
            return None
        if self.bot_plays:
            return tr("seat.badge.standin", ai=ai)
        if self.standin_in is None:
            return tr("seat.badge.away")
        return tr("seat.badge.countdown", time=clock(self.received + self.standin_in - now))

    def next_tick(self, now: float) -> float | None:
        """Seconds from `now` until the badge's countdown shows another second
        (None: the badge shows no running countdown)."""
        if not self.away or self.bot_plays or self.standin_in is None:
            return None
        left = self.received + self.standin_in - now
        if left <= 0:
            return None
        return (left - 0.5) % 1.0 + 0.001  # `clock` rounds: the shown second turns at .5


def seat_states(message: dict[str, Any], now: float) -> list[SeatState]:
    """The seats of a `table` message received at `now` (time.monotonic())."""
    return [SeatState(s["seat"], s["kind"], s["name"], s.get("level"), s["connected"],
                      s.get("standin_in"), now) for s in message.get("seats", [])]


def changes(old: list[SeatState], new: list[SeatState], playing: bool) -> list[Event]:
    """Log events for what changed at the seats during a game: a player left
    (with the seconds before a bot plays for them), a bot took over, a player came
    back, a seat was handed on. (Who sat down, a newcomer or a bot for good, the
    host's `seated` event tells.)"""
    if not playing or len(old) != len(new):
        return []
    events: list[Event] = []
    for before, after in zip(old, new, strict=True):
        data: dict[str, Any] = {"seat": after.seat}
        if before.kind == "human" and after.kind == "open":
            events.append({"kind": "seat_opened", "data": {**data, "name": before.name}})
        elif after.kind != "human" or before.kind == "open":
            continue
        elif after.away and not before.away:
            events.append({"kind": "seat_left", "data": {**data, "seconds": after.standin_in}})
        elif after.away and after.bot_plays and not before.bot_plays:
            events.append({"kind": "seat_standin", "data": {**data, "level": after.level}})
        elif before.away and not after.away:
            events.append({"kind": "seat_back", "data": data})
    return events
