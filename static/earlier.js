/* The session page's earlier rounds (templates/_earlier_control.html). The page holds only its
   last rounds, so that it stays light on a phone however long the evening runs; "Show earlier
   rounds" and the score sheet's first row (rounds 1–N) are links to a page of the rounds
   before them (tracker/web/pages/earlier_rounds.py). Here they fetch that page's part instead
   (?part=1) and put it in place: its rows at the top of the sheet, its rounds after those
   shown, and the control for the rounds before those. With no answer (offline) the control
   says so and stays, one tap to try again; fetched rounds are not kept offline. When live.js
   reloads the ledger part (a round saved on another phone), the earlier rounds this reader
   had brought in are fetched again. Listened for on the document: the ledger part changes. */
import { t } from "./words.js";

export function start() {
  var box = document.getElementById("ledger");
  if (!box || !window.fetch) return;
  var earliest = 0;  // the first round this reader brought in (0: none yet)
  var busy = false;

  /** @param {string} text */
  function say(text) {
    var status = box.querySelector("#earlier [data-earlier-said]");
    if (status) status.textContent = text;
  }

  /** @param {string} html the page of earlier rounds' part */
  function put(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    var part = template.content;
    var body = box.querySelector("#sheet tbody:not(.provisional)");
    if (body) {
      var before = body.querySelector("tr.before");
      if (before) before.remove();
      body.prepend.apply(body, Array.from(part.querySelectorAll("tbody[data-rows] > tr")));
    }
    var control = box.querySelector("#earlier");
    var lines = Array.from(part.querySelectorAll("[data-lines] > details.round"));
    if (control) {
      control.before.apply(control, lines);
      var next = part.querySelector("#earlier");
      if (next) control.replaceWith(next); else control.remove();
    }
    var last = lines[lines.length - 1];
    var first = last ? Number(last.id.replace("round-", "")) : 0;
    if (first && (!earliest || first < earliest)) earliest = first;
    return lines;
  }

  /** @param {HTMLAnchorElement} link @returns {Promise<Element[] | null>} the rounds brought */
  function bring(link) {
    var url = new URL(link.href);
    url.hash = "";
    url.searchParams.set("part", "1");
    busy = true;
    say(t("Fetching the earlier rounds\u2026"));
    return fetch(url.toString(), { cache: "no-store" })
      .then(function (answer) {
        if (!answer.ok) throw new Error("answered " + answer.status);
        return answer.text();
      })
      .then(put, function (error) {
        say(error instanceof TypeError  // no answer at all: offline
          ? t("No connection: the earlier rounds could not be fetched. Tap again when the phone is back online.")
          : t("The earlier rounds could not be fetched. Tap again in a moment."));
        return null;
      })
      .finally(function () { busy = false; });
  }

  document.addEventListener("click", function (event) {
    var link = /** @type {HTMLAnchorElement | null} */ (/** @type {Element} */ (event.target).closest("#ledger a[data-earlier]"));
    if (!link) return;
    event.preventDefault();
    if (busy) return;
    var fromSheet = !!link.closest("#sheet");
    bring(link).then(function (lines) {
      if (!lines || !lines.length) return;
      // the reader's place kept: the first row brought on the sheet, or the newest round brought
      var first = fromSheet ? box.querySelector("#sheet tbody a[data-round]") : lines[0].querySelector("summary");
      if (first) /** @type {HTMLElement} */ (first).focus({ preventScroll: !fromSheet });
    });
  });

  /* the ledger part reloaded holds the last rounds only: those brought in before come again */
  function again() {
    var link = /** @type {HTMLAnchorElement | null} */ (box.querySelector("#earlier a[data-earlier]"));
    var before = link ? Number(new URL(link.href).searchParams.get("before")) : 0;
    if (!earliest || busy || !(before > earliest)) return;
    bring(link).then(function (lines) { if (lines && lines.length) again(); });
  }
  document.addEventListener("tongits:ledger", again);
}
