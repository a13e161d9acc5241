/* "Ana deals" in an entry page's title, as templates/_deals.html writes it: the name in a part
   of its own (.who), so that a line too short for it all cuts the name alone with "…" and
   keeps the words around it whole (app.css, .deals). */
import { t } from "../words.js";

/** @param {Element} el  the title's .deals @param {string} name */
export function fill(el, name) {
  var parts = t("{name} deals").split("{name}");
  el.textContent = "";
  parts.forEach(function (words, i) {
    if (i) {
      var who = document.createElement("span");
      who.className = "who";
      who.textContent = name;
      el.appendChild(who);
    }
    if (words) el.appendChild(document.createTextNode(words));
  });
}

/* the seat page's title follows its Dealer select (templates/round_seat.html) */
export function start() {
  var pick = /** @type {HTMLSelectElement | null} */ (document.querySelector(".seat-title select[data-dealer]"));
  var said = document.querySelector(".seat-title .deals");
  if (pick && said) follow(pick, said);
}

/* The seat page's title shows the choice of its Dealer select (laid over the title, app.css):
   on a tap, and whenever a script sets the select (seat.js from the shared draft, offline.js
   from this phone's ledger), which fires no event: its value's setter shows it too. */
/** @param {HTMLSelectElement} select @param {Element} el */
export function follow(select, el) {
  function show() {
    var option = select.options[select.selectedIndex];
    if (option) fill(el, option.textContent);
  }
  var own = /** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value"));
  Object.defineProperty(select, "value", {
    configurable: true,
    get: function () { return own.get.call(select); },
    set: function (value) { own.set.call(select, value); show(); },
  });
  select.addEventListener("change", show);
  show();
}
