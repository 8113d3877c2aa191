// Game-log lines from the host's events, in player names (as the desktop's
// havana_game/client/table/logtext.py): each event's text key is presentation.json's.

import { PRESENTATION } from "./presentation.js";
import { tr, trn } from "./i18n.js";
import { buildingName, buildingVp, cardName, seatName, state } from "./state.js";

export const LOG_LINES = 200;

// The text key of an event's line, in its variant, filled in from its data.
export function eventKey(kind, variant, data) {
  return PRESENTATION.events[kind][variant].replace(/\{(\w+)\}/g, (whole, name) => String(data[name]));
}

export function amountsText(amounts) {
  const counts = {};
  for (const name of Array.isArray(amounts) ? amounts : Object.keys(amounts)) {
    counts[name] = Array.isArray(amounts) ? (counts[name] || 0) + 1 : amounts[name];
  }
  const parts = Object.entries(counts).filter(([, n]) => n).map(([name, n]) => trn(`amount.${name}`, n));
  return parts.join(tr("list.separator")) || tr("nothing");
}

// One log line for an event; null for events the log skips.
export function logLine(event) {
  const d = event.data;
  const who = "seat" in d ? seatName(d.seat) : "";
  const key = (variant = "text") => eventKey(event.kind, variant, d);
  switch (event.kind) {
    case "round_started": return tr(key(), { n: d.round });
    case "turn_started": return tr(key(), { name: who });
    case "action": return tr(key(), { name: who, card: cardName(d.card) });
    case "materials_taken": return tr(key(), { name: who, materials: amountsText(d.materials) });
    case "pesos_taken": return trn(key(), d.count, { name: who });
    case "workers_taken": return trn(key(), d.count, { name: who });
    case "building_built": return tr(key(), { name: who, building: buildingName(d.building), vp: buildingVp(d.building) });
    case "building_removed": return tr(key(), { name: who, building: buildingName(d.building) });
    case "row_refilled": return tr(key(), { row: d.row + 1 });
    case "cards_revealed": return tr(key());
    case "card_covered": return tr(key(), { name: who, card: cardName(d.covered) });
    case "cards_chosen": return "cards" in d ? null : tr(key(), { name: who });
    case "taxed":
      return d.take === "worker" ? tr(key("worker"), { name: who, victim: seatName(d.victim) })
        : tr(key("material"), { name: who, victim: seatName(d.victim), materials: amountsText([d.take]) });
    case "pesos_stolen": return trn(key(), d.count, { name: who, victim: seatName(d.victim) });
    case "materials_stolen": return tr(key(), { name: who, victim: seatName(d.victim), materials: amountsText(d.materials) });
    case "market_supplied": return trn(key(), d.pesos, { materials: amountsText(d.materials) });
    case "card_taken_back": return "card" in d ? tr(key("card"), { name: who, card: cardName(d.card) }) : tr(key(), { name: who });
    case "card_recycled":
      if (d.taken < 0) return tr(key("nothing"), { name: who });
      return tr(d.put ? key() : key("only"), { name: who, card: cardName(d.taken) });
    case "forced": return tr(key(d.end_turn ? "end_turn" : "text"), { name: who });
    case "discards_taken_back": return trn(key(), d.count, { name: who });
    case "game_over": return trn(key(), d.winners.length, { names: d.winners.map(seatName).join(tr("list.separator")) });
    case "seated": return d.version ? tr(key(), { name: d.name }) : null;
    default: return null;
  }
}

const PRIVATE_FIELDS = { cards_chosen: "cards", card_covered: "card", card_taken_back: "card", card_recycled: "card" };

// Add the lines of `events` to the log (the newest LOG_LINES kept).
export function addLog(events) {
  let last = null;
  for (const event of events) {
    const line = logLine(event);
    // The seat's own copy of an event (with its secret) follows the public one:
    // it says the same, or more, so it takes the public line's place.
    const own = PRIVATE_FIELDS[event.kind] in event.data && last && last.kind === event.kind;
    if (own && line) state.log.pop();
    if (line) state.log.push(line);
    last = event;
  }
  if (state.log.length > LOG_LINES) state.log.splice(0, state.log.length - LOG_LINES);
}
