// What happened since the seat's last decision (as the desktop's
// havana_game/client/table/recap.py): the others' moves and a new round's turn
// order. Each host update is a step with the seat whose decision led to it; the
// recap of a seat is the steps after its own last one. No DOM.

import { tr } from "./i18n.js";
import { ARGUMENTS, logLine } from "./logtext.js";
import { state } from "./state.js";

// Events a recap tells (recap.py RECAP_KINDS; tests/test_web_recap.py keeps them equal).
export const RECAP_KINDS = ["action", "materials_taken", "pesos_taken", "workers_taken", "building_built",
  "building_removed", "taxed", "pesos_stolen", "materials_stolen", "card_taken_back", "card_recycled",
  "discards_taken_back", "round_started"];
// Events whose seat is not the one who decided the step they open (recap.py NOT_DECIDING).
export const NOT_DECIDING = ["turn_started", "seated", "seat_left", "seat_standin", "seat_back", "seat_opened"];
// Steps kept: enough for a whole round of four seats.
export const STEPS_KEPT = 200;

// The seat whose decision caused `events`: the first event naming a seat (null
// for an end of turn, which names none).
export function decider(events) {
  for (const event of events) {
    if (!NOT_DECIDING.includes(event.kind) && "seat" in event.data) return event.data.seat;
  }
  return null;
}

// A host update's events, as one step.
export function addStep(events) {
  if (!events.length) return;
  state.steps.push({ seat: decider(events), events });
  if (state.steps.length > STEPS_KEPT) state.steps.splice(0, state.steps.length - STEPS_KEPT);
}

// A history told at once (joining, rejoining): each event is its own step,
// decided by the seat it names, so the recap starts after the seat's own last move.
export function retell(events) {
  state.steps = [];
  for (const event of events) addStep([event]);
}

// The events a recap for `seat` tells: those after its last decision that another
// player made (or that began a round), in order. A round the seat's own last move
// began is told too: live it came in that move's step, retold as a step of its own.
export function sinceLastDecision(steps, seat) {
  let last = -1;
  steps.forEach((step, i) => { if (step.seat === seat) last = i; });
  const begun = last < 0 ? [] : steps[last].events.filter((event) => event.kind === "round_started");
  return begun.concat(steps.slice(last + 1).flatMap((step) => step.events)
    .filter((event) => RECAP_KINDS.includes(event.kind) && event.data.seat !== seat));
}

// One recap line: a new round's turn order, else the event's log line (or null).
export function recapLine(event) {
  if (event.kind === "round_started") {
    return tr("recap.order", { n: event.data.round, names: ARGUMENTS.players(event.data.order) });
  }
  return logLine(event);
}

// The lines of what the others did since `seat` last decided.
export function recapLines(seat) {
  return sinceLastDecision(state.steps, seat).map(recapLine).filter((line) => line);
}

// What one host update tells the seat about the others' moves (for the page's
// live region): its recap kinds' lines, without the seat's own.
export function othersLines(events, seat) {
  return events.filter((event) => RECAP_KINDS.includes(event.kind) && event.data.seat !== seat)
    .map(recapLine).filter((line) => line);
}
