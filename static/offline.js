/* Every page: working with no network (outbox.js, engine_client.js, offline_view.js, sw.js).
   - "N rounds not sent yet · since 20:15" while the outbox holds rounds, shown at once; they
     are sent on page load, on the online event, when the service worker starts and on its
     Background Sync, and again with a backoff (2 s doubling to a minute) while a send fails.
   - "Updated · Reload" once a new deploy's service worker took over: this page's engine is the
     old one, so it judges nothing more.
   - The offer "Keep working offline · 6.5 MB" (only where a service worker runs); once taken,
     and always in the installed app, the engine is made ready in its worker, the session pages
     keep their session's snapshot and their pages for opening offline, and persistent storage
     is asked for. "Ready to work offline" is said only once this page, its round entry and
     the kept session would open with no network.
   - An entry page starts the engine as it opens, and so does a session page where the engine's
     worker is shared by the pages (it then outlives the page): a verdict offline comes at once.
   - A session page shows the rounds waiting here as provisional, its tiles, score sheet and
     chart after them, a conflict with both versions, and, offline, the time of the ledger it
     shows. */
import * as E from "./engine_client.js";
import * as O from "./outbox.js";
import * as P from "./offline_progress.js";
import * as V from "./offline_view.js";
import { t, tn } from "./words.js";

export function start() {
  if (!window.indexedDB) return;
  var swOn = window.isSecureContext && "serviceWorker" in navigator;
  var ledger = document.getElementById("ledger");  // a session page
  // or its round entry, on one phone or at a seat
  var holder = ledger || document.getElementById("round") || document.getElementById("seat-page");
  var token = holder ? holder.getAttribute("data-token") : null;

  /* the outbox's count and since when, on every page; this session's rounds on its page */
  var count = document.getElementById("outbox-count");
  // an entry page fits one screen: there the count is a line of the title, not a box above it
  var title = document.querySelector(".entry-page .page-title, .seat-title h1");
  if (title) {
    var line = document.createElement("small");
    line.className = "waiting";
    line.hidden = true;
    title.appendChild(line);
    count = line;
  }
  // a time as the pages write one: 20:15, in the table's zone (base.html's data-zone), not the phone's
  var zone = document.documentElement.getAttribute("data-zone") || undefined;
  function clock(at) {
    try { return new Date(at).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone }); }
    catch (e) { return new Date(at).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }); }  // a zone this browser does not know
  }
  function showCount() {  // the count and this session's rounds shown together
    return O.entries().then(function (all) {
      return (ledger ? O.judgedOn(token) : Promise.resolve(null)).then(function (view) {
        count.hidden = !all.length;
        if (all.length) {
          count.textContent = tn("{n} round not sent yet", "{n} rounds not sent yet", all.length) +
            " \u00b7 " + t("since {time}", { time: clock(all[0].at) });
        }
        if (ledger) V.show(ledger, view || { waiting: all.filter(function (e) { return e.token === token; }) }, flush);
        return all;
      });
    }, function () { /* no IndexedDB here (private mode): nothing can wait */ });
  }

  /* sending: now, and while a send fails, again after 2 s, 4 s … at most a minute apart */
  var retry = null, pause = 2000, MAX_PAUSE = 60000, flushing = null, asked = false;
  function flush() {  // one at a time: one asked meanwhile runs after it, unless a try waits
    if (flushing) { asked = true; return flushing; }
    clearTimeout(retry);
    retry = null;
    flushing = O.flush().then(function (report) {
      if (report && report.sent && ledger) document.dispatchEvent(new Event("visibilitychange"));
      return showCount().then(function (all) { again(report, all); });
    }, showCount).then(function () {
      var more = asked && retry === null;
      flushing = null;
      asked = false;
      if (more) flush();
    });
    return flushing;
  }
  function again(report, all) {
    if (!report || !report.failed || !all || !all.some(function (e) { return !e.conflict; })) {
      pause = 2000;
      return;
    }
    retry = setTimeout(flush, pause);
    pause = Math.min(pause * 2, MAX_PAUSE);
    if (swOn) {  // the browser may also send them once the page is gone (Background Sync)
      navigator.serviceWorker.ready.then(function (r) {
        var sync = /** @type {any} */ (r).sync;  // Background Sync, where the browser has it
        return sync && sync.register("tongits-outbox");
      }).catch(function () { /* the page's own tries go on */ });
    }
  }

  /* a new deploy took over: reload before judging anything */
  var updated = document.getElementById("updated");
  if (swOn) {
    var had = !!navigator.serviceWorker.controller;
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (!had) { had = true; return; }
      E.setStale();
      updated.hidden = false;
      document.documentElement.classList.add("stale");
    });
    updated.setAttribute("data-reloads", "");  // one reload on a tap (group_live.js asks)
    updated.addEventListener("click", function () { window.location.reload(); });
  }

  function remembered(key, value) {
    try {
      if (value === undefined) return window.localStorage.getItem(key);
      window.localStorage.setItem(key, value);
    } catch (e) { return null; }
    return value;
  }

  /* a session page: its snapshot kept for judging offline, this page and its round entry kept
     to open offline; the promise says whether all of them are kept now */
  function pagesToKeep() {
    var pages = [window.location.pathname];
    if (holder) pages.push(holder.getAttribute("data-one-phone"));
    var enter = document.getElementById("enter-round");
    if (enter) pages.push(enter.getAttribute("href"));
    return pages.filter(function (url, i) { return url && pages.indexOf(url) === i; });
  }
  function keepState() {
    if (!token) return Promise.resolve(true);
    return O.state(token).then(function (kept) {  // a session page names its revision: fetched when newer
      var shown = ledger && ledger.getAttribute("data-revision");
      if (kept && shown && String(kept.revision) === shown) return true;
      if (!navigator.onLine) return !!kept;
      return fetch(holder.getAttribute("data-offline"), { cache: "no-store", credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (state) {
          if (!state) return !!kept;
          state.kept_at = new Date().toISOString();
          return O.keepState(state).then(function () { return true; });
        });
    });
  }
  function keepPages() {
    if (!window.caches) return Promise.resolve(false);
    return caches.open("pages").then(function (c) {
      return Promise.all(pagesToKeep().map(function (url) {
        return c.match(url, { ignoreVary: true }).then(function (kept) {
          if (kept) return true;  // kept already; opened online, it is kept again as it comes
          if (!navigator.onLine) return false;
          return fetch(url, { credentials: "same-origin" }).then(function (r) {
            if (!r.ok || r.redirected) return false;
            return c.put(url, r).then(function () { return true; });  // to open offline as it is
          });
        });
      }));
    }).then(function (kept) { return kept.every(Boolean); });
  }
  function keepSession() {
    if (!E.wanted()) return Promise.resolve(false);
    return Promise.all([keepState(), keepPages()]).then(function (both) { return both[0] && both[1]; })
      .catch(function () { return false; });  // kept at the next visit
  }

  /* the offer, and what it starts: the engine started once, in a page the service worker
     controls, so that every file it fetches is kept; started again only for a new engine */
  var box = document.getElementById("keep-offline-box"), offer = document.getElementById("keep-offline");
  var said = document.getElementById("offline-state"), DIGEST = "tongits-offline-digest", TOLD = "tongits-storage-told";
  function sayReady(persistent) {
    offer.hidden = true;
    // a refusal is said once, gently; the phone works offline all the same
    var tell = !persistent && !remembered(TOLD);
    said.textContent = t("Ready to work offline.") +
      (tell ? " " + t("This browser may clear the offline data after some weeks unused.") : "");
    if (tell) remembered(TOLD, "1");
  }
  function persisted(ask) {
    var s = navigator.storage;
    if (!s || !s.persist) return Promise.resolve(false);
    return ask ? s.persist() : s.persisted();
  }
  function whenKept(persistent, tries) {  // ready only once all this page needs offline is kept
    return keepSession().then(function (kept) {
      if (kept) return persistent.then(sayReady);
      said.textContent = t("Getting the referee ready for offline\u2026");
      if ((tries || 0) < 30 && navigator.onLine) setTimeout(function () { whenKept(persistent, (tries || 0) + 1); }, 2000);
    });
  }
  function ready(manifest) {
    said.textContent = t("Getting the referee ready for offline\u2026");
    var persistent = persisted(true);
    // its files fetched here first, to show them coming (a bar, the megabytes, a stall); the
    // engine starts anyway if that failed, and says why it cannot
    var bar = /** @type {HTMLProgressElement} */ (document.getElementById("offline-progress"));
    return controlled().then(function () {
      return bar ? P.fetchParts(manifest, bar, said).catch(function () { /* E.start tells */ }) : null;
    }).then(E.start).then(function () {
      remembered(DIGEST, manifest.digest);
      return whenKept(persistent);
    }, function () { said.textContent = t("This browser cannot run the referee offline."); });
  }
  function controlled() {
    if (navigator.serviceWorker.controller) return Promise.resolve();
    return new Promise(function (resolve) {
      navigator.serviceWorker.addEventListener("controllerchange", function () { resolve(); }, { once: true });
    });
  }
  function manifest() {
    return fetch("/offline/engine.json", { cache: "no-store" }).then(function (r) { return r.ok ? r.json() : null; });
  }
  function offerSize(m) {
    offer.querySelector("[data-size]").textContent = "\u00b7 " + (m.bytes / 1e6).toFixed(1) + " MB";
    box.hidden = false;
  }
  function keepReady() {  // opted in before: ready again only when the engine changed
    manifest().then(function (m) {
      if (!m) return null;
      if (m.digest !== remembered(DIGEST)) return ready(m);
      return whenKept(persisted(false));
    }).catch(function () {  // offline: what was kept is what there is
      return keepSession().then(function (kept) { if (kept) persisted(false).then(sayReady); });
    });
  }
  if (swOn && box) {  // the home and session pages
    offer.addEventListener("click", function () {
      E.optIn();
      manifest().then(ready).catch(function () { said.textContent = t("This browser cannot run the referee offline."); });
    });
    if (E.wanted()) {
      box.hidden = false;
      offer.hidden = true;
      keepReady();
      // a session page warms the engine too where it outlives the page (a shared worker):
      // the round entry it opens then judges at once
      if (ledger && window.SharedWorker) controlled().then(E.start).catch(function () { /* said when it must judge */ });
    }
    else manifest().then(function (m) { if (m) offerSize(m); }).catch(function () { /* offline: offered online */ });
  } else if (swOn && E.wanted() && holder && holder.id === "round" && !holder.hasAttribute("data-edit")) {
    // the one-phone page: the engine warmed as it opens, in its worker (no tap waits for it),
    // its Python compiled and this session replayed by one judgement of an empty form
    E.start().then(function () { return O.judgedOn(token); }).then(function (judged) {
      return judged && E.previewForm(judged.session, {});
    }).catch(function () { /* said when it must judge */ });
  }

  /* a seat page opened offline from the phone's cache: the round after those waiting here,
     dealt by the rotation's dealer (seat.js reads the dealer from data-dealer) */
  if (holder && holder.id === "seat-page" && !navigator.onLine) {
    O.judgedOn(token).then(function (view) {
      var number = holder.querySelector("[data-round]"), pick = /** @type {HTMLSelectElement | null} */ (holder.querySelector("select[data-dealer]"));
      if (!view || !view.waiting.length || !view.ledger || !number || number.textContent === String(view.number)) return;
      number.textContent = view.number;
      holder.setAttribute("data-dealer", String(view.ledger.next_dealer));
      if (pick) pick.value = String(view.ledger.next_dealer);
    }).catch(function () { /* the page as it was kept */ });
  }

  /* offline, the ledger shown is the one kept: say when it is from */
  var unreachable = false;  // the server did not answer (the Wi-Fi may still be up)
  function showAsOf() {
    var asOf = document.getElementById("as-of");
    if (!asOf) return;
    asOf.hidden = navigator.onLine && !unreachable;
    // written only when shown: an online start formats nothing (a page's first date format
    // took ~100 ms of a slow phone's start: docs/performance.md, "The session page's weight")
    if (asOf.hidden) return;
    // the time as the pages write it, in the table's zone (the server wrote it); the phone's
    // own way only on a page kept before it did
    var text = asOf.getAttribute("data-at-text") || new Date(asOf.getAttribute("data-at")).toLocaleString([], { dateStyle: "short", timeStyle: "short" });
    asOf.textContent = t("Offline \u00b7 ledger as of {time}", { time: text });
  }
  // live.js polls the session: no answer at all means the ledger shown is the one kept
  document.addEventListener("tongits:reach", function (e) { unreachable = !(/** @type {CustomEvent} */ (e).detail); showAsOf(); });

  // the ledger part loaded again (live.js): the rounds still waiting here shown on it again
  if (ledger) document.addEventListener("tongits:ledger", function () { showCount(); });
  window.addEventListener("online", function () { showAsOf(); pause = 2000; flush(); keepSession(); });
  window.addEventListener("offline", showAsOf);
  if (swOn && !box) navigator.serviceWorker.ready.then(function () { keepSession(); }).catch(function () {});
  showAsOf();
  showCount().then(flush);
}
