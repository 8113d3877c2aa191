// A seat's choices before it confirms them, checked against the legal decisions
// the host sent (as the desktop's havana_game/client/table/staging.py). No DOM.

import { PRESENTATION } from "./presentation.js";
import { edition, emptyStage, state } from "./state.js";

export function legal() {
  return (state.view && state.view.legal) || [];
}

function sameSet(a, b) {
  return a.length === b.length && [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i]);
}

// What the seat is asked now: choose, act, tax, build, cover, wait or over.
export function mode() {
  const view = state.view;
  if (!view) return "wait";
  if (view.phase === "over") return "over";
  const decisions = legal();
  if (!decisions.length || state.sentVersion === view.version) return "wait";
  return PRESENTATION.decisions[decisions[0].kind].mode;
}

// The host refused a command: a refused decision (one with its seq, or one gone
// stale) is the seat's to make again, so the page stops waiting for it.
export function refused(message) {
  if (message.reason === "stale" || message.seq !== null) state.sentVersion = null;
}

export function clearStage() {
  state.stage = emptyStage();
}

export function actOptions() {
  return legal().filter((d) => d.kind === "act" && d.card === state.stage.act);
}

// The hand cards the staged act can put down first (Reciclaje: `put`, then the
// card taken back), ascending; empty for an act chosen in one step.
export function puts() {
  const found = new Set(actOptions().filter((d) => d.put !== undefined && d.put !== null).map((d) => d.put));
  return [...found].sort((a, b) => a - b);
}

// The staged act's options left to pick from: with a put to choose, none until it
// is staged, then those that put it down.
function actChoices() {
  if (!puts().length) return actOptions();
  return state.stage.put === null ? [] : actOptions().filter((d) => d.put === state.stage.put);
}

// How dear a payment is: [weighted (presentation.json's payment_weights, in cost
// order), units handed over], compared in that order.
export function paymentCost(decision, costs) {
  const weights = PRESENTATION.payment_weights;
  const pay = decision.pay || {};
  return [costs.reduce((sum, name, i) => sum + (i < 4 ? weights.colored : weights[name]) * (pay[name] || 0), 0),
    costs.reduce((sum, name) => sum + (pay[name] || 0), 0)];
}

// Legal builds of the staged end, cheapest first.
export function payments() {
  const end = state.stage.end;
  if (!end) return [];
  const costs = edition().costs;
  const cost = (d) => paymentCost(d, costs);
  return legal().filter((d) => d.kind === "build" && d.row === end.row && d.side === end.side)
    .sort((a, b) => cost(a)[0] - cost(b)[0] || cost(a)[1] - cost(b)[1]);
}

export function options() {
  switch (mode()) {
    case "act": return state.stage.act === null ? [] : actChoices();
    case "tax": return legal();
    case "build": return payments();
    default: return [];
  }
}

// The complete legal decision staged now, or null if something is missing.
export function decision() {
  const stage = state.stage;
  const decisions = legal();
  switch (mode()) {
    case "choose":
      return stage.cards.length === 2 ? decisions.find((d) => sameSet(d.cards, stage.cards)) || null : null;
    case "cover":
      return decisions.find((d) => d.covered === stage.covered && d.card === stage.cards[0]) || null;
    case "act": {
      const found = actChoices();
      if (found.length === 1) return found[0];
      return stage.option === null ? null : found[stage.option] || null;
    }
    case "tax":
      return stage.option === null ? null : decisions[stage.option] || null;
    case "build": {
      if (stage.endTurn) return decisions.find((d) => d.kind === "end_turn") || null;
      const found = payments();
      if (found.length === 1) return found[0];
      return stage.option === null ? null : found[stage.option] || null;
    }
    default:
      return null;
  }
}

export function stagedAnything() {
  const s = state.stage;
  return s.cards.length > 0 || s.covered !== null || s.act !== null || s.put !== null || s.option !== null
    || s.end !== null || s.endTurn;
}

// Take back the last thing staged.
export function unstage() {
  const s = state.stage;
  if (s.option !== null) s.option = null;
  else if (s.endTurn) s.endTurn = false;
  else if (s.end !== null) s.end = null;
  else if (s.put !== null) s.put = null;
  else if (s.act !== null) s.act = null;
  else if (s.cards.length) s.cards.pop();
  else s.covered = null;
}

// Pick or unpick a hand card (the oldest pick drops out when two are picked; while
// acting, the card a two-step act puts down).
export function toggleHand(card) {
  const s = state.stage;
  if (mode() === "act") {
    if (puts().includes(card)) s.put = s.put === card ? null : card;
    s.option = null;
  } else if (mode() === "choose") {
    if (s.cards.includes(card)) s.cards = s.cards.filter((c) => c !== card);
    else if (s.cards.length < 2) s.cards.push(card);
    else s.cards = [s.cards[1], card];
  } else if (mode() === "cover") {
    s.cards = s.cards[0] === card ? [] : [card];
  }
}

export function toggleFaceUp(card) {
  const s = state.stage;
  if (mode() === "act") {
    s.act = s.act === card ? null : card;
    s.put = null;
    s.option = null;
  } else if (mode() === "cover") {
    s.covered = s.covered === card ? null : card;
  }
}

export function toggleEnd(row, side) {
  const s = state.stage;
  s.endTurn = false;
  s.option = null;
  s.end = s.end && s.end.row === row && s.end.side === side ? null : { row, side };
}

export function toggleOption(index) {
  state.stage.option = state.stage.option === index ? null : index;
}

export function toggleEndTurn() {
  const s = state.stage;
  s.endTurn = !s.endTurn;
  s.end = null;
  s.option = null;
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

// What is staged, to keep across a new view (`keepStage`): the mode it was staged
// in and the option picked, as a decision.
export function stageMemo() {
  const picked = state.stage.option === null ? null : options()[state.stage.option] ?? null;
  return { mode: mode(), picked };
}

// A new view came: keep of the staged choice what is still legal in it (the other
// seat choosing first must not wipe a half-made opening pair); a new question
// (another mode) starts afresh.
export function keepStage(memo) {
  const s = state.stage;
  if (mode() !== memo.mode || memo.mode === "wait") {
    clearStage();
    return;
  }
  const decisions = legal();
  const inHand = new Set((state.view.hand || []));
  s.cards = s.cards.filter((c) => inHand.has(c) && decisions.some((d) => (d.cards || [d.card]).includes(c)));
  if (s.covered !== null && !decisions.some((d) => d.covered === s.covered)) s.covered = null;
  if (s.act !== null && !decisions.some((d) => d.kind === "act" && d.card === s.act)) s.act = null;
  if (s.put !== null && !puts().includes(s.put)) s.put = null;
  if (s.end && !payments().length) s.end = null;
  if (s.endTurn && !decisions.some((d) => d.kind === "end_turn")) s.endTurn = false;
  const index = memo.picked === null ? -1 : options().findIndex((d) => same(d, memo.picked));
  s.option = index < 0 ? null : index;
}
