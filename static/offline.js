/* Every page: working with no network (outbox.js, engine_client.js, sw.js).
   - "N rounds not sent yet" while the outbox holds rounds; it is sent on page load, on the
     online event and when the service worker starts.
   - "Updated · Reload" once a new deploy's service worker took over: this page's engine is the
     old one, so it judges nothing more.
   - The offer "Keep working offline · 6.5 MB" (only where a service worker runs); once taken,
     and always in the installed app, the engine is made ready in its worker, the session pages
     keep their session's snapshot for judging, and persistent storage is asked for.
   - A session page shows the rounds waiting here as provisional, a conflict with both versions,
     and, offline, the time of the ledger it shows. */
(function () {
  "use strict";
  var W = window.TongitsWords, O = window.TongitsOutbox, E = window.TongitsEngine;
  if (!W || !O || !E || !window.indexedDB) return;
  var t = W.t, tn = W.tn;
  var swOn = window.isSecureContext && "serviceWorker" in navigator;
  var ledger = document.getElementById("ledger");  // a session page
  // or its round entry, on one phone or at a seat
  var holder = ledger || document.getElementById("round") || document.getElementById("seat-page");
  var token = holder ? holder.getAttribute("data-token") : null;

  function money(amount, unit) {  // the engine's decimal text, as money_text writes it
    var text = String(amount), sign = text.charAt(0) === "-" ? "\u2212" : "";
    text = text.replace(/^[-+]/, "");
    if (unit === "pts") return sign + text.replace(/\.?0+$/, "") + " pts";
    var parts = text.split("."), whole = parts[0].replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    return sign + unit + whole + "." + ((parts[1] || "") + "00").slice(0, 2);
  }
  function headline(result, unit) {
    if (result.void) return t("Void round: all three sunog");
    if (result.push) return t("A push: nobody pays");
    var winner = result.players[result.winner];
    return t("{name} wins {amount}", { name: winner.name, amount: money(winner.net, unit) });
  }

  /* the outbox's count, on every page */
  var count = document.getElementById("outbox-count");
  function showCount() {
    return O.entries().then(function (all) {
      count.hidden = !all.length;
      count.textContent = tn("{n} round not sent yet", "{n} rounds not sent yet", all.length);
      if (ledger) showWaiting(all.filter(function (e) { return e.token === token; }));
      return all;
    }, function () { /* no IndexedDB here (private mode): nothing can wait */ });
  }
  function flush() {
    return O.flush().then(function (report) {
      if (report && report.sent && ledger) document.dispatchEvent(new Event("visibilitychange"));
      return showCount();
    }, showCount);
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

  /* the offer, and what it starts: the engine started once, in a page the service worker
     controls, so that every file it fetches is kept; started again only for a new engine */
  var box = document.getElementById("keep-offline-box"), offer = document.getElementById("keep-offline");
  var said = document.getElementById("offline-state"), DIGEST = "tongits-offline-digest";
  function remembered(value) {
    try {
      if (value === undefined) return window.localStorage.getItem(DIGEST);
      window.localStorage.setItem(DIGEST, value);
    } catch (e) { return null; }
    return value;
  }
  function sayReady(kept) {
    offer.hidden = true;
    said.textContent = kept ? t("Ready to work offline.")
      : t("Ready to work offline, but this browser refused persistent storage: it may clear the offline data after some days unused.");
  }
  function persisted(ask) {
    var s = navigator.storage;
    if (!s || !s.persist) return Promise.resolve(false);
    return ask ? s.persist() : s.persisted();
  }
  function ready(manifest) {
    said.textContent = t("Getting the referee ready for offline\u2026");
    var kept = persisted(true);
    return controlled().then(E.start).then(function () {
      remembered(manifest.digest);
      return kept.then(sayReady);
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
      if (m.digest !== remembered()) return ready(m);
      return persisted(false).then(sayReady);
    }).catch(function () { /* offline: what was kept is what there is */ });
  }
  if (swOn && box) {  // the home and session pages
    offer.addEventListener("click", function () {
      E.optIn();
      manifest().then(ready).catch(function () { said.textContent = t("This browser cannot run the referee offline."); });
    });
    if (E.wanted()) { box.hidden = false; offer.hidden = true; keepReady(); }
    else manifest().then(function (m) { if (m) offerSize(m); }).catch(function () { /* offline: offered online */ });
  } else if (swOn && E.wanted() && document.getElementById("round")) {
    // the one-phone page: the engine starts when it may be needed, so no page waits for it then
    var warm = function () { E.start().catch(function () { /* said when it must judge */ }); };
    if (!navigator.onLine) warm();
    window.addEventListener("offline", warm);
  }

  /* a session page: its snapshot kept for judging offline, its pages kept to open offline */
  function keepSession() {
    if (!token || !E.wanted() || !navigator.onLine) return;
    O.state(token).then(function (kept) {  // a session page names its revision: fetched when newer
      var shown = ledger && ledger.getAttribute("data-revision");
      if (kept && shown && String(kept.revision) === shown) return null;
      return fetch(holder.getAttribute("data-offline"), { cache: "no-store", credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (state) {
          if (!state) return null;
          state.kept_at = new Date().toISOString();
          return O.keepState(state);
        });
    }).catch(function () { /* kept at the next visit */ });
    var pages = [holder.getAttribute("data-one-phone")];
    var enter = document.getElementById("enter-round");
    if (enter) pages.push(enter.getAttribute("href"));
    pages = pages.filter(function (url, i) { return url && pages.indexOf(url) === i; });
    if (!window.caches || !pages.length) return;
    caches.open("pages").then(function (c) {
      return Promise.all(pages.map(function (url) {
        return c.match(url).then(function (kept) {
          if (kept) return null;  // kept already; opened online, it is kept again as it comes
          return fetch(url, { credentials: "same-origin" }).then(function (r) {
            if (r.ok && !r.redirected) return c.put(url, r);  // a page to open offline as it is
          });
        });
      }));
    }).catch(function () { /* kept when opened */ });
  }

  /* the rounds of this session waiting here, provisional, and any conflict */
  var waitingBox = null;
  function showWaiting(waiting) {
    if (!waitingBox) {
      waitingBox = document.createElement("section");
      waitingBox.className = "unsent";
      waitingBox.id = "unsent";
      waitingBox.setAttribute("aria-live", "polite");
      ledger.parentNode.insertBefore(waitingBox, ledger);
    }
    waitingBox.textContent = "";
    waitingBox.hidden = !waiting.length;
    if (!waiting.length) return;
    var unit = ledger.getAttribute("data-unit") || "\u20b1";
    var h = document.createElement("h2");
    h.textContent = t("Not sent yet: provisional (the pot and streaks follow the server's order)");
    waitingBox.appendChild(h);
    var list = document.createElement("ul");
    waiting.forEach(function (entry) {
      var li = document.createElement("li");
      li.className = "unsent-round" + (entry.conflict ? " conflict" : "");
      li.textContent = t("Round {n} \u00b7 {headline}", { n: entry.number, headline: headline(entry.result, unit) });
      if (entry.conflict) li.appendChild(window.TongitsConflict.show(entry, unit, headline, flush));
      list.appendChild(li);
    });
    waitingBox.appendChild(list);
    var next = ledger.querySelector("[data-next-round]"), enter = document.querySelector("#enter-round [data-enter]");
    if (next && enter) {  // the round after those waiting here
      enter.textContent = t("+ Enter round {n}", { n: parseInt(next.getAttribute("data-next-round"), 10) + waiting.length });
    }
    if (waiting.some(function (e) { return e.conflict; })) return;  // balances only once the table answered
    var last = waiting[waiting.length - 1].ledger, p = document.createElement("p");
    p.className = "provisional";
    p.textContent = t("Balances with them: {list}", { list: Object.keys(last.balances).map(function (name) {
      var v = last.balances[name];
      return name + " " + (v.charAt(0) === "-" ? "" : "+") + money(v, unit);
    }).join(" \u00b7 ") });
    waitingBox.appendChild(p);
  }

  /* offline, the ledger shown is the one kept: say when it is from */
  var unreachable = false;  // the server did not answer (the Wi-Fi may still be up)
  function showAsOf() {
    var asOf = document.getElementById("as-of");
    if (!asOf) return;
    var at = new Date(asOf.getAttribute("data-at"));
    asOf.textContent = t("Offline \u00b7 ledger as of {time}", { time: at.toLocaleString([], { dateStyle: "short", timeStyle: "short" }) });
    asOf.hidden = navigator.onLine && !unreachable;
  }
  // live.js polls the session: no answer at all means the ledger shown is the one kept
  document.addEventListener("tongits:reach", function (e) { unreachable = !e.detail; showAsOf(); });

  window.TongitsOffline = { money: money, headline: headline };
  window.addEventListener("online", function () { showAsOf(); flush(); keepSession(); });
  window.addEventListener("offline", showAsOf);
  if (swOn) navigator.serviceWorker.ready.then(function () { keepSession(); }).catch(function () {});
  showAsOf();
  flush();
})();
