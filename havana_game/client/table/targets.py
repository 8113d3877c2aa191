"""The things on the table a player can pick, as typed values. Each has the
stable name that tests, the focus ring and `Scene.controls()` know it by
("hand:5", "faceup:7", "end:0:left")."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

Side = Literal["left", "right"]


@dataclass(frozen=True)
class HandCard:
    """A card of the seat's hand."""

    card: int

    @property
    def name(self) -> str:
        return f"hand:{self.card}"


@dataclass(frozen=True)
class FaceUpCard:
    """One of the seat's two face-up cards."""

    card: int

    @property
    def name(self) -> str:
        return f"faceup:{self.card}"


@dataclass(frozen=True)
class DiscardCard:
    """A card of the seat's discard pile, shown in the hand's place while
    Refreshment asks which one to take back."""

    card: int

    @property
    def name(self) -> str:
        return f"discard:{self.card}"


@dataclass(frozen=True)
class RowEnd:
    """A buildable end of a building row."""

    row: int
    side: Side

    @property
    def name(self) -> str:
        return f"end:{self.row}:{self.side}"


Target = HandCard | FaceUpCard | DiscardCard | RowEnd


def by_name(name: str, targets: Iterable[Target]) -> Target | None:
    """The target among `targets` called `name`, if any."""
    return next((t for t in targets if t.name == name), None)
