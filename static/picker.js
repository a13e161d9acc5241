/* The card picker shared by round entry (round.js) and seat mode (seat.js). 4 suits x 2 rows of
   7 keys (A-7, 8-K and a gap, the joker in the first gap), then the tools row Meld / Undo / Next
   (or Done), then a one-line status. Nothing in it changes size after it is built: the setters
   only change classes, texts of fixed boxes and disabled.
     TongitsCards: pretty("9S") -> "9♠", prettyText(message), tokens(text), chunks(melds text).
     TongitsPicker.create({jokers, onCard(card), onAct("meld"|"undo"|"next")}) -> {element,
       setLabel(text), setKeys({used, jokersLeft, taken: {card: name}, clash: {card: true}}),
       setNext("next"|"done"), setMeld(""|"ok"|"bad"), setStatus(text, ""|"ok"|"bad")}
   Keys carry data-card ("7S", "10H", "JK") and are named by their visible label ("7♠"). */
(function () {
  "use strict";
  var t = window.TongitsWords.t;  // words.js: the reader's language
  var SUITS = [["S", "\u2660", "blk"], ["H", "\u2665", "red"], ["D", "\u2666", "red"], ["C", "\u2663", "blk"]];
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  var SYMBOL = { "\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C" };
  var LETTER = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  var TOKEN = /\b(10|[2-9AJQK])([SHDC])\b/g;  // a card in the canonical notation

  function norm(token) {
    var t = token.toUpperCase();
    if (t === "JOKER") return "JK";
    var last = t.slice(-1);
    if (SYMBOL[last]) t = t.slice(0, -1) + SYMBOL[last];
    if (t.charAt(0) === "T" && t.length === 2) t = "10" + t.charAt(1);
    return t;
  }

  var Cards = {
    SUITS: SUITS,
    RANKS: RANKS,
    pretty: function (card) {
      var suit = LETTER[card.slice(-1)];
      return suit && card !== "JK" ? card.slice(0, -1) + suit : card;
    },
    prettyText: function (text) {
      return String(text || "").replace(TOKEN, function (all, rank, suit) { return rank + LETTER[suit]; });
    },
    tokens: function (text) { return String(text || "").split(/[\s,|;\/]+/).filter(Boolean).map(norm); },
    chunks: function (text) {
      return String(text || "").split(/[|;\/\n]+/).map(function (c) { return c.trim(); }).filter(Boolean);
    },
  };

  function button(cls, text) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = cls;
    b.textContent = text;
    return b;
  }

  function create(options) {
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
      var key = e.target.closest("[data-card]");
      if (key && !key.disabled && options.onCard) options.onCard(key.getAttribute("data-card"));
    });
    tools.addEventListener("click", function (e) {
      var b = e.target.closest("[data-act]");
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
          if (taken[card]) key.title = t("{name} has {card}", { name: taken[card], card: Cards.pretty(card) });
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

  window.TongitsCards = Cards;
  window.TongitsPicker = { create: create };
})();
