// The seat page's state: what the host last said (table, view, game over), the
// log lines, the staged choice; and the names of the current edition's things.

import { has, tr } from "./i18n.js";

export const state = {
  editions: null, // edition name -> {fingerprint, materials, costs, cards, buildings}
  link: null,
  table: null, // the last `table` message
  seat: null,
  view: null,
  over: null, // the `game_over` message
  closed: null, // the `closed` message: the host closed the table on purpose
  log: [],
  steps: [], // what each host update told: {seat that decided it, events} (recap.js)
  stage: emptyStage(),
  sentVersion: null,
  notice: null,
  wasMine: false,
  logOpen: null, // the player opened or closed the log (null: open on wide screens)
  timing: {}, // performance.now() when the join form, and the first view, were drawn
};

export function emptyStage() {
  // put: the hand card a two-step choice (Reciclaje) puts down first; shown: the
  // card or building last tapped, whose explanation the decision panel shows.
  return { cards: [], covered: null, act: null, put: null, option: null, end: null, endTurn: false, shown: null };
}

export function edition() {
  const name = (state.view && state.view.ruleset) || (state.table && state.table.edition) || "classic";
  return state.editions[name] || state.editions.classic;
}

export function cardName(index) {
  const card = edition().cards[index];
  return card ? tr(`card.${card.name}`) : "?";
}

export function cardKey(index) {
  const card = edition().cards[index];
  return card ? card.key : "";
}

export function buildingName(id) {
  const key = `building.${id}`;
  return has(key) ? tr(key) : (edition().buildings[id] || { name: id }).name;
}

export function buildingVp(id) {
  return (edition().buildings[id] || { vp: 0 }).vp;
}

export function seatName(seat) {
  const info = state.table && state.table.seats[seat];
  return (info && info.name) || `${tr("player.default")} ${seat + 1}`;
}
