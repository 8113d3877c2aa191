// The seat's connection to the host: the Havana protocol (docs/PROTOCOL.md) over a
// WebSocket, one msgpack message per binary WebSocket message. It keeps the seat
// (token in localStorage), reconnects by itself and resends what was not acknowledged;
// a table the host closed on purpose (`closed`) is not retried.

import { encode, decode } from "./vendor/msgpack/index.mjs";

export const PROTOCOL_VERSION = 2;
const GIVE_UP = new Set(["kicked", "replaced", "protocol_mismatch", "ruleset_mismatch",
  "wrong_code", "unknown_edition", "table_full"]);
const FORGET = new Set(["wrong_token", "no_such_seat", "kicked"]);

function normalizeCode(code) {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/** Wake `link` whenever the page is shown again (a phone back from sleep, a tab
 * back from the background or from the back-forward cache) or the network is back. */
export function wakeOn(link, doc, win) {
  const wake = () => link.wake();
  doc.addEventListener("visibilitychange", () => { if (doc.visibilityState === "visible") wake(); });
  win.addEventListener("online", wake);
  win.addEventListener("pageshow", wake);
}

export class Link {
  // `socket` opens a WebSocket and `timers` has setTimeout/clearTimeout: the
  // browser's, or a test's.
  constructor({ code, seat = null, fingerprints, onMessage, onStatus, socket = (url) => new WebSocket(url),
    timers = globalThis }) {
    this.code = code;
    this.seat = seat; // the seat to take on joining (a link may name one); null: the first open one
    this.socket = socket;
    this.timers = timers;
    this.fingerprints = fingerprints;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.key = `havana:seat:${location.host}:${normalizeCode(code)}`;
    this.saved = JSON.parse(localStorage.getItem(this.key) || "null");
    this.name = null;
    this.ws = null;
    this.n = 0;
    this.joined = false;
    this.pending = null;
    this.stopped = false;
    this.delay = 250;
    this.timer = null;
    this.status = "closed";
    this.heard = 0; // messages received, over every connection
  }

  get hasSeat() {
    return Boolean(this.saved && this.saved.token);
  }

  setStatus(status, detail) {
    this.status = status;
    this.onStatus(status, detail);
  }

  connect(name) {
    if (name) this.name = name;
    // No seat and no name yet (a page woken before its join form is sent): nothing
    // to sit down with, so nothing to connect for.
    if (!this.name && !this.hasSeat) return;
    this.stopped = false;
    this.timers.clearTimeout(this.timer);
    if (this.ws && this.ws.readyState <= 1) return;
    this.setStatus(this.joined ? "reconnecting" : "connecting");
    const ws = this.socket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    this.n = 0;
    ws.onopen = () => {
      this.send({ type: "hello", protocol: PROTOCOL_VERSION, fingerprint: this.fingerprints[0],
        client: "havana-web", editions: this.fingerprints.slice(1) });
    };
    ws.onmessage = (event) => {
      if (ws !== this.ws) return;
      let message;
      try {
        message = decode(new Uint8Array(event.data));
      } catch (error) {
        ws.close();
        return;
      }
      this.handle(message);
    };
    ws.onclose = () => {
      if (ws !== this.ws) return;
      this.ws = null;
      if (this.stopped) return;
      this.setStatus("reconnecting");
      this.timer = this.timers.setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 4000);
    };
  }

  /** The page came back from sleep or the network is back: reconnect at once if
   * the connection is gone, and if it looks open, make sure it still answers (a
   * phone that slept may hold a socket the host closed long ago). */
  wake() {
    if (this.stopped) return;
    this.delay = 250;
    if (!this.ws || this.ws.readyState > 1) {
      this.connect();
      return;
    }
    if (!this.joined || this.ws.readyState !== 1) return;
    const ws = this.ws;
    const heard = this.heard;
    this.send({ type: "ping", nonce: Date.now() % 2 ** 31 });
    this.timers.setTimeout(() => {
      if (this.ws === ws && this.heard === heard) {
        this.ws = null; // its close, whenever it comes, is no longer ours
        ws.close();
        this.connect();
      }
    }, 3000);
  }

  send(message) {
    if (this.ws && this.ws.readyState === 1) this.ws.send(encode(message));
  }

  save() {
    localStorage.setItem(this.key, JSON.stringify(this.saved));
  }

  nextSeq() {
    const seq = (this.saved.nextSeq || 0);
    this.saved.nextSeq = seq + 1;
    this.save();
    return seq;
  }

  handle(message) {
    this.heard = (this.heard || 0) + 1;
    if (this.joined && this.n && message.n !== this.n + 1) this.send({ type: "resync" });
    this.n = message.n;
    switch (message.type) {
      case "welcome":
        if (this.hasSeat) {
          this.send({ type: "rejoin", code: this.code, seat: this.saved.seat, token: this.saved.token });
        } else {
          this.send({ type: "join", code: this.code, name: this.name, ...(this.seat === null ? {} : { seat: this.seat }) });
        }
        break;
      case "joined":
        this.joined = true;
        this.delay = 250;
        if (message.token) {
          this.saved = { seat: message.seat, token: message.token, name: this.name, nextSeq: 0 };
        }
        this.saved.nextSeq = Math.max(this.saved.nextSeq || 0, message.last_seq + 1);
        this.save();
        this.setStatus("connected");
        if (this.pending) this.send(this.pending);
        break;
      case "ping":
        this.send({ type: "pong", nonce: message.nonce });
        break;
      case "ack":
        if (this.pending && this.pending.seq === message.seq) this.pending = null;
        break;
      case "closed":
        // The host closed the table on purpose: no retrying; the seat (its token)
        // is kept, and a reload sits down again once the table is opened again.
        this.stopped = true;
        this.joined = false;
        this.timers.clearTimeout(this.timer);
        this.setStatus("closed", "host_closed");
        break;
      case "error":
        if (this.pending && message.seq === this.pending.seq) this.pending = null;
        if (message.fatal && message.reason === "seat_taken" && this.seat !== null) {
          this.seat = null; // the seat the link named was taken meanwhile: the next try takes any open one
          break;
        }
        if (message.fatal) {
          if (FORGET.has(message.reason)) {
            this.forget();
          }
          if (FORGET.has(message.reason) || GIVE_UP.has(message.reason)) {
            this.stopped = true;
            this.joined = false;
            this.setStatus("closed", message.reason);
          }
        }
        break;
      default:
        break;
    }
    this.onMessage(message);
  }

  forget() {
    this.saved = null;
    localStorage.removeItem(this.key);
  }

  command(type, fields) {
    const message = { type, seq: this.nextSeq(), ...fields };
    if (type === "decide") this.pending = message;
    this.send(message);
  }
}
