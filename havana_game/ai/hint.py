"""A hint for a player: the hard bot's choice on that player's own view (searched
in the worker processes, as long and on as many cores as a hard bot's move), what
that decision gains by itself and the building it brings closer. The hard bot
only ever sees a view (it samples the hidden cards from what the view allows), so
a hint knows nothing the player does not. `HintService` is the Hint button's
thinking; `HintSeat` plays it as a tournament seat (`hint`)."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..content import edition_for
from ..rules import Event, Ruleset, View, apply, from_json
from .bots import DEFAULT_BUDGET_MS, HardBot, only_decision
from .determinize import Determinizer
from .plan import NO_PLAN, plan_for

HINT_BUDGET_MS = DEFAULT_BUDGET_MS
"""Time from asking for a hint to its answer with its gains: the hard bot's budget,
on as many workers (`parallel.default_workers`), so a hint is as good as the hard bot's own move
and shows within a second of the press."""
EXPLAIN_SHARE = 0.05
"""Share of a hint's budget kept for its gains (`SAMPLES` states played, a few
milliseconds) and the frame that shows it: the search stops that much earlier."""
SAMPLES = 8
"""Hidden-card samples the gains are averaged over (a draw from the bag differs)."""


@dataclass(frozen=True)
class Hint:
    """The suggested decision (an element of the view's `legal`) and its gains."""

    question: list[dict[str, Any]]
    """The view's legal decisions: the hint answers that question only (another
    seat's simultaneous choice moves the table on, not the question)."""
    decision: dict[str, Any]
    gains: dict[str, int] = field(default_factory=dict)
    """Average change of the seat's holdings and VP ("vp") by this decision alone
    (not the forced steps after it), rounded; non-zero only, in the edition's cost
    words."""
    iterations: int = 0
    """Search iterations behind the suggestion, summed over the workers."""
    toward: str = ""
    """The building (id) the seat aims at, when the gains bring it closer, or when
    the suggestion is to end the turn and save for it; "" otherwise."""
    chance: bool = False
    """The decision's own effect is left to chance (it differed between the
    hidden-card samples: a draw from the bag): its gains are what it may give, an
    average, not a promise."""
    drawn: int = 0
    """Materials the decision draws at random from the bag (Black Market,
    Contrabando's 2 at random), on average over the samples, rounded."""


def drawn_from_bag(events: list[Event], seat: int) -> int:
    """Materials `seat` draws at random from the bag in the events of one decision
    (up to the first forced step that follows it)."""
    count = 0
    for event in events:
        if event.kind == "forced":
            break
        data = event.data
        if event.kind == "materials_taken" and data.get("seat") == seat \
                and data.get("source") == "bag" and event.to is None:
            count += sum(data["materials"].values())
    return count


def own_effect(events: list[Event], seat: int, rules: Ruleset) -> list[int]:
    """What the events of one decision change in `seat`'s holdings and VP (the
    `State.resources` order), up to the first forced step that follows it: the
    decision's effect by itself, not the rest of the turn."""
    names = rules.names
    index = {name: i for i, name in enumerate(names.costs)}
    index[names.tax_takes[-1]] = index["workers"]
    vp = {b.id: b.vp for b in rules.buildings}
    out = [0] * 8
    for event in events:
        kind, data = event.kind, event.data
        if kind == "forced":
            break
        sign = 1 if data.get("seat") == seat else -1 if data.get("victim") == seat else 0
        if not sign or event.to is not None:
            continue
        if kind in ("pesos_taken", "pesos_stolen"):
            out[index["pesos"]] += sign * data["count"]
        elif kind == "workers_taken":
            out[index["workers"]] += data["count"]
        elif kind in ("materials_taken", "materials_stolen"):
            for name, n in data["materials"].items():
                out[index[name]] += sign * n
        elif kind == "building_built":
            for i, n in enumerate(data["payment"]):
                out[i] -= n
            out[7] += vp[data["building"]]
        elif kind == "taxed" and sign < 0:
            out[index[data["take"]]] -= 1
    return out


def gains_of(view: View, decision: dict[str, Any], seed: int = 0) -> dict[str, int]:
    """What `decision` by itself changes in the deciding seat's holdings and VP,
    averaged over states consistent with the view (the forced steps that follow
    it are the rest of the turn, not this decision's gain)."""
    return _effect(view, decision, seed).gains


@dataclass(frozen=True)
class Effect:
    """What one decision does by itself (`_effect`)."""

    gains: dict[str, int]
    toward: str
    chance: bool
    drawn: int


def _effect(view: View, decision: dict[str, Any], seed: int) -> Effect:
    """`gains_of`, the building the seat aims at (`plan.plan_for`) if the gains
    include something it lacks, or if the decision ends the turn (else ""),
    whether the effect differed between the samples (left to chance), and the
    materials drawn at random from the bag."""
    rules = edition_for(view["ruleset"], view["deck"])
    determinizer = Determinizer(view, rules)
    seat = determinizer.seat
    rng = random.Random(seed)
    totals = [0.0] * 8
    plan = NO_PLAN
    seen: set[tuple[int, ...]] = set()
    drawn = 0
    for i in range(SAMPLES):
        state = determinizer.sample(rng)
        if i == 0:
            plan = plan_for(state, seat)
        events = apply(state, seat, from_json(decision, rules.names))
        effect = own_effect(events, seat, rules)
        seen.add(tuple(effect))
        if not decision.get("take"):  # Contrabando's 1 of a kind is taken, not drawn
            drawn += drawn_from_bag(events, seat)
        for j, n in enumerate(effect):
            totals[j] += n / SAMPLES
    names = (*rules.names.costs, "vp")
    gains = {name: round(total) for name, total in zip(names, totals, strict=True)
             if round(total)}
    lacking = {name for name, n in zip(rules.names.costs, plan.need, strict=True) if n}
    aims = decision["kind"] == "end_turn" or any(
        n > 0 and name in lacking for name, n in gains.items())
    toward = rules.buildings[plan.target].id if aims and plan.target >= 0 else ""
    return Effect(gains, toward, len(seen) > 1 or drawn > 0, round(drawn / SAMPLES))


def hint_for(view: View, budget_ms: float = HINT_BUDGET_MS, seed: int = 0,
             workers: int | None = None) -> Hint:
    """The hard bot's choice for the seat of `view` (which must have a decision
    to make), and its gains, within `budget_ms` (`EXPLAIN_SHARE` of it goes to the
    gains). The search runs in the worker processes (`parallel.think`), on
    `workers` of them (default: `parallel.default_workers`)."""
    bot = HardBot(seed, budget_ms=budget_ms * (1 - EXPLAIN_SHARE), workers=workers)
    return explained(view, bot.decide(view), bot.last_iterations, seed)


def explained(view: View, decision: dict[str, Any], iterations: int = 0, seed: int = 0) -> Hint:
    """The hint suggesting `decision` (one of the view's legal decisions), with
    what it gains by itself, whether that is left to chance, and what it aims at."""
    effect = _effect(view, decision, seed)
    return Hint(view["legal"], decision, effect.gains, iterations, effect.toward,
                effect.chance, effect.drawn)


def question_of(view: View) -> tuple[Any, ...]:
    """Which question a view asks (its version, seat, phase and number of legal
    decisions): a hint searched on one view answers another with the same."""
    return view.get("version"), view.get("you"), view.get("phase"), len(view.get("legal") or ())


class HintService:
    """The Hint button's thinking: at most one hint at a time, thought in a
    background thread of the caller (which only waits: the search itself runs in
    the worker processes, at a lower CPU priority than the window); `take()`
    hands over a finished one, and `on_done` is called from that thread when it
    is ready.

    `prepare(view)` searches a question before it is asked (the player's decision
    as it comes): a press on that question then takes the finished search at once
    (`ask` starts no other), or waits for the one under way. `searches` counts the
    searches started."""

    def __init__(self, think: Callable[[View], Hint] = hint_for,
                 on_done: Callable[[], None] = lambda: None) -> None:
        self._think = think
        self._on_done = on_done
        self._lock = threading.Lock()
        self._ready = threading.Event()
        self._done: Hint | None = None
        self.busy = False
        """A hint was asked for and is on its way."""
        self.searches = 0
        self._pending: tuple[Any, ...] | None = None
        """The question of the search under way (None: none is)."""
        self._wanted = False
        """The search under way was asked for (a press), not only prepared."""
        self._prepared: tuple[tuple[Any, ...], Hint] | None = None
        """The last search's question and hint."""

    def prepare(self, view: View) -> None:
        """Search `view`'s question in the background unless it is already
        searched or under way (or another search is)."""
        question = question_of(view)
        with self._lock:
            if self._pending is not None or self.busy or (
                    self._prepared is not None and self._prepared[0] == question):
                return
            self._start(view, question, wanted=False)

    def prepared(self, view: View) -> bool:
        """True if `view`'s question has been searched: a press shows it at once."""
        with self._lock:
            return self._prepared is not None and self._prepared[0] == question_of(view)

    def ask(self, view: View) -> None:
        """Start thinking about `view` (ignored while a hint is on its way); a
        prepared hint for it is handed over at once, a search of it under way is
        waited for."""
        question = question_of(view)
        with self._lock:
            if self.busy:
                return
            self.busy = True
            self._ready.clear()
            if self._prepared is not None and self._prepared[0] == question:
                self._done, self.busy = self._prepared[1], False
            elif self._pending == question:
                self._wanted = True
                return
            else:
                self._start(view, question, wanted=True)
                return
        self._ready.set()
        self._on_done()

    def _start(self, view: View, question: tuple[Any, ...], wanted: bool) -> None:
        """Under the lock: search `view` in a background thread."""
        self._pending, self._wanted = question, wanted
        self.searches += 1
        threading.Thread(target=self._run, args=(view, question), daemon=True,
                         name="havana-hint").start()

    def _run(self, view: View, question: tuple[Any, ...]) -> None:
        try:
            hint: Hint | None = self._think(view)
        except Exception:  # noqa: BLE001 - no hint beats a crashed table
            hint = None
        with self._lock:
            if self._pending != question:
                return  # a search overtaken by one asked for
            self._pending = None
            if hint is not None:
                self._prepared = (question, hint)
            wanted, self._wanted = self._wanted, False
            if wanted:
                self._done, self.busy = hint, False
        if wanted:
            self._ready.set()
            self._on_done()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the hint asked for is ready (or `timeout` seconds pass)."""
        return self._ready.wait(timeout)

    def take(self) -> Hint | None:
        with self._lock:
            hint, self._done = self._done, None
        return hint


class HintSeat:
    """A tournament seat (`hint`) that plays exactly what the Hint button would
    suggest: the button's `HintService` and `hint_for`, asked on the seat's view
    (the same budget and workers as a hard seat of the tournament)."""

    level = "hint"

    def __init__(self, seed: int, budget_ms: float = HINT_BUDGET_MS,
                 workers: int | None = None) -> None:
        del seed  # the button's hints are all seeded alike (`hint_for`)
        self.service = HintService(partial(hint_for, budget_ms=budget_ms, workers=workers))
        self.last_iterations = 0

    def decide(self, view: View) -> dict[str, Any]:
        only = only_decision(view)
        if only is not None:
            return only
        self.service.ask(view)
        self.service.wait()
        hint = self.service.take()
        if hint is None:
            raise RuntimeError("the hint failed")
        self.last_iterations = hint.iterations
        return hint.decision
