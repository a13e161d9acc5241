/* What both entry pages say when the round they showed was cleared or saved on another phone
   (the draft's `began`, docs/API.md "Round draft"): the page now shows the draft as it is, and
   a box says which phone did it and offers this phone's taps that the server did not take.
   Nothing is written until "Put my cards back" is tapped: a cleared round never comes back by
   itself. The box floats over the bottom bar (nothing under it moves); a tap puts it away, and news alone goes by itself. */
import { t } from "../words.js";

/**
 * The sentence for a round that began anew: how the one before it ended, on whose phone.
 * @param {{how?: string | null, number?: number | null, seat?: number | null} | null | undefined} began
 * @param {string[]} names
 */
export function said(began, names) {
  var b = began || {}, n = b.number || "";
  var who = b.seat !== null && b.seat !== undefined ? names[b.seat] : null;
  if (b.how === "saved") {
    return who ? t("Round {n} was saved on {name}'s phone.", { n: n, name: who }) : t("Round {n} was saved on another phone.", { n: n });
  }
  return who ? t("Round {n} was cleared on {name}'s phone.", { n: n, name: who }) : t("Round {n} was cleared on another phone.", { n: n });
}

/* the box, put before `before`: show(text, lost) says it (lost: put back on a tap, null: none
   to offer), hide() takes it away */
export function create(before, putBack) {
  var box = document.createElement("div");
  box.className = "gone";
  box.setAttribute("role", "status");
  box.hidden = true;
  var text = document.createElement("p");
  var back = document.createElement("button");
  back.type = "button";
  back.className = "btn";
  back.textContent = t("Put my cards back");
  box.appendChild(text);
  box.appendChild(back);
  before.parentNode.insertBefore(box, before);
  var lost = null, timer = 0;
  box.addEventListener("click", function (e) {  // a tap on the box puts it away; on its button, the taps back
    var taps = lost;
    hide();
    if (e.target === back && taps !== null) putBack(taps);
  });
  function hide() { clearTimeout(timer); box.hidden = true; lost = null; }
  return {
    show: function (message, taps) {
      text.textContent = message + (taps !== null ? " " + t("Your cards that were not kept are still on this phone.") : "");
      lost = taps;
      back.hidden = taps === null;
      box.hidden = false;
      clearTimeout(timer);
      if (taps === null) timer = setTimeout(hide, 8000);  // only news: it goes by itself
    },
    hide: hide
  };
}
