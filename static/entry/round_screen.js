/* The one-phone round page laid out as one screen (static/entry/round.js): the round's header rows,
   a tab per player, the chips' row (entry.js fills it), the players' panels and the melds'
   help, in that order; and in the page's foot, beside the language and the screen toggle,
   "Type instead" (the active player's text fields shown) and, with the house option
   points_rounds, "Points only": the top bar's room is the round's title and who deals, on one
   line however long the name. Only the layout: what a tap does is the caller's. */
import { t } from "../words.js";

/**
 * @param {HTMLFormElement} form
 * @param {HTMLElement[]} panels  a player's panel each, in seat order
 * @param {string[]} names
 * @param {{onTab: (seat: number) => void, onTyping: (on: boolean) => void}} on
 */
export function build(form, panels, names, on) {
  var screen = document.createElement("div");
  screen.className = "screen";
  form.insertBefore(screen, form.querySelector(".hdr"));
  screen.appendChild(form.querySelector(".hdr"));
  var tabs = document.createElement("div");
  tabs.className = "tabs";
  tabs.setAttribute("aria-label", t("Players"));
  var tabButtons = names.map(function (name, seat) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "tab";
    b.setAttribute("data-seat", String(seat));
    b.innerHTML = '<span class="tab-name"></span><span class="tab-status"></span>';
    b.querySelector(".tab-name").textContent = name;
    b.addEventListener("click", function () { on.onTab(seat); });
    tabs.appendChild(b);
    return b;
  });
  screen.appendChild(tabs);
  var chips = document.createElement("div");
  chips.className = "chips";
  chips.setAttribute("aria-live", "polite");
  screen.appendChild(chips);
  panels.forEach(function (p) { screen.appendChild(p); });
  var help = document.getElementById("help-melds");
  if (help) screen.appendChild(help);

  var foot = document.querySelector(".foot-langs") || document.querySelector("header.top");
  var first = foot.firstChild;
  var typing = document.createElement("button");
  typing.type = "button";
  typing.className = "btn type-toggle";
  typing.textContent = t("Type instead");
  typing.setAttribute("aria-pressed", "false");
  typing.addEventListener("click", function () {
    var yes = !document.body.classList.contains("typing");
    document.body.classList.toggle("typing", yes);
    typing.setAttribute("aria-pressed", yes ? "true" : "false");
    on.onTyping(yes);
  });
  foot.insertBefore(typing, first);
  // the card page's own actions are out of sight once the script runs: "Points only" moves
  // to the foot too
  var toPoints = document.getElementById("to-points");
  if (toPoints) {
    toPoints.className = "btn type-toggle to-points";
    toPoints.textContent = toPoints.getAttribute("data-short") || toPoints.textContent;
    foot.insertBefore(toPoints, first);
  }
  return { screen: screen, chips: chips, tabs: tabButtons, typing: typing };
}
