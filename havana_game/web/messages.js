// The host's messages: what each changes in the seat page's state (state.js),
// then the page is drawn again.

import { tr } from "./i18n.js";
import { addLog } from "./logtext.js";
import { addStep, othersLines, retell } from "./recap.js";
import { keepStage, refused, stageMemo } from "./staging.js";
import { state } from "./state.js";
import { $, announce, drawStatus, errorText, render, showJoin } from "./views.js";

export function onMessage(message) {
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
      retell(message.events);
      break;
    case "view": {
      const memo = stageMemo();
      const newer = !state.view || message.view.version !== state.view.version;
      if (state.view && message.view.version < state.view.version) {
        state.log = [];
        state.steps = [];
      }
      state.view = message.view;
      if (state.sentVersion !== null && message.view.version !== state.sentVersion) state.sentVersion = null;
      if (newer) keepStage(memo);
      addLog(message.events);
      addStep(message.events);
      if (message.view.you !== null) announce(othersLines(message.events, message.view.you));
      break;
    }
    case "game_over":
      state.over = message;
      break;
    case "closed":
      state.closed = message;
      break;
    case "error":
      refused(message);
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

export function onStatus() {
  drawStatus();
  document.body.dataset.link = state.link.status;
}
