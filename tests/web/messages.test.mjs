// What each of the host's messages changes in the seat page (havana_game/web/
// messages.js): the seat, the table, the log and recap, the view (the staged
// choice kept or not, a decision sent no longer waited for), the game's end, a
// closed table, and an error said for 4 s (a fatal one sends the player back to
// the join form). The page is tests/web/dom.mjs's.

import assert from "node:assert/strict";
import { mock, test } from "node:test";

import { loadLanguage } from "../../havana_game/web/i18n.js";
import { onMessage, onStatus } from "../../havana_game/web/messages.js";
import { state } from "../../havana_game/web/state.js";
import { page } from "./dom.mjs";
import { seat } from "./seat.mjs";

const cover = (card, covered) => ({ kind: "cover", card, covered });
const action = (who, card) => ({ kind: "action", data: { seat: who, card } });

async function setUp() {
  const document = page();
  globalThis.fetch = async () => ({ json: async () => ({ messages: {
    "error.illegal": ["Not allowed"], "error.unknown": ["Error: {reason}"], "join.seat_given": ["Seat given away"],
    "log.action": ["{name} plays {card}"], "card.siesta": ["Siesta"], "net.reconnecting": ["Reconnecting"],
  } }) });
  await loadLanguage("en");
  seat({ legal: [cover(1, 5), cover(2, 5)], hand: [1, 2] }, { seats: [{ name: "Ana" }, { name: "Bo" }] });
  state.seat = null; // the page draws only its status line
  state.link = { status: "connected" };
  state.notice = null;
  state.over = null;
  state.closed = null;
  state.steps = [];
  return document;
}

const view = (fields) => ({ type: "view", view: { ...state.view, ...fields }, events: [] });

test("joined: the seat is the page's, the join form goes, a notice with it", async () => {
  const document = await setUp();
  state.view = null;
  state.notice = "old";
  onMessage({ type: "joined", seat: 1 });
  assert.equal(state.seat, 1);
  assert.equal(state.notice, null);
  assert.equal(document.getElementById("join").hidden, true);
  assert.equal(document.body.dataset.mode, "wait");
});

test("table, game over and closed are kept as they came", async () => {
  const document = await setUp();
  const table = { type: "table", seats: [{ name: "Cy" }], status: "lobby" };
  onMessage(table);
  assert.equal(state.table, table);
  const over = { type: "game_over", winners: [0] };
  onMessage(over);
  assert.equal(state.over, over);
  const closed = { type: "closed", reason: "stopped" };
  onMessage(closed);
  assert.equal(state.closed, closed);
  assert.equal(document.body.dataset.phase, "closed");
  onMessage({ type: "something_new" });
  assert.equal(state.closed, closed);
});

test("a history is the whole log again, and the recap's steps", async () => {
  await setUp();
  state.log = ["stale line"];
  onMessage({ type: "history", events: [action(1, 0), action(0, 0)] });
  assert.deepEqual(state.log, ["Bo plays Siesta", "Ana plays Siesta"]);
  assert.equal(state.steps.length, 2);
});

test("a new view keeps what is still legal of the staged choice; the same view keeps it all", async () => {
  await setUp();
  state.stage.cards = [1];
  onMessage(view({ version: 2 }));
  assert.deepEqual(state.stage.cards, [1]);
  state.stage.covered = 5;
  onMessage(view({ version: 2, legal: [cover(2, 5)] })); // the same version again: nothing changes
  assert.deepEqual(state.stage.cards, [1]);
  onMessage(view({ version: 3, legal: [cover(2, 5)] }));
  assert.deepEqual(state.stage.cards, []);
  assert.equal(state.stage.covered, 5);
});

test("the first view starts with nothing staged", async () => {
  await setUp();
  state.view = null;
  state.stage.cards = [1];
  onMessage({ type: "view", view: { version: 1, phase: "cover", legal: [cover(1, 5)], hand: [1], you: 0, seats: [] },
    events: [] });
  assert.deepEqual(state.stage.cards, []);
});

test("a decision sent is waited for until a view of another version comes", async () => {
  await setUp();
  state.sentVersion = 1;
  onMessage(view({ version: 1 }));
  assert.equal(state.sentVersion, 1);
  onMessage(view({ version: 2 }));
  assert.equal(state.sentVersion, null);
});

test("a view's events go to the log, the recap and, the others' moves, the live region", async () => {
  const document = await setUp();
  state.log = ["before"];
  onMessage({ ...view({ version: 2, you: 0 }), events: [action(1, 0)] });
  onMessage({ ...view({ version: 3, you: 0 }), events: [action(0, 0)] });
  assert.deepEqual(state.log, ["before", "Bo plays Siesta", "Ana plays Siesta"]);
  assert.equal(state.steps.length, 2);
  const told = document.getElementById("announce");
  assert.equal(told.childElementCount, 1);
  assert.match(told.textContent, /Bo/);
  // A spectator's view (no seat) is not told.
  onMessage({ ...view({ version: 4, you: null }), events: [action(1, 0)] });
  assert.equal(told.childElementCount, 1);
});

test("an older view (a game loaded again) starts the log and recap over", async () => {
  await setUp();
  state.view.version = 5;
  state.log = ["a", "b"];
  state.steps = [{ seat: 1, events: [] }];
  onMessage({ ...view({ version: 4 }), events: [action(1, 0)] });
  assert.deepEqual(state.log, ["Bo plays Siesta"]);
  assert.equal(state.steps.length, 1);
  onMessage(view({ version: 4 }));
  assert.deepEqual(state.log, ["Bo plays Siesta"]);
  onMessage(view({ version: 6 }));
  assert.deepEqual(state.log, ["Bo plays Siesta"]);
});

test("an error is said for 4 s, by its text or as an unknown one; a refused decision is the seat's again", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const document = await setUp();
    state.seat = 0;
    state.table = null;
    state.view = null;
    state.sentVersion = 1;
    onMessage({ type: "error", reason: "illegal", seq: 3, fatal: false });
    assert.equal(state.sentVersion, null);
    assert.equal(state.notice, "Not allowed");
    const status = document.getElementById("status");
    assert.equal(status.textContent, "Not allowed");
    assert.ok(status.classList.contains("warn"));
    mock.timers.tick(3999);
    assert.equal(state.notice, "Not allowed");
    mock.timers.tick(1);
    assert.equal(state.notice, null);
    assert.equal(status.textContent, "");
    assert.ok(!status.classList.contains("warn"));
    onMessage({ type: "error", reason: "odd", seq: null, fatal: false });
    assert.equal(state.notice, "Error: odd");
    assert.equal(state.seat, 0);
  } finally {
    mock.timers.reset();
  }
});

test("a fatal error about the seat sends the player back to the join form, saying why", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    for (const [reason, note] of [["wrong_token", "Seat given away"], ["no_such_seat", "Error: no_such_seat"],
      ["table_full", "Error: table_full"], ["wrong_code", "Error: wrong_code"], ["kicked", "Error: kicked"]]) {
      const document = await setUp();
      state.seat = 1;
      onMessage({ type: "error", reason, seq: null, fatal: true });
      assert.equal(state.seat, null, reason);
      assert.equal(state.view, null);
      assert.equal(document.getElementById("join").hidden, false);
      assert.equal(document.getElementById("join-note").textContent, note);
      assert.equal(document.body.dataset.mode, "join");
    }
    for (const [reason, fatal] of [["replaced", true], ["wrong_token", false]]) {
      const document = await setUp();
      document.getElementById("join").hidden = true;
      onMessage({ type: "error", reason, seq: null, fatal });
      assert.notEqual(state.view, null, reason);
      assert.equal(document.getElementById("join").hidden, true);
      assert.equal(document.getElementById("join-note").textContent, "");
    }
  } finally {
    mock.timers.reset();
  }
});

test("the link's status is drawn and set on the page", async () => {
  const document = await setUp();
  state.link = { status: "reconnecting" };
  onStatus();
  assert.equal(document.body.dataset.link, "reconnecting");
  assert.equal(document.getElementById("status").textContent, "Reconnecting");
});
