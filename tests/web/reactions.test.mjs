// Quick reactions on the page (havana_game/web/reactions.js): the host's pace kept
// (at most 1 within 2 s and 5 within 30 s, docs/PROTOCOL.md "Reactions"), only the
// reactions the page has words for offered and shown, a newer one of a seat in its
// bubble in place of the last.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { loadLanguage } from "../../havana_game/web/i18n.js";
import { SHOWN, offered, paced, take } from "../../havana_game/web/reactions.js";

/** The English catalog's reaction texts, as the host serves them (/i18n/en.json). */
async function english() {
  const po = readFileSync(new URL("../../havana_game/locale/en/LC_MESSAGES/havana.po", import.meta.url), "utf-8");
  const messages = {};
  for (const [, key, text] of po.matchAll(/msgid "(reaction\.[^"]+)"\nmsgstr "([^"]*)"/g)) messages[key] = [text];
  globalThis.document = { documentElement: {} };
  globalThis.fetch = async () => ({ json: async () => ({ messages }) });
  await loadLanguage("en");
}

test("a press is sent at most once within 2 s and 5 times within 30 s", () => {
  const sent = [];
  const allowed = [];
  for (const at of [0, 1900, 2000, 3000, 4000, 6500, 9000, 11000, 29900, 30000, 31000, 32100]) {
    const ok = paced(sent, at);
    if (ok) sent.push(at);
    allowed.push(ok);
  }
  assert.deepEqual(allowed, [true, false, true, false, true, true, true, false, false, true, false, true]);
});

test("only the host's reactions the page has words for are offered and shown", async () => {
  await english();
  assert.deepEqual(offered(["nice", "moonwalk", "well_played"]), ["nice", "well_played"]);
  assert.deepEqual(offered(undefined), []); // a host of before reactions names none
  const memory = { offered: [], shown: {} };
  assert.equal(take(memory, { type: "welcome", n: 1, reactions: ["wow", "moonwalk"] }, 0), null);
  assert.deepEqual(memory.offered, ["wow"]);
  assert.equal(take(memory, { type: "reaction", n: 2, seat: 1, reaction: "moonwalk" }, 10), null);
  assert.deepEqual(take(memory, { type: "reaction", n: 3, seat: 1, reaction: "wow" }, 10),
    { seat: 1, reaction: "wow", until: 10 + SHOWN });
  take(memory, { type: "reaction", n: 4, seat: 1, reaction: "ouch" }, 20);
  assert.deepEqual(memory.shown, { 1: { seat: 1, reaction: "ouch", until: 20 + SHOWN } });
  assert.equal(take(memory, { type: "forecast", n: 5 }, 30), null); // any other type: nothing
});
