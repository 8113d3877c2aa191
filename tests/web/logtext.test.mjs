// The web page's log lines (havana_game/web/logtext.js) take each event's text
// key from presentation.json, as the desktop does.

import assert from "node:assert/strict";
import { test } from "node:test";

import { addLog, eventLine, logLine } from "../../havana_game/web/logtext.js";
import { PRESENTATION } from "../../havana_game/web/presentation.js";
import { seat } from "./seat.mjs";

test("an event's text key is the vocabulary's, filled in from its data", () => {
  assert.equal(eventLine("materials_taken", { source: "bag" }).key, "log.materials.bag");
  assert.equal(eventLine("taxed", { take: "worker" }).key, PRESENTATION.events.taxed[0].key);
  assert.deepEqual(eventLine("taxed", { take: "red" }).args.materials, ["amounts", "take"]);
  assert.equal(eventLine("cards_chosen", { seat: 0, cards: [1] }), null);
});

test("every logged event has a line; the deal's seatings have none", () => {
  seat({});
  assert.equal(logLine({ kind: "round_started", data: { round: 2 } }), "log.round");
  assert.equal(logLine({ kind: "seated", data: { seat: 0, name: "Ana", version: 0 } }), null);
  assert.equal(logLine({ kind: "cover_started", data: {} }), null);
});

test("the seat's own copy of an event takes the public line's place", () => {
  const state = seat({});
  addLog([{ kind: "card_taken_back", data: { seat: 0 } }, { kind: "card_taken_back", data: { seat: 0, card: 1 } }]);
  assert.deepEqual(state.log, ["log.took_back_card"]);
});
