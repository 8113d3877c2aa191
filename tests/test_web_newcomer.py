"""What the phone page keeps and tells a newcomer, in headless Chromium at a real
table (tests/web_views.py: the phone at seat 0, the other seats played from the
test on the host's loop): a half-made opening pair survives the other seats
choosing first; when the phone's turn comes it is told what the others did since
its last decision (the recap, and the live region as it happened); the log runs
oldest first; Reciclaje is played in two steps through the page's controls."""

from __future__ import annotations

from typing import Any

import pytest

from havana_game.rules import Act, Build, EndTurn, Tax

from . import browser
from .test_web_page import BackgroundHost
from .web_views import Director, wait_for

pytestmark = pytest.mark.skipif(not browser.available(), reason=browser.INSTALL_HINT)


def seated(host: BackgroundHost, phone: browser.Browser, edition: str) -> Director:
    director = Director(host, phone, edition)
    director.sit()
    director.seat_others()
    director.start()
    return director


def others_decide(director: Director) -> bool:
    return any(director.decide(seat, lambda legal: director.random.choice(legal))
               for seat in range(1, len(director.table.seats)))


def test_a_half_made_opening_pair_survives_the_others_choosing_first(host, phone):
    director = seated(host, phone, "classic")
    director.shown("choose")
    phone.js("document.querySelector('#hand .card.pick').click()")
    staged = phone.js("return window.havana.state.stage.cards")
    assert len(staged) == 1
    assert others_decide(director)  # a new view: another seat chose
    director.shown("choose")
    assert phone.js("return window.havana.state.stage.cards") == staged
    assert phone.js("return [...document.querySelectorAll('#hand .card.staged')]"
                    ".map((b) => Number(b.dataset.card))") == staged


def test_the_recap_tells_the_others_moves_since_my_last_decision(host, phone):
    """Played on until the phone is asked again after another seat acted: the recap
    over its question tells those moves, the live region told them as they came and
    then the question, and the log (oldest first) ends with the newest line."""
    director = seated(host, phone, "classic")
    acted = False  # another seat acted (not an opening choice) since the phone decided
    for _ in range(400):
        legal = host.call(lambda: list(director.table.seats[0].legal))
        if legal and acted:
            break
        if others_decide(director):
            acted = acted or isinstance(
                host.call(lambda: director.table.game.history[-1][1]), (Act, Build, Tax))
        else:
            director.decide(0, director.prefer(set()))
            acted = False
    assert acted
    director.shown(host.call(lambda: _mode_of(director)))
    lines = phone.js("return [...document.querySelectorAll('#recap li')]"
                     ".map((li) => li.textContent)")
    assert lines
    told = phone.js("return [...document.querySelectorAll('#announce p')]"
                    ".map((p) => p.textContent)")
    # The others' moves as they came, then the question, said when it came.
    assert told[-1] == phone.js("return document.getElementById('prompt').textContent")
    assert told[-2] in lines
    log = phone.js("return [...document.querySelectorAll('#log li')].map((li) => li.textContent)")
    assert log == phone.js("return window.havana.state.log.slice(-60)")
    assert lines[-1] in log


def _mode_of(director: Director) -> str:
    """The page's mode for seat 0's question."""
    legal = director.table.seats[0].legal
    return "build" if isinstance(legal[0], (Build, EndTurn)) else type(legal[0]).__name__.lower()


def test_reciclaje_is_played_in_two_steps_on_the_phone(host, phone):
    """Pick Reciclaje, then the hand card to put down (the options come only then:
    the card to take back), then confirm: the host takes it."""
    director = seated(host, phone, "edition2024")
    recycle = next(i for i, card in enumerate(director.rules.cards) if card.key == "recycling")
    for _ in range(400):
        legal: list[Any] = host.call(lambda: list(director.table.seats[0].legal))
        if any(isinstance(d, Act) and d.card == recycle for d in legal):
            break
        if not others_decide(director):
            director.decide(0, director.prefer({"act:recycle_put"}))
    director.shown("act")
    phone.js(f"document.querySelector('#face-up [data-card=\"{recycle}\"]').click()")
    assert phone.js("return document.querySelectorAll('#ask .options button').length") == 0
    assert phone.js("return document.getElementById('confirm').disabled")
    puts = phone.js("return [...document.querySelectorAll('#hand .card.pick')]"
                    ".map((b) => Number(b.dataset.card))")
    assert puts
    phone.js(f"document.querySelector('#hand [data-card=\"{puts[0]}\"]').click()")
    if phone.js("return document.getElementById('confirm').disabled"):
        phone.js("document.querySelector('#ask .options button').click()")
    version = host.call(lambda: director.table.version)
    phone.js("document.getElementById('confirm').click()")
    wait_for(lambda: host.call(lambda: director.table.version) > version, "the host took it")
    put = host.call(lambda: director.table.game.history[-1][1].put)
    assert put == puts[0]


def test_a_page_back_at_the_front_before_its_form_is_sent_waits_for_a_name(host, phone):
    """The phone was put away on the join form and comes back (visibilitychange,
    pageshow, online): no connection, no nameless join; the form then sits it."""
    director = Director(host, phone, "classic")
    phone.driver.get("about:blank")
    phone.driver.get(director.url)
    wait_for(lambda: phone.js("return !document.getElementById('join').hidden"), "the form")
    phone.js("document.dispatchEvent(new Event('visibilitychange'));"
             "window.dispatchEvent(new Event('pageshow'));"
             "window.dispatchEvent(new Event('online'))")
    assert phone.js("return window.havana.state.link.ws") is None
    assert host.call(lambda: [s.kind for s in director.table.seats]) == ["open"] * 3
    phone.js("document.getElementById('name').value = 'Ana';"
             "document.getElementById('join-button').click()")
    wait_for(lambda: host.call(lambda: director.table.seats[0].name) == "Ana", "Ana seated")
