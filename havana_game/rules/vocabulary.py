"""The game's vocabulary as type names, in the way python-chess names `Square`.

They are plain ints at run time (no cost in the engine's hot paths); the names
say what a number means in signatures and to mypy readers.
"""

from __future__ import annotations

from typing import TypeAlias

Seat: TypeAlias = int
"""A player's place at the table, 0 to players - 1."""
CardIndex: TypeAlias = int
"""An action card, as its index in the ruleset's card set."""
BuildingIndex: TypeAlias = int
"""A building card, as its index in the ruleset's deck."""
Material: TypeAlias = int
"""One of the five materials (`materials.RED` ... `materials.GRAY`)."""
Resource: TypeAlias = int
"""One of a player's eight counters (`materials.RED` ... `materials.VP`)."""
EndPosition: TypeAlias = int
"""A buildable row end: row * 2 + side (side 0 left, 1 right)."""
