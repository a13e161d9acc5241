/* Session page: other phones see a new round within seconds. Every 3 s ask the server for the
   session's revision; when it changed, reload the ledger part of the page. */
(function () {
  "use strict";
  var box = document.getElementById("ledger");
  if (!box || !window.fetch) return;
  var revision = box.getAttribute("data-revision");
  var busy = false;
  function poll() {
    if (busy || document.hidden) return;
    busy = true;
    fetch(box.getAttribute("data-poll"), { headers: { "Accept": "application/json" }, cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (state) {
        if (!state || String(state.revision) === revision) return null;
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
            (enter.querySelector("[data-enter]") || enter).textContent = "+ Enter round " + next.getAttribute("data-next-round");
          }
          revision = String(state.revision);
          box.setAttribute("data-revision", revision);
          if (String(state.settled) !== box.getAttribute("data-settled")) location.reload();
        });
      })
      .catch(function () {})
      .then(function () { busy = false; });
  }
  setInterval(poll, 3000);
  document.addEventListener("visibilitychange", poll);
})();
