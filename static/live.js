/* Session page: other phones see a new round within seconds. The session's event stream
   (stream.js) says when something changed; while it is not open, every 3 s ask the server for
   the session's revision, naming the last one seen (If-None-Match with its ETag: 304, no body,
   while nothing changed). When it changed, reload the ledger part of the page. A change heard
   while a poll is under way is asked for again once it ends (that poll may predate it). */
import { watch } from "./stream.js";
import { t } from "./words.js";

export function start() {
  var box = document.getElementById("ledger");
  if (!box || !window.fetch) return;
  var revision = box.getAttribute("data-revision");
  var busy = false, again = false, etag = null;
  /* whether the server answered the last poll: offline.js says the ledger shown is the kept one */
  function reach(yes) { document.dispatchEvent(new CustomEvent("tongits:reach", { detail: yes })); }
  function poll() {
    if (document.hidden) return;
    if (busy) { again = true; return; }
    busy = true;
    again = false;
    var headers = { "Accept": "application/json" };
    if (etag) headers["If-None-Match"] = etag;
    fetch(box.getAttribute("data-poll"), { headers: headers, cache: "no-store" })
      .then(function (r) {
        reach(true);
        if (r.status !== 200) return null;  // 304: unchanged; anything else: ask again later
        var tag = r.headers.get("ETag");
        return r.json().then(function (state) { state.etag = tag; return state; });
      })
      .then(function (state) {
        if (!state) return null;
        if (String(state.revision) === revision) { etag = state.etag; return null; }
        return fetch(box.getAttribute("data-part"), { cache: "no-store" }).then(function (r) {
          return r.ok ? r.text() : null;
        }).then(function (html) {
          if (html === null) return;
          var open = {};
          box.querySelectorAll("details[open]").forEach(function (d) { open[d.id] = true; });
          box.innerHTML = html;
          box.querySelectorAll("details").forEach(function (d) { if (open[d.id]) d.open = true; });
          var next = box.querySelector("[data-next-round]"), enter = document.getElementById("enter-round");
          if (next && enter) {  // the number only: "· Ben's phone" after it stays
            (enter.querySelector("[data-enter]") || enter).textContent = t("+ Enter round {n}", { n: next.getAttribute("data-next-round") });
          }
          var deal = document.getElementById("deal-line");  // "Round 8 · Ben deals", at the top
          if (next && deal) deal.textContent = next.getAttribute("data-deal") || "";
          revision = String(state.revision);
          etag = state.etag;  // only once the page shows this revision
          box.setAttribute("data-revision", revision);
          // the rounds still waiting in this phone's outbox shown on it again (offline.js)
          document.dispatchEvent(new Event("tongits:ledger"));
          if (String(state.settled) !== box.getAttribute("data-settled")) location.reload();
        });
      })
      .catch(function (error) { if (error instanceof TypeError) reach(false); })  // no answer at all
      .then(function () { busy = false; if (again) poll(); });
  }
  var stream = watch(box.getAttribute("data-events"), function (data) {
    if (data.revision !== undefined && String(data.revision) !== revision) poll();
  });
  setInterval(function () { if (!stream || !stream.live()) poll(); }, 3000);
  document.addEventListener("visibilitychange", poll);
}
