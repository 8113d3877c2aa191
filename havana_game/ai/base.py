"""The seat interface every bot implements, and the registry of levels."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from ..rules import View


class Bot(Protocol):
    """Chooses one of the view's legal decisions. Deterministic for a given seed
    and sequence of views."""

    level: str

    def decide(self, view: View) -> dict[str, Any]:
        """Return one element of `view["legal"]` (a decision in JSON form)."""
        ...


class RandomBot:
    """Uniformly random legal decisions."""

    level = "random"

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def decide(self, view: View) -> dict[str, Any]:
        legal = view.get("legal", [])
        if not legal:
            raise ValueError("this seat has nothing to decide")
        return self._rng.choice(legal)


BotFactory = Callable[[int], Bot]

BOT_LEVELS: dict[str, BotFactory] = {"random": RandomBot}
"""Level name -> factory taking a seed. The AI modules add their levels here."""


def make_bot(level: str, seed: int = 0) -> Bot:
    try:
        factory = BOT_LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; known: {sorted(BOT_LEVELS)}") from None
    return factory(seed)
