"""Everything the static table (all but flights and the tooltip) is drawn from:
when a frame's key equals the last one, the last picture is reused."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..ui.tween import Animator
from ..ui.widgets import Button
from .staging import Staging


@dataclass(frozen=True)
class FrameKey:
    view_id: int
    """The view's identity: a new view is a new object."""
    size: tuple[int, int]
    staged: tuple[Any, ...]
    log: tuple[int, int]
    """(scroll position, number of lines)."""
    status: tuple[str | None, str, bool, bool, bool]
    """(refused decision, connection status, paused, deciding, animating)."""
    hovered_card: str | None
    buttons: tuple[tuple[Any, ...], ...]
    counters: tuple[tuple[str, Any], ...]
    flips: tuple[tuple[str, float], ...]
    hidden: tuple[Any, ...]
    """Things an animation is carrying, not drawn in place."""
    badges: tuple[str | None, ...] = ()
    """Each seat's tag (a bot, an absent player's countdown)."""
    hint: str = ""
    """The hint's line shown."""
    log_area: tuple[int, ...] | None = None
    """Where the log goes, if not its whole panel (under a guide's or lesson's box)."""

    @staticmethod
    def staged_of(staging: Staging) -> tuple[Any, ...]:
        return (tuple(staging.cards), staging.covered, staging.act_card, staging.option,
                staging.end, staging.pay_index)

    @staticmethod
    def buttons_of(buttons: list[Button]) -> tuple[tuple[Any, ...], ...]:
        return tuple((b.name, b.hovered, b.enabled, b.selected, b.label, tuple(b.rect))
                     for b in buttons)

    @staticmethod
    def animation_of(animator: Animator) -> tuple[tuple[tuple[str, Any], ...],
                                                  tuple[tuple[str, float], ...]]:
        return (tuple((k, c.value) for k, c in animator.counters.items()),
                tuple((k, round(f.progress, 2)) for k, f in animator.flips.items()))

    def seats_moving(self, before: FrameKey) -> set[int] | None:
        """The seats whose animated numbers or flipping cards alone make this key
        differ from `before` (all of them drawn inside their seat's panel), or
        None if anything else differs too."""
        if replace(self, counters=before.counters, flips=before.flips) != before:
            return None
        changed = set(dict(self.counters).items() ^ dict(before.counters).items()) | \
            set(dict(self.flips).items() ^ dict(before.flips).items())
        seats: set[int] = set()
        for name, _ in changed:
            kind, _, rest = name.partition(":")
            seat = rest.partition(":")[0]
            if kind not in ("vp", "reveal") or not seat.isdigit():
                return None
            seats.add(int(seat))
        return seats
