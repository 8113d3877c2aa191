// Every kind of option label (havana_game/web/labels.js), filled in: a tax's victim
// and material, a payment's amounts in cost order, and each card effect's choice
// (plain, take_back, remove_end, recycle, and an untaken option).

import assert from "node:assert/strict";
import { test } from "node:test";

import { loadLanguage } from "../../havana_game/web/i18n.js";
import { optionLabel } from "../../havana_game/web/labels.js";
import { state } from "../../havana_game/web/state.js";
import { CLASSIC, seat } from "./seat.mjs";

const CARDS = [...CLASSIC.cards, { key: "refreshment", name: "refreshment", number: 2 },
  { key: "black_market", name: "black_market", number: 6 }, { key: "siesta", name: "siesta", number: 0 }];
const [CONSERVATION, SMUGGLING, RECYCLING, THIEF, REFRESHMENT, MARKET, SIESTA] = [1, 2, 3, 4, 5, 6, 7];

async function table(view = {}) {
  globalThis.document = { documentElement: {} };
  globalThis.fetch = async () => ({ json: async () => ({ messages: {
    "option.victim": ["from {name}"], "option.card": ["take {card}"], "nothing": ["Nothing"],
    "decline": ["Decline"], "option.two_random": ["Two at random"], "card.siesta": ["Siesta"],
    "card.refreshment": ["Refreshment"], "building.b2": ["Market hall"], "building.b4": ["Tower"],
  } }) });
  await loadLanguage("en");
  seat({ rows: [["b1", "b2"], ["b3", "b5", "b4"]], ...view }, { seats: [{ name: "Ana" }, { name: "Bo" }, { name: "Cy" }] });
  state.editions.classic = { ...CLASSIC, cards: CARDS };
}

test("a tax names its victim and the material taken", async () => {
  await table();
  assert.deepEqual(optionLabel({ kind: "tax", victim: 2, take: "blue" }), ["from Cy", { mat: "blue" }]);
});

test("a payment lists its amounts in the edition's cost order, none left out", async () => {
  await table();
  assert.deepEqual(optionLabel({ kind: "build", pay: { workers: 1, gray: 2, red: 1, pesos: 0 } }),
    [{ amount: "red", count: 1 }, { amount: "gray", count: 2 }, { amount: "workers", count: 1 }]);
  assert.deepEqual(optionLabel({ kind: "build" }), []);
});

test("Reciclaje's option is the card taken back, or nothing", async () => {
  await table();
  assert.deepEqual(optionLabel({ kind: "act", card: RECYCLING, put: 0, target: SIESTA }), ["take Siesta"]);
  assert.deepEqual(optionLabel({ kind: "act", card: RECYCLING, put: 0 }), ["Nothing"]);
  assert.deepEqual(optionLabel({ kind: "act", card: RECYCLING, target: null }), ["Nothing"]);
});

test("a card taken back, or declined; an end building removed, or declined", async () => {
  await table();
  assert.deepEqual(optionLabel({ kind: "act", card: REFRESHMENT, target: SIESTA }), ["take Siesta"]);
  assert.deepEqual(optionLabel({ kind: "act", card: REFRESHMENT }), ["Decline"]);
  assert.deepEqual(optionLabel({ kind: "act", card: CONSERVATION }), ["Decline"]);
  // The end is row * 2 + side (0 left, 1 right).
  assert.deepEqual(optionLabel({ kind: "act", card: CONSERVATION, target: 0 }), ["B1"]);
  assert.deepEqual(optionLabel({ kind: "act", card: CONSERVATION, target: 1 }), ["Market hall"]);
  assert.deepEqual(optionLabel({ kind: "act", card: CONSERVATION, target: 2 }), ["b3"]);
  assert.deepEqual(optionLabel({ kind: "act", card: CONSERVATION, target: 3 }), ["Tower"]);
});

test("a plain act: its victim then what it takes; what it takes; or decline", async () => {
  await table();
  assert.deepEqual(optionLabel({ kind: "act", card: THIEF, target: 1 }), ["from Bo"]);
  assert.deepEqual(optionLabel({ kind: "act", card: THIEF, target: 0, take: ["red", "gray"] }),
    ["from Ana", { mat: "red" }, { mat: "gray" }]);
  assert.deepEqual(optionLabel({ kind: "act", card: MARKET, take: ["blue", "gray"] }), [{ mat: "blue" }, { mat: "gray" }]);
  assert.deepEqual(optionLabel({ kind: "act", card: MARKET, take: "blue" }), ["Decline"]); // not a list: nothing taken
  assert.deepEqual(optionLabel({ kind: "act", card: MARKET }), ["Decline"]);
  assert.deepEqual(optionLabel({ kind: "act", card: SIESTA, target: null }), ["Decline"]);
});

test("Smuggling taking nothing reads as two at random; with a victim too", async () => {
  await table();
  assert.deepEqual(optionLabel({ kind: "act", card: SMUGGLING }), ["Two at random"]);
  assert.deepEqual(optionLabel({ kind: "act", card: SMUGGLING, take: [] }), ["Two at random"]);
  assert.deepEqual(optionLabel({ kind: "act", card: SMUGGLING, take: ["red"] }), [{ mat: "red" }]);
});
