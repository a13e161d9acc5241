/* The card picker shared by round entry (round.js) and seat mode (seat.js). 4 suits x 2 rows of
   7 keys (A-7, 8-K and a gap, the joker in the first gap), then the tools row Meld / Undo / Next
   (or Done), then a one-line status. Nothing in it changes size after it is built: the setters
   only change classes, texts of fixed boxes and disabled.
     create({jokers, onCard(card), onAct("meld"|"undo"|"next")}) -> {element,
       setLabel(text), setKeys({used, jokersLeft, taken: {card: name}, clash: {card: true}}),
       setNext("next"|"done"), setMeld(""|"ok"|"bad"), setStatus(text, ""|"ok"|"bad")}
   Keys carry data-card ("7S", "10H", "JK") and are named by their visible label ("7♠"). */
import { t } from "../words.js";
import { SUITS, RANKS, pretty } from "../cards.js";

function button(cls, text) {
  var b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = text;
  return b;
}

export function create(options) {
  var root = document.createElement("div");
  root.className = "picker";
  root.setAttribute("role", "group");
  var keys = document.createElement("div");
  keys.className = "keys";
  var jokerPlaced = !(options.jokers > 0);
  SUITS.forEach(function (suit) {
    RANKS.forEach(function (rank, i) {
      var key = button("key " + suit[2], rank + suit[1]);
      key.setAttribute("data-card", rank + suit[0]);
      keys.appendChild(key);
      if (i !== 12) return;  // after K, the seventh cell of the 8-K row: the joker or a gap
      if (!jokerPlaced) {
        var jk = button("key jk", "JK");
        jk.setAttribute("data-card", "JK");
        jk.title = t("joker");
        keys.appendChild(jk);
        jokerPlaced = true;
      } else {
        var gap = document.createElement("span");
        gap.className = "key gap";
        gap.setAttribute("aria-hidden", "true");
        keys.appendChild(gap);
      }
    });
  });
  var tools = document.createElement("div");
  tools.className = "tools";
  var meld = button("btn", t("Meld \u2713")), undo = button("btn", t("Undo \u232b")), next = button("btn next", t("Next \u25b8"));
  meld.setAttribute("data-act", "meld");
  undo.setAttribute("data-act", "undo");
  next.setAttribute("data-act", "next");
  tools.appendChild(meld);
  tools.appendChild(undo);
  tools.appendChild(next);
  var status = document.createElement("p");
  status.className = "status";
  status.setAttribute("aria-live", "polite");
  root.appendChild(keys);
  root.appendChild(tools);
  root.appendChild(status);

  keys.addEventListener("click", function (e) {
    var key = /** @type {HTMLButtonElement | null} */ (/** @type {Element} */ (e.target).closest("[data-card]"));
    if (key && !key.disabled && options.onCard) options.onCard(key.getAttribute("data-card"));
  });
  tools.addEventListener("click", function (e) {
    var b = /** @type {HTMLButtonElement | null} */ (/** @type {Element} */ (e.target).closest("[data-act]"));
    if (b && !b.disabled && options.onAct) options.onAct(b.getAttribute("data-act"));
  });

  var all = Array.prototype.slice.call(keys.querySelectorAll("[data-card]"));
  return {
    element: root,
    setLabel: function (text) { root.setAttribute("aria-label", text); },
    setKeys: function (state) {
      var used = state.used || {}, taken = state.taken || {}, clash = state.clash || {};
      var jokersLeft = state.jokersLeft === undefined ? 1 : state.jokersLeft;
      all.forEach(function (key) {
        var card = key.getAttribute("data-card");
        key.disabled = card === "JK" ? jokersLeft <= 0 : !!used[card];
        key.classList.toggle("taken", !!taken[card]);
        key.classList.toggle("clash", !!clash[card]);
        if (taken[card]) key.title = t("{name} has {card}", { name: taken[card], card: pretty(card) });
        else if (card === "JK") key.title = t("joker");
        else key.removeAttribute("title");
      });
    },
    setNext: function (which) {
      var done = which === "done";
      next.textContent = done ? t("Done \u2713") : t("Next \u25b8");
      next.classList.toggle("done", done);
    },
    setMeld: function (look) {
      meld.classList.toggle("meld-ok", look === "ok");
      meld.classList.toggle("meld-bad", look === "bad");
    },
    setStatus: function (text, kind) {
      status.textContent = text || "";
      status.className = "status" + (kind ? " " + kind : "");
      status.title = text || "";
    },
  };
}

