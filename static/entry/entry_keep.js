/* What the one-phone page (round.js) tells of the server having its taps: every change it
   previews is kept in the session's round draft (a reload, Back or another phone finds it
   there). A band over the header says when it is offline, not sent yet or still sending; the
   taps the server did not get stay on this phone (localStorage, 12 hours) and are put back in
   the form when the page opens again, then sent with its first preview. */
import { t } from "../words.js";

var KEEP_HOURS = 12;

/* where a session's taps not sent yet are kept, and keeping them (a form's fields as text) */
function storeOf(token) { return "tongits-entry:" + token; }
function put(store, text) { window.localStorage.setItem(store, JSON.stringify({ form: text, at: Date.now() })); }

export function create(form, before, options) {
  var edit = !!(options && options.edit);
  var band = document.createElement("span");
  band.className = "net";
  band.setAttribute("role", "status");
  before.parentNode.insertBefore(band, before);
  var STORE = storeOf(form.getAttribute("data-token"));

  /* the band covers the header: it says the round's title too, as large and laid out as the
     title says it, so that the round's number and its dealer stay in sight (app.css) */
  var title = document.querySelector(".page-title");
  function setNet(state) {
    band.className = "net" + (state ? " " + state : "");
    var said = state === "offline" ? t("Offline \u00b7 your taps will be sent")
      : state === "judged" ? t("Offline \u00b7 judged on this phone")
      : state === "unjudged" ? t("Offline: this phone has not kept this session yet, so it cannot judge. Your taps are kept here.")
      : state === "unkept" ? t("Not sent yet \u00b7 tap again to retry")
      : state === "notsent" ? t("Not saved: no network. Every card is kept here: confirm again when it is back.")
      : state === "sending" ? t("Sending\u2026") : "";
    band.textContent = "";
    if (!said) return;
    if (title) {
      var head = document.createElement("span");
      head.className = "net-title";
      var copy = /** @type {Element} */ (title.cloneNode(true)), waiting = copy.querySelector(".waiting");  // offline.js
      if (waiting) waiting.remove();
      // a copy, not a second round number for the scripts that set it
      copy.querySelectorAll("[data-round-number]").forEach(function (el) { el.removeAttribute("data-round-number"); });
      while (copy.firstChild) head.appendChild(copy.firstChild);
      if (waiting && !/** @type {HTMLElement} */ (waiting).hidden) head.appendChild(document.createTextNode(" \u00b7 " + waiting.textContent));
      band.appendChild(head);
    }
    var what = document.createElement("span");
    what.textContent = said;
    band.appendChild(what);
  }
  var closed = false;  // the round is kept elsewhere now (the outbox): nothing more to stash
  function stash(text) {
    if (edit || closed) return;  // an edit starts from the stored round
    try {
      if (text === null) window.localStorage.removeItem(STORE);
      else put(STORE, text);
    } catch (e) { /* private mode or full: the server's draft still has the last kept taps */ }
  }
  function unstash() {  // taps made while the server could not be reached, put back in the form
    var kept = null;
    try { kept = JSON.parse(window.localStorage.getItem(STORE) || "null"); } catch (e) { kept = null; }
    if (!kept || !kept.form || Date.now() - kept.at > KEEP_HOURS * 3600e3) { stash(null); return; }
    var values = new URLSearchParams(kept.form);
    // taps made on a round that was cleared or saved since (another phone): not put back
    var began = parseInt(form.getAttribute("data-draft-began"), 10) || 0;
    if (values.has("draft_began") && (parseInt(values.get("draft_began"), 10) || 0) < began) { stash(null); return; }
    form.querySelectorAll("input[name], select[name]").forEach(function (el) {
      // the revision the taps began at comes back too: a round saved meanwhile on another
      // phone with these cards is then told, not kept again
      if ((el.type === "hidden" && el.name !== "revision") || el.name === "pin") return;
      var v = values.getAll(el.name);
      if (el.type === "radio" || el.type === "checkbox") el.checked = v.indexOf(el.value) !== -1;
      else el.value = v.length ? v[0] : "";
    });
  }
  function close() { stash(null); closed = true; }
  return { band: band, setNet: setNet, stash: stash, unstash: unstash, close: close };
}

/* the round draft's `changed` the server last answered for this session's entry (what the
   outbox sends with the round as Draft-Changed: that draft is cleared with its save); read
   without `changed` */
export function draftSeen(token, changed) {
  var store = "tongits-draft-changed:" + token;
  try {
    if (changed === undefined) return JSON.parse(window.localStorage.getItem(store) || "null");
    window.localStorage.setItem(store, JSON.stringify(changed));
  } catch (e) { return null; }
  return changed;
}

/* the seat page's taps handed to the one-phone page (seat_alone.js), with the draft they
   came from; false: not kept */
export function handOver(token, text, changed) {
  try { put(storeOf(token), text); } catch (e) { return false; }
  if (changed != null) draftSeen(token, changed);
  return true;
}

