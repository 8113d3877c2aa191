"""Events: what happened, for logs and animations.

`to` is None for an event everyone may see, or the one seat that may see it.
A secret action yields a public event without the secret and a private one with it.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    kind: str
    to: int | None
    data: dict[str, Any]

    def visible_to(self, seat: int | None) -> bool:
        """True if `seat` (None: a spectator) may see this event."""
        return self.to is None or self.to == seat


def emit(events: list[Event], kind: str, to: int | None = None, **data: Any) -> None:
    # The same Event as Event(kind, to, data), without the NamedTuple's __new__ (a
    # Python function, compiled engine or not): a few events a decision made it a
    # tenth of a random game's time.
    events.append(tuple.__new__(Event, (kind, to, data)))
