// The web seat page: one player's seat at a Havana table, in a browser. It holds no
// rules: it shows the seat's view the host sends and offers exactly that view's
// legal decisions, staged and confirmed as in the desktop client. The page's parts,
// by job: state.js (what the host said, names), staging.js (the staged choice,
// payments), labels.js (option labels), logtext.js (log lines), recap.js (the
// others' moves since the seat's last decision), details.js (what a card or building
// does), views.js (the DOM), messages.js (the host's messages); presentation.js is
// presentation.json's.

import { LANGUAGES, chooseLanguage, currentLanguage, loadLanguage, tr } from "./i18n.js";
import { onMessage, onStatus } from "./messages.js";
import { Link, wakeOn } from "./net.js";
import { Reactions } from "./reactions.js";
import { decision, mode } from "./staging.js";
import { state } from "./state.js";
import { $, el, fitNames, render, showJoin, texts, wireDetails } from "./views.js";

const LANGUAGE_NAMES = { en: "English", fr: "Français", pt: "Português", ru: "Русский" };

async function main() {
  const lang = chooseLanguage();
  const [, editions] = await Promise.all([loadLanguage(lang), fetch("editions.json").then((r) => r.json())]);
  state.editions = editions;
  const select = $("language");
  let reactions = null; // (made once the page has a table's code)
  for (const code of LANGUAGES) select.append(el("option", { value: code, selected: code === lang }, LANGUAGE_NAMES[code]));
  select.addEventListener("change", async () => {
    localStorage.setItem("havana:language", select.value);
    await loadLanguage(select.value);
    texts();
    render();
    reactions?.draw(); // the React button and bar in the new language too
  });
  texts();
  wireDetails();
  const code = new URLSearchParams(location.hash.slice(1)).get("code");
  if (!code) {
    showJoin(tr("web.no_code"));
    $("join-form").hidden = true;
    return;
  }
  reactions = new Reactions(document);
  const seat = new URLSearchParams(location.hash.slice(1)).get("seat"); // a free seat's QR code on the big screen
  state.link = new Link({
    code,
    seat: /^[0-3]$/.test(seat || "") ? Number(seat) : null,
    fingerprints: [editions.classic.fingerprint, ...Object.keys(editions).filter((n) => n !== "classic").map((n) => editions[n].fingerprint)],
    onMessage: (message) => { onMessage(message); reactions.take(message); },
    onStatus,
  });
  wakeOn(state.link, document, window);
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
window.havana = { state, mode, decision, currentLanguage, fitNames };
