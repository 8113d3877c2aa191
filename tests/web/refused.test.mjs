// A decision the host refuses (havana_game/web/staging.js's `refused`) is the
// seat's to make again, whatever the reason; and a row end's payments are that
// end's builds only, so Confirm builds the building clicked.

import assert from "node:assert/strict";
import { test } from "node:test";

import { decision, mode, payments, refused, toggleEnd, toggleOption } from "../../havana_game/web/staging.js";
import { seat } from "./seat.mjs";

test("after any refused decision, not only a stale one, the seat decides again", () => {
  for (const reason of ["stale", "illegal", "not_your_turn", "bad_decision"]) {
    const state = seat({ legal: [{ kind: "end_turn" }] });
    state.sentVersion = state.view.version; // Confirm sent it
    assert.equal(mode(), "wait");
    refused({ type: "error", reason, seq: 4, fatal: false });
    assert.equal(mode(), "build", reason);
  }
});

test("an error that answers no command leaves a sent decision waiting", () => {
  const state = seat({ legal: [{ kind: "end_turn" }] });
  state.sentVersion = state.view.version;
  refused({ type: "error", reason: "rate_limited", seq: null, fatal: false });
  assert.equal(mode(), "wait");
});

test("each row end offers its own building's payments; Confirm builds the end clicked", () => {
  const end = (row, side, pay) => ({ kind: "build", row, side, pay });
  const leftCheap = end(0, "left", { gray: 1 });
  const leftDear = end(0, "left", { red: 1, pesos: 2 });
  const right = end(0, "right", { yellow: 1 });
  const otherRow = end(1, "left", { gray: 2 });
  seat({ rows: [["b1", "b2"], ["b3"]], legal: [{ kind: "end_turn" }, right, leftDear, otherRow, leftCheap] });
  toggleEnd(0, "right");
  assert.deepEqual(payments(), [right]);
  assert.deepEqual(decision(), right);
  toggleEnd(0, "left");
  assert.deepEqual(payments(), [leftCheap, leftDear]);
  toggleOption(1);
  assert.deepEqual(decision(), leftDear);
  toggleEnd(1, "left");
  assert.deepEqual(payments(), [otherRow]);
  assert.deepEqual(decision(), otherRow);
});
