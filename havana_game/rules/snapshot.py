"""The full state as plain data (secrets included): for saves and replay checks.

Never send a snapshot to a player: `views.view_for` is the only way state leaves
the host. The encoding of each field follows its `Form` in `state.FIELDS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .state import FIELDS, Form, State, bits

_Encode = Callable[[Any, list[str]], Any]
"""(field value, building ids by index) -> JSON data."""

_ENCODERS: dict[Form, _Encode] = {
    Form.NUMBER: lambda value, ids: value,
    Form.TEXT: lambda value, ids: value,
    Form.NUMBERS: lambda value, ids: list(value),
    Form.SEATS: lambda value, ids: list(value),
    Form.BUILDINGS: lambda value, ids: [ids[b] for b in value],
    Form.BUILDING_GROUPS: lambda value, ids: [[ids[b] for b in group] for group in value],
    Form.CARD_SETS: lambda value, ids: [bits(mask) for mask in value],
    Form.CARD_GROUPS: lambda value, ids: [list(group) for group in value],
}


def snapshot(state: State) -> dict[str, Any]:
    """Every field of the state as JSON data; two equal states give equal snapshots."""
    ids = [b.id for b in state.rules.buildings]
    return {f.name: _ENCODERS[f.form](getattr(state, f.name), ids) for f in FIELDS}
