// A seat page's state for the tests: an edition and a view, as the host sends them.

import { state } from "../../havana_game/web/state.js";
import { clearStage } from "../../havana_game/web/staging.js";

export const CLASSIC = {
  fingerprint: "f", materials: ["red", "yellow", "brown", "blue", "gray"],
  costs: ["red", "yellow", "brown", "blue", "gray", "pesos", "workers"],
  cards: [
    { key: "siesta", name: "siesta", number: 0 }, { key: "conservation", name: "conservation", number: 3 },
    { key: "smuggling", name: "smuggling", number: 7 }, { key: "recycling", name: "recycling", number: 1 },
    { key: "pesos_thief", name: "pesos_thief", number: 5 },
  ],
  buildings: { b1: { name: "B1", vp: 3, architect: false, cost: [1, 0, 0, 0, 0, 0, 1] } },
};

export function seat(view, table = null) {
  state.editions = { classic: CLASSIC };
  state.table = table;
  state.view = { ruleset: "classic", version: 1, phase: "actions", rows: [["b1", "b2"], []], ...view };
  state.sentVersion = null;
  state.log = [];
  clearStage();
  return state;
}
