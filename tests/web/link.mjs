// A seat's link (havana_game/web/net.js) with a test's sockets, timers, storage
// and page address, for the Node tests.

import { decode, encode } from "../../havana_game/web/vendor/msgpack/index.mjs";
import { Link } from "../../havana_game/web/net.js";

export class Storage {
  constructor() { this.items = new Map(); }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) { this.items.set(key, String(value)); }
  removeItem(key) { this.items.delete(key); }
}

export class Socket {
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    this.closed = false;
  }
  open() { this.readyState = 1; this.onopen(); }
  send(bytes) { this.sent.push(decode(bytes)); }
  close() { this.readyState = 3; this.closed = true; }
  receive(message) { this.onmessage({ data: encode(message) }); }
  types() { return this.sent.map((m) => m.type); }
}

export class Timers {
  constructor() { this.next = 1; this.waiting = new Map(); }
  setTimeout(fn, ms) { this.waiting.set(this.next, { fn, ms }); return this.next++; }
  clearTimeout(id) { this.waiting.delete(id); }
  pending() { return [...this.waiting.values()]; }
  runAll() {
    const due = this.pending();
    this.waiting.clear();
    for (const { fn } of due) fn();
  }
}

export function setUp(storage = new Storage(), { code = "ab-cd", protocol = "http:", fingerprints = ["f"], seat = null } = {}) {
  globalThis.location = { host: "192.168.1.5:8765", protocol };
  globalThis.localStorage = storage;
  const sockets = [];
  const timers = new Timers();
  const heard = [];
  const statuses = [];
  const link = new Link({
    code, seat, fingerprints, onMessage: (m) => heard.push(m), onStatus: (...s) => statuses.push(s),
    socket: (url) => { const ws = new Socket(url); sockets.push(ws); return ws; }, timers,
  });
  return { link, sockets, timers, storage, heard, statuses };
}

// Connect and sit: hello, welcome, join or rejoin, joined (with the token when new).
export function sit(env, token = "t0k3n") {
  env.link.connect("Ana");
  const ws = env.sockets.at(-1);
  ws.open();
  ws.receive({ type: "welcome", n: 1 });
  ws.receive({ type: "joined", n: 2, seat: 1, token, last_seq: -1 });
  return ws;
}
