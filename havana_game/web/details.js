// What a card or a building does, in the words of the desktop's tooltips
// (havana_game/client/table/canvas.py card_tooltip, building_tooltip): a title and
// its lines. No DOM.

import { has, tr } from "./i18n.js";
import { amountsText } from "./logtext.js";
import { buildingName, cardName, edition } from "./state.js";

// An action card: its name and printed number, what a 2024 card's Spanish name
// means (when that reads differently), and its effect.
export function cardDetails(index) {
  const card = edition().cards[index];
  if (!card) return { title: "?", lines: [] };
  const title = tr("tooltip.card", { card: cardName(index), number: card.number });
  const key = `card.meaning.${card.name}`;
  const meaning = has(key) && tr(key).toLowerCase() !== cardName(index).toLowerCase() ? tr(key) : null;
  return { title, lines: [meaning === null ? null : `(${meaning})`, tr(`effect.${card.name}`)].filter((l) => l !== null) };
}

// A building: name and VP, its cost; whether the seat can pay for it now
// (`affordable`: true/false at a row's end while building, else null), that only
// the ends can be built (`middle`), and whether it needs the Architect.
export function buildingDetails(id, { affordable = null, middle = false } = {}) {
  const b = edition().buildings[id] || { cost: [], vp: 0, architect: false };
  const costs = edition().costs;
  const cost = Object.fromEntries(costs.map((name, k) => [name, b.cost[k] || 0]));
  const lines = [tr("tooltip.cost", { cost: amountsText(cost) })];
  if (affordable !== null) lines.push(tr(affordable ? "can_afford" : "cannot_afford"));
  if (middle) lines.push(tr("tooltip.middle"));
  if (b.architect) lines.push(tr("architect"));
  return { title: tr("tooltip.building", { building: buildingName(id), vp: b.vp }), lines };
}
