"""Who receives what (PROTOCOL.md "Host to client"): each seat only
`view_for(state, seat)` and the events visible to it; spectators the public view
and public events.

One change is told to everyone from one `Update`, built once per change: the
public part of the view (`view_for(state, None)`, secret-free by definition) and
every event are packed once; each seat's message splices in its own private fields
and the events it may see. A msgpack map or array is a header followed by its
packed items, so the spliced bytes are an ordinary msgpack object, equal to
packing `{"view": view_for(state, seat), "events": [...]}` (the tests check it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from havana_game.rules import Decision, Event, State, private_view, view_for

from ..framing import array_header, map_header, pack

_VIEW_PREFIX = map_header(4) + pack("type") + pack("view") + pack("n")
_VIEW_KEY, _EVENTS_KEY = pack("view"), pack("events")


def event_info(event: Event) -> dict[str, Any]:
    """An event as sent: {"kind", "data"}; map keys that are seat numbers (e.g.
    "numbers", "face_up", "vp") become strings, so every map has string keys."""
    data = {key: ({str(k): v for k, v in value.items()} if isinstance(value, dict) else value)
            for key, value in event.data.items()}
    return {"kind": event.kind, "data": data}


def private_fields(state: State, seat: int | None,
                   legal: Sequence[Decision]) -> dict[str, Any]:
    """What `view_for(state, seat)` adds to the public view: `you`, and for a seat
    the engine's `private_view` (its legal decisions passed in, already known)."""
    if seat is None:
        return {"you": None}
    return {"you": seat, **private_view(state, seat, legal)}


def _items(packed_map: bytes, size: int) -> bytes:
    """A packed map of `size` pairs without its header: just the packed pairs."""
    return packed_map[len(map_header(size)):]


class Update:
    """The `view` messages of one state (and the events that led to it) for every
    seat and spectator. `legal[seat]` must be `legal_decisions(state, seat)`."""

    def __init__(self, state: State, events: Sequence[Event],
                 legal: Sequence[Sequence[Decision]]) -> None:
        public: dict[str, Any] = dict(view_for(state, None))
        del public["you"]
        self._state = state
        self._legal = legal
        self._public_size = len(public)
        self._public = _items(pack(public), len(public))
        self._events = [(event, pack(event_info(event))) for event in events]
        self._bodies: dict[int | None, bytes] = {}

    def _body(self, seat: int | None) -> bytes:
        """The packed `view` and `events` pairs for `seat` (shared by spectators)."""
        body = self._bodies.get(seat)
        if body is None:
            private = private_fields(self._state, seat,
                                     self._legal[seat] if seat is not None else ())
            events = [packed for event, packed in self._events if event.visible_to(seat)]
            body = self._bodies[seat] = b"".join((
                _VIEW_KEY, map_header(self._public_size + len(private)), self._public,
                _items(pack(private), len(private)),
                _EVENTS_KEY, array_header(len(events)), *events))
        return body

    def message(self, n: int, seat: int | None) -> bytes:
        """The packed `view` message numbered `n` for `seat` (None: a spectator)."""
        return _VIEW_PREFIX + pack(n) + self._body(seat)
