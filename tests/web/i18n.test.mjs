// The page's language (havana_game/web/i18n.js): the one the player chose, else
// the browser's first known one; texts looked up by key and filled in, plural
// forms by each language's rule (as gettext's Plural-Forms in the catalogs).

import assert from "node:assert/strict";
import { test } from "node:test";

import { chooseLanguage, currentLanguage, has, LANGUAGES, loadLanguage, tr, trn }
  from "../../havana_game/web/i18n.js";

function browser({ saved = null, languages, language } = {}) {
  globalThis.localStorage = { getItem: (key) => (key === "havana:language" ? saved : null) };
  Object.defineProperty(globalThis, "navigator", { value: { languages, language }, configurable: true, writable: true });
}

const CATALOG = {
  "web.join": ["Join"],
  "web.you": ["You, {name}"],
  "hand": ["{n} card in hand", "{n} cards in hand", "{n} cards in hand (many)"],
  "log.discards": ["{name} takes back {count} card", "{name} takes back {count} cards"],
  "one": ["only form {count}"],
};

async function load(lang) {
  const asked = [];
  globalThis.document = { documentElement: {} };
  globalThis.fetch = async (url) => {
    asked.push(url);
    return { json: async () => ({ messages: CATALOG }) };
  };
  await loadLanguage(lang);
  return asked;
}

test("the player's own choice wins; else the browser's first known language", () => {
  assert.equal(currentLanguage(), "en"); // before any is loaded
  assert.deepEqual(LANGUAGES, ["en", "fr", "pt", "ru"]);
  browser({ saved: "ru", languages: ["fr-FR"] });
  assert.equal(chooseLanguage(), "ru");
  browser({ saved: "de", languages: ["de-DE", "PT-br", "fr"] });
  assert.equal(chooseLanguage(), "pt");
  browser({ languages: ["fr-CA"] });
  assert.equal(chooseLanguage(), "fr");
  browser({ languages: undefined, language: "ru-RU" });
  assert.equal(chooseLanguage(), "ru");
  browser({ languages: ["de", "it"] });
  assert.equal(chooseLanguage(), "en");
  browser({ languages: undefined, language: undefined });
  assert.equal(chooseLanguage(), "en");
});

test("a language is loaded from the host's i18n/<lang>.json and set on the page", async () => {
  const asked = await load("fr");
  assert.deepEqual(asked, ["i18n/fr.json"]);
  assert.equal(currentLanguage(), "fr");
  assert.equal(document.documentElement.lang, "fr");
  assert.ok(has("web.join"));
  assert.ok(!has("web.leave"));
});

test("a text is filled in by name; a placeholder with no value stays as it is", async () => {
  await load("en");
  assert.equal(tr("web.join"), "Join");
  assert.equal(tr("web.you", { name: "Ana" }), "You, Ana");
  assert.equal(tr("web.you"), "You, {name}");
  assert.equal(tr("web.you", { name: 0 }), "You, 0");
  // A key missing from the catalog reads as itself, filled in too.
  assert.equal(tr("missing {name}", { name: "Bo" }), "missing Bo");
  assert.equal(trn("missing {count} {name}", 3, { name: "Bo" }), "missing 3 Bo");
});

test("English and Portuguese: one is singular, every other number plural", async () => {
  for (const lang of ["en", "pt"]) {
    await load(lang);
    assert.equal(trn("hand", 1), "1 card in hand");
    assert.equal(trn("hand", 0), "0 cards in hand");
    assert.equal(trn("hand", 2), "2 cards in hand");
    assert.equal(trn("log.discards", 1, { name: "Ana" }), "Ana takes back 1 card");
  }
});

test("French: zero and one are singular", async () => {
  await load("fr");
  assert.equal(trn("hand", 0), "0 card in hand");
  assert.equal(trn("hand", 1), "1 card in hand");
  assert.equal(trn("hand", 2), "2 cards in hand");
});

test("Russian: three forms, by the last digit and the last two", async () => {
  await load("ru");
  const form = (n) => CATALOG.hand.findIndex((f) => f.replace("{n}", n) === trn("hand", n));
  assert.deepEqual([1, 21, 101].map(form), [0, 0, 0]);
  assert.deepEqual([2, 3, 4, 22, 24, 102].map(form), [1, 1, 1, 1, 1, 1]);
  assert.deepEqual([0, 5, 9, 10, 11, 12, 13, 14, 19, 20, 111, 112, 25].map(form),
    [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
});

test("a text with fewer forms than the language's rule asks uses its last", async () => {
  await load("ru");
  assert.equal(trn("one", 5), "only form 5");
  assert.equal(trn("log.discards", 5, { name: "Ana" }), "Ana takes back 5 cards");
});

test("a language with no plural rule of its own counts as English", async () => {
  await load("xx");
  assert.equal(trn("hand", 0), "0 cards in hand");
  assert.equal(trn("hand", 1), "1 card in hand");
});
