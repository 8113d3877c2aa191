// The seat page's DOM: draws the state (state.js) and turns taps into staged
// choices (staging.js) and the confirmed decision; a card or building that is not
// to be picked opens its explanation (details.js) in a dialog.

import { buildingDetails, cardDetails } from "./details.js";
import { has, tr, trn } from "./i18n.js";
import { optionLabel } from "./labels.js";
import { recapLines } from "./recap.js";
import { actOptions, clearStage, decision, legal, mode, options, payments, puts, stagedAnything, toggleEnd,
  toggleEndTurn, toggleFaceUp, toggleHand, toggleOption, unstage } from "./staging.js";
import { buildingName, cardName, edition, seatName, state } from "./state.js";

// Recap lines shown at the most (the newest; older ones are in the log).
const RECAP_LINES = 14;
// Log lines shown (the newest, oldest first).
const LOG_SHOWN = 60;
// Announcements kept in the live region.
const ANNOUNCED = 6;
// The smallest font a name is shrunk to, to fit its card without breaking a word.
const SMALLEST_PX = 9;

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "onclick") node.addEventListener("click", value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export const $ = (id) => document.getElementById(id);

function matLetter(name) {
  if (name === "pesos") return "$";
  if (name === "workers" || name === "worker") return "w";
  return tr(`letter.${name}`);
}

function mat(name) {
  const kind = name === "worker" ? "workers" : name;
  const label = has(`color.${kind}`) ? tr(`color.${kind}`) : tr(kind);
  return el("span", { class: `mat ${kind}`, role: "img", title: label, "aria-label": label }, matLetter(kind));
}

function amount(name, count) {
  return el("span", { class: "n" }, mat(name), count);
}

// A tap that changes the staged choice: stage it, show what the thing tapped
// does (`shown`), draw again.
function act(change, ...args) {
  change(...args);
  render();
}

function stageShowing(shown, change, ...args) {
  change(...args);
  state.stage.shown = shown;
  render();
}

function detailsOf(shown) {
  if (shown.card !== undefined) return cardDetails(shown.card);
  return buildingDetails(shown.building, shown);
}

// The explanation dialog (index.html's #details): what `shown` does; Escape or
// Close shuts it and the focus goes back to what opened it.
export function openDetails(shown, opener) {
  const dialog = $("details");
  const { title, lines } = detailsOf(shown);
  $("details-title").textContent = title;
  $("details-body").replaceChildren(...lines.map((line) => el("p", {}, line)));
  state.detailsOpener = opener ? focusKey(opener) : null;
  if (!dialog.open) dialog.showModal();
  $("details-close").focus();
}

// A selector that finds a control again once the page is drawn anew (a card by its
// index and place, a building, an option, or its id); null for anything else.
function focusKey(node) {
  if (!node || !node.closest || !node.closest("#game")) return null;
  const data = node.dataset;
  if (data.card !== undefined) return `[data-card="${data.card}"][data-where="${data.where}"]`;
  if (data.building !== undefined) return `[data-building="${data.building}"]`;
  if (data.option !== undefined) return `[data-option="${data.option}"]`;
  return node.id ? `#${node.id}` : null;
}

// Put the focus back on the control `key` names, if it is still there.
function focusAgain(key) {
  const target = key && document.querySelector(`#game ${key}`);
  if (target) target.focus({ preventScroll: true });
}

function refocus() {
  focusAgain(state.detailsOpener);
  state.detailsOpener = null;
}

// Names keep their words whole: one too long for its box is set smaller instead.
export function fitNames(root) {
  for (const name of root.querySelectorAll(".fit")) {
    if (name.scrollWidth <= name.clientWidth) continue;
    const size = parseFloat(getComputedStyle(name).fontSize);
    name.style.fontSize = `${Math.max(SMALLEST_PX, Math.floor((size * name.clientWidth * 10) / name.scrollWidth) / 10)}px`;
  }
}

// Tell the others' moves in the live region (read out by screen readers).
export function announce(lines) {
  const region = $("announce");
  if (!region || !lines.length) return;
  region.append(...lines.map((line) => el("p", {}, line)));
  while (region.childElementCount > ANNOUNCED) region.firstElementChild.remove();
}

export function confirm() {
  const chosen = decision();
  if (!chosen || !state.view) return;
  state.link.command("decide", { version: state.view.version, decision: chosen });
  state.sentVersion = state.view.version;
  clearStage();
  render();
}

// A card: `pick` (a change of the staged choice) when it can be picked now, else a
// tap opens what it does; `where` tells apart the same card in two places.
function cardFace(index, where, { pick = null, staged = false, pickable = false, small = false } = {}) {
  const card = edition().cards[index] || { number: "?" };
  const shown = { card: index, where };
  const button = el("button", { type: "button", class: `card${small ? " small" : ""}${staged ? " staged" : pickable ? " pick" : ""}`,
    dataset: { card: index, where }, "aria-pressed": pick ? String(staged) : null,
    "aria-haspopup": pick ? null : "dialog" },
  el("span", { class: "no" }, card.number), el("span", { class: "name fit" }, cardName(index)));
  button.addEventListener("click", () => (pick ? stageShowing(shown, ...pick) : openDetails(shown, button)));
  return button;
}

function cardBack(small = false) {
  return el("span", { class: `card back${small ? " small" : ""}` }, el("span", { class: "no" }, "?"));
}

function resources(seat) {
  const ed = edition();
  return el("div", { class: "res" },
    ed.materials.map((name) => amount(name, seat.materials[name] || 0)),
    amount("pesos", seat.pesos), amount("workers", seat.workers));
}

function promptText() {
  const view = state.view;
  const m = mode();
  if (!view) return state.table && state.table.status === "lobby" ? tr("lobby.waiting") : "";
  switch (m) {
    case "over": return tr("prompt.over");
    case "choose": return tr("prompt.choose");
    case "cover": return tr("prompt.cover");
    case "tax": return tr("prompt.tax", { name: seatName(view.tax_queue[0]) });
    case "act": {
      const card = state.stage.act;
      if (card !== null && puts().length) {
        return state.stage.put === null ? tr("web.prompt.recycle_put", { card: cardName(card) })
          : tr("web.prompt.recycle_take", { card: cardName(card), put: cardName(state.stage.put) });
      }
      return card !== null && actOptions().length > 1 ? tr("prompt.act_option", { card: cardName(card) }) : tr("web.prompt.act");
    }
    case "build": {
      const pays = payments();
      if (state.stage.end && pays.length > 1) {
        const row = view.rows[state.stage.end.row];
        const id = state.stage.end.side === "left" ? row[0] : row[row.length - 1];
        return tr("prompt.pay", { building: buildingName(id), i: (state.stage.option ?? 0) + 1, n: pays.length });
      }
      const me = view.seats[view.you];
      return me.vp >= view.target_vp ? tr("prompt.build_goal", { vp: me.vp, target: view.target_vp }) : tr("web.prompt.build");
    }
    default:
      if (view.phase === "setup" || view.to_decide.length > 1 || view.active === null) return tr("prompt.wait_all");
      return tr("prompt.wait", { name: seatName(view.active) });
  }
}

function labelParts(parts) {
  return parts.map((part) => (typeof part === "string" ? part
    : "count" in part ? amount(part.amount, part.count) : mat(part.mat)));
}

// What the others did since the seat's last decision, over its new question.
function drawRecap() {
  const lines = recapLines(state.view.you).slice(-RECAP_LINES);
  if (!lines.length) return null;
  return el("section", { id: "recap", "aria-labelledby": "recap-title" },
    el("h2", { id: "recap-title" }, tr("recap.title")), el("ul", {}, lines.map((line) => el("li", {}, line))));
}

// What the card or building last tapped does, under the question.
function drawExplain() {
  const shown = state.stage.shown;
  if (!shown) return el("p", { id: "explain", class: "hint" }, tr("web.details_hint"));
  const { title, lines } = detailsOf(shown);
  return el("div", { id: "explain" }, el("strong", {}, title), lines.map((line) => el("p", {}, line)));
}

function drawDecision() {
  const m = mode();
  const mine = !["wait", "over"].includes(m);
  const panel = el("div", { class: "panel", id: "ask" }, mine ? drawRecap() : null,
    el("div", { id: "prompt", class: mine ? "mine" : "" }, promptText()));
  if (!mine) return panel;
  const opts = options();
  if (opts.length > 1 || (m === "tax" && opts.length)) {
    panel.append(el("div", { class: "options" }, opts.map((d, i) => el("button", {
      type: "button", class: state.stage.option === i ? "staged" : "pick", dataset: { option: i },
      onclick: () => act(toggleOption, i) }, labelParts(optionLabel(d))))));
  }
  const actions = el("div", { class: "actions" });
  if (m === "build" && legal().some((d) => d.kind === "end_turn")) {
    actions.append(el("button", { type: "button", id: "end-turn", class: state.stage.endTurn ? "staged" : "pick",
      onclick: () => act(toggleEndTurn) }, tr("end_turn")));
  }
  actions.append(el("button", { type: "button", id: "undo", disabled: !stagedAnything(), onclick: () => act(unstage) }, tr("undo")));
  actions.append(el("button", { type: "button", id: "confirm", class: "primary grow", disabled: !decision(),
    onclick: confirm }, tr("confirm")));
  panel.append(actions, drawExplain());
  return panel;
}

function drawMe() {
  const view = state.view;
  const me = view.seats[view.you];
  const m = mode();
  const s = state.stage;
  const legalCards = new Set();
  const legalCovered = new Set();
  const legalActs = new Set();
  for (const d of legal()) {
    if (d.kind === "choose") d.cards.forEach((c) => legalCards.add(c));
    if (d.kind === "cover") { legalCards.add(d.card); legalCovered.add(d.covered); }
    if (d.kind === "act") legalActs.add(d.card);
  }
  const faceUp = me.face_up.map((card) => {
    const pickable = (m === "act" && legalActs.has(card)) || (m === "cover" && legalCovered.has(card));
    return cardFace(card, "face-up", { pickable, staged: s.act === card || s.covered === card,
      pick: pickable ? [toggleFaceUp, card] : null });
  });
  const putting = m === "act" ? puts() : [];
  const hand = (view.hand || []).map((card) => {
    const pickable = ((m === "choose" || m === "cover") && legalCards.has(card)) || putting.includes(card);
    return cardFace(card, "hand", { pickable, staged: s.cards.includes(card) || s.put === card,
      pick: pickable ? [toggleHand, card] : null });
  });
  return el("div", { class: "panel", id: "me" },
    el("div", { class: "seat-head" },
      el("h2", {}, [tr("web.you", { name: seatName(view.you) }),
        me.number === null ? null : String(me.number).padStart(2, "0"),
        tr("hover.vp", { vp: me.vp, target: view.target_vp })].filter((part) => part !== null).join(" · "))),
    resources(me),
    el("div", { class: "cards spaced", id: "face-up" }, faceUp,
      (view.face_down || []).map(() => cardBack()), me.protected ? el("span", { class: "badge" }, tr("protected")) : null),
    el("h2", { class: "spaced" }, tr("hand", { n: (view.hand || []).length }),
      " · ", tr("discard", { n: me.discard_size })),
    el("div", { class: "cards", id: "hand" }, hand));
}

// A building card: a row's end the seat can build now is picked by a tap; any
// other opens what it is (cost, VP, whether it can be built).
function buildingFace(id, { pick = null, staged = false, affordable = null, middle = false } = {}) {
  const b = edition().buildings[id] || { cost: [], vp: 0 };
  const costs = edition().costs;
  const shown = { building: id, affordable, middle };
  const button = el("button", { type: "button", dataset: { building: id },
    class: `bld${b.architect ? " arch" : ""}${middle ? " middle" : ""}${staged ? " staged" : pick ? " pick" : ""}`,
    "aria-pressed": pick ? String(staged) : null, "aria-haspopup": pick ? null : "dialog" },
  el("span", { class: "vp" }, tr("web.vp", { vp: b.vp })), el("span", { class: "name fit" }, buildingName(id)),
  el("span", { class: "cost" }, costs.map((name, k) => (b.cost[k] ? amount(name, b.cost[k]) : null))));
  button.addEventListener("click", () => (pick ? stageShowing(shown, ...pick) : openDetails(shown, button)));
  return button;
}

// The rows wrap: every building shows, both ends of each row within reach.
function drawRows() {
  const view = state.view;
  const building = mode() === "build";
  const ends = new Set(building ? legal().filter((d) => d.kind === "build").map((d) => `${d.row}:${d.side}`) : []);
  const rows = view.rows.map((row, r) => el("div", { class: "row", role: "group", "aria-label": tr("web.row", { n: r + 1 }),
    dataset: { row: r } }, row.map((id, i) => {
    const side = i === 0 ? "left" : i === row.length - 1 ? "right" : null;
    const pickable = side !== null && ends.has(`${r}:${side}`);
    const staged = Boolean(state.stage.end && state.stage.end.row === r && state.stage.end.side === side);
    return buildingFace(id, { pick: pickable ? [toggleEnd, r, side] : null, staged, middle: side === null,
      affordable: building && side !== null ? pickable : null });
  })));
  return el("div", { class: "panel", id: "rows" }, el("h2", {}, tr("web.rows"), " · ", tr("pile", { n: view.pile_size })),
    el("div", { class: "rows" }, rows));
}

function drawMarket() {
  const view = state.view;
  const ed = edition();
  return el("div", { class: "panel", id: "market" },
    el("h2", {}, tr("market"), " · ", tr("round_phase", { n: view.round, phase: tr(`phase.${view.phase}`) })),
    el("div", { class: "res" }, ed.materials.map((name) => amount(name, view.market[name] || 0)),
      amount("pesos", view.market.pesos), el("span", { class: "badge" }, tr("bag", { n: view.bag_size })),
      el("span", { class: "badge" }, `${tr("caption.bank")}: `), amount("workers", view.workers_in_bank)));
}

function drawSeats() {
  const view = state.view;
  const seats = view.seats.filter((s) => s.seat !== view.you).map((s) => {
    const info = state.table && state.table.seats[s.seat];
    const away = info && info.kind === "human" && !info.connected;
    return el("div", { class: `seat${view.to_decide.includes(s.seat) ? " turn" : ""}`, dataset: { seat: s.seat } },
      el("div", { class: "who" }, el("span", {}, seatName(s.seat)),
        el("span", { class: "num" }, s.number === null ? "" : String(s.number).padStart(2, "0"))),
      el("div", {}, `${tr("web.vp", { vp: s.vp })} · ${tr("hand_size", { n: s.hand_size })} · ${tr("built")} ${s.built.length}`),
      resources(s),
      el("div", { class: "cards spaced" }, s.face_up.map((c) => cardFace(c, `seat${s.seat}`, { small: true })),
        s.has_face_down ? cardBack(true) : null),
      s.protected ? el("div", { class: "badge" }, tr("protected")) : null,
      info && info.kind === "bot" ? el("div", { class: "badge" }, tr(`ai.${info.level}`)) : null,
      away ? el("div", { class: "badge" }, tr("seat.badge.away")) : null);
  });
  return el("div", { class: "panel", id: "seats" }, el("h2", {}, tr("players")), el("div", { class: "seats" }, seats));
}

// The log, oldest first (a line that says "…plays it for them:" comes before the
// move it announces), scrolled to the newest; scrollable by keyboard too.
function drawLog() {
  const list = el("ul", { id: "log", tabindex: 0, "aria-label": tr("log") },
    state.log.slice(-LOG_SHOWN).map((line) => el("li", {}, line)));
  const details = el("details", { class: "panel", open: state.logOpen ?? window.innerWidth >= 820 },
    el("summary", {}, tr("log")), list);
  details.addEventListener("toggle", () => { state.logOpen = details.open; });
  return details;
}

function drawResults() {
  const view = state.view;
  const over = state.over;
  const winners = over ? over.winners : view.winners;
  const ranking = view.ranking.length ? view.ranking : view.seats.map((s) => s.seat);
  return el("div", { class: "panel", id: "results" },
    el("h2", {}, tr("results.title")),
    el("div", { id: "prompt", class: "mine" }, trn("results.winner", winners.length, { names: winners.map(seatName).join(tr("list.separator")) })),
    view.end_reason ? el("div", { class: "badge" }, tr(`reason.${view.end_reason}`)) : null,
    el("ol", {}, ranking.map((seat) => el("li", { dataset: { seat } }, `${seatName(seat)} — `,
      trn("results.score", view.seats[seat].built.length, { vp: view.seats[seat].vp })))));
}

function drawLobby() {
  const table = state.table;
  const host = table.host_seat === state.seat;
  const panel = el("div", { class: "panel", id: "lobby" }, el("h2", {}, tr("lobby.title")),
    el("ul", {}, table.seats.map((s) => el("li", {}, s.kind === "open" ? tr("lobby.empty")
      : tr("lobby.seat", { name: s.name, kind: s.kind === "bot" ? tr(`ai.${s.level}`) : tr("human") })))));
  if (host) {
    panel.append(el("div", { class: "actions" }, el("button", { type: "button", id: "start", class: "primary grow",
      onclick: () => state.link.command("start", { version: table.revision }) }, tr("start"))));
  } else if (table.host_seat !== null) {
    panel.append(el("p", {}, tr("lobby.host_starts", { name: seatName(table.host_seat) })));
  } else {
    // No player holds the host role (a table opened from a big screen): it starts there.
    panel.append(el("p", { id: "who-starts" }, tr("lobby.screen_starts")));
  }
  return panel;
}

// The host closed the table on purpose: said plainly, in place of the table (nothing
// there can be played any more), with where to go: this page, reloaded later.
function drawClosed() {
  return el("div", { class: "panel", id: "closed" }, el("h2", {}, tr("closed.title")),
    el("p", {}, tr("web.closed_note")),
    el("div", { class: "actions" }, el("button", { type: "button", id: "reload", class: "primary grow",
      onclick: () => location.reload() }, tr("web.reload"))));
}

export function render() {
  const game = $("game");
  const view = state.view;
  const m = mode();
  document.body.dataset.mode = state.link && state.seat !== null ? m : "join";
  document.body.dataset.version = view ? view.version : "";
  document.body.dataset.phase = state.closed ? "closed" : view ? view.phase : (state.table ? state.table.status : "");
  const mine = !["wait", "over"].includes(m);
  if (mine && !state.wasMine && navigator.vibrate && navigator.userActivation && navigator.userActivation.hasBeenActive) {
    navigator.vibrate(80);
  }
  if (mine && !state.wasMine && state.seat !== null) announce([promptText()]); // your turn, said too
  state.wasMine = mine;
  drawStatus();
  if (state.seat === null) {
    game.hidden = true;
    return;
  }
  game.hidden = false;
  const focused = focusKey(document.activeElement); // kept where it was, for keyboards
  game.replaceChildren();
  if (state.closed) {
    game.append(drawClosed());
    return;
  }
  if (!view) {
    if (state.table) game.append(drawLobby());
    return;
  }
  // While building, the rows come right under the question (a phone need not scroll
  // past the hand to reach them); else the seat's cards do.
  const parts = m === "build" ? [drawRows(), drawMe()] : [drawMe(), drawRows()];
  const left = el("div", {}, m === "over" ? drawResults() : drawDecision(), parts);
  const right = el("div", {}, drawMarket(), drawSeats(), drawLog());
  game.append(el("div", { class: "layout" }, left, right));
  fitNames(game);
  const log = $("log");
  log.scrollTop = log.scrollHeight;
  focusAgain(focused);
  state.timing.firstView ??= performance.now();
}

export function drawStatus() {
  const status = $("status");
  const link = state.link;
  let text = "";
  let warn = false;
  if (state.closed) {
    text = tr("closed.title");
    warn = true;
  } else if (state.notice) {
    text = state.notice;
    warn = true;
  } else if (link && link.status === "reconnecting") {
    text = tr("net.reconnecting");
    warn = true;
  } else if (link && link.status === "connecting") {
    text = tr("web.connecting");
  } else if (state.view && state.view.you !== null) {
    text = tr("target", { vp: state.view.target_vp });
  }
  status.textContent = text;
  status.classList.toggle("warn", warn);
}

export function errorText(reason) {
  return has(`error.${reason}`) ? tr(`error.${reason}`) : tr("error.unknown", { reason });
}

export function showJoin(note) {
  state.timing.form ??= performance.now();
  $("join").hidden = false;
  $("game").hidden = true;
  $("join-note").textContent = note || "";
  document.body.dataset.mode = "join";
}

export function texts() {
  $("name-label").textContent = tr("name");
  $("join-button").textContent = tr("web.join");
  $("details-close").textContent = tr("web.close");
  $("language").setAttribute("aria-label", tr("settings.language"));
  document.title = `Havana · ${tr("title")}`;
}


// The dialog's own wiring, once: Close shuts it; on closing (Close or Escape) the
// focus goes back to the card or building that opened it.
export function wireDetails() {
  const dialog = $("details");
  $("details-close").addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", refocus);
  dialog.addEventListener("click", (event) => { if (event.target === dialog) dialog.close(); });
}
