// One click of the test's player in a browser seat page (tests/test_web_page.py
// runs this as a function body with Selenium's execute_script; arguments[0] is the
// player's seed, arguments[1] the modes whose layout was checked). It clicks the
// highlighted controls (a legal card, row end, option or End turn), each chosen by
// the seed, the seat's question and the clicks made on it so far, until a whole
// decision is staged, then Confirm. It checks what the views show after a
// confirmed build (the building at the seat, the materials dropped by the payment
// clicked) and opening pair (the cards picked out of the hand). Returns the mode,
// the action (pick, staged, confirm, stuck or null), the problems found and the
// kind of decision checked, the seqs of the commands the host refused and, at a
// Confirm, {seq, decision}.

const [seed, laidOut] = arguments;
const state = window.havana.state;
const view = state.view;
const t = (window.testPlayer ??= { version: null, clicks: 0, expect: null, after: null, refused: [] });
// The host's messages as the page gets them: the first view showing a confirmed
// decision done (for a build, the very next view: nobody else decides in a build
// phase), and the commands the host refused.
const link = state.link;
if (link && !link.testWatched) {
  const onMessage = link.onMessage;
  link.onMessage = (m) => {
    if (m.type === "view" && t.expect && !t.after && m.view.version > t.expect.version
        && (t.expect.kind !== "choose" || !m.view.legal.some((d) => d.kind === "choose"))) {
      t.after = m.view;
    }
    if (m.type === "error" && typeof m.seq === "number") t.refused.push(m.seq);
    onMessage(m);
  };
  link.testWatched = true;
}
const out = { mode: document.body.dataset.mode, action: null, problems: [], verified: null,
  refused: t.refused.splice(0), sent: null };
if (t.expect && t.after) {
  out.problems = checked(t.expect, t.after);
  out.verified = t.expect.kind;
  t.expect = null;
  t.after = null;
}
// A new view clears the staged choice: its clicks are counted from 0 again.
if (view && view.version !== t.version) {
  t.version = view.version;
  t.clicks = 0;
}
if (!["choose", "act", "tax", "build", "cover"].includes(out.mode)) return out;
// Clicks draw the page at once (no message is handled in between): click until a
// whole decision is staged, then Confirm it, unless this mode's layout is still to
// be checked (laidOut, arguments[1]): then the test looks at the staged page first.
for (let click = 0; click < 40; click++) {
  const confirm = document.getElementById("confirm");
  if (confirm && !confirm.disabled) {
    if (!laidOut.includes(out.mode)) return { ...out, action: "staged" };
    const decision = window.havana.decision();
    t.expect = expected(decision);
    t.after = null;
    confirm.click();
    return { ...out, action: "confirm", sent: { seq: link.pending && link.pending.seq, decision } };
  }
  // A player who builds whenever a row end is offered ends the game sooner.
  let picks = [...document.querySelectorAll("button.pick:not(:disabled)")];
  if (picks.some((b) => b.id !== "end-turn")) picks = picks.filter((b) => b.id !== "end-turn");
  if (!picks.length) return { ...out, action: "stuck" };
  picks[chosen(`${seed}|${t.clicks++}|${JSON.stringify(view.legal)}`, picks.length)].click();
}
return { ...out, action: "pick" };

// A click chosen by the seed, the seat's question and the clicks made on it so far
// (FNV-1a and a final mix): the same game on every run, whatever the timing.
function chosen(key, n) {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return ((h ^ (h >>> 12)) >>> 0) % n;
}

function amountOf(seat, name) {
  return name === "pesos" ? seat.pesos : name === "workers" ? seat.workers : seat.materials[name] || 0;
}

// What the clicks chose, read from the page: the row end clicked and the payment
// option clicked (or the end's only payment); the hand cards picked.
function expected(decision) {
  const me = view.seats[view.you];
  const base = { kind: decision.kind, version: view.version, seat: me, costs: state.editions[view.ruleset].costs };
  if (decision.kind === "choose") {
    return { ...base, cards: [...document.querySelectorAll("#hand .staged")].map((b) => Number(b.dataset.card)) };
  }
  if (decision.kind !== "build") return null;
  const building = document.querySelector("#rows .bld.staged").dataset.building;
  const option = document.querySelector("#ask .options button.staged");
  let pay;
  if (option) {
    pay = Object.fromEntries([...option.querySelectorAll(".n")].map(
      (n) => [n.querySelector(".mat").classList[1], Number(n.lastChild.textContent)]));
  } else {
    const ends = view.legal.filter((d) => d.kind === "build"
      && view.rows[d.row][d.side === "left" ? 0 : view.rows[d.row].length - 1] === building);
    if (ends.length !== 1) return { ...base, problem: `no payment shown for ${building}` };
    pay = ends[0].pay;
  }
  return { ...base, building, pay };
}

function checked(e, after) {
  if (e.problem) return [e.problem];
  const me = after.seats[after.you];
  const wrong = [];
  if (e.kind === "choose") {
    const kept = [...me.face_up, ...(after.face_down || [])];
    if (e.cards.length !== 2 || e.cards.some((c) => after.hand.includes(c) || !kept.includes(c))) {
      wrong.push(`chose ${e.cards}: hand ${after.hand}, kept ${kept}`);
    }
    return wrong;
  }
  if (!me.built.includes(e.building) || me.built.length !== e.seat.built.length + 1) {
    wrong.push(`built ${e.building}: the view shows ${me.built}`);
  }
  for (const name of e.costs) {
    const want = amountOf(e.seat, name) - (e.pay[name] || 0);
    if (amountOf(me, name) !== want) wrong.push(`paid ${JSON.stringify(e.pay)}: ${name} ${amountOf(me, name)}, not ${want}`);
  }
  return wrong;
}
