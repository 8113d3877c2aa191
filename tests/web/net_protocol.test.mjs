// The seat's link (havana_game/web/net.js) message by message: the hello and the
// address it connects to, join or rejoin, the seat kept or forgotten, commands
// numbered and a decision resent until acknowledged, messages counted (a gap asks
// for a resync), reconnecting with a growing delay, and what a wake-up does.

import assert from "node:assert/strict";
import { test } from "node:test";

import { Link, PROTOCOL_VERSION } from "../../havana_game/web/net.js";
import { setUp, sit, Storage } from "./link.mjs";

const KEY = "havana:seat:192.168.1.5:8765:ABCD";

test("a new link is closed until it connects, with the browser's WebSocket by default", () => {
  const made = [];
  globalThis.WebSocket = class { constructor(url) { made.push(url); this.readyState = 0; } };
  globalThis.location = { host: "h:1", protocol: "http:" };
  globalThis.localStorage = new Storage();
  try {
    const link = new Link({ code: "AB", fingerprints: ["f"], onMessage: () => {}, onStatus: () => {} });
    assert.equal(link.status, "closed");
    assert.equal(link.stopped, false);
    link.connect("Ana");
    assert.deepEqual(made, ["ws://h:1/ws"]);
  } finally {
    delete globalThis.WebSocket;
  }
});

test("a page with a seat that wakes before it connected connects", () => {
  const storage = new Storage();
  storage.setItem(KEY, JSON.stringify({ seat: 2, token: "tok", name: "Bo", nextSeq: 3 }));
  const env = setUp(storage);
  env.link.wake();
  assert.equal(env.sockets.length, 1);
});

test("the hello names the protocol, the classic edition's fingerprint and the others'", () => {
  const env = setUp(new Storage(), { fingerprints: ["classic", "e2024", "e2030"] });
  env.link.connect("Ana");
  const ws = env.sockets[0];
  assert.equal(ws.url, "ws://192.168.1.5:8765/ws");
  assert.equal(ws.binaryType, "arraybuffer");
  assert.deepEqual(env.statuses, [["connecting", undefined]]);
  assert.equal(env.link.status, "connecting");
  ws.open();
  assert.equal(PROTOCOL_VERSION, 2);
  assert.deepEqual(ws.sent, [{ type: "hello", protocol: 2, fingerprint: "classic", client: "havana-web",
    editions: ["e2024", "e2030"] }]);
});

test("a page served over https connects with wss; the code's punctuation and case do not count", () => {
  const env = setUp(new Storage(), { protocol: "https:", code: "x7-k2 q" });
  env.link.connect("Ana");
  assert.equal(env.sockets[0].url, "wss://192.168.1.5:8765/ws");
  assert.equal(env.link.key, "havana:seat:192.168.1.5:8765:X7K2Q");
});

test("connecting while a socket is opening or open opens no other", () => {
  const env = setUp();
  env.link.connect("Ana");
  env.link.connect();
  assert.equal(env.sockets.length, 1);
  env.sockets[0].open();
  env.link.connect("Bo");
  assert.equal(env.sockets.length, 1);
  assert.equal(env.link.name, "Bo"); // the name is kept for the next join
  env.sockets[0].readyState = 2; // closing
  env.link.connect();
  assert.equal(env.sockets.length, 2);
  assert.equal(env.link.name, "Bo");
});

test("the token given is kept with the seat, the name and the next command number", () => {
  const env = setUp();
  sit(env);
  assert.deepEqual(JSON.parse(env.storage.getItem(KEY)), { seat: 1, token: "t0k3n", name: "Ana", nextSeq: 0 });
  assert.equal(env.link.joined, true);
  assert.deepEqual(env.statuses.at(-1), ["connected", undefined]);
  assert.equal(env.link.status, "connected");
  assert.equal(env.heard.length, 2); // the page hears every message
});

test("a rejoin keeps the seat and numbers commands after the last the host saw", () => {
  const storage = new Storage();
  storage.setItem(KEY, JSON.stringify({ seat: 2, token: "tok", name: "Bo", nextSeq: 3 }));
  const env = setUp(storage);
  assert.ok(env.link.hasSeat);
  env.link.connect();
  const ws = env.sockets[0];
  ws.open();
  ws.receive({ type: "welcome", n: 1 });
  assert.deepEqual(ws.sent.at(-1), { type: "rejoin", code: "ab-cd", seat: 2, token: "tok" });
  ws.receive({ type: "joined", n: 2, seat: 2, last_seq: 6 });
  assert.deepEqual(JSON.parse(storage.getItem(KEY)), { seat: 2, token: "tok", name: "Bo", nextSeq: 7 });
  ws.receive({ type: "joined", n: 3, seat: 2, last_seq: 1 });
  assert.equal(JSON.parse(storage.getItem(KEY)).nextSeq, 7); // never back
  env.link.command("start", { version: 4 });
  assert.deepEqual(ws.sent.at(-1), { type: "start", seq: 7, version: 4 });
  assert.equal(env.link.pending, null); // only a decision waits for its ack
  assert.equal(JSON.parse(storage.getItem(KEY)).nextSeq, 8);
  const noSeq = new Storage();
  noSeq.setItem(KEY, JSON.stringify({ seat: 2, token: "tok" }));
  const fresh = setUp(noSeq);
  assert.equal(fresh.link.nextSeq(), 0);
  assert.equal(fresh.link.nextSeq(), 1);
  assert.equal(setUp(new Storage()).link.hasSeat, false);
  const tokenless = new Storage();
  tokenless.setItem(KEY, JSON.stringify({ seat: 2, token: "" }));
  assert.equal(setUp(tokenless).link.hasSeat, false);
});

test("a decision is resent on joining again until the host acknowledges it", () => {
  const env = setUp();
  const ws = sit(env);
  env.link.command("decide", { version: 3, decision: { kind: "end_turn" } });
  const decide = { type: "decide", seq: 0, version: 3, decision: { kind: "end_turn" } };
  assert.deepEqual(ws.sent.at(-1), decide);
  assert.deepEqual(env.link.pending, decide);
  ws.receive({ type: "ack", n: 3, seq: 5 });
  assert.deepEqual(env.link.pending, decide); // another command's ack
  ws.receive({ type: "ping", n: 4, nonce: 1 });
  ws.receive({ type: "joined", n: 5, seat: 1, last_seq: 0 });
  assert.deepEqual(ws.sent.at(-1), decide);
  ws.receive({ type: "ack", n: 6, seq: 0 });
  assert.equal(env.link.pending, null);
  const count = ws.sent.length;
  ws.receive({ type: "joined", n: 7, seat: 1, last_seq: 0 });
  assert.equal(ws.sent.length, count);
});

test("nothing is sent on a socket that is not open", () => {
  const env = setUp();
  const ws = sit(env);
  const count = ws.sent.length;
  ws.readyState = 2;
  env.link.command("decide", { version: 1, decision: {} });
  ws.readyState = 0;
  env.link.send({ type: "pong" });
  assert.equal(ws.sent.length, count);
  env.link.ws = null;
  env.link.send({ type: "pong" });
});

test("a ping is answered with its nonce; a gap in the messages' numbers asks for a resync", () => {
  const env = setUp();
  const ws = sit(env);
  ws.receive({ type: "ping", n: 3, nonce: 77 });
  assert.deepEqual(ws.sent.at(-1), { type: "pong", nonce: 77 });
  ws.receive({ type: "ping", n: 5, nonce: 78 });
  assert.deepEqual(ws.types().slice(-2), ["resync", "pong"]);
  ws.receive({ type: "ping", n: 6, nonce: 79 });
  assert.deepEqual(ws.types().slice(-2), ["pong", "pong"]);
  assert.equal(env.link.heard, 5);
});

test("before joining, the numbering is not checked", () => {
  const env = setUp();
  env.link.connect("Ana");
  const ws = env.sockets[0];
  ws.open();
  ws.receive({ type: "welcome", n: 1 });
  ws.receive({ type: "ping", n: 4, nonce: 1 });
  assert.ok(!ws.types().includes("resync"));
});

test("a message that cannot be read closes the socket; one from an old socket is ignored", () => {
  const env = setUp();
  const ws = sit(env);
  ws.onmessage({ data: new Uint8Array([0xc1]).buffer });
  assert.ok(ws.closed);
  assert.equal(env.heard.length, 2);
  const env2 = setUp();
  const old = sit(env2);
  old.readyState = 3;
  env2.link.connect();
  old.receive({ type: "ping", n: 3, nonce: 1 });
  assert.equal(env2.heard.length, 2);
  assert.equal(env2.link.heard, 2);
});

test("reconnecting waits 250 ms, then twice as long each time, at most 4 s; joining resets it", () => {
  const env = setUp();
  sit(env);
  const waits = [];
  for (let i = 0; i < 6; i++) {
    const ws = env.sockets.at(-1);
    ws.close();
    ws.onclose();
    assert.equal(env.link.ws, null);
    assert.deepEqual(env.statuses.at(-1), ["reconnecting", undefined]);
    waits.push(env.timers.pending().at(-1).ms);
    env.timers.runAll();
    assert.deepEqual(env.statuses.at(-1), ["reconnecting", undefined]); // a seated link connecting again
  }
  assert.deepEqual(waits, [250, 500, 1000, 2000, 4000, 4000]);
  const ws = env.sockets.at(-1);
  ws.open();
  ws.receive({ type: "welcome", n: 1 });
  ws.receive({ type: "joined", n: 2, seat: 1, last_seq: -1 });
  ws.close();
  ws.onclose();
  assert.equal(env.timers.pending().at(-1).ms, 250);
});

test("a fatal error that forgets the seat stops the link and clears the token", () => {
  for (const reason of ["wrong_token", "no_such_seat", "kicked"]) {
    const env = setUp();
    const ws = sit(env);
    ws.receive({ type: "error", n: 3, reason, seq: null, fatal: true });
    assert.equal(env.storage.getItem(KEY), null, reason);
    assert.equal(env.link.saved, null);
    assert.equal(env.link.stopped, true);
    assert.equal(env.link.joined, false);
    assert.deepEqual(env.statuses.at(-1), ["closed", reason]);
    ws.close();
    ws.onclose();
    assert.deepEqual(env.timers.pending(), []); // not retried
  }
});

test("a fatal error that gives up keeps the seat; others, and errors not fatal, change nothing", () => {
  for (const reason of ["replaced", "protocol_mismatch", "ruleset_mismatch", "wrong_code", "unknown_edition",
    "table_full"]) {
    const env = setUp();
    const ws = sit(env);
    ws.receive({ type: "error", n: 3, reason, seq: null, fatal: true });
    assert.equal(JSON.parse(env.storage.getItem(KEY)).token, "t0k3n", reason);
    assert.equal(env.link.stopped, true);
    assert.equal(env.link.joined, false);
    assert.deepEqual(env.statuses.at(-1), ["closed", reason]);
  }
  for (const [reason, fatal] of [["rate_limited", true], ["kicked", false], ["seat_taken", true]]) {
    const env = setUp();
    const ws = sit(env);
    ws.receive({ type: "error", n: 3, reason, seq: null, fatal });
    assert.equal(env.link.stopped, false, reason);
    assert.equal(env.link.joined, true);
    assert.ok(env.link.hasSeat);
    assert.equal(env.link.status, "connected");
  }
});

test("a link that names a seat handles the other fatal errors as any link", () => {
  const env = setUp(new Storage(), { seat: 2 });
  const ws = sit(env);
  ws.receive({ type: "error", n: 3, reason: "seat_taken", seq: null, fatal: false });
  assert.equal(env.link.seat, 2); // not fatal: nothing changes
  ws.receive({ type: "error", n: 4, reason: "wrong_token", seq: null, fatal: true });
  assert.equal(env.link.saved, null);
  assert.equal(env.link.stopped, true);
  assert.equal(env.link.seat, 2);
  const env2 = setUp(new Storage(), { seat: 2 });
  const ws2 = sit(env2);
  ws2.receive({ type: "error", n: 3, reason: "table_full", seq: null, fatal: true });
  assert.equal(env2.link.stopped, true);
});

test("a refused decision is no longer resent", () => {
  const env = setUp();
  const ws = sit(env);
  env.link.command("decide", { version: 3, decision: {} });
  ws.receive({ type: "error", n: 3, reason: "illegal", seq: 9, fatal: false });
  assert.notEqual(env.link.pending, null);
  ws.receive({ type: "error", n: 4, reason: "illegal", seq: 0, fatal: false });
  assert.equal(env.link.pending, null);
  assert.equal(env.heard.at(-1).reason, "illegal");
});

test("a closed table cancels the reconnection already waiting", () => {
  const env = setUp();
  const ws = sit(env);
  ws.close();
  ws.onclose();
  assert.equal(env.timers.pending().length, 1);
  env.link.handle({ type: "closed", n: 3, reason: "stopped" });
  assert.deepEqual(env.timers.pending(), []);
  assert.equal(env.link.joined, false);
  env.link.connect(); // the player reloads or joins again: the link runs again
  assert.equal(env.link.stopped, false);
  assert.equal(env.sockets.length, 2);
});

test("a wake-up: a stopped link, or one not seated yet, sends no ping", () => {
  const env = setUp();
  const ws = sit(env);
  ws.receive({ type: "closed", n: 3, reason: "stopped" });
  env.link.wake();
  assert.equal(env.sockets.length, 1);
  assert.ok(!ws.types().includes("ping"));
  const env2 = setUp();
  env2.link.connect("Ana");
  env2.sockets[0].open();
  env2.link.wake(); // open, not joined yet
  assert.deepEqual(env2.sockets[0].types(), ["hello"]);
  assert.deepEqual(env2.timers.pending(), []);
  const env3 = setUp();
  sit(env3);
  env3.sockets[0].readyState = 0; // still connecting (a new socket)
  env3.link.wake();
  assert.equal(env3.sockets.length, 1);
  assert.deepEqual(env3.timers.pending(), []);
});

test("a wake-up pings, waits 3 s for any message, and resets the reconnection delay", () => {
  const env = setUp();
  const ws = sit(env);
  ws.close();
  ws.onclose();
  env.timers.runAll();
  const ws2 = env.sockets.at(-1);
  ws2.open();
  ws2.receive({ type: "welcome", n: 1 });
  ws2.receive({ type: "joined", n: 2, seat: 1, last_seq: -1 });
  env.link.delay = 2000;
  env.link.wake();
  assert.equal(env.link.delay, 250);
  const ping = ws2.sent.at(-1);
  assert.equal(ping.type, "ping");
  assert.ok(Number.isInteger(ping.nonce) && ping.nonce >= 0 && ping.nonce < 2 ** 31);
  assert.equal(env.timers.pending().at(-1).ms, 3000);
  // Any message heard meanwhile will do, and a socket replaced meanwhile is left alone.
  ws2.receive({ type: "view", n: 3 });
  env.timers.runAll();
  assert.ok(!ws2.closed);
  env.link.wake();
  env.link.ws = null;
  env.link.connect();
  const count = env.sockets.length;
  env.timers.runAll();
  assert.equal(env.sockets.length, count);
});
