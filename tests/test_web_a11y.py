"""The web seat page is accessible and fits a phone, on every view (tests/web_views.py
reaches each for real): axe-core (vendored, tests/web/vendor/axe-core) finds no
serious or critical violation on the join form, the lobby, each question of both
editions (with what a picked card asks), waiting, a card's explanation and the end;
there, in each of the four languages, nothing is wider than the screen at 390 px
nor at 200% zoom and no mouse word ("Click") is shown; every card and
building name of both editions fits its box in the four languages without a word
broken; the others' moves are announced in a live region; a tapped building's
explanation is a labelled dialog that Escape closes, the focus back on the building."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from . import browser
from .web_views import KINDS, PAGE_VIEWS, Director, visit_all, wait_for

pytestmark = pytest.mark.skipif(not browser.available(), reason=browser.INSTALL_HINT)

AXE = Path(__file__).parent / "web" / "vendor" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")
LANGUAGES = ("en", "fr", "pt", "ru")
CLICK = re.compile(r"click|cliqu|clica|clique|щёлк|щелк|кликн|мыш", re.IGNORECASE)
"""Mouse words, which a phone's page never says (it says tap, or nothing of how)."""

RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, { resultTypes: ["violations"] }).then((r) => done(r.violations.map(
  (v) => [v.id, v.impact, v.nodes.length, v.nodes.slice(0, 3).map((n) => n.target.join(" "))])));
"""

OVERFLOW = """
const page = document.documentElement;
const wide = [...document.querySelectorAll("body *:not(.sr-only)")].filter((e) => e.clientWidth > 0
  && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== "visible"
  || e.getBoundingClientRect().right > page.clientWidth + 1)
  .slice(0, 4).map((e) => `${e.tagName}#${e.id}.${e.className}`);
const broken = [...document.querySelectorAll(".fit")]
  .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent);
return [page.scrollWidth - page.clientWidth, wide, broken];
"""
"""How far the page is wider than the screen, what sticks out, and names whose
longest word does not fit their box."""

ROWS_SHOWN = """
const view = window.havana.state.view;
const shown = [...document.querySelectorAll("#rows .bld")];
const width = document.documentElement.clientWidth;
return !view || (shown.length === view.rows.flat().length && shown.every((b) => {
  const r = b.getBoundingClientRect();
  return r.width > 0 && r.left >= 0 && r.right <= width;
}));
"""
"""Every building of both rows is drawn, all within the screen's width (both ends of
each row within reach, no sideways scrolling)."""


def axe(phone: browser.Browser) -> list[Any]:
    if not phone.js("return typeof axe !== 'undefined'"):
        phone.js(AXE.read_text("utf-8"))
    return phone.driver.execute_async_script(RUN_AXE)


def speak(phone: browser.Browser, language: str) -> None:
    """Switch the page to `language` with its own menu."""
    phone.js("const s = document.getElementById('language'); s.value = arguments[0];"
             "s.dispatchEvent(new Event('change'))", language)
    wait_for(lambda: phone.js("return document.documentElement.lang") == language, language)
    if phone.js("return document.getElementById('details').open"):  # its words, again
        phone.js("document.querySelector('#rows .bld.middle').click()")


def zoom(phone: browser.Browser, factor: float) -> None:
    """The page as at `factor` browser zoom: a 390x844 screen's CSS viewport
    divided by it (what zooming does to the layout), drawn at `factor` scale."""
    width = round(390 / factor)
    phone.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": round(844 / factor), "deviceScaleFactor": factor,
        "mobile": False})
    wait_for(lambda: phone.js("return window.innerWidth") == width, "the zoom")


@pytest.mark.parametrize("edition", list(KINDS))
def test_every_view_passes_axe_and_fits_a_phone_and_200_percent_zoom(host, phone, edition):
    found: dict[str, list[Any]] = {}
    zoom(phone, 1)

    def look(kind: str) -> None:
        found[kind] = [v for v in axe(phone) if v[1] in BLOCKING]
        for language in LANGUAGES:
            speak(phone, language)
            shown = phone.js("return document.body.innerText")
            assert not CLICK.search(shown), (kind, language, CLICK.findall(shown))
            for factor in (1, 2):
                zoom(phone, factor)
                phone.js("window.havana.fitNames(document.body)")
                overflow, wide, broken = phone.js(OVERFLOW)
                assert overflow <= 0 and not wide, (kind, language, factor, overflow, wide)
                assert not broken, (kind, language, factor, broken)
                assert phone.js(ROWS_SHOWN), (kind, language, factor)
            zoom(phone, 1)
        speak(phone, "en")

    seen = visit_all(host, phone, edition, look)
    assert set(KINDS[edition]) | set(PAGE_VIEWS) <= seen, seen
    blocking = {kind: violations for kind, violations in found.items() if violations}
    assert not blocking, blocking
    # The others' moves were told in the live region, as they came.
    assert phone.js("return document.getElementById('announce').getAttribute('aria-live')") \
        == "polite"
    assert phone.js("return document.querySelectorAll('#announce p').length") > 0


def test_the_explanation_is_a_labelled_dialog_escape_closes(host, phone):
    """Tap a building that cannot be built now: a modal dialog named by its title
    (name, VP) says its cost; Escape closes it and the focus is back on it."""
    from selenium.webdriver.common.keys import Keys

    director = Director(host, phone, "classic")
    director.sit()
    director.seat_others()
    director.start()
    director.shown("choose")
    building = phone.js("const b = document.querySelector('#rows .bld.middle'); b.click();"
                        "return b.dataset.building")
    wait_for(lambda: phone.js("return document.getElementById('details').open"), "the dialog")
    title = phone.js("const d = document.getElementById('details');"
                     "const by = d.getAttribute('aria-labelledby');"
                     "return document.getElementById(by).textContent")
    assert "VP" in title
    assert "Cost:" in phone.js("return document.getElementById('details-body').textContent")
    assert phone.js("return document.activeElement.id") == "details-close"
    phone.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait_for(lambda: not phone.js("return document.getElementById('details').open"), "closed")
    assert phone.js("return document.activeElement.dataset.building") == building
    # A card to pick is staged by a tap (here Enter), and what it does is said under
    # the question; the focus stays on it though the page is drawn anew.
    card = phone.js("const b = document.querySelector('#hand .card.pick'); b.focus();"
                    "return b.dataset.card")
    phone.driver.switch_to.active_element.send_keys(Keys.ENTER)
    wait_for(lambda: phone.js("return !!document.querySelector('#hand .card.staged')"), "staged")
    assert phone.js("return document.activeElement.dataset.card") == card
    assert phone.js("return document.querySelector('#hand .card.staged')"
                    ".getAttribute('aria-pressed')") == "true"
    assert not phone.js("return document.getElementById('details').open")
    assert phone.js("return document.querySelector('#explain p').textContent")


NAMES = """
const [lang, done] = [arguments[0], arguments[arguments.length - 1]];
Promise.all([fetch(`i18n/${lang}.json`).then((r) => r.json()),
             fetch("editions.json").then((r) => r.json())])
.then(([catalog, editions]) => {
  const name = (key, fallback) => (catalog.messages[key] || [fallback])[0];
  const game = document.getElementById("game");
  game.hidden = false;
  const cards = document.createElement("div");
  cards.className = "cards";
  const seat = document.createElement("div");
  seat.className = "seats";
  const small = document.createElement("div");
  small.className = "seat";
  const smallCards = document.createElement("div");
  smallCards.className = "cards";
  const row = document.createElement("div");
  row.className = "row";
  for (const edition of Object.values(editions)) {
    for (const card of edition.cards) {
      const text = name(`card.${card.name}`, card.name);
      for (const [box, cls] of [[cards, "card"], [smallCards, "card small"]]) {
        const b = document.createElement("button");
        b.className = cls;
        b.innerHTML = `<span class="no">${card.number}</span><span class="name fit"></span>`;
        b.lastChild.textContent = text;
        box.append(b);
      }
    }
    for (const [id, b] of Object.entries(edition.buildings)) {
      const el = document.createElement("button");
      el.className = "bld";
      el.innerHTML = '<span class="vp">3 VP</span><span class="name fit"></span>';
      el.lastChild.textContent = name(`building.${id}`, b.name);
      row.append(el);
    }
  }
  small.append(smallCards);
  seat.append(small);
  const panel = document.createElement("div");
  panel.className = "panel";
  panel.append(cards, seat, row);
  game.replaceChildren(panel);
  window.havana.fitNames(game);
  done([...game.querySelectorAll(".fit")].map((e) => [e.textContent,
    e.scrollWidth <= e.clientWidth + 1, parseFloat(getComputedStyle(e).fontSize)]));
});
"""


@pytest.mark.parametrize("factor", [1, 2])
def test_every_name_fits_its_box_in_every_language_without_a_broken_word(host, phone, factor):
    """All cards (tiles and the seats' small ones) and buildings of both editions,
    in en, fr, pt and ru, at 390 px and at 200% zoom: no word wider than its box
    (words are never broken), and none set smaller than 9 px to fit."""
    table = host.call(lambda: host.host.create_table(2))
    zoom(phone, factor)
    phone.driver.get(f"http://127.0.0.1:{host.port}/#code={table.code}")
    wait_for(lambda: phone.js("return !document.getElementById('join').hidden"), "the form")
    for language in LANGUAGES:
        names = phone.driver.execute_async_script(NAMES, language)
        assert len(names) > 100
        broken = [(text, size) for text, fits, size in names if not fits or size < 9]
        assert not broken, (language, broken)
