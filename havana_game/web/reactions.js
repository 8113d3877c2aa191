// Quick reactions on the seat page (docs/PROTOCOL.md "Reactions"): the host names
// the reactions it relays in its `welcome`; a seated player sends one from a small
// bar (a React button in the corner opens it; Esc closes it), at the host's pace;
// every `reaction` the host tells of shows for a few seconds in a bubble by the
// panel of the seat that sent it, and is said in a live region for screen readers.
// A reaction this page has no words for (a newer host's) is not shown.

import { has, tr } from "./i18n.js";
import { seatName, state } from "./state.js";

export const LIMITS = [[1, 2000], [5, 30000]];
/** The host's limits (count within milliseconds): a press beyond them is not sent. */
export const SHOWN = 4000;
/** Milliseconds a reaction stays in its bubble. */

/** True if a reaction may be sent at `now` after those sent at the times `sent`. */
export function paced(sent, now, limits = LIMITS) {
  return limits.every(([count, ms]) => sent.filter((t) => t > now - ms).length < count);
}

/** The reactions of the host's list this page has words for, in its order. */
export function offered(hostList) {
  return (hostList || []).filter((id) => has(`reaction.${id}`));
}

/** What a host message changes in `memory` ({offered, shown}), at time `now` (ms):
 * `welcome` sets the reactions offered, `reaction` puts one in its seat's bubble
 * (returned, or null when there is nothing to show). */
export function take(memory, message, now) {
  if (message.type === "welcome") {
    memory.offered = offered(message.reactions);
    return null;
  }
  if (message.type !== "reaction" || !has(`reaction.${message.reaction}`)) return null;
  const bubble = { seat: message.seat, reaction: message.reaction, until: now + SHOWN };
  memory.shown[message.seat] = bubble;
  return bubble;
}

/** The bar, the bubbles and the live region, in document `doc`; `now` and
 * `timers` (setTimeout) are the browser's or a test's. */
export class Reactions {
  constructor(doc, { now = () => Date.now(), timers = globalThis } = {}) {
    this.doc = doc;
    this.now = now;
    this.timers = timers;
    this.memory = { offered: [], shown: {} };
    this.sent = [];
    this.open = false;
    this.toggle = this.make("button", { id: "react-toggle", type: "button", "aria-expanded": "false",
      "aria-controls": "react-bar" });
    this.toggle.addEventListener("click", () => this.setOpen(!this.open));
    this.bar = this.make("div", { id: "react-bar", role: "group", hidden: "" });
    this.bar.addEventListener("keydown", (event) => {
      if (event.key === "Escape") { this.setOpen(false); this.toggle.focus(); }
    });
    this.said = this.make("div", { id: "react-said", "aria-live": "polite" });
    doc.body.append(this.toggle, this.bar, this.said);
    this.draw();
  }

  make(tag, attributes) {
    const node = this.doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    return node;
  }

  /** A host message (after the page took it): the reactions offered, or one to show. */
  take(message) {
    const bubble = take(this.memory, message, this.now());
    this.draw();
    if (bubble) this.show(bubble);
  }

  /** The bar is offered to a seated player whose host relays reactions, in the
   * page's current language. */
  draw() {
    const seated = state.seat !== null && state.seat !== undefined;
    this.toggle.hidden = !seated || this.memory.offered.length === 0;
    this.toggle.textContent = tr("reaction.open");
    this.bar.setAttribute("aria-label", tr("reaction.bar"));
    const shown = [...this.bar.children].map((button) => button.dataset.reaction);
    if (shown.join() !== this.memory.offered.join()) {
      this.bar.replaceChildren(...this.memory.offered.map((id) => {
        const button = this.make("button", { type: "button", "data-reaction": id });
        button.addEventListener("click", () => this.send(id));
        return button;
      }));
    }
    for (const button of this.bar.children) button.textContent = tr(`reaction.${button.dataset.reaction}`);
    if (this.toggle.hidden) this.setOpen(false);
  }

  setOpen(open) {
    if (open) this.draw();
    this.open = open && !this.toggle.hidden;
    this.bar.hidden = !this.open;
    this.toggle.setAttribute("aria-expanded", String(this.open));
    if (this.open && this.bar.firstChild) this.bar.firstChild.focus();
  }

  /** Send reaction `id`, unless it comes faster than the host allows; the bar closes. */
  send(id) {
    const now = this.now();
    this.setOpen(false);
    this.toggle.focus();
    if (!state.link || !paced(this.sent, now)) return;
    this.sent = [...this.sent.filter((t) => t > now - LIMITS[LIMITS.length - 1][1]), now];
    state.link.send({ type: "react", reaction: id });
  }

  /** The bubble by its seat's panel (the page's own seat: #me; another: its
   * [data-seat]) when that panel is on the screen, else at the top of the screen
   * with the seat's name; gone after `SHOWN`; and the words in the live region. */
  show(bubble) {
    const words = tr(`reaction.${bubble.reaction}`);
    this.said.textContent = tr("reaction.said", { name: seatName(bubble.seat), reaction: words });
    const old = this.doc.getElementById(`react-bubble-${bubble.seat}`);
    if (old) old.remove();
    const node = this.make("div", { id: `react-bubble-${bubble.seat}`, class: "react-bubble", "aria-hidden": "true" });
    node.textContent = words;
    const anchor = bubble.seat === state.seat ? this.doc.getElementById("me")
      : this.doc.querySelector(`#seats [data-seat="${bubble.seat}"]`);
    const view = this.doc.defaultView;
    const box = anchor ? anchor.getBoundingClientRect() : null;
    if (box && view && box.top >= 0 && box.top + 40 <= view.innerHeight) {
      node.style.top = `${box.top + view.scrollY + 4}px`;
      node.style.left = `${Math.max(4, box.right - 8)}px`;
      node.classList.add("placed");
    } else { // its panel is not on the screen (or not drawn): said at the top, with the name
      node.textContent = `${seatName(bubble.seat)}: ${words}`;
    }
    this.doc.body.append(node);
    this.timers.setTimeout(() => {
      if (this.memory.shown[bubble.seat] === bubble) delete this.memory.shown[bubble.seat];
      node.remove();
    }, SHOWN);
  }
}
