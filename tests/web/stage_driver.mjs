// Stages decisions as a player taps them on the page and prints what the page's
// staging (havana_game/web/staging.js) makes of them, for tests/test_staging_agree.py
// to hold against the desktop's (havana_game/client/table/staging.py).
//
// Reads JSON from standard input: {editions, views: [view, ...]}. Writes JSON:
// per view {mode, staged: [decision or null per legal decision, staged by taps],
// payments: {"row/side": [build, ...] in the order offered}}.

import { readFileSync } from "node:fs";

import { state } from "../../havana_game/web/state.js";
import {
  clearStage, decision, mode, options, payments, puts, toggleEnd, toggleEndTurn, toggleFaceUp,
  toggleHand, toggleOption,
} from "../../havana_game/web/staging.js";

// The taps that stage `wanted` (one of the view's legal decisions): the cards,
// the end, then the option among those the page offers then.
function tap(wanted) {
  clearStage();
  switch (wanted.kind) {
    case "choose":
      wanted.cards.forEach(toggleHand);
      break;
    case "cover":
      toggleHand(wanted.card);
      toggleFaceUp(wanted.covered);
      break;
    case "act":
      toggleFaceUp(wanted.card);
      if (puts().length) toggleHand(wanted.put);
      break;
    case "build":
      toggleEnd(wanted.row, wanted.side);
      break;
    case "end_turn":
      toggleEndTurn();
      return decision();
    default:
      break;
  }
  if (decision() === null) {
    const index = options().findIndex((d) => JSON.stringify(d) === JSON.stringify(wanted));
    if (index >= 0) toggleOption(index);
  }
  return decision();
}

const input = JSON.parse(readFileSync(0, "utf8"));
state.editions = input.editions;
const out = input.views.map((view) => {
  state.view = view;
  state.sentVersion = null;
  clearStage();
  const legal = view.legal || [];
  const ends = {};
  for (const d of legal) {
    if (d.kind === "build" && !(`${d.row}/${d.side}` in ends)) {
      clearStage();
      toggleEnd(d.row, d.side);
      ends[`${d.row}/${d.side}`] = payments();
    }
  }
  return { mode: mode(), staged: legal.map(tap), payments: ends };
});
process.stdout.write(JSON.stringify(out));
