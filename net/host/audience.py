"""Who receives what (PROTOCOL.md "Views"): each seat only `view_for(state, seat)`
and the events visible to it; spectators the public view and public events."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from havana_game.rules import Event, State, view_for


def event_info(event: Event) -> dict[str, Any]:
    """An event as sent: {"kind", "data"}; map keys that are seat numbers (e.g.
    "numbers", "face_up", "vp") become strings, so every map has string keys."""
    data = {key: ({str(k): v for k, v in value.items()} if isinstance(value, dict) else value)
            for key, value in event.data.items()}
    return {"kind": event.kind, "data": data}


def seat_update(state: State, seat: int | None, events: Iterable[Event]) -> dict[str, Any]:
    """The fields of a `view` message for `seat` (None: a spectator)."""
    return {"view": view_for(state, seat),
            "events": [event_info(e) for e in events if e.visible_to(seat)]}
