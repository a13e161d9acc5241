/* The score sheet (templates/_score_sheet.html): a row is a link to its round (#round-N in
   the rounds list below); this opens that round's <details> so the verdict shows at once.
   Without JavaScript the link still brings the round into view, one tap from its verdict.
   Listened for on the document: live.js replaces the ledger part, the sheet with it. */
export function start() {
  function open(hash) {
    var m = /^#round-(\d+)$/.exec(hash || "");
    var round = /** @type {HTMLDetailsElement | null} */ (m && document.getElementById("round-" + m[1]));
    if (!round || round.tagName !== "DETAILS") return;
    round.open = true;
    document.querySelectorAll("details.round.picked").forEach(function (d) { d.classList.remove("picked"); });
    round.classList.add("picked");
  }
  document.addEventListener("click", function (event) {
    var link = /** @type {Element} */ (event.target).closest(".sheet a[data-round]");
    if (link) open(link.getAttribute("href"));
  });
  window.addEventListener("hashchange", function () { open(location.hash); });
  open(location.hash);
}
