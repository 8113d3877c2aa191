"""The easy, medium and hard bots: seat-view in, one legal decision (JSON) out.

A bot never receives the game state: `decide(view)` rebuilds a full state from
the view with the hidden parts sampled (`determinize`), runs its strategy on that,
and answers with the matching element of `view["legal"]`. All randomness comes
from the bot's own generator, seeded at creation, so a bot is deterministic for a
given seed and sequence of views (the hard bot: when it runs on an iteration cap).
"""

from __future__ import annotations

import random
import time
from functools import partial
from typing import Any

from ..content import edition_for
from ..rules import Decision, Ruleset, View, to_json
from .base import BOT_LEVELS
from .determinize import Determinizer
from .ismcts import OPEN_LOOP, PRIOR_BIAS, PRIOR_MAX_PLAYERS
from .parallel import SearchSettings, default_workers, think, worker_pool
from .policy import easy_decision, medium_decision
from .scripted import SCRIPTED

DEFAULT_BUDGET_MS = 1000.0
"""The hard bot's thinking time per decision."""
EXPERT_BUDGET_MS = 2500.0
"""The expert bot's thinking time per decision (moves under 3 s)."""
OWN_TREE_PLAYERS = 3
"""From this many players the expert's tree branches on its own decisions only
(`ismcts.OpenLoop` "own", `ExpertBot.settings`): keyed by the joint pick of three or
four seats still to place, a root has a child for almost every iteration, none
searched below, and below the root three other seats' decisions come between two of
its own. With two, the joint pick of two keys some 60 children, each searched."""
MARGIN_SHARE = 0.04
"""Share of the budget kept for reading the view and answering, so a decision
(not just the search) fits in the budget: the workers stop searching that much
before the budget's end, and the decision waits for their answers until the end."""
MIN_MARGIN_MS = 8.0
"""The margin at least, in milliseconds: a worker descheduled by a busy machine
answers a few milliseconds late, and an answer not in by the budget's end is left
out of the decision."""


def only_decision(view: View) -> dict[str, Any] | None:
    """The view's one legal decision if there is no choice, else None; raises
    ValueError if the seat has nothing to decide."""
    legal = view.get("legal", [])
    if not legal:
        raise ValueError("this seat has nothing to decide")
    return legal[0] if len(legal) == 1 else None


class ViewBot:
    """Shared plumbing: view -> sampled state -> strategy -> legal JSON."""

    level = "view"

    def __init__(self, seed: int, rules: Ruleset | None = None) -> None:
        self.rng = random.Random(seed)
        self.rules = rules
        """A custom card set or deck; None: the edition each view names."""

    def decide(self, view: View) -> dict[str, Any]:
        """Return one element of `view["legal"]`."""
        only = only_decision(view)
        if only is not None:
            return only
        legal = view["legal"]
        rules = self.rules or edition_for(view["ruleset"], view["deck"])
        determinizer = Determinizer(view, rules, self.reopens(view["players"]))
        chosen = to_json(self.choose(determinizer, determinizer.seat), rules.names)
        if chosen not in legal:
            raise RuntimeError(f"{self.level} bot chose a decision not in the view: {chosen}")
        return chosen

    def choose(self, determinizer: Determinizer, seat: int) -> Decision:
        """The strategy: a decision legal in every state consistent with the view."""
        raise NotImplementedError

    def reopens(self, players: int) -> bool:
        """Whether, at a table of `players`, the strategy is searched with the secret
        choices other seats already made in this step left open (`Determinizer`'s
        `reopen`): no."""
        return False


class EasyBot(ViewBot):
    """Medium play with frequent random slips (`policy.easy_decision`)."""

    level = "easy"

    def choose(self, determinizer: Determinizer, seat: int) -> Decision:
        return easy_decision(determinizer.sample(self.rng), seat, self.rng)


class MediumBot(ViewBot):
    """The rule-based planner (`policy.medium_decision`)."""

    level = "medium"

    def choose(self, determinizer: Determinizer, seat: int) -> Decision:
        return medium_decision(determinizer.sample(self.rng), seat)


class ScriptedBot(ViewBot):
    """A scripted human-like strategy (`scripted.SCRIPTED`: denial, rush)."""

    def __init__(self, level: str, seed: int, rules: Ruleset | None = None) -> None:
        super().__init__(seed, rules)
        self.level = level
        self.strategy = SCRIPTED[level]

    def choose(self, determinizer: Determinizer, seat: int) -> Decision:
        return self.strategy(determinizer.sample(self.rng), seat)


class HardBot(ViewBot):
    """ISMCTS with the medium policy in rollouts (`ismcts.Search`), root-parallel
    on `workers` processes (`parallel.think`; default: `parallel.default_workers`,
    one unless the player asked for every core).

    `budget_ms` limits the thinking time per decision; `iterations`, if given,
    caps each worker's search instead and makes the bot exactly reproducible for
    a seed and a worker count.
    """

    level = "hard"

    def __init__(self, seed: int, rules: Ruleset | None = None,
                 budget_ms: float = DEFAULT_BUDGET_MS, iterations: int | None = None,
                 workers: int | None = None) -> None:
        super().__init__(seed, rules)
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.named_workers = workers
        """The workers it was given, or None: `workers` follows the program's default."""
        self.last_iterations = 0
        """Iterations of the last searched decision, summed over the workers."""
        self.started = 0.0
        self._view: View | None = None

    @property
    def workers(self) -> int:
        """Worker processes of its next decision: the count it was given, else
        `parallel.default_workers` as it is then (a player may change it mid-game)."""
        return self.named_workers or default_workers()

    def decide(self, view: View) -> dict[str, Any]:
        worker_pool(self.workers)  # up (started if idle-ended) before the clock runs
        self.started = time.perf_counter()
        self._view = view
        return super().decide(view)

    def choose(self, determinizer: Determinizer, seat: int) -> Decision:
        deadline = answer_by = None
        if self.iterations is None:
            answer_by = self.started + self.budget_ms / 1000.0
            margin_ms = max(MARGIN_SHARE * self.budget_ms, MIN_MARGIN_MS)
            deadline = answer_by - min(margin_ms, 0.5 * self.budget_ms) / 1000.0
        assert self._view is not None  # decide() keeps it
        thought = think(self._view, self.rules, self.rng.getrandbits(62), self.workers,
                        deadline, self.iterations, answer_by,
                        self.settings(determinizer.template.players))
        self.last_iterations = thought.iterations
        return thought.decision

    def settings(self, players: int) -> SearchSettings:
        """How it searches at a table of `players`: `SearchSettings`' defaults."""
        return SearchSettings()

    def reopens(self, players: int) -> bool:
        """As its workers' searches do (`settings`)."""
        return self.settings(players).reopen


class ExpertBot(HardBot):
    """The hard bot with a longer budget (`EXPERT_BUDGET_MS`), a search
    guided by the medium policy's opinion in 2-player games, searching the secret
    choices the other seats made before it in this step as theirs to make, and at
    larger tables with a tree that branches on its own decisions only (`settings`)."""

    level = "expert"

    def __init__(self, seed: int, rules: Ruleset | None = None,
                 budget_ms: float = EXPERT_BUDGET_MS, iterations: int | None = None,
                 workers: int | None = None) -> None:
        super().__init__(seed, rules, budget_ms, iterations, workers)

    def settings(self, players: int) -> SearchSettings:
        """All figures at equal iterations (docs/bench/ai-notes.md).

        The prior bias `ismcts.PRIOR_BIAS` in 2-player games (it won 61 of 100 there
        against the search without it), none with more players (10 of 48 four-player
        games: 25% is even); seventh session.

        Reopening, always. Against the search that draws those cards at random:
        keyed by every pick, it won 115 of 200 two-player games (57.5%); open-loop over
        the reopened seats' picks ("reopened"), 43 of 80 two-player and 21 of 62
        four-player games; the expert's 2-player search (with the prior bias) won 47
        of 76 against the hard bot's; tenth session.

        Open-loop over every other seat's pick at the root ("others"): it won 46 of
        129 four-player games against three hard searches (35.7% [27.9%, 44.2%], 25%
        is even), 22 of them on the 62 deals where "reopened" won 21; in 2-player
        games, with the prior bias, 43 of 76 against the hard search where "reopened"
        won 47 on the same deals; eleventh session.

        A tree that branches on its own decisions only ("own") from
        `OWN_TREE_PLAYERS` players: 19 of the first 29 of those 62 four-player deals
        (65.5% [47.3%, 80.1%]), 7 of 13 three-player games against two hard searches
        (33% is even), at about 1.4 times the time per iteration; thirteenth session."""
        return SearchSettings(PRIOR_BIAS if players <= PRIOR_MAX_PLAYERS else 0.0, True,
                              "own" if players >= OWN_TREE_PLAYERS else OPEN_LOOP)


BOT_LEVELS.update({"easy": EasyBot, "medium": MediumBot, "hard": HardBot,
                   "expert": ExpertBot})
BOT_LEVELS.update({level: partial(ScriptedBot, level) for level in SCRIPTED})
