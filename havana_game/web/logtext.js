// Game-log lines from the host's events, in player names (as the desktop's
// havana_game/client/table/logtext.py): each event's line, its text key and what
// fills it in, is presentation.json's `events`, read here and there alike.

import { PRESENTATION } from "./presentation.js";
import { tr, trn } from "./i18n.js";
import { buildingName, buildingVp, cardName, seatName, state } from "./state.js";

export const LOG_LINES = 200;

// A name's text key (presentation.json's text_keys), filled in from `fields`.
export function textKey(kind, fields) {
  return fill(PRESENTATION.text_keys[kind], fields);
}

function fill(pattern, data) {
  return pattern.replace(/\{(\w+)\}/g, (whole, name) => String(data[name]));
}

export function amountsText(amounts) {
  const counts = {};
  for (const name of Array.isArray(amounts) ? amounts : Object.keys(amounts)) {
    counts[name] = Array.isArray(amounts) ? (counts[name] || 0) + 1 : amounts[name];
  }
  const parts = Object.entries(counts).filter(([, n]) => n).map(([name, n]) => trn(textKey("amount", { name }), n));
  return parts.join(tr("list.separator")) || tr("nothing");
}

// "1:45" for 105 seconds.
export function clock(seconds) {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

// How each kind of argument of a log line is said, from the event's field (as
// the desktop's logtext.py ARGUMENTS; presentation.py ARGUMENT_KINDS lists them).
export const ARGUMENTS = {
  value: (value) => value,
  player: (seat) => seatName(seat),
  players: (seats) => seats.map(seatName).join(tr("list.separator")),
  card: (card) => cardName(card),
  building: (id) => buildingName(id),
  building_vp: (id) => buildingVp(id),
  amounts: (amounts) => amountsText(typeof amounts === "string" ? [amounts] : amounts),
  plus_one: (index) => index + 1,
  size: (items) => items.length,
  clock: (seconds) => clock(seconds),
  ai_level: (level) => tr(textKey("ai_level", { level })),
};

function truthy(value) {
  if (Array.isArray(value)) return value.length > 0;
  if (value && typeof value === "object") return Object.keys(value).length > 0;
  return Boolean(value);
}

// Whether a line's `when` ([test, field] or ["equals", field, value]) holds.
function holds([test, field, value], data) {
  const found = data[field];
  switch (test) {
    case "present": return field in data;
    case "absent": return !(field in data);
    case "true": return truthy(found);
    case "false": return !truthy(found);
    case "null": return found === null || found === undefined;
    case "negative": return typeof found === "number" && found < 0;
    case "equals": return found === value;
    default: throw new Error(`unknown test ${test}`);
  }
}

// The line presentation.json's `events` give an event (the first whose `when`
// holds), or null: its text key filled in, its arguments' and plural count's specs.
export function eventLine(kind, data) {
  for (const line of PRESENTATION.events[kind] || []) {
    if (line.when && !holds(line.when, data)) continue;
    if (line.skip) return null;
    return { key: fill(line.key, data), args: line.args || {}, count: line.count || null };
  }
  return null;
}

// One log line for an event; null for events the log skips.
export function logLine(event) {
  const d = event.data;
  const line = eventLine(event.kind, d);
  if (!line) return null;
  const values = {};
  for (const [name, [how, field]] of Object.entries(line.args)) values[name] = ARGUMENTS[how](d[field]);
  if (!line.count) return tr(line.key, values);
  const [how, field] = line.count;
  return trn(line.key, ARGUMENTS[how](d[field]), values);
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
