/* The one-phone entry page's title says who deals ("Round 8 · Ben deals", kept in sight at the
   top of the page): it follows the round's Dealer field, and, for a new round, the session's
   next dealer when another phone saved a round meanwhile (round.js passes each answer of the
   server as "tongits:answer"; the new number comes with it) unless this phone chose the
   dealer itself. Offline, round_offline.js sets both from the phone's own ledger. */
import { fill } from "./deals.js";

export function start() {
  var form = document.getElementById("round");
  var pick = /** @type {HTMLSelectElement | null} */ (form && form.querySelector("#dealer")), sub = document.querySelector(".page-title .sub");
  if (!pick || !sub) return;
  var chosen = false, following = false, known = pick.value;
  function show() {
    var option = pick.options[pick.selectedIndex];
    if (option) fill(sub, option.textContent);
  }
  pick.addEventListener("change", function () { if (!following) chosen = true; show(); });
  show();
  /* every answer names the session's next dealer; only a new one (a round saved elsewhere)
     moves the field, so an answer never undoes what this phone picked */
  document.addEventListener("tongits:answer", function (event) {
    var detail = /** @type {CustomEvent} */ (event).detail, dealer = detail && detail.dealer;
    if (chosen || form.hasAttribute("data-edit") || dealer === undefined || dealer === null) return;
    if (String(dealer) === known) return;
    known = String(dealer);
    if (known === pick.value) return;
    pick.value = known;
    following = true;
    pick.dispatchEvent(new Event("change", { bubbles: true }));  // the form is judged again with it
    following = false;
  });
}
