// The parts of the page's log lines (havana_game/web/logtext.js): amounts, clocks,
// each kind of argument, each `when` test of presentation.json's lines, and the
// log kept to its newest LOG_LINES lines with a seat's own copy of an event
// taking the public line's place.

import assert from "node:assert/strict";
import { test } from "node:test";

import { loadLanguage } from "../../havana_game/web/i18n.js";
import { addLog, amountsText, ARGUMENTS, clock, eventLine, LOG_LINES, logLine, textKey }
  from "../../havana_game/web/logtext.js";
import { PRESENTATION } from "../../havana_game/web/presentation.js";
import { state } from "../../havana_game/web/state.js";
import { seat } from "./seat.mjs";

async function english() {
  globalThis.document = { documentElement: {} };
  globalThis.fetch = async () => ({ json: async () => ({ messages: {
    "list.separator": [", "], "nothing": ["nothing"], "amount.red": ["{n} red"], "amount.gray": ["{n} gray"],
    "amount.pesos": ["{n} peso", "{n} pesos"], "ai.hard": ["Hard"], "card.siesta": ["Siesta"],
    "log.round": ["Round {n}"], "log.discards": ["{name} takes back {count} card", "{name} takes back {count} cards"],
    "log.took_back": ["{name} takes a card back"], "log.took_back_card": ["{name} takes back {card}"],
    "log.chosen": ["{name} has chosen"], "log.seat_left_now": ["{name} left"],
    "log.seat_left": ["{name} left ({time})"], "log.taxed.worker": ["{name} taxes {victim}: a worker"],
    "log.taxed.material": ["{name} taxes {victim}: {materials}"], "log.recycled_nothing": ["{name} recycles nothing"],
    "log.recycled": ["{name} recycles {card}"], "log.recycled_only": ["{name} takes {card}"],
    "log.seat_opened": ["{name} is open"], "log.built": ["{name} builds {building} ({vp} VP)"],
  } }) });
  await loadLanguage("en");
  seat({}, { seats: [{ name: "Ana" }, { name: "Bo" }] });
}

test("names' text keys are presentation.json's, filled in", () => {
  assert.equal(textKey("amount", { name: "red" }), "amount.red");
  assert.equal(textKey("ai_level", { level: "hard" }), "ai.hard");
  assert.equal(PRESENTATION.text_keys.amount, "amount.{name}");
});

test("amounts: a list of materials counted, or a count dict; zeros left out", async () => {
  await english();
  assert.equal(amountsText(["red", "gray", "red"]), "2 red, 1 gray");
  assert.equal(amountsText({ red: 1, gray: 0, pesos: 2 }), "1 red, 2 pesos");
  assert.equal(amountsText({ pesos: 1 }), "1 peso");
  assert.equal(amountsText([]), "nothing");
  assert.equal(amountsText({ red: 0 }), "nothing");
});

test("a clock is minutes and two-digit seconds, rounded, never below zero", () => {
  assert.equal(clock(105), "1:45");
  assert.equal(clock(65), "1:05");
  assert.equal(clock(0), "0:00");
  assert.equal(clock(59.4), "0:59");
  assert.equal(clock(59.6), "1:00");
  assert.equal(clock(-3), "0:00");
  assert.equal(clock(600), "10:00");
});

test("each kind of argument says its field", async () => {
  await english();
  state.editions.classic.buildings.b1 = { name: "B1", vp: 3 };
  assert.equal(ARGUMENTS.value(7), 7);
  assert.equal(ARGUMENTS.player(1), "Bo");
  assert.equal(ARGUMENTS.players([0, 1]), "Ana, Bo");
  assert.equal(ARGUMENTS.card(0), "Siesta");
  assert.equal(ARGUMENTS.building("b1"), "B1");
  assert.equal(ARGUMENTS.building_vp("b1"), 3);
  assert.equal(ARGUMENTS.amounts("red"), "1 red");
  assert.equal(ARGUMENTS.amounts({ gray: 2 }), "2 gray");
  assert.equal(ARGUMENTS.plus_one(0), 1);
  assert.equal(ARGUMENTS.size([4, 5, 6]), 3);
  assert.equal(ARGUMENTS.clock(61), "1:01");
  assert.equal(ARGUMENTS.ai_level("hard"), "Hard");
});

test("each `when` test picks its line", async () => {
  await english();
  const line = (kind, data) => logLine({ kind, data });
  // present / absent
  assert.equal(line("card_taken_back", { seat: 0, card: 0 }), "Ana takes back Siesta");
  assert.equal(line("card_taken_back", { seat: 0 }), "Ana takes a card back");
  assert.equal(line("card_taken_back", { seat: 0, card: undefined }), "Ana takes back ?");
  // null: null and missing alike
  assert.equal(line("seat_left", { seat: 1, seconds: null }), "Bo left");
  assert.equal(line("seat_left", { seat: 1 }), "Bo left");
  assert.equal(line("seat_left", { seat: 1, seconds: 0 }), "Bo left (0:00)");
  assert.equal(line("seat_left", { seat: 1, seconds: 90 }), "Bo left (1:30)");
  // equals
  assert.equal(line("taxed", { seat: 0, victim: 1, take: "worker" }), "Ana taxes Bo: a worker");
  assert.equal(line("taxed", { seat: 0, victim: 1, take: "red" }), "Ana taxes Bo: 1 red");
  // negative
  assert.equal(line("card_recycled", { seat: 0, taken: -1, put: true }), "Ana recycles nothing");
  assert.equal(line("card_recycled", { seat: 0, taken: 0, put: true }), "Ana recycles Siesta");
  assert.equal(line("card_recycled", { seat: 0, taken: "-1", put: true }), "Ana recycles ?");
  // true / false, of values, lists and dicts
  assert.equal(line("card_recycled", { seat: 0, taken: 0, put: false }), "Ana takes Siesta");
  assert.equal(line("card_recycled", { seat: 0, taken: 0, put: null }), "Ana takes Siesta");
  assert.equal(line("card_recycled", { seat: 0, taken: 0, put: [] }), "Ana takes Siesta");
  assert.equal(line("card_recycled", { seat: 0, taken: 0, put: [1] }), "Ana recycles Siesta");
  assert.equal(line("card_recycled", { seat: 0, taken: 0, put: {} }), "Ana takes Siesta");
  assert.equal(line("card_recycled", { seat: 0, taken: 0, put: { a: 1 } }), "Ana recycles Siesta");
  assert.equal(line("seat_opened", { seat: 1, name: "Cy" }), "Cy is open");
  assert.equal(line("seat_opened", { seat: 1, name: "" }), "Bo is open");
  assert.equal(line("seated", { seat: 0, name: "Ana", version: 0 }), null);
  assert.equal(line("seated", { seat: 0, name: "Ana", version: [] }), null);
  assert.equal(eventLine("seated", { name: "Ana", version: 3 }).key, "log.seat_taken");
  assert.equal(eventLine("seated", { name: "Ana", version: { a: 1 } }).key, "log.seat_taken");
});

test("a line's count chooses its plural form; an event with no line has none", async () => {
  await english();
  assert.equal(logLine({ kind: "discards_taken_back", data: { seat: 0, count: 1 } }), "Ana takes back 1 card");
  assert.equal(logLine({ kind: "discards_taken_back", data: { seat: 1, count: 3 } }), "Bo takes back 3 cards");
  assert.equal(logLine({ kind: "round_started", data: { round: 2 } }), "Round 2");
  assert.equal(logLine({ kind: "no_such_event", data: {} }), null);
  assert.equal(eventLine("no_such_event", {}), null);
  assert.deepEqual(eventLine("cards_revealed", {}), { key: "log.revealed", args: {}, count: null });
  assert.deepEqual(eventLine("cards_chosen", { seat: 0 }),
    { key: "log.chosen", args: { name: ["player", "seat"] }, count: null });
  assert.deepEqual(eventLine("discards_taken_back", { seat: 0, count: 2 }).count, ["value", "count"]);
});

test("absent: a line for events without the field", () => {
  const saved = PRESENTATION.events.round_started;
  PRESENTATION.events.round_started = [{ when: ["absent", "round"], key: "log.no_round" }, { key: "log.round" }];
  try {
    assert.equal(eventLine("round_started", {}).key, "log.no_round");
    assert.equal(eventLine("round_started", { round: 0 }).key, "log.round");
  } finally {
    PRESENTATION.events.round_started = saved;
  }
});

test("a `when` test the page does not know is an error, not a silent line", () => {
  const saved = PRESENTATION.events.round_started;
  PRESENTATION.events.round_started = [{ when: ["sometimes", "round"], key: "log.round" }];
  try {
    assert.throws(() => eventLine("round_started", { round: 1 }), /unknown test sometimes/);
  } finally {
    PRESENTATION.events.round_started = saved;
  }
});

test("the log keeps its newest LOG_LINES lines", async () => {
  await english();
  assert.equal(LOG_LINES, 200);
  addLog(Array.from({ length: 150 }, (_, i) => ({ kind: "round_started", data: { round: i } })));
  assert.equal(state.log.length, 150);
  addLog(Array.from({ length: 60 }, (_, i) => ({ kind: "round_started", data: { round: 150 + i } })));
  assert.equal(state.log.length, LOG_LINES);
  assert.equal(state.log[0], "Round 10");
  assert.equal(state.log.at(-1), "Round 209");
  addLog([{ kind: "round_started", data: { round: 210 } }]);
  assert.equal(state.log.length, LOG_LINES);
  assert.equal(state.log[0], "Round 11");
});

test("only the seat's own copy right after the public line of the same event replaces it", async () => {
  await english();
  const back = (data) => ({ kind: "card_taken_back", data });
  addLog([back({ seat: 0 }), back({ seat: 0, card: 0 })]);
  assert.deepEqual(state.log, ["Ana takes back Siesta"]);
  // Not right after its public line: both lines stay.
  state.log = [];
  addLog([back({ seat: 0 }), { kind: "round_started", data: { round: 1 } }, back({ seat: 0, card: 0 })]);
  assert.deepEqual(state.log, ["Ana takes a card back", "Round 1", "Ana takes back Siesta"]);
  // A first event with its secret has no public line before it.
  state.log = ["older"];
  addLog([back({ seat: 0, card: 0 })]);
  assert.deepEqual(state.log, ["older", "Ana takes back Siesta"]);
  // The own copy of an opening pair says nothing: the public line stays.
  state.log = [];
  addLog([{ kind: "cards_chosen", data: { seat: 0 } }, { kind: "cards_chosen", data: { seat: 0, cards: [1, 2] } }]);
  assert.deepEqual(state.log, ["Ana has chosen"]);
  // A covered card and a recycling: the seat's copy, which names the card, replaces the public line.
  state.log = [];
  addLog([{ kind: "card_covered", data: { seat: 0, covered: 0 } }, { kind: "card_covered", data: { seat: 0, covered: 0, card: 3 } }]);
  assert.equal(state.log.length, 1);
  state.log = [];
  addLog([{ kind: "card_recycled", data: { seat: 0, taken: 0, put: true } },
    { kind: "card_recycled", data: { seat: 0, taken: 0, put: true, card: 3 } }]);
  assert.equal(state.log.length, 1);
  // Two public lines of one kind: both stay.
  state.log = [];
  addLog([back({ seat: 0 }), back({ seat: 1 })]);
  assert.deepEqual(state.log, ["Ana takes a card back", "Bo takes a card back"]);
});
