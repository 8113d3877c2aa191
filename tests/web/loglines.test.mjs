// The page's log says what the desktop's does: every event of six seeded games
// of both editions (and the seat events), from tests/fixtures/log_lines.json
// (tests/log_lines_fixture.py: the desktop's English lines, the English texts they
// use and the editions' cards and buildings as the host serves them).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { loadLanguage } from "../../havana_game/web/i18n.js";
import { ARGUMENTS, logLine } from "../../havana_game/web/logtext.js";
import { PRESENTATION } from "../../havana_game/web/presentation.js";
import { state } from "../../havana_game/web/state.js";

const FIXTURE = JSON.parse(readFileSync(new URL("../fixtures/log_lines.json", import.meta.url), "utf-8"));

async function english() {
  globalThis.document = { documentElement: {} };
  globalThis.fetch = async () => ({ json: async () => ({ messages: FIXTURE.messages }) });
  await loadLanguage("en");
}

test("every event of the seeded games reads as on the desktop", async () => {
  await english();
  state.editions = FIXTURE.editions;
  let told = 0;
  for (const game of FIXTURE.games) {
    state.table = { edition: game.edition, seats: game.names.map((name) => ({ name })) };
    state.view = { ruleset: game.edition };
    game.events.forEach((event, index) => {
      // The desktop never gets a seat's own copy of its choice; the page skips it.
      const secret = event.kind === "cards_chosen" && "cards" in event.data;
      assert.equal(logLine(event), secret ? null : game.lines[index], JSON.stringify(event));
      told += game.lines[index] ? 1 : 0;
    });
  }
  assert.ok(told > 1000);
});

test("the page makes every kind of argument the lines name", () => {
  for (const lines of Object.values(PRESENTATION.events)) {
    for (const line of lines) {
      for (const [how] of [...Object.values(line.args || {}), ...(line.count ? [line.count] : [])]) {
        assert.ok(how in ARGUMENTS, how);
      }
    }
  }
});
