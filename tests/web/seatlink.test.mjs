// A link that names a seat (the big screen's QR code of a free seat, #code=...&seat=N):
// the page joins with that seat; if it was taken meanwhile (fatal seat_taken), the
// next try joins the first open seat; a link without a seat joins the first open one.

import assert from "node:assert/strict";
import { test } from "node:test";

import { decode, encode } from "../../havana_game/web/vendor/msgpack/index.mjs";
import { Link } from "../../havana_game/web/net.js";

function setUp(seat) {
  const items = new Map();
  globalThis.location = { host: "192.168.1.5:8765", protocol: "http:" };
  globalThis.localStorage = { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => items.set(k, v),
    removeItem: (k) => items.delete(k) };
  const sockets = [];
  const queue = [];
  const link = new Link({
    code: "ab-cd", seat, fingerprints: ["f"], onMessage: () => {}, onStatus: () => {},
    socket: () => {
      const ws = { readyState: 0, sent: [], send(bytes) { this.sent.push(decode(bytes)); },
        close() { this.readyState = 3; this.onclose(); } };
      sockets.push(ws);
      return ws;
    },
    timers: { setTimeout: (fn) => queue.push(fn), clearTimeout: () => {} },
  });
  return { link, sockets, queue };
}

function joinAsked(env) {
  const ws = env.sockets.at(-1);
  ws.readyState = 1;
  ws.onopen();
  ws.onmessage({ data: encode({ type: "welcome", n: 1, reactions: [] }) });
  return ws.sent.find((m) => m.type === "join");
}

test("the seat a link names is asked for, and any open one once it was taken", () => {
  const env = setUp(2);
  env.link.connect("Ana");
  assert.deepEqual(joinAsked(env), { type: "join", code: "ab-cd", name: "Ana", seat: 2 });
  const ws = env.sockets.at(-1);
  ws.onmessage({ data: encode({ type: "error", n: 2, reason: "seat_taken", params: { seat: 2 }, seq: null, fatal: true }) });
  ws.close();
  env.queue.shift()(); // the reconnection
  assert.deepEqual(joinAsked(env), { type: "join", code: "ab-cd", name: "Ana" });
});

test("a link with no seat joins the first open one", () => {
  const env = setUp(null);
  env.link.connect("Bo");
  assert.deepEqual(joinAsked(env), { type: "join", code: "ab-cd", name: "Bo" });
});

test("a message of a type the page does not know is skipped, counted, and play goes on", () => {
  const env = setUp(null);
  const heard = [];
  env.link.onMessage = (m) => heard.push(m.type);
  env.link.connect("Cy");
  joinAsked(env);
  const ws = env.sockets.at(-1);
  ws.onmessage({ data: encode({ type: "joined", n: 2, seat: 0, token: "t", last_seq: -1 }) });
  ws.onmessage({ data: encode({ type: "forecast_from_v3", n: 3, sky: "clear" }) });
  ws.onmessage({ data: encode({ type: "ack", n: 4, seq: 0, version: 1 }) });
  assert.deepEqual(heard, ["welcome", "joined", "forecast_from_v3", "ack"]);
  assert.equal(env.link.status, "connected");
  assert.ok(!ws.sent.some((m) => m.type === "resync")); // it counted in the numbering
});
