// The web page's staging (havana_game/web/staging.js) follows the desktop's rules
// (havana_game/client/table/staging.py): modes from presentation.json, payments
// cheapest first by its payment_weights (then fewest units), decisions only legal.

import assert from "node:assert/strict";
import { test } from "node:test";

import { decision, mode, payments, toggleEnd, toggleEndTurn, toggleFaceUp, toggleHand, toggleOption, unstage }
  from "../../havana_game/web/staging.js";
import { seat } from "./seat.mjs";

const build = (pay) => ({ kind: "build", row: 0, side: "left", pay });

test("a seat asked to build or end its turn is in build mode", () => {
  seat({ legal: [{ kind: "end_turn" }] });
  assert.equal(mode(), "build");
  toggleEndTurn();
  assert.deepEqual(decision(), { kind: "end_turn" });
  seat({ phase: "over", legal: [] });
  assert.equal(mode(), "over");
});

test("payments are offered cheapest first: gray and pesos before colors and workers", () => {
  const grayAndWorker = build({ gray: 4, workers: 1 });
  const colored = build({ red: 1, yellow: 1 });
  const pesos = build({ red: 1, pesos: 5 });
  const both = build({ gray: 5, pesos: 5 });
  seat({ legal: [{ kind: "end_turn" }, grayAndWorker, both, pesos, colored] });
  toggleEnd(0, "left");
  // weights 4 (color), 1 (gray, pesos), 4 (workers): 8 (5 units), 10, 9, 8 (2 units)
  assert.deepEqual(payments(), [colored, grayAndWorker, pesos, both]);
  assert.equal(decision(), null);
  toggleOption(2);
  assert.deepEqual(decision(), pesos);
});

test("two hand cards make the opening pair; a third replaces the older", () => {
  const pair = { kind: "choose", cards: [1, 2] };
  seat({ phase: "setup", legal: [{ kind: "choose", cards: [0, 1] }, { kind: "choose", cards: [0, 2] }, pair] });
  toggleHand(0);
  toggleHand(1);
  toggleHand(2);
  assert.deepEqual(decision(), pair);
  unstage();
  assert.equal(decision(), null);
});

test("a card with one way to carry it out needs no option", () => {
  const siesta = { kind: "act", card: 0 };
  seat({ legal: [siesta, { kind: "act", card: 1 }, { kind: "act", card: 1, target: 0 }] });
  toggleFaceUp(0);
  assert.deepEqual(decision(), siesta);
  toggleFaceUp(1);
  assert.equal(decision(), null);
  toggleOption(1);
  assert.deepEqual(decision(), { kind: "act", card: 1, target: 0 });
});
