"""What parts of the static table are keyed by (`drawing.py` redraws a part only
when its key changes): the staged decision and the buttons, as plain tuples."""

from __future__ import annotations

from typing import Any

from ..ui.widgets import Button
from .staging import Staging


def staged_key(staging: Staging) -> tuple[Any, ...]:
    """Everything the player has staged for the decision."""
    return (tuple(staging.cards), staging.covered, staging.act_card, staging.option,
            staging.put, staging.end, staging.pay_index)


def buttons_key(buttons: list[Button]) -> tuple[tuple[Any, ...], ...]:
    """Every button as drawn: name, state, label and place."""
    return tuple((b.name, b.hovered, b.enabled, b.selected, b.label, tuple(b.rect))
                 for b in buttons)
