"""Every view of the web seat page, reached for real: a host, a table whose seat 0
is a phone (headless Chromium) and whose other seats are played from here, on the
host's own loop, as the host plays any decision (`Table.decide`, then every seat's
view). The phone is shown each kind of question there is (each decision kind of
the edition, and what each card asks once it is picked: a victim, materials, a
discarded card, an end building, Reciclaje's two steps, a payment) and `look` is
called there; then the seat's decision is made from here too, a card that opens a
new kind of question preferred. Used by tests/test_web_a11y.py (axe-core on every
view) and tools/phone_screenshots.py."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from havana_game.content import find_edition
from havana_game.presentation import effect
from havana_game.rules import Act, Build, Choose, Decision
from havana_game.rules.decisions import kind_of
from net.host.table import Digest, Table

from . import browser
from .browser import wait_for
from .positions import give
from .test_web_page import BackgroundHost

KINDS = {
    "classic": ("choose", "act", "act:victim", "act:take", "act:take_back", "act:remove_end", "tax",
                "build", "build:pay", "cover"),
    "edition2024": ("choose", "act", "act:victim", "act:take", "act:remove_end", "act:recycle_put",
                    "act:recycle_take", "build", "build:pay", "cover"),
}
"""The questions the phone is shown, per edition ("act:x": what a picked card asks)."""
PAGE_VIEWS = ("join", "lobby", "wait", "details", "over")
"""The other views: the join form, the lobby, waiting, a card's explanation, the end."""
Look = Callable[[str], None]




def act_kind(rules: Any, card: int, options: list[Act]) -> str | None:
    """What a face-up card asks once picked (None: nothing more to choose)."""
    choice = effect(rules.cards[card].key).choice
    if choice == "recycle":
        return "act:recycle_put"
    if len(options) < 2:
        return None
    if choice in ("take_back", "remove_end"):
        return f"act:{choice}"
    return "act:victim" if any(o.target != -1 for o in options) else "act:take"


def questions(rules: Any, legal: list[Decision]) -> dict[str, Any]:
    """The kinds of question `legal` holds for the phone, each with what to pick
    on the page to show it (a face-up card, a row end)."""
    found: dict[str, Any] = {}
    if not legal:
        return found
    kind = kind_of(legal[0])
    found["build" if kind == "end_turn" else kind] = None
    if kind == "act":
        for card in sorted({d.card for d in legal if isinstance(d, Act)}):
            sub = act_kind(rules, card, [d for d in legal if isinstance(d, Act) and d.card == card])
            if sub is not None:
                found.setdefault(sub, card)
    ends: dict[int, int] = {}
    for d in legal:
        if isinstance(d, Build):
            ends[d.end] = ends.get(d.end, 0) + 1
    if any(n > 1 for n in ends.values()):
        found["build:pay"] = next(end for end, n in ends.items() if n > 1)
    return found


class Director:
    """A table of `players` seats of `edition`: seat 0 the phone's, the others
    played from here."""

    def __init__(self, host: BackgroundHost, phone: browser.Browser, edition: str,
                 players: int = 3, seed: int = 1) -> None:
        self.host = host
        self.phone = phone
        self.rules = find_edition(edition)
        self.kinds = KINDS[edition]
        self.random = random.Random(seed)
        self.table: Table = host.call(lambda: host.host.create_table(
            players, [None] * players, rules=self.rules))
        self.url = f"http://127.0.0.1:{host.port}/#code={self.table.code}"

    def page(self, script: str, *args: Any) -> Any:
        return self.phone.js(script, *args)

    def sit(self, name: str = "Ana") -> None:
        self.phone.driver.get("about:blank")
        self.phone.driver.get(self.url)
        wait_for(lambda: self.page("return !document.getElementById('join').hidden"), "the form")
        self.page("document.getElementById('name').value = arguments[0];"
                  "document.getElementById('join-button').click()", name)
        wait_for(lambda: self.page("return !!document.getElementById('lobby')"), "the lobby")

    def seat_others(self) -> None:
        names = iter(("Bea", "Caio", "Dina"))

        def join() -> None:
            for seat in self.table.seats[1:]:
                self.table.join(next(names), seat.index)
            self.table.commit()
            self.host.host._broadcast_status(self.table)
        self.host.call(join)

    def start(self) -> None:
        """Deal; the phone's seat holds plenty, so that its builds offer payments."""
        def start() -> None:
            self.table.start(check_host=False)
            assert self.table.game is not None
            give(self.table.game.state, 0, red=3, yellow=3, brown=3, blue=3, gray=6, pesos=12,
                 workers=3)
            self.table.refresh_prompts()
            self.table.commit()
            self.host.host._broadcast(self.table, self.table.seat_news(), started=True)
        self.host.call(start)

    def shown(self, mode: str) -> None:
        """Wait for the phone to show the table's current version in `mode`."""
        version = str(self.host.call(lambda: self.table.version))
        wait_for(lambda: self.page("const d = document.body.dataset; return [d.version, d.mode]")
                 == [version, mode], f"{mode} at version {version}")

    def decide(self, seat: int, pick: Callable[[list[Decision]], Decision]) -> bool:
        """One decision of `seat` from its legal ones; False if it has none."""
        def play() -> bool:
            legal = list(self.table.seats[seat].legal)
            if not legal or self.table.game is None or self.table.status == "over":
                return False
            decision = pick(legal)
            events = self.table.decide(seat, decision, self.table.version)
            self.table.commit_decision(None, Digest(decision, self.rules.names))
            self.host.host._broadcast(self.table, events)
            return True
        return bool(self.host.call(play))

    def prefer(self, wanted: set[str]) -> Callable[[list[Decision]], Decision]:
        """The phone's pick: an opening pair with cards asking wanted questions (and
        a low number, to play early: thieves rob later players); a build while one is
        still to be seen, else never (the game lasts), else at random."""
        def pick(legal: list[Decision]) -> Decision:
            if isinstance(legal[0], Choose):
                def score(d: Choose) -> tuple[int, float]:
                    """Its cards asking wanted questions; then, for a thief or the Tax
                    Collector (they take from later players), a low number; else chance."""
                    asks = [self._asks(card) for card in d.cards]
                    if {"act:victim", "tax"} & set(asks):
                        then = -float(sum(self.rules.cards[card].number for card in d.cards))
                    else:
                        then = self.random.random() * -20
                    return sum(a in wanted for a in asks), then
                return max((d for d in legal if isinstance(d, Choose)), key=score)
            builds = [d for d in legal if isinstance(d, Build)]
            if builds and {"build", "build:pay"} & wanted:
                return self.random.choice(builds)
            return self.random.choice([d for d in legal if not isinstance(d, Build)])
        return pick

    def _asks(self, card: int) -> str:
        """The question a card may ask once played (by its effect's look)."""
        key = self.rules.cards[card].key
        look = effect(key)
        if key == "tax_collector":
            return "tax"
        return {"recycle": "act:recycle_put", "take_back": "act:take_back",
                "remove_end": "act:remove_end"}.get(
                    look.choice, "act:victim" if look.robs else "act:take")

    def stage(self, kind: str, what: Any) -> None:
        """Pick on the page what shows `kind`'s question."""
        if kind.startswith("act:"):
            self.page(f"document.querySelector('#face-up [data-card=\"{what}\"]').click()")
        elif kind == "build:pay":
            self.page("const all = document.querySelectorAll(arguments[0]);"
                      "all[arguments[1] ? all.length - 1 : 0].click()",
                      f'#rows .row[data-row="{what >> 1}"] .bld', what & 1)

    def play(self, look: Look, seen: set[str] | None = None, steps: int = 2000) -> set[str]:
        """Play the game to its end from here, calling `look(kind)` once per kind of
        question the phone is first shown (and "wait", "details" and "over") that
        is not in `seen`; the kinds seen."""
        seen = set() if seen is None else seen
        for _ in range(steps):
            over = self.host.call(lambda: self.table.status == "over")
            if over:
                break
            legal = self.host.call(lambda: list(self.table.seats[0].legal))
            if legal:
                self._look_at(questions(self.rules, legal), seen, look)
            elif "wait" not in seen:
                self.shown("wait")
                self._details(seen, look)
                look("wait")
                seen.add("wait")
            moved = any(self.decide(seat, lambda legal: self.random.choice(legal))
                        for seat in range(1, len(self.table.seats)))
            if not moved:
                self.decide(0, self.prefer(set(self.kinds) - seen))
        if "over" not in seen:
            self.shown("over")
            look("over")
            seen.add("over")
        return seen

    def _look_at(self, found: dict[str, Any], seen: set[str], look: Look) -> None:
        for kind, what in found.items():
            if kind in seen:
                continue
            mode = kind.split(":")[0]
            self.shown(mode)
            if what is not None:
                self.stage(kind, what)
            look(kind)
            seen.add(kind)
            if kind == "act:recycle_put":
                put = self.page("const b = document.querySelector('#hand .card.pick');"
                                "if (b) b.click(); return !!b")
                if put and "act:recycle_take" not in seen:
                    look("act:recycle_take")
                    seen.add("act:recycle_take")
            self.page("while (!document.getElementById('undo').disabled)"
                      " document.getElementById('undo').click()")

    def _details(self, seen: set[str], look: Look) -> None:
        """A middle building's explanation, opened by a tap and closed by Escape."""
        if "details" in seen:
            return
        self.page("document.querySelector('#rows .bld.middle').click()")
        wait_for(lambda: self.page("return document.getElementById('details').open"), "the dialog")
        look("details")
        seen.add("details")
        from selenium.webdriver.common.keys import Keys
        self.phone.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        wait_for(lambda: not self.page("return document.getElementById('details').open"),
                 "the dialog closed")


def visit_all(host: BackgroundHost, phone: browser.Browser, edition: str, look: Look,
              games: int = 4) -> set[str]:
    """Every view of `edition` on the phone, `look` called once at each: the join
    form and the lobby, then games (each its own table and seed) until every kind
    of question was shown, `games` at the most; the views seen."""
    seen: set[str] = set()
    for game in range(games):
        director = Director(host, phone, edition, seed=game + 1)
        if not seen:
            phone.driver.get("about:blank")  # a new code is a new page, not a new #hash
            phone.driver.get(director.url)
            wait_for(lambda: phone.js("return !document.getElementById('join').hidden"),
                     "the form")
            look("join")
        director.sit()
        if "lobby" not in seen:
            look("lobby")
            seen.add("join")
            seen.add("lobby")
        director.seat_others()
        director.start()
        director.play(look, seen)
        if set(KINDS[edition]) | set(PAGE_VIEWS) <= seen:
            break
    return seen
