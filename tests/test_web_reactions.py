"""Quick reactions and seat links on the web seat page, in headless Chromium: a
phone opened from a free seat's QR code (#code=...&seat=N) takes that seat; its
React button opens the bar, a tap sends one, and every phone and the big screen
(a spectator) are told it, the other phone showing it in a bubble and saying it
in its live region."""

from __future__ import annotations

import pytest

from net.client import ClientConnection
from net.host import HostConfig
from net.host.web import seat_url, web_url

from . import browser
from .seeds import HOST_SEED
from .test_web_page import PHONE, BackgroundHost, _wait

pytestmark = pytest.mark.skipif(not browser.available(), reason=browser.INSTALL_HINT)


def _sit(phone: browser.Browser, url: str, name: str) -> int:
    phone.driver.get(url)
    _wait(lambda: phone.js("return !document.getElementById('join').hidden"), what="the form")
    phone.js("document.getElementById('name').value = arguments[0];"
             "document.getElementById('join-button').click()", name)
    seated = "const s = window.havana.state.seat; return s === null ? 0 : s + 1"
    return _wait(lambda: phone.js(seated), what="a seat") - 1


def test_a_seat_link_takes_its_seat_and_a_reaction_reaches_everyone():
    host = BackgroundHost(HostConfig(seed=HOST_SEED, heartbeat=1.0, autostart=True))
    phones = [browser.Browser(*PHONE), browser.Browser(*PHONE)]
    screen = None
    try:
        table = host.call(lambda: host.host.create_table(3))
        link = web_url("127.0.0.1", host.port, table.code)
        screen = ClientConnection("127.0.0.1", host.port)
        screen.watch(table.code)
        ana, bo = phones
        assert _sit(ana, seat_url(link, 2), "Ana") == 2  # the QR code beside seat 2
        assert _sit(bo, link, "Bo") == 0  # a plain link: the first open seat
        _wait(lambda: ana.js("return !document.getElementById('react-toggle').hidden"),
              what="the React button")
        ana.js("document.getElementById('react-toggle').click()")
        assert ana.js("return document.getElementById('react-toggle')"
                      ".getAttribute('aria-expanded')") == "true"
        offered = ana.js("return [...document.querySelectorAll('#react-bar button')]"
                         ".map((b) => b.dataset.reaction)")
        assert offered == ["nice", "laugh", "wow", "ouch", "well_played", "hurry"]
        ana.js("document.querySelector('#react-bar [data-reaction=\"wow\"]').click()")
        assert ana.js("return document.getElementById('react-bar').hidden")
        said = _wait(lambda: bo.js("const b = document.getElementById('react-bubble-2');"
                                   "return b && b.textContent"), what="the bubble")
        assert "Wow!" in said
        assert bo.js("return document.getElementById('react-said').textContent") == "Ana: Wow!"
        _wait(lambda: ana.js("return !!document.getElementById('react-bubble-2')"),
              what="the sender's own bubble")

        def told() -> bool:
            return any(m.get("type") == "reaction" and (m["seat"], m["reaction"]) == (2, "wow")
                       for m in screen.poll())
        _wait(told, what="the big screen told")
        ana.js("const s = document.getElementById('language'); s.value = 'ru';"
               "s.dispatchEvent(new Event('change'))")
        _wait(lambda: ana.js("return document.documentElement.lang") == "ru",
              what="the page in Russian")  # and its React button at once, not at the next
        assert ana.js("return document.getElementById('react-toggle').textContent") \
            == "Реакция"  # message from the host
    finally:
        if screen is not None:
            screen.close()
        for phone in phones:
            phone.close()
        host.stop()
