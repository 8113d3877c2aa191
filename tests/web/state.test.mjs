// The page's state (havana_game/web/state.js): the current edition is the view's,
// else the table's, else the classic one; names of cards, buildings and seats in
// the player's language, with a stand-in when the catalog or edition lacks them.

import assert from "node:assert/strict";
import { test } from "node:test";

import { loadLanguage } from "../../havana_game/web/i18n.js";
import { buildingName, buildingVp, cardKey, cardName, edition, emptyStage, seatName, state }
  from "../../havana_game/web/state.js";
import { CLASSIC } from "./seat.mjs";

const NEW = { ...CLASSIC, cards: [{ key: "worker", name: "worker", number: 9 }],
  buildings: { n1: { name: "N1", vp: 7 } } };

async function english() {
  globalThis.document = { documentElement: {} };
  globalThis.fetch = async () => ({ json: async () => ({ messages: {
    "card.siesta": ["Siesta"], "building.b1": ["Palace"], "player.default": ["Player"],
  } }) });
  await loadLanguage("en");
  state.editions = { classic: CLASSIC, edition2024: NEW };
}

test("nothing staged at first", () => {
  assert.deepEqual(emptyStage(),
    { cards: [], covered: null, act: null, put: null, option: null, end: null, endTurn: false, shown: null });
  assert.notEqual(emptyStage().cards, emptyStage().cards);
  assert.deepEqual(state.stage, emptyStage());
  assert.deepEqual(state.log, []);
  assert.deepEqual(state.steps, []);
  assert.equal(state.wasMine, false);
  assert.equal(state.sentVersion, null);
  assert.equal(state.view, null);
  assert.equal(state.table, null);
  assert.equal(state.seat, null);
});

test("the edition is the view's, else the table's, else the classic one", async () => {
  await english();
  state.view = null;
  state.table = null;
  assert.equal(edition(), CLASSIC);
  state.table = { edition: "edition2024", seats: [] };
  assert.equal(edition(), NEW);
  state.view = { ruleset: "classic" };
  assert.equal(edition(), CLASSIC);
  state.view = { ruleset: "edition2024" };
  state.table = { edition: "classic", seats: [] };
  assert.equal(edition(), NEW);
  state.view = { ruleset: null };
  assert.equal(edition(), CLASSIC);
  state.view = { ruleset: "unknown" };
  assert.equal(edition(), CLASSIC); // an edition the page does not know
});

test("cards by index: their name in the player's language and their effect's key", async () => {
  await english();
  state.view = { ruleset: "classic" };
  assert.equal(cardName(0), "Siesta");
  assert.equal(cardName(1), "card.conservation"); // not in the catalog: its key
  assert.equal(cardName(99), "?");
  assert.equal(cardKey(2), "smuggling");
  assert.equal(cardKey(99), "");
  state.view = { ruleset: "edition2024" };
  assert.equal(cardKey(0), "worker");
});

test("a building's name is the catalog's, else the edition's, else its id; its VP", async () => {
  await english();
  state.view = { ruleset: "classic" };
  assert.equal(buildingName("b1"), "Palace");
  state.view = { ruleset: "edition2024" };
  assert.equal(buildingName("n1"), "N1");
  assert.equal(buildingName("zz"), "zz");
  assert.equal(buildingVp("n1"), 7);
  assert.equal(buildingVp("zz"), 0);
});

test("a seat is called by its player's name, else Player and its number", async () => {
  await english();
  state.table = { seats: [{ name: "Ana" }, { name: "" }, null] };
  assert.equal(seatName(0), "Ana");
  assert.equal(seatName(1), "Player 2");
  assert.equal(seatName(2), "Player 3");
  assert.equal(seatName(5), "Player 6");
  state.table = null;
  assert.equal(seatName(0), "Player 1");
});
