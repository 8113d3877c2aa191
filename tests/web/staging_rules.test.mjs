// The staging rules of havana_game/web/staging.js one by one: what the seat is
// asked (mode), the cost of a payment, the cover and tax decisions, taking back
// the last thing staged, and what each control toggles in each mode.

import assert from "node:assert/strict";
import { test } from "node:test";

import { actOptions, clearStage, decision, keepStage, legal, mode, options, paymentCost, payments, puts, refused,
  stageMemo, stagedAnything, toggleEnd, toggleEndTurn, toggleFaceUp, toggleHand, toggleOption, unstage }
  from "../../havana_game/web/staging.js";
import { state } from "../../havana_game/web/state.js";
import { CLASSIC, seat } from "./seat.mjs";

const build = (row, side, pay) => ({ kind: "build", row, side, pay });
const cover = (card, covered) => ({ kind: "cover", card, covered });
const tax = (victim, take) => ({ kind: "tax", victim, take });

test("no view, no legal decision, or the one sent: the seat waits", () => {
  state.view = null;
  assert.deepEqual(legal(), []);
  assert.equal(mode(), "wait");
  seat({ legal: [] });
  assert.equal(mode(), "wait");
  seat({ legal: undefined });
  assert.deepEqual(legal(), []);
  seat({ legal: [cover(1, 2)] });
  assert.equal(mode(), "cover");
  state.sentVersion = 0; // a decision sent on an older view
  assert.equal(mode(), "cover");
  state.sentVersion = 1;
  assert.equal(mode(), "wait");
  seat({ phase: "over", legal: [cover(1, 2)] });
  assert.equal(mode(), "over");
  for (const [kind, asked] of [["choose", "choose"], ["act", "act"], ["tax", "tax"], ["build", "build"]]) {
    seat({ legal: [{ kind }] });
    assert.equal(mode(), asked);
  }
});

test("a refusal with no seq that is not stale leaves the decision sent", () => {
  const state1 = seat({ legal: [cover(1, 2)] });
  state1.sentVersion = 1;
  refused({ reason: "stale", seq: null });
  assert.equal(state1.sentVersion, null);
  state1.sentVersion = 1;
  refused({ reason: "illegal", seq: 0 });
  assert.equal(state1.sentVersion, null);
  state1.sentVersion = 1;
  refused({ reason: "illegal", seq: null });
  assert.equal(state1.sentVersion, 1);
});

test("a payment costs 4 a colored material or worker, 1 a gray or peso; then its units", () => {
  const costs = CLASSIC.costs;
  assert.deepEqual(paymentCost({ pay: { red: 1 } }, costs), [4, 1]);
  assert.deepEqual(paymentCost({ pay: { blue: 2 } }, costs), [8, 2]);
  assert.deepEqual(paymentCost({ pay: { gray: 1 } }, costs), [1, 1]);
  assert.deepEqual(paymentCost({ pay: { pesos: 3 } }, costs), [3, 3]);
  assert.deepEqual(paymentCost({ pay: { workers: 1 } }, costs), [4, 1]);
  assert.deepEqual(paymentCost({ pay: { yellow: 1, brown: 1, gray: 2, pesos: 1 } }, costs), [11, 5]);
  assert.deepEqual(paymentCost({}, costs), [0, 0]);
});

test("equal weights: fewer units first; a single payment needs no option", () => {
  const fewer = build(0, "left", { red: 1 });
  const more = build(0, "left", { gray: 2, pesos: 2 });
  seat({ legal: [{ kind: "end_turn" }, more, fewer] });
  assert.deepEqual(payments(), []);
  toggleEnd(0, "left");
  assert.deepEqual(payments(), [fewer, more]);
  assert.deepEqual(options(), [fewer, more]);
  toggleOption(1);
  assert.deepEqual(decision(), more);
  toggleOption(5);
  assert.equal(decision(), null); // no such option
  seat({ legal: [{ kind: "end_turn" }, more] });
  toggleEnd(0, "left");
  assert.deepEqual(decision(), more);
});

test("End turn: staged alone, it is the decision; a row end unstages it", () => {
  const one = build(0, "left", { red: 1 });
  seat({ legal: [one, { kind: "end_turn" }] });
  assert.equal(decision(), null);
  toggleEnd(0, "left");
  toggleOption(0);
  toggleEndTurn();
  assert.deepEqual(state.stage, { ...state.stage, endTurn: true, end: null, option: null });
  assert.deepEqual(decision(), { kind: "end_turn" });
  toggleEnd(0, "left");
  assert.equal(state.stage.endTurn, false);
  assert.deepEqual(decision(), one);
  toggleOption(0);
  toggleEnd(0, "left"); // the same end again: unstaged, and its option
  assert.equal(state.stage.end, null);
  assert.equal(state.stage.option, null);
  toggleEnd(0, "left");
  toggleEnd(0, "right"); // the other end of the same row
  assert.deepEqual(state.stage.end, { row: 0, side: "right" });
  toggleEnd(1, "right"); // the same side of another row
  assert.deepEqual(state.stage.end, { row: 1, side: "right" });
  toggleEndTurn();
  toggleEndTurn();
  assert.equal(state.stage.endTurn, false);
  seat({ legal: [one] });
  toggleEndTurn();
  assert.equal(decision(), null); // End turn is not offered
});

test("a tax is one of the legal ones, picked", () => {
  const taxes = [tax(1, "red"), tax(1, "worker"), tax(2, "gray")];
  seat({ legal: taxes });
  assert.deepEqual(options(), taxes);
  assert.equal(decision(), null);
  toggleOption(2);
  assert.deepEqual(decision(), taxes[2]);
  toggleOption(2);
  assert.equal(decision(), null);
  toggleOption(7);
  assert.equal(decision(), null);
});

test("a cover is a hand card and a face-up card, both staged", () => {
  seat({ legal: [cover(1, 5), cover(1, 6), cover(2, 5)], hand: [1, 2], face_up: [5, 6] });
  assert.deepEqual(options(), []);
  toggleHand(1);
  assert.deepEqual(state.stage.cards, [1]);
  assert.equal(decision(), null);
  toggleFaceUp(6);
  assert.deepEqual(decision(), cover(1, 6));
  toggleHand(2);
  assert.deepEqual(state.stage.cards, [2]); // one hand card at a time
  assert.equal(decision(), null); // 2 does not cover 6
  toggleFaceUp(5);
  assert.deepEqual(decision(), cover(2, 5));
  toggleHand(2);
  assert.deepEqual(state.stage.cards, []);
  toggleFaceUp(5);
  assert.equal(state.stage.covered, null);
  assert.equal(state.stage.act, null); // not an act
});

test("the opening pair: a card picked again is unpicked", () => {
  seat({ phase: "setup", legal: [{ kind: "choose", cards: [3, 1] }] });
  toggleHand(1);
  assert.equal(decision(), null);
  toggleHand(1);
  assert.deepEqual(state.stage.cards, []);
  toggleHand(1);
  toggleHand(3);
  assert.deepEqual(decision(), { kind: "choose", cards: [3, 1] }); // in any order
  toggleFaceUp(3);
  assert.equal(state.stage.act, null);
  assert.equal(state.stage.covered, null);
  seat({ phase: "setup", legal: [{ kind: "choose", cards: [3, 1] }] });
  toggleHand(3);
  toggleHand(2);
  assert.equal(decision(), null); // not a legal pair
  seat({ phase: "setup", legal: [{ kind: "choose", cards: [10, 9] }] });
  toggleHand(9);
  toggleHand(10);
  assert.deepEqual(decision(), { kind: "choose", cards: [10, 9] }); // sorted as numbers
  seat({ phase: "setup", legal: [{ kind: "choose", cards: [9, 10] }] });
  toggleHand(10);
  toggleHand(9);
  assert.deepEqual(decision(), { kind: "choose", cards: [9, 10] });
  seat({ phase: "setup", legal: [{ kind: "choose", cards: [1, 2, 3] }] });
  toggleHand(1);
  toggleHand(2);
  assert.equal(decision(), null);
  seat({ phase: "setup", legal: [{ kind: "choose", cards: [1] }] });
  toggleHand(1);
  toggleHand(2);
  assert.equal(decision(), null); // the same cards, all of them
  // Unpicking one of two keeps the other.
  seat({ phase: "setup", legal: [{ kind: "choose", cards: [1, 3] }] });
  toggleHand(1);
  toggleHand(3);
  toggleHand(1);
  assert.deepEqual(state.stage.cards, [3]);
});

test("an act: its card staged and unstaged; options only once it is staged", () => {
  const one = { kind: "act", card: 4, target: 1 };
  const two = { kind: "act", card: 4, target: 2 };
  seat({ legal: [{ kind: "act", card: 0 }, one, two] });
  assert.deepEqual(options(), []);
  assert.deepEqual(actOptions(), []);
  toggleFaceUp(4);
  assert.deepEqual(options(), [one, two]);
  assert.deepEqual(puts(), []);
  toggleOption(0);
  assert.deepEqual(decision(), one);
  toggleFaceUp(4);
  assert.equal(state.stage.act, null);
  assert.equal(state.stage.option, null);
  toggleHand(4); // no card to put down: nothing staged
  assert.equal(state.stage.put, null);
  assert.deepEqual(state.stage.cards, []);
  seat({ legal: [{ kind: "act", card: 3, put: 0, target: 1 }, { kind: "act", card: 3, put: null, target: 2 },
    { kind: "act", card: 3, target: 4 }] });
  toggleFaceUp(3);
  assert.deepEqual(puts(), [0]);
  assert.deepEqual(options(), []); // a card to put down first, even for the options putting none
});

test("the hand card put down is dropped when its act changes; its option with it", () => {
  const recycle = (put, target) => ({ kind: "act", card: 3, put, target });
  seat({ legal: [recycle(10, 1), recycle(9, 1), recycle(9, 2), { kind: "act", card: 0 }] });
  toggleFaceUp(3);
  assert.deepEqual(puts(), [9, 10]);
  toggleHand(9);
  toggleOption(1);
  assert.deepEqual(decision(), recycle(9, 2));
  toggleHand(9);
  assert.equal(state.stage.put, null);
  assert.equal(state.stage.option, null);
  toggleHand(10);
  toggleFaceUp(0);
  assert.equal(state.stage.put, null);
});

test("Undo takes back the last thing staged, newest first", () => {
  seat({ legal: [{ kind: "end_turn" }] });
  assert.equal(stagedAnything(), false);
  const s = state.stage;
  Object.assign(s, { cards: [1], covered: 2, act: 3, put: 4, option: 0, end: { row: 0, side: "left" }, endTurn: true });
  const order = [];
  for (let undo = 0; undo < 10 && stagedAnything(); undo++) {
    unstage();
    order.push(JSON.stringify(state.stage));
  }
  assert.deepEqual(order.map((o) => JSON.parse(o)), [
    { cards: [1], covered: 2, act: 3, put: 4, option: null, end: { row: 0, side: "left" }, endTurn: true, shown: null },
    { cards: [1], covered: 2, act: 3, put: 4, option: null, end: { row: 0, side: "left" }, endTurn: false, shown: null },
    { cards: [1], covered: 2, act: 3, put: 4, option: null, end: null, endTurn: false, shown: null },
    { cards: [1], covered: 2, act: 3, put: null, option: null, end: null, endTurn: false, shown: null },
    { cards: [1], covered: 2, act: null, put: null, option: null, end: null, endTurn: false, shown: null },
    { cards: [], covered: 2, act: null, put: null, option: null, end: null, endTurn: false, shown: null },
    { cards: [], covered: null, act: null, put: null, option: null, end: null, endTurn: false, shown: null },
  ]);
  for (const [key, value] of [["cards", [1]], ["covered", 0], ["act", 0], ["put", 0], ["option", 0],
    ["end", { row: 0, side: "left" }], ["endTurn", true]]) {
    clearStage();
    state.stage[key] = value;
    assert.equal(stagedAnything(), true, key);
  }
});

test("nothing is offered or decided while waiting or over", () => {
  seat({ legal: [{ kind: "end_turn" }] });
  state.sentVersion = 1;
  toggleEndTurn();
  assert.deepEqual(options(), []);
  assert.equal(decision(), null);
  toggleHand(1);
  toggleFaceUp(1);
  assert.deepEqual(state.stage.cards, []);
  assert.equal(state.stage.act, null);
  assert.equal(state.stage.covered, null);
});

test("a new view keeps of the staged choice only what is still legal in it", () => {
  const next = (view) => {
    const memo = stageMemo();
    state.view = { ...state.view, version: state.view.version + 1, ...view };
    keepStage(memo);
  };
  // Cover: the hand card and the face-up card, each while some cover still uses it.
  seat({ legal: [cover(1, 5), cover(2, 6)], hand: [1, 2] });
  toggleHand(1);
  toggleFaceUp(5);
  next({ legal: [cover(1, 6), cover(2, 5)] });
  assert.deepEqual(state.stage.cards, [1]);
  assert.equal(state.stage.covered, 5);
  next({ legal: [cover(2, 6)] });
  assert.deepEqual(state.stage.cards, []);
  assert.equal(state.stage.covered, null);
  // A card gone from the hand is dropped even if a decision still names it.
  seat({ legal: [cover(1, 5)], hand: [1] });
  toggleHand(1);
  next({ hand: [] });
  assert.deepEqual(state.stage.cards, []);
  seat({ legal: [cover(1, 5)] }); // a view without a hand
  toggleHand(1);
  next({});
  assert.deepEqual(state.stage.cards, []);
  // An act, and the card it puts down.
  const recycle = (put) => ({ kind: "act", card: 3, put, target: 1 });
  seat({ legal: [recycle(1), recycle(2), { kind: "act", card: 0 }] });
  toggleFaceUp(3);
  toggleHand(2);
  next({ legal: [recycle(2), { kind: "act", card: 0 }] });
  assert.equal(state.stage.act, 3);
  assert.equal(state.stage.put, 2);
  next({ legal: [recycle(1), { kind: "act", card: 0 }] });
  assert.equal(state.stage.act, 3);
  assert.equal(state.stage.put, null);
  next({ legal: [{ kind: "act", card: 0 }, { kind: "act", card: 3, target: 1 }, { kind: "tax", card: 3 }] });
  assert.equal(state.stage.act, 3);
  next({ legal: [{ kind: "act", card: 0 }, { kind: "tax", card: 3 }] });
  assert.equal(state.stage.act, null);
  // A row end while it can still be paid for; End turn while it is offered.
  const left = build(0, "left", { red: 1 });
  seat({ legal: [left, { kind: "end_turn" }] });
  toggleEnd(0, "left");
  next({ legal: [left, build(0, "right", { red: 1 })] });
  assert.deepEqual(state.stage.end, { row: 0, side: "left" });
  next({ legal: [build(0, "right", { red: 1 }), { kind: "end_turn" }] });
  assert.equal(state.stage.end, null);
  toggleEndTurn();
  next({ legal: [build(0, "right", { red: 1 }), { kind: "end_turn" }] });
  assert.equal(state.stage.endTurn, true);
  next({ legal: [build(0, "right", { red: 1 })] });
  assert.equal(state.stage.endTurn, false);
  assert.equal(state.stage.option, null); // no option was picked, none is
});


test("a picked option follows its decision to its new place, or is dropped with it", () => {
  const taxes = [tax(1, "red"), tax(1, "gray"), tax(2, "red")];
  seat({ legal: taxes });
  assert.deepEqual(stageMemo(), { mode: "tax", picked: null });
  toggleOption(1);
  assert.deepEqual(stageMemo(), { mode: "tax", picked: taxes[1] });
  let memo = stageMemo();
  state.view = { ...state.view, version: 2, legal: [taxes[2], taxes[1]] };
  keepStage(memo);
  assert.equal(state.stage.option, 1);
  memo = stageMemo();
  state.view = { ...state.view, version: 3, legal: [taxes[2], taxes[0]] };
  keepStage(memo);
  assert.equal(state.stage.option, null);
  // The first option is kept at its place (index 0).
  toggleOption(0);
  memo = stageMemo();
  state.view = { ...state.view, version: 4 };
  keepStage(memo);
  assert.equal(state.stage.option, 0);
  // An option index past the list picks nothing.
  toggleOption(9);
  assert.deepEqual(stageMemo(), { mode: "tax", picked: null });
});

test("a new question, or a seat that was waiting, starts afresh", () => {
  seat({ phase: "setup", legal: [{ kind: "choose", cards: [1, 2] }], hand: [1, 2] });
  toggleHand(1);
  const first = stageMemo();
  state.view = { ...state.view, version: 2, phase: "cover", legal: [cover(1, 5)] };
  keepStage(first);
  assert.deepEqual(state.stage.cards, []); // the card picked for the pair does not cover
  seat({ legal: [tax(1, "red"), tax(2, "red")] });
  toggleOption(1);
  let memo = stageMemo();
  state.view = { ...state.view, version: 2, legal: [build(0, "left", { red: 1 }), build(0, "left", { gray: 2 })] };
  keepStage(memo);
  assert.equal(state.stage.option, null);
  // Waiting (a decision sent): whatever was left staged goes.
  seat({ legal: [tax(1, "red"), tax(2, "red")] });
  toggleOption(1);
  state.sentVersion = 1;
  memo = stageMemo();
  assert.equal(memo.mode, "wait");
  state.sentVersion = null;
  state.view = { ...state.view, version: 2 };
  state.stage.option = 1;
  keepStage(memo);
  assert.equal(state.stage.option, null);
  // Both waiting: afresh too.
  seat({ legal: [] });
  state.stage.option = 1;
  memo = stageMemo();
  keepStage(memo);
  assert.equal(state.stage.option, null);
});
