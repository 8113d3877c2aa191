// What the page does for a newcomer (issue 45.2), in its logic modules: the recap
// of the others' moves since the seat's last decision (recap.js, as the desktop's
// recap.py), what a card or building does (details.js), Reciclaje in two steps
// and a half-made choice kept across a new view (staging.js), and a page woken
// before its join form is sent that does not join with no name (net.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { buildingDetails, cardDetails } from "../../havana_game/web/details.js";
import { Link } from "../../havana_game/web/net.js";
import { addStep, decider, othersLines, recapLines, retell, sinceLastDecision } from "../../havana_game/web/recap.js";
import { decision, keepStage, options, puts, stageMemo, toggleFaceUp, toggleHand, toggleOption, unstage }
  from "../../havana_game/web/staging.js";
import { state } from "../../havana_game/web/state.js";
import { seat } from "./seat.mjs";

const ev = (kind, data) => ({ kind, data });

test("a step is decided by the first seat its events name, not by a turn's start", () => {
  assert.equal(decider([ev("turn_started", { seat: 2 }), ev("action", { seat: 1, card: 0 })]), 1);
  assert.equal(decider([ev("turn_started", { seat: 2 })]), null);
});

test("the recap tells the others' moves after the seat's own last decision, in order", () => {
  seat({});
  state.steps = [];
  addStep([ev("action", { seat: 0, card: 0 })]); // mine
  addStep([ev("action", { seat: 1, card: 1 }), ev("pesos_taken", { seat: 1, pesos: 2 })]);
  addStep([ev("turn_started", { seat: 0 })]);
  const told = sinceLastDecision(state.steps, 0);
  assert.deepEqual(told.map((e) => e.kind), ["action", "pesos_taken"]);
  assert.equal(recapLines(0).length, 2);
  addStep([ev("action", { seat: 0, card: 2 })]); // I decide: nothing left to tell
  assert.deepEqual(recapLines(0), []);
  // A history told at once: each event its own step, so the recap starts after my last move.
  retell([ev("action", { seat: 1, card: 1 }), ev("action", { seat: 0, card: 2 }), ev("action", { seat: 2, card: 3 })]);
  assert.deepEqual(sinceLastDecision(state.steps, 0).map((e) => e.data.seat), [2]);
  // A round my own move began (the last card covered) is told, live as when retold.
  const covered = ev("card_covered", { seat: 0, card: 3 });
  const begun = ev("round_started", { round: 4, order: [1, 0] });
  state.steps = [];
  addStep([covered, begun]);
  addStep([ev("action", { seat: 1, card: 2 })]);
  const live = sinceLastDecision(state.steps, 0).map((e) => e.kind);
  assert.deepEqual(live, ["round_started", "action"]);
  retell([covered, begun, ev("action", { seat: 1, card: 2 })]);
  assert.deepEqual(sinceLastDecision(state.steps, 0).map((e) => e.kind), live);
  // The live region hears the others' moves of one update, not the seat's own.
  assert.equal(othersLines([ev("action", { seat: 0, card: 0 }), ev("action", { seat: 1, card: 1 })], 0).length, 1);
});

test("a card's explanation is its name and number, then its effect; a building's its cost and why", () => {
  seat({});
  const card = cardDetails(4);
  assert.equal(card.title, "tooltip.card");
  assert.deepEqual(card.lines, ["effect.pesos_thief"]);
  const end = buildingDetails("b1", { affordable: false });
  assert.equal(end.title, "tooltip.building");
  assert.deepEqual(end.lines, ["tooltip.cost", "cannot_afford"]);
  assert.deepEqual(buildingDetails("b1", { middle: true }).lines, ["tooltip.cost", "tooltip.middle"]);
});

test("Reciclaje is chosen in two steps: the card put down, then the card taken back", () => {
  const recycle = (put, target) => ({ kind: "act", card: 3, put, target });
  const other = { kind: "act", card: 0 };
  seat({ legal: [recycle(1, 1), recycle(1, 2), recycle(2, 2), other], hand: [1, 2], face_up: [3, 0] });
  toggleFaceUp(3);
  assert.deepEqual(puts(), [1, 2]);
  assert.deepEqual(options(), []); // nothing to take back before a card is put down
  assert.equal(decision(), null);
  toggleHand(2);
  assert.deepEqual(options(), [recycle(2, 2)]);
  assert.deepEqual(decision(), recycle(2, 2)); // one way left: no option to pick
  toggleHand(1);
  assert.deepEqual(options(), [recycle(1, 1), recycle(1, 2)]);
  toggleOption(1);
  assert.deepEqual(decision(), recycle(1, 2));
  unstage();
  unstage();
  assert.equal(state.stage.put, null);
  assert.equal(state.stage.act, 3);
});

test("a half-made opening pair survives a new view while it is still legal", () => {
  const pairs = [{ kind: "choose", cards: [0, 1] }, { kind: "choose", cards: [0, 2] }, { kind: "choose", cards: [1, 2] }];
  seat({ phase: "setup", legal: pairs, hand: [0, 1, 2] });
  toggleHand(2);
  const memo = stageMemo();
  // The other seat chose: a new version, the same question.
  state.view = { ...state.view, version: 2 };
  keepStage(memo);
  assert.deepEqual(state.stage.cards, [2]);
  // A question of another kind starts afresh.
  const memo2 = stageMemo();
  state.view = { ...state.view, version: 3, phase: "actions", legal: [{ kind: "act", card: 0 }] };
  keepStage(memo2);
  assert.deepEqual(state.stage.cards, []);
});

test("a card no longer legal is dropped from the kept choice, and a picked option follows its decision", () => {
  const build = (pay) => ({ kind: "build", row: 0, side: "left", pay });
  seat({ legal: [{ kind: "end_turn" }, build({ red: 1 }), build({ gray: 5 })] });
  state.stage.end = { row: 0, side: "left" };
  toggleOption(1);
  const picked = decision();
  const memo = stageMemo();
  state.view = { ...state.view, version: 2, legal: [{ kind: "end_turn" }, build({ gray: 5 }), build({ pesos: 9 }), build({ red: 1 })] };
  keepStage(memo);
  assert.deepEqual(decision(), picked);
});

test("a page woken before its join form is sent does not connect with no name", () => {
  const items = new Map();
  globalThis.location = { host: "h:1", protocol: "http:" };
  globalThis.localStorage = { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => items.set(k, v), removeItem: (k) => items.delete(k) };
  const sockets = [];
  const link = new Link({ code: "AB", fingerprints: ["f"], onMessage: () => {}, onStatus: () => {},
    socket: (url) => { sockets.push(url); return { readyState: 0 }; }, timers: { setTimeout: () => 0, clearTimeout: () => {} } });
  link.wake();
  assert.equal(sockets.length, 0);
  link.connect("Ana");
  assert.equal(sockets.length, 1);
});
