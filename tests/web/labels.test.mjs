// The web page's option labels (havana_game/web/labels.js) follow each card
// effect's `choice` in presentation.json, as the desktop's choices.py does.

import assert from "node:assert/strict";
import { test } from "node:test";

import { optionLabel } from "../../havana_game/web/labels.js";
import { seat } from "./seat.mjs";

test("an option taking nothing reads as the effect's untaken label", () => {
  seat({});
  assert.deepEqual(optionLabel({ kind: "act", card: 2 }), ["option.two_random"]);
  assert.deepEqual(optionLabel({ kind: "act", card: 2, take: ["red"] }), [{ mat: "red" }]);
});

test("an end building boxed reads as its name; declining as decline", () => {
  seat({});
  assert.deepEqual(optionLabel({ kind: "act", card: 1 }), ["decline"]);
  assert.deepEqual(optionLabel({ kind: "act", card: 1, target: 1 }), ["b2"]);
});

test("a victim, a recycling and a payment", () => {
  seat({}, { seats: [{ name: "Ana" }, { name: "Bo" }] });
  assert.deepEqual(optionLabel({ kind: "act", card: 4, target: 1 }), ["option.victim"]);
  // Reciclaje's put is picked first (a hand card): its options say what comes back.
  assert.deepEqual(optionLabel({ kind: "act", card: 3, target: 0, put: 0 }), ["option.card"]);
  assert.deepEqual(optionLabel({ kind: "build", pay: { red: 1, pesos: 5 } }),
    [{ amount: "red", count: 1 }, { amount: "pesos", count: 5 }]);
});
