"""A hint searched before the press: `HintService.prepare` searches the player's
question as it comes, and a press on it then shows the hint without another
search (counted, not timed); a press while that search is under way waits for it;
another question is searched anew."""

from __future__ import annotations

import threading

from havana_game.ai.hint import Hint, HintService

from .test_ai_parallel import _views


class CountingThink:
    """Stands for the hint's search: counts its calls; each waits for `go`."""

    def __init__(self) -> None:
        self.calls: list[int] = []
        self.go = threading.Event()

    def __call__(self, view):
        self.calls.append(view["version"])
        self.go.wait(30)
        return Hint(view["legal"], view["legal"][0])


def test_a_press_after_the_prepared_search_takes_it_without_searching_again():
    think, ready = CountingThink(), threading.Event()
    service = HintService(think, on_done=ready.set)
    first, second = _views(2)
    think.go.set()
    service.prepare(first)
    for _ in range(3000):  # the search's thread ends: no time threshold, only a bound
        if service.prepared(first):
            break
        threading.Event().wait(0.01)
    assert service.prepared(first) and not service.busy and not ready.is_set()
    assert service.take() is None  # prepared is not asked: nothing is staged unasked
    service.prepare(first)  # the same question is not searched twice
    service.ask(first)
    assert service.wait(0) and ready.is_set()  # at once, without another search
    hint = service.take()
    assert hint is not None and hint.decision == first["legal"][0]
    assert service.searches == 1 and think.calls == [first["version"]]
    ready.clear()
    service.ask(second)  # another question: searched anew
    assert service.wait(30) and service.searches == 2 and service.take() is not None


def test_a_press_while_the_prepared_search_runs_waits_for_it():
    think, ready = CountingThink(), threading.Event()
    service = HintService(think, on_done=ready.set)
    (view,) = _views(1)
    service.prepare(view)
    service.ask(view)
    assert service.busy and not service.wait(0)
    think.go.set()
    assert service.wait(30) and service.take() is not None
    assert service.searches == 1 and not service.busy


def test_a_press_on_a_new_question_overtakes_a_stale_search():
    think = CountingThink()
    service = HintService(think)
    old, new = _views(2)
    service.prepare(old)
    service.ask(new)  # the player moved on: their question now
    think.go.set()
    assert service.wait(30)
    hint = service.take()
    assert hint is not None and hint.question == new["legal"] and service.searches == 2
