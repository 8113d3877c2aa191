"""Games advanced by bots without a window: for `havana screenshot`, the
benchmark and tests. The seat at the screen (seat 0) is played by a bot too
until the wanted moment."""

from __future__ import annotations

from ...ai import BOT_LEVELS, make_bot
from ...editions import DEFAULT_EDITION
from ...rules import Phase
from .link import DEFAULT_NAMES, LocalLink


def best_level() -> str:
    for level in ("medium", "easy", "random"):
        if level in BOT_LEVELS:
            return level
    return next(iter(BOT_LEVELS))


def advanced_game(players: int, seed: int, until_round: int | None,
                  edition: str = DEFAULT_EDITION) -> LocalLink:
    """A local game with seat 0 at the screen, played by bots until round
    `until_round` asks seat 0 to decide (None: to the end of the game). The
    link keeps every update since the start, for the table to replay."""
    level = best_level()
    link = LocalLink(["human"] + [level] * (players - 1), list(DEFAULT_NAMES[:players]),
                     seed=seed, edition=edition)
    stand_in = make_bot(level, seed + 99)
    state = link.game.state
    while True:
        link.run_bots()
        if state.phase == Phase.OVER:
            return link
        view = link.view(0)
        if until_round is not None and view["round"] >= until_round and view["legal"]:
            return link
        link.send(0, stand_in.decide(view))
