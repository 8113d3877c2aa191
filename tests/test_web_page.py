"""The web seat page in real browsers (headless Chromium): two phone-sized browser
seats and a bot play whole games of both editions through the page's own
controls; a reload and a dropped connection bring a player back to the seat."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from havana_game.ai import make_bot
from havana_game.content import find_edition
from havana_game.rules.decisions import to_json
from net.host import Host, HostConfig
from net.host.table import Table

from . import browser
from .browser import wait_for as _wait
from .positions import give
from .seeds import HOST_SEED

pytestmark = pytest.mark.skipif(not browser.available(), reason=browser.INSTALL_HINT)

PHONE = (390, 844)
PAGE_SEEDS = (4701, 4702)
"""Each browser seat's clicks are chosen by its seed (STEP), Ana's then Bea's."""
BOT_SEED = 4703
"""The random bot's seed (the host gives a bot a secret one)."""

STEP = (Path(__file__).parent / "web" / "player.js").read_text()
"""One click of the test's player, chosen by its seed (arguments[0]), and what the
views showed wrong about its last confirmed build or opening pair (tests/web/player.js)."""

LAYOUT = """
const small = [...document.querySelectorAll("button, select, input")].filter((e) => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && (r.width < 44 || r.height < 44);
}).map((e) => e.id || e.className || e.tagName);
const wide = [...document.querySelectorAll("body *")].filter(
  (e) => e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0 && !e.closest(".row")).slice(-3)
  .map((e) => `${e.tagName}#${e.id}.${e.className}: ${(e.textContent || "").slice(0, 60)}`);
const page = document.documentElement;
return [page.scrollWidth - page.clientWidth, small, wide];
"""


class BackgroundHost:
    """A host on its own event loop thread, as `havana host` runs it."""

    def __init__(self, config: HostConfig) -> None:
        self.loop = asyncio.new_event_loop()
        self.host = Host(config)
        self.port = self.loop.run_until_complete(self.host.start())
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def call(self, function: Any, *args: Any) -> Any:
        async def run() -> Any:
            return function(*args)
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.host.close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@pytest.fixture
def web_host() -> Iterator[BackgroundHost]:
    host = BackgroundHost(HostConfig(seed=HOST_SEED, heartbeat=1.0))
    yield host
    host.stop()


@pytest.fixture
def phones() -> Iterator[list[browser.Browser]]:
    opened = [browser.Browser(*PHONE), browser.Browser(*PHONE)]
    yield opened
    for one in opened:
        one.close()




def _sit(phone: browser.Browser, url: str, name: str) -> None:
    phone.driver.get(url)
    _wait(lambda: phone.js("return !document.getElementById('join').hidden"), what="the form")
    phone.js("document.getElementById('name').value = arguments[0];"
             "document.getElementById('join-button').click()", name)
    _wait(lambda: phone.js("return window.havana.state.seat !== null"), what="a seat")


def _play(phones: list[browser.Browser], table: Table, host: BackgroundHost,
          midway: Any = None, timeout: float = 240.0) -> tuple[set[str], list[list[Any]]]:
    """Click through the pages until the game is over, each page by its own seed
    (PAGE_SEEDS); the decision kinds asked, and each page's decisions the host took
    (confirmed and not refused)."""
    asked: set[str] = set()
    end = time.monotonic() + timeout
    checked: set[str] = set()
    sent: list[dict[int, Any]] = [{} for _ in phones]
    verified: set[str] = set()
    while time.monotonic() < end:
        over = True
        for phone, seed, mine in zip(phones, PAGE_SEEDS, sent, strict=False):
            step = phone.js(STEP, seed, sorted(checked))
            mode, action = step["mode"], step["action"]
            over = over and mode == "over"
            assert not step["problems"], step["problems"]
            assert action != "stuck", f"nothing to click in mode {mode}"
            verified.add(step["verified"])
            for seq in step["refused"]:
                mine.pop(seq, None)
            if action == "confirm":
                asked.add(mode)
                mine[step["sent"]["seq"]] = step["sent"]["decision"]
            if action == "staged":  # each kind at phone size, its decision staged
                overflow, small, wide = phone.js(LAYOUT)
                assert overflow <= 0, f"{mode}: the page is {overflow} px too wide: {wide}"
                assert not small, f"{mode}: touch targets under 44 px: {small}"
                checked.add(mode)
        if over:
            assert {"build", "choose"} <= verified, verified  # the views were checked
            return asked, [list(mine.values()) for mine in sent]
        if midway is not None and host.call(
                lambda: table.game.state.version if table.game else 0) >= 12:
            midway()
            midway = None
        time.sleep(0.005)
    raise AssertionError("the game did not end in time")


def _check_results(phones: list[browser.Browser], table: Table, host: BackgroundHost) -> None:
    winners = host.call(lambda: table.game.state.winners)
    for phone in phones:
        _wait(lambda p=phone: p.js("return !!document.getElementById('results')"),
              what="the results")
        shown = phone.js("return [...document.querySelectorAll('#results li')]"
                         ".map((li) => Number(li.dataset.seat))")
        assert sorted(shown) == [0, 1, 2] and shown[0] in winners
        assert phone.js("return document.querySelectorAll('#log li').length") > 10
        errors = [entry for entry in phone.driver.get_log("browser")
                  if entry["level"] == "SEVERE" and "favicon" not in entry["message"]
                  and "WebSocket" not in entry["message"]]
        assert not errors, errors


def _game(web_host: BackgroundHost, phones: list[browser.Browser], edition: str,
          midway: Any) -> set[str]:
    """A game of two pages and a random bot, the same on every run: the host's seed
    deals it, the bot plays by BOT_SEED and each page's clicks by its PAGE_SEEDS.
    Each page's confirmed decisions are the ones the host took for its seat."""
    table = web_host.call(lambda: web_host.host.create_table(
        3, [None, None, "random"], rules=find_edition(edition)))
    web_host.call(lambda: setattr(table.seats[2], "bot", make_bot("random", BOT_SEED)))
    url = f"http://127.0.0.1:{web_host.port}/#code={table.code}"
    _sit(phones[0], url, "Ana")
    _sit(phones[1], url, "Bea")
    # The first to sit holds the host role: the lobby offers it Start.
    _wait(lambda: phones[0].js("return !!document.getElementById('start')"), what="Start")
    _wait(lambda: web_host.call(lambda: sum(s.kind == "human" for s in table.seats)) == 2,
          what="both seated")
    phones[0].js("document.getElementById('start').click()")
    asked, sent = _play(phones, table, web_host, lambda: midway(phones, table, web_host))
    _check_results(phones, table, web_host)
    game = table.game
    assert game is not None
    taken = web_host.call(lambda: [(seat, to_json(decision, table.rules.names))
                                   for seat, decision in game.history])
    for phone, decisions in zip(phones, sent, strict=True):
        seat = phone.js("return window.havana.state.seat")
        assert decisions == [d for s, d in taken if s == seat], seat
    return asked


def _reload(phones: list[browser.Browser], table: Table, host: BackgroundHost) -> None:
    """A reload mid-game: the page comes back to its seat with the stored token."""
    seat = phones[0].js("return window.havana.state.seat")
    phones[0].driver.refresh()
    _wait(lambda: phones[0].js("return window.havana && window.havana.state.seat") == seat,
          what="the seat after the reload")
    _wait(lambda: phones[0].js("return window.havana.state.view !== null"), what="the view")
    assert phones[0].js("return document.getElementById('join').hidden")
    assert host.call(lambda: table.seats[seat].kind) == "human"


def _drop(phones: list[browser.Browser], table: Table, host: BackgroundHost) -> None:
    """The connection drops (Wi-Fi gone): the page reconnects by itself; and the
    other player switches the page to Russian."""
    phones[1].js("window.havana.state.link.ws.close()")
    _wait(lambda: phones[1].js("return document.body.dataset.link") == "reconnecting",
          what="reconnecting")
    _wait(lambda: phones[1].js("return document.body.dataset.link") == "connected",
          what="connected again")
    phones[0].js("const s = document.getElementById('language'); s.value = 'ru';"
                 "s.dispatchEvent(new Event('change'))")
    _wait(lambda: phones[0].js("return document.documentElement.lang") == "ru", what="ru")


def test_two_browser_seats_and_a_bot_play_a_classic_game_through_a_reload(web_host, phones):
    asked = _game(web_host, phones, "classic", _reload)
    assert {"choose", "act", "build", "cover"} <= asked, asked


def test_two_browser_seats_and_a_bot_play_a_2024_game_through_a_dropped_connection(
        web_host, phones):
    asked = _game(web_host, phones, "edition2024", _drop)
    assert {"choose", "act", "build", "cover"} <= asked, asked


def _click(phone: browser.Browser, selector: str) -> None:
    _wait(lambda: phone.js("const e = document.querySelector(arguments[0]);"
                           "if (!e || e.disabled) return false; e.click(); return true;",
                           selector), what=selector)


def _laid_out(phone: browser.Browser, mode: str) -> None:
    _wait(lambda: phone.js("return document.body.dataset.mode") == mode, what=mode)
    overflow, small, wide = phone.js(LAYOUT)
    assert overflow <= 0 and not small, (mode, overflow, small, wide)


def test_a_tax_collector_is_chosen_played_and_its_tax_picked_on_a_phone(web_host, phones):
    """The opening pair, the act and the Tax Collector's pick, through the page's
    controls: Siesta and Tax Collector (number 03) play before Pesos and Mama (89)."""
    table = web_host.call(lambda: web_host.host.create_table(2))
    url = f"http://127.0.0.1:{web_host.port}/#code={table.code}"
    ana, bea = phones
    _sit(ana, url, "Ana")
    _sit(bea, url, "Bea")
    _click(ana, "#start")
    for phone, cards in ((ana, (0, 5)), (bea, (11, 12))):
        _laid_out(phone, "choose")
        for card in cards:
            _click(phone, f'#hand [data-card="{card}"]')
        _click(phone, "#confirm")
    _laid_out(ana, "act")
    # Bea holds two kinds of things to tax, so there is a choice to make.
    web_host.call(lambda: give(table.game.state, 1, red=1, yellow=1, workers=1))
    _click(ana, '#face-up [data-card="5"]')
    _click(ana, "#confirm")
    _laid_out(ana, "tax")
    assert ana.js("return document.querySelectorAll('#ask .options button').length") >= 1
    assert "Bea" in ana.js("return document.getElementById('prompt').textContent")
    _click(ana, "#ask .options button")
    _click(ana, "#confirm")
    _wait(lambda: "Ana taxes Bea" in ana.js("return document.getElementById('log')"
                                            ".textContent"), what="the tax in the log")


def test_a_table_the_host_closes_on_purpose_is_said_plainly_on_the_phone(phones):
    """`closed`: the page says "The host closed the table" in place of the table,
    with where to go (reload later; the seat is kept), and does not retry."""
    host = BackgroundHost(HostConfig(seed=HOST_SEED, heartbeat=1.0))
    table = host.call(lambda: host.host.create_table(2, bots=[None, "random"]))
    url = f"http://127.0.0.1:{host.port}/#code={table.code}"
    ana = phones[0]
    _sit(ana, url, "Ana")
    _wait(lambda: ana.js("return document.body.dataset.mode") != "join", what="the table")
    host.stop()
    _wait(lambda: ana.js("return document.body.dataset.phase") == "closed", what="the notice")
    assert ana.js("return window.havana.state.link.status") == "closed"
    assert ana.js("return document.getElementById('status').textContent") == \
        "The host closed the table"
    assert ana.js("return !!document.getElementById('reload')")
    assert ana.js("const s = document.getElementById('status');"
                  "return s.scrollWidth <= s.clientWidth")  # read whole, not cut off
    assert ana.js("return localStorage.length") >= 1  # the seat's token, kept
    # Never retried: once its socket's close came, no new connection is under way
    # nor scheduled (a retry is set up only by that close, on a link not stopped).
    _wait(lambda: ana.js("return window.havana.state.link.ws === null"), what="the close")
    assert ana.js("const link = window.havana.state.link;"
                  "return [link.status, link.stopped]") == ["closed", True]
    _laid_out(ana, "wait")


def test_a_phone_at_a_table_opened_from_a_big_screen_has_no_start(phones):
    """An autostart table: no phone holds the host role; the lobby says the game
    starts when every seat is taken or when the table's screen starts it."""
    host = BackgroundHost(HostConfig(seed=HOST_SEED, heartbeat=1.0, autostart=True,
                                     owner="0f" * 32))
    try:
        table = host.call(lambda: host.host.create_table(3))
        ana = phones[0]
        _sit(ana, f"http://127.0.0.1:{host.port}/#code={table.code}", "Ana")
        _wait(lambda: ana.js("return !!document.getElementById('lobby')"), what="the lobby")
        assert not ana.js("return !!document.getElementById('start')")
        assert "screen" in ana.js("return document.getElementById('who-starts').textContent")
    finally:
        host.stop()
