// The seat's link (havana_game/web/net.js) with a test's sockets, timers, storage
// and page: it keeps the seat's token as soon as the host gives it, and it
// reconnects when the page wakes (visibilitychange, online, pageshow) on a socket
// that is dead, or that looks open but no longer answers.

import assert from "node:assert/strict";
import { test } from "node:test";

import { wakeOn } from "../../havana_game/web/net.js";
import { setUp, sit } from "./link.mjs";

function pageAndWindow() {
  const doc = new EventTarget();
  doc.visibilityState = "visible";
  return { doc, win: new EventTarget() };
}

test("the seat's token is kept as soon as the host gives it: a reload in the lobby keeps the seat", () => {
  const env = setUp();
  const ws = sit(env);
  assert.deepEqual(ws.types(), ["hello", "join"]);
  // No command was sent (the lobby): the token is kept already.
  const saved = JSON.parse(env.storage.getItem("havana:seat:192.168.1.5:8765:ABCD"));
  assert.equal(saved.token, "t0k3n");
  assert.equal(saved.seat, 1);
  // The page is loaded again: the new link rejoins the same seat.
  const again = setUp(env.storage);
  assert.ok(again.link.hasSeat);
  again.link.connect(again.link.saved.name);
  const ws2 = again.sockets.at(-1);
  ws2.open();
  ws2.receive({ type: "welcome", n: 1 });
  assert.deepEqual(ws2.sent.at(-1), { type: "rejoin", code: "ab-cd", seat: 1, token: "t0k3n" });
});

test("a phone that wakes on a dead socket reconnects at once, whichever event wakes it", () => {
  for (const wakeBy of ["visibilitychange", "online", "pageshow"]) {
    const env = setUp();
    const { doc, win } = pageAndWindow();
    wakeOn(env.link, doc, win);
    const ws = sit(env);
    // The host closed the socket while the phone slept; the page heard no close.
    ws.readyState = 3;
    (wakeBy === "visibilitychange" ? doc : win).dispatchEvent(new Event(wakeBy));
    assert.equal(env.sockets.length, 2, `${wakeBy} did not reconnect`);
    assert.equal(env.link.ws, env.sockets[1]);
  }
});

test("a page hidden again does not reconnect; one shown again does", () => {
  const env = setUp();
  const { doc, win } = pageAndWindow();
  wakeOn(env.link, doc, win);
  const ws = sit(env);
  ws.readyState = 3;
  doc.visibilityState = "hidden";
  doc.dispatchEvent(new Event("visibilitychange"));
  assert.equal(env.sockets.length, 1);
  doc.visibilityState = "visible";
  doc.dispatchEvent(new Event("visibilitychange"));
  assert.equal(env.sockets.length, 2);
});

test("a socket that looks open but does not answer a ping is dropped and replaced", () => {
  const env = setUp();
  const { doc, win } = pageAndWindow();
  wakeOn(env.link, doc, win);
  const ws = sit(env);
  doc.dispatchEvent(new Event("visibilitychange"));
  assert.equal(ws.sent.at(-1).type, "ping");
  assert.equal(env.sockets.length, 1); // it may still answer
  env.timers.runAll(); // no answer came
  assert.ok(ws.closed);
  assert.equal(env.sockets.length, 2);
  assert.equal(env.link.ws, env.sockets[1]);
  ws.onclose(); // the old socket's close, late: it is no longer the link's
  assert.equal(env.link.ws, env.sockets[1]);
});

test("a socket that answers the wake-up ping is kept", () => {
  const env = setUp();
  const { doc, win } = pageAndWindow();
  wakeOn(env.link, doc, win);
  const ws = sit(env);
  win.dispatchEvent(new Event("online"));
  ws.receive({ type: "pong", n: 3, nonce: ws.sent.at(-1).nonce });
  env.timers.runAll();
  assert.ok(!ws.closed);
  assert.equal(env.sockets.length, 1);
});

test("a closed socket is opened again after a delay, without waking", () => {
  const env = setUp();
  const ws = sit(env);
  ws.readyState = 3;
  ws.onclose();
  assert.equal(env.sockets.length, 1);
  env.timers.runAll();
  assert.equal(env.sockets.length, 2);
});

test("a table the host closes on purpose is not retried, and the seat is kept for a reload", () => {
  const statuses = [];
  const env = setUp();
  env.link.onStatus = (status, detail) => statuses.push([status, detail]);
  const ws = sit(env);
  ws.receive({ type: "closed", n: 3, reason: "stopped", saved: true });
  assert.deepEqual(statuses.at(-1), ["closed", "host_closed"]);
  assert.equal(env.heard.at(-1).type, "closed"); // the page is told (messages.js)
  ws.close();
  ws.onclose();
  env.timers.runAll();
  assert.equal(env.sockets.length, 1); // no reconnecting
  assert.equal(env.link.status, "closed");
  const { doc, win } = pageAndWindow();
  wakeOn(env.link, doc, win);
  win.dispatchEvent(new Event("online"));
  assert.equal(env.sockets.length, 1); // nor when the page wakes
  const saved = JSON.parse(env.storage.getItem("havana:seat:192.168.1.5:8765:ABCD"));
  assert.equal(saved.token, "t0k3n"); // a reload sits down again with it
});

test("a lost connection (a crash: no `closed`) is retried", () => {
  const env = setUp();
  const ws = sit(env);
  ws.close();
  ws.onclose();
  assert.equal(env.link.status, "reconnecting");
  env.timers.runAll();
  assert.equal(env.sockets.length, 2);
});
