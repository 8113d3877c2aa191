// The web seat page: one player's seat at a Havana table, in a browser. It holds no
// rules: it shows the seat's view the host sends and offers exactly that view's
// legal decisions, staged and confirmed as in the desktop client.

import { LANGUAGES, chooseLanguage, currentLanguage, has, loadLanguage, tr, trn } from "./i18n.js";
import { Link } from "./net.js";

const LANGUAGE_NAMES = { en: "English", fr: "Français", pt: "Português", ru: "Русский" };
const LOG_LINES = 200;

const state = {
  editions: null, // edition name -> {fingerprint, materials, costs, cards, buildings}
  link: null,
  table: null, // the last `table` message
  seat: null,
  view: null,
  over: null, // the `game_over` message
  log: [],
  stage: { cards: [], covered: null, act: null, option: null, end: null, endTurn: false },
  sentVersion: null,
  notice: null,
  wasMine: false,
  logOpen: null, // the player opened or closed the log (null: open on wide screens)
  timing: {}, // performance.now() when the join form, and the first view, were drawn
};

// --- small helpers -----------------------------------------------------------------

function el(tag, props = {}, ...children) {
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

const $ = (id) => document.getElementById(id);

function edition() {
  const name = (state.view && state.view.ruleset) || (state.table && state.table.edition) || "classic";
  return state.editions[name] || state.editions.classic;
}

function cardName(index) {
  const card = edition().cards[index];
  return card ? tr(`card.${card.name}`) : "?";
}

function cardKey(index) {
  const card = edition().cards[index];
  return card ? card.key : "";
}

function buildingName(id) {
  const key = `building.${id}`;
  return has(key) ? tr(key) : (edition().buildings[id] || { name: id }).name;
}

function buildingVp(id) {
  return (edition().buildings[id] || { vp: 0 }).vp;
}

function seatName(seat) {
  const info = state.table && state.table.seats[seat];
  return (info && info.name) || `${tr("player.default")} ${seat + 1}`;
}

function matLetter(name) {
  if (name === "pesos") return "$";
  if (name === "workers" || name === "worker") return "w";
  return tr(`letter.${name}`);
}

function mat(name) {
  const kind = name === "worker" ? "workers" : name;
  const label = has(`color.${kind}`) ? tr(`color.${kind}`) : tr(kind);
  return el("span", { class: `mat ${kind}`, title: label, "aria-label": label }, matLetter(kind));
}

function amount(name, count) {
  return el("span", { class: "n" }, mat(name), count);
}

function amountsText(amounts) {
  const counts = {};
  for (const name of Array.isArray(amounts) ? amounts : Object.keys(amounts)) {
    counts[name] = Array.isArray(amounts) ? (counts[name] || 0) + 1 : amounts[name];
  }
  const parts = Object.entries(counts).filter(([, n]) => n).map(([name, n]) => trn(`amount.${name}`, n));
  return parts.join(tr("list.separator")) || tr("nothing");
}

function sameSet(a, b) {
  return a.length === b.length && [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i]);
}

// --- what the seat is asked ----------------------------------------------------------

function legal() {
  return (state.view && state.view.legal) || [];
}

function mode() {
  const view = state.view;
  if (!view) return "wait";
  if (view.phase === "over") return "over";
  const decisions = legal();
  if (!decisions.length || state.sentVersion === view.version) return "wait";
  const kind = decisions[0].kind;
  return kind === "build" || kind === "end_turn" ? "build" : kind;
}

function clearStage() {
  state.stage = { cards: [], covered: null, act: null, option: null, end: null, endTurn: false };
}

function actOptions() {
  return legal().filter((d) => d.kind === "act" && d.card === state.stage.act);
}

const PAY_WEIGHTS = [4, 4, 4, 4, 1, 1, 4];

function payments() {
  const end = state.stage.end;
  if (!end) return [];
  const costs = edition().costs;
  const weight = (d) => costs.reduce((sum, name, i) => sum + PAY_WEIGHTS[i] * ((d.pay || {})[name] || 0), 0);
  return legal().filter((d) => d.kind === "build" && d.row === end.row && d.side === end.side)
    .sort((a, b) => weight(a) - weight(b));
}

function options() {
  switch (mode()) {
    case "act": return state.stage.act === null ? [] : actOptions();
    case "tax": return legal();
    case "build": return payments();
    default: return [];
  }
}

function decision() {
  const stage = state.stage;
  const decisions = legal();
  switch (mode()) {
    case "choose":
      return stage.cards.length === 2 ? decisions.find((d) => sameSet(d.cards, stage.cards)) || null : null;
    case "cover":
      return decisions.find((d) => d.covered === stage.covered && d.card === stage.cards[0]) || null;
    case "act": {
      const found = actOptions();
      if (found.length === 1) return found[0];
      return stage.option === null ? null : found[stage.option] || null;
    }
    case "tax":
      return stage.option === null ? null : decisions[stage.option] || null;
    case "build": {
      if (stage.endTurn) return decisions.find((d) => d.kind === "end_turn") || null;
      const found = payments();
      if (found.length === 1) return found[0];
      return stage.option === null ? null : found[stage.option] || null;
    }
    default:
      return null;
  }
}

function stagedAnything() {
  const s = state.stage;
  return s.cards.length > 0 || s.covered !== null || s.act !== null || s.option !== null || s.end !== null || s.endTurn;
}

function undo() {
  const s = state.stage;
  if (s.option !== null) s.option = null;
  else if (s.endTurn) s.endTurn = false;
  else if (s.end !== null) s.end = null;
  else if (s.act !== null) s.act = null;
  else if (s.cards.length) s.cards.pop();
  else s.covered = null;
  render();
}

function confirm() {
  const chosen = decision();
  if (!chosen || !state.view) return;
  state.link.command("decide", { version: state.view.version, decision: chosen });
  state.sentVersion = state.view.version;
  clearStage();
  render();
}

// --- clicks ---------------------------------------------------------------------------

function clickHand(card) {
  const s = state.stage;
  if (mode() === "choose") {
    if (s.cards.includes(card)) s.cards = s.cards.filter((c) => c !== card);
    else if (s.cards.length < 2) s.cards.push(card);
    else s.cards = [s.cards[1], card];
  } else if (mode() === "cover") {
    s.cards = s.cards[0] === card ? [] : [card];
  }
  render();
}

function clickFaceUp(card) {
  const s = state.stage;
  if (mode() === "act") {
    s.act = s.act === card ? null : card;
    s.option = null;
  } else if (mode() === "cover") {
    s.covered = s.covered === card ? null : card;
  }
  render();
}

function clickEnd(row, side) {
  const s = state.stage;
  s.endTurn = false;
  s.option = null;
  s.end = s.end && s.end.row === row && s.end.side === side ? null : { row, side };
  render();
}

function clickOption(index) {
  state.stage.option = state.stage.option === index ? null : index;
  render();
}

function clickEndTurn() {
  const s = state.stage;
  s.endTurn = !s.endTurn;
  s.end = null;
  s.option = null;
  render();
}

// --- the log --------------------------------------------------------------------------

function logLine(event) {
  const d = event.data;
  const who = "seat" in d ? seatName(d.seat) : "";
  switch (event.kind) {
    case "round_started": return tr("log.round", { n: d.round });
    case "turn_started": return tr("log.turn", { name: who });
    case "action": return tr("log.action", { name: who, card: cardName(d.card) });
    case "materials_taken": return tr(`log.materials.${d.source}`, { name: who, materials: amountsText(d.materials) });
    case "pesos_taken": return trn(`log.pesos.${d.source}`, d.count, { name: who });
    case "workers_taken": return trn("log.workers", d.count, { name: who });
    case "building_built": return tr("log.built", { name: who, building: buildingName(d.building), vp: buildingVp(d.building) });
    case "building_removed": return tr("log.removed", { name: who, building: buildingName(d.building) });
    case "row_refilled": return tr("log.refill", { row: d.row + 1 });
    case "cards_revealed": return tr("log.revealed");
    case "card_covered": return tr("log.covered", { name: who, card: cardName(d.covered) });
    case "cards_chosen": return "cards" in d ? null : tr("log.chosen", { name: who });
    case "taxed":
      return d.take === "worker" ? tr("log.taxed.worker", { name: who, victim: seatName(d.victim) })
        : tr("log.taxed.material", { name: who, victim: seatName(d.victim), materials: amountsText([d.take]) });
    case "pesos_stolen": return trn("log.pesos_stolen", d.count, { name: who, victim: seatName(d.victim) });
    case "materials_stolen": return tr("log.materials_stolen", { name: who, victim: seatName(d.victim), materials: amountsText(d.materials) });
    case "market_supplied": return trn("log.supplied", d.pesos, { materials: amountsText(d.materials) });
    case "card_taken_back": return "card" in d ? tr("log.took_back_card", { name: who, card: cardName(d.card) }) : tr("log.took_back", { name: who });
    case "card_recycled":
      if (d.taken < 0) return tr("log.recycled_nothing", { name: who });
      return tr(d.put ? "log.recycled" : "log.recycled_only", { name: who, card: cardName(d.taken) });
    case "forced": return tr(d.end_turn ? "log.forced_end" : "log.forced", { name: who });
    case "discards_taken_back": return trn("log.discards", d.count, { name: who });
    case "game_over": return trn("log.over", d.winners.length, { names: d.winners.map(seatName).join(tr("list.separator")) });
    case "seated": return d.version ? tr("log.seat_taken", { name: d.name }) : null;
    default: return null;
  }
}

const PRIVATE_FIELDS = { cards_chosen: "cards", card_covered: "card", card_taken_back: "card", card_recycled: "card" };

function addLog(events) {
  let last = null;
  for (const event of events) {
    const line = logLine(event);
    // The seat's own copy of an event (with its secret) follows the public one:
    // it says the same, or more, so it takes the public line's place.
    const own = PRIVATE_FIELDS[event.kind] in event.data && last && last.kind === event.kind;
    if (own && line) state.log.pop();
    if (line) state.log.push(line);
    last = event;
  }
  if (state.log.length > LOG_LINES) state.log.splice(0, state.log.length - LOG_LINES);
}

// --- drawing ---------------------------------------------------------------------------

function cardFace(index, props = {}, small = false) {
  const card = edition().cards[index] || { number: "?" };
  return el("button", { type: "button", class: `card${small ? " small" : ""} ${props.class || ""}`,
    disabled: !props.onclick, onclick: props.onclick, dataset: { card: index }, title: cardName(index) },
  el("span", { class: "no" }, card.number), el("span", {}, cardName(index)));
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
    case "act": return state.stage.act !== null && actOptions().length > 1
      ? tr("prompt.act_option", { card: cardName(state.stage.act) }) : tr("prompt.act");
    case "build": {
      const pays = payments();
      if (state.stage.end && pays.length > 1) {
        const row = view.rows[state.stage.end.row];
        const id = state.stage.end.side === "left" ? row[0] : row[row.length - 1];
        return tr("prompt.pay", { building: buildingName(id), i: (state.stage.option ?? 0) + 1, n: pays.length });
      }
      const me = view.seats[view.you];
      return me.vp >= view.target_vp ? tr("prompt.build_goal", { vp: me.vp, target: view.target_vp }) : tr("prompt.build");
    }
    default:
      if (view.phase === "setup" || view.to_decide.length > 1 || view.active === null) return tr("prompt.wait_all");
      return tr("prompt.wait", { name: seatName(view.active) });
  }
}

function optionLabel(d) {
  if (d.kind === "tax") return [tr("option.victim", { name: seatName(d.victim) }), mat(d.take)];
  if (d.kind === "build") {
    const pay = d.pay || {};
    return edition().costs.filter((name) => pay[name]).map((name) => amount(name, pay[name]));
  }
  const key = cardKey(d.card);
  const target = d.target ?? null;
  const takes = Array.isArray(d.take) ? d.take.map(mat) : [];
  if (key === "recycling") {
    if (target === null) return [tr("nothing")];
    if (d.put === undefined || d.put === null) return [tr("option.card", { card: cardName(target) })];
    if (d.put === target) return [tr("option.recycle_same", { card: cardName(target) })];
    return [tr("option.recycle", { put: cardName(d.put), card: cardName(target) })];
  }
  if (key === "smuggling" && !takes.length) return [tr("option.two_random")];
  if (key === "refreshment" || key === "conservation") {
    if (target === null) return [tr("decline")];
    if (key === "refreshment") return [tr("option.card", { card: cardName(target) })];
    const row = state.view.rows[target >> 1];
    return [buildingName(target & 1 ? row[row.length - 1] : row[0])];
  }
  if (target !== null) return [tr("option.victim", { name: seatName(target) }), ...takes];
  return takes.length ? takes : [tr("decline")];
}

function drawDecision() {
  const m = mode();
  const mine = !["wait", "over"].includes(m);
  const panel = el("div", { class: "panel", id: "ask" },
    el("div", { id: "prompt", class: mine ? "mine" : "" }, promptText()));
  if (!mine) return panel;
  const opts = options();
  if (opts.length > 1 || (m === "tax" && opts.length)) {
    panel.append(el("div", { class: "options" }, opts.map((d, i) => el("button", {
      type: "button", class: state.stage.option === i ? "staged" : "pick", dataset: { option: i },
      onclick: () => clickOption(i) }, optionLabel(d)))));
  }
  const actions = el("div", { class: "actions" });
  if (m === "build" && legal().some((d) => d.kind === "end_turn")) {
    actions.append(el("button", { type: "button", id: "end-turn", class: state.stage.endTurn ? "staged" : "pick",
      onclick: clickEndTurn }, tr("end_turn")));
  }
  actions.append(el("button", { type: "button", id: "undo", disabled: !stagedAnything(), onclick: undo }, tr("undo")));
  actions.append(el("button", { type: "button", id: "confirm", class: "primary grow", disabled: !decision(),
    onclick: confirm }, tr("confirm")));
  panel.append(actions);
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
    const staged = s.act === card || s.covered === card;
    return cardFace(card, { class: staged ? "staged" : pickable ? "pick" : "",
      onclick: pickable ? () => clickFaceUp(card) : null });
  });
  const hand = (view.hand || []).map((card) => {
    const pickable = (m === "choose" || m === "cover") && legalCards.has(card);
    return cardFace(card, { class: s.cards.includes(card) ? "staged" : pickable ? "pick" : "",
      onclick: pickable ? () => clickHand(card) : null }, true);
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

function drawRows() {
  const view = state.view;
  const m = mode();
  const ends = new Set(m === "build" ? legal().filter((d) => d.kind === "build").map((d) => `${d.row}:${d.side}`) : []);
  const rows = view.rows.map((row, r) => el("div", { class: "row", dataset: { row: r } }, row.map((id, i) => {
    const side = i === 0 ? "left" : i === row.length - 1 ? "right" : null;
    const pickable = side !== null && ends.has(`${r}:${side}`);
    const staged = state.stage.end && state.stage.end.row === r && state.stage.end.side === side;
    const b = edition().buildings[id] || { cost: [], vp: 0 };
    const costs = edition().costs;
    return el("button", { type: "button", class: `bld${b.architect ? " arch" : ""}${side ? "" : " middle"}${staged ? " staged" : pickable ? " pick" : ""}`,
      disabled: !pickable, onclick: pickable ? () => clickEnd(r, side) : null, dataset: { building: id },
      title: tr("tooltip.building", { building: buildingName(id), vp: b.vp }) },
    el("div", { class: "vp" }, tr("web.vp", { vp: b.vp })), el("div", {}, buildingName(id)),
    el("div", { class: "cost" }, costs.map((name, k) => (b.cost[k] ? amount(name, b.cost[k]) : null))));
  })));
  return el("div", { class: "panel", id: "rows" }, el("h2", {}, tr("web.rows"), " · ", tr("pile", { n: view.pile_size })), el("div", { class: "rows" }, rows));
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
      el("div", { class: "cards spaced" }, s.face_up.map((c) => cardFace(c, {}, true)),
        s.has_face_down ? cardBack(true) : null),
      s.protected ? el("div", { class: "badge" }, tr("protected")) : null,
      info && info.kind === "bot" ? el("div", { class: "badge" }, tr(`ai.${info.level}`)) : null,
      away ? el("div", { class: "badge" }, tr("seat.badge.away")) : null);
  });
  return el("div", { class: "panel", id: "seats" }, el("h2", {}, tr("players")), el("div", { class: "seats" }, seats));
}

function drawLog() {
  const list = el("ul", { id: "log" }, [...state.log].reverse().slice(0, 60).map((line) => el("li", {}, line)));
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
  }
  return panel;
}

function render() {
  const game = $("game");
  const view = state.view;
  const m = mode();
  document.body.dataset.mode = state.link && state.seat !== null ? m : "join";
  document.body.dataset.version = view ? view.version : "";
  document.body.dataset.phase = view ? view.phase : (state.table ? state.table.status : "");
  const mine = !["wait", "over"].includes(m);
  if (mine && !state.wasMine && navigator.vibrate && navigator.userActivation && navigator.userActivation.hasBeenActive) {
    navigator.vibrate(80);
  }
  state.wasMine = mine;
  drawStatus();
  if (state.seat === null) {
    game.hidden = true;
    return;
  }
  game.hidden = false;
  game.replaceChildren();
  if (!view) {
    if (state.table) game.append(drawLobby());
    return;
  }
  const left = el("div", {}, m === "over" ? drawResults() : drawDecision(), drawMe(), drawRows());
  const right = el("div", {}, drawMarket(), drawSeats(), drawLog());
  game.append(el("div", { class: "layout" }, left, right));
  state.timing.firstView ??= performance.now();
}

function drawStatus() {
  const status = $("status");
  const link = state.link;
  let text = "";
  let warn = false;
  if (state.notice) {
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

function errorText(reason) {
  return has(`error.${reason}`) ? tr(`error.${reason}`) : tr("error.unknown", { reason });
}

// --- messages from the host -------------------------------------------------------------

function onMessage(message) {
  switch (message.type) {
    case "joined":
      state.seat = message.seat;
      state.notice = null;
      $("join").hidden = true;
      break;
    case "table":
      state.table = message;
      break;
    case "history":
      state.log = [];
      addLog(message.events);
      break;
    case "view":
      if (state.view && message.view.version !== state.view.version) clearStage();
      if (state.view && message.view.version < state.view.version) state.log = [];
      state.view = message.view;
      if (state.sentVersion !== null && message.view.version !== state.sentVersion) state.sentVersion = null;
      addLog(message.events);
      break;
    case "game_over":
      state.over = message;
      break;
    case "error":
      if (message.reason === "stale" || message.seq !== null) state.sentVersion = null;
      state.notice = errorText(message.reason);
      setTimeout(() => { state.notice = null; drawStatus(); }, 4000);
      if (message.fatal && ["wrong_token", "no_such_seat", "table_full", "wrong_code", "kicked"].includes(message.reason)) {
        state.seat = null;
        state.view = null;
        showJoin(message.reason === "wrong_token" ? tr("join.seat_given") : errorText(message.reason));
      }
      break;
    default:
      break;
  }
  render();
}

function onStatus() {
  drawStatus();
  document.body.dataset.link = state.link.status;
}

// --- start ------------------------------------------------------------------------------

function showJoin(note) {
  state.timing.form ??= performance.now();
  $("join").hidden = false;
  $("game").hidden = true;
  $("join-note").textContent = note || "";
  document.body.dataset.mode = "join";
}

function texts() {
  $("name-label").textContent = tr("name");
  $("join-button").textContent = tr("web.join");
  document.title = `Havana · ${tr("title")}`;
}

async function main() {
  const lang = chooseLanguage();
  const [, editions] = await Promise.all([loadLanguage(lang), fetch("editions.json").then((r) => r.json())]);
  state.editions = editions;
  const select = $("language");
  for (const code of LANGUAGES) select.append(el("option", { value: code, selected: code === lang }, LANGUAGE_NAMES[code]));
  select.addEventListener("change", async () => {
    localStorage.setItem("havana:language", select.value);
    await loadLanguage(select.value);
    texts();
    render();
  });
  texts();
  const code = new URLSearchParams(location.hash.slice(1)).get("code");
  if (!code) {
    showJoin(tr("web.no_code"));
    $("join-form").hidden = true;
    return;
  }
  state.link = new Link({
    code,
    fingerprints: [editions.classic.fingerprint, ...Object.keys(editions).filter((n) => n !== "classic").map((n) => editions[n].fingerprint)],
    onMessage,
    onStatus,
  });
  const wake = () => state.link.wake();
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") wake(); });
  window.addEventListener("online", wake);
  window.addEventListener("pageshow", wake);
  $("name").value = localStorage.getItem("havana:name") || "";
  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("name").value.trim();
    if (!name) return;
    localStorage.setItem("havana:name", name);
    $("join-note").textContent = tr("web.connecting");
    state.link.connect(name);
  });
  if (state.link.hasSeat) {
    state.link.connect(state.link.saved.name);
  } else {
    showJoin("");
  }
  render();
}

main();
window.havana = { state, mode, decision, currentLanguage };
