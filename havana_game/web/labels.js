// How an option reads on its button (as the desktop's
// havana_game/client/table/choices.py): by the card effect's `choice` in
// presentation.json. A label is a list of parts: text, {mat: name} (a material's
// token) or {amount: name, count} (a token and a number). No DOM.

import { PRESENTATION } from "./presentation.js";
import { tr } from "./i18n.js";
import { buildingName, cardKey, cardName, edition, seatName, state } from "./state.js";

// Reciclaje is chosen in two steps: the card put down first (a hand card,
// staging.js puts), then the option: the card taken back.
function recycleLabel(target) {
  return target === null ? tr("nothing") : tr("option.card", { card: cardName(target) });
}

export function optionLabel(d) {
  if (d.kind === "tax") return [tr("option.victim", { name: seatName(d.victim) }), { mat: d.take }];
  if (d.kind === "build") {
    const pay = d.pay || {};
    return edition().costs.filter((name) => pay[name]).map((name) => ({ amount: name, count: pay[name] }));
  }
  const look = PRESENTATION.effects[cardKey(d.card)];
  const target = d.target ?? null;
  const takes = Array.isArray(d.take) ? d.take.map((name) => ({ mat: name })) : [];
  if (look.choice === "recycle") return [recycleLabel(target)];
  if (look.untaken && !takes.length) return [tr(look.untaken)];
  if (look.choice === "take_back" || look.choice === "remove_end") {
    if (target === null) return [tr("decline")];
    if (look.choice === "take_back") return [tr("option.card", { card: cardName(target) })];
    const row = state.view.rows[target >> 1];
    return [buildingName(target & 1 ? row[row.length - 1] : row[0])];
  }
  if (target !== null) return [tr("option.victim", { name: seatName(target) }), ...takes];
  return takes.length ? takes : [tr("decline")];
}
