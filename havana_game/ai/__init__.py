"""Bots. A bot sees exactly what a human at its seat sees: the seat's view
(`rules.view_for`), which includes the seat's legal decisions in JSON form.

    bot = make_bot("hard", seed=7)  # also "random", "easy", "medium", "expert"
    decision_json = bot.decide(view)

Levels: easy (builds whatever it can afford, else medium with frequent random
slips), medium (a rule-based planner, `policy`), hard (ISMCTS over states sampled
from the view, `ismcts`, thinking `HardBot(seed, budget_ms=1000, workers=N)` per
decision, root-parallel on N worker processes, one by default: `parallel`),
expert (hard at 2.5 s, guided by the medium policy in 2-player games,
searching the secret cards the others placed before it in a step as their choice,
not as cards drawn at random: `determinize`'s `reopen`, and at tables of three or
four with a tree that branches on its own decisions only, open-loop over the other
seats' picks: `ismcts.OpenLoop` "own").
Every level is deterministic for a seed and a sequence of views; for the searching
bots that holds exactly when they run on an iteration cap (`HardBot(seed,
iterations=N)`, for a given worker count), since a time budget lets the machine's
speed decide how many iterations run.

Modules: `plan` (target building, resource worth), `cards` (card-pair worth),
`policy` (easy/medium on a State), `determinize` (view -> sampled State),
`evaluate` (leaf rewards), `ismcts` (search), `parallel` (the search on worker
processes), `bots` (the view-facing bots), `hint` (the Hint button's thinking),
`tournament` (`havana tournament`; its command line: `havana_game.cli_tournament`).
"""

from __future__ import annotations

from .base import BOT_LEVELS, Bot, make_bot
from .bots import EasyBot, HardBot, MediumBot

__all__ = ["BOT_LEVELS", "Bot", "EasyBot", "HardBot", "MediumBot", "make_bot"]
