/* STAND-IN for the shared picker component of /work/PICKER.md (helper "entry" writes the real
   static/picker.js; its file replaces this one at merge). Only the contract is implemented:
   window.TongitsCards and TongitsPicker.create(options). */
(function () {
  "use strict";
  var SUITS = [["S", "\u2660", "blk"], ["H", "\u2665", "red"], ["D", "\u2666", "red"], ["C", "\u2663", "blk"]];
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  var SYMBOL = { "\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C" };
  var SHOWN = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

  function norm(token) {
    var t = token.toUpperCase();
    if (t === "JOKER") return "JK";
    var last = t.slice(-1);
    if (SYMBOL[last]) t = t.slice(0, -1) + SYMBOL[last];
    if (t.charAt(0) === "T" && t.length === 2) t = "10" + t.charAt(1);
    return t;
  }
  function pretty(card) {
    var suit = SHOWN[card.slice(-1)];
    return suit && card !== "JK" ? card.slice(0, -1) + suit : card;
  }
  window.TongitsCards = {
    SUITS: SUITS, RANKS: RANKS, pretty: pretty,
    prettyText: function (text) { return text.replace(/\b(10|[2-9AJQK])([SHDC])\b/g, function (m) { return pretty(m); }); },
    tokens: function (text) { return text.split(/[\s,|;\/]+/).filter(Boolean).map(norm); },
    chunks: function (text) { return text.split(/[|;\/\n]+/).map(function (c) { return c.trim(); }).filter(Boolean); }
  };

  function button(cls, act, text) {
    var b = document.createElement("button");
    b.type = "button"; b.className = cls; b.setAttribute("data-act", act); b.textContent = text;
    return b;
  }

  function create(options) {
    var root = document.createElement("div");
    root.className = "picker";
    root.setAttribute("role", "group");
    var keys = document.createElement("div");
    keys.className = "keys";
    SUITS.forEach(function (suit) {
      RANKS.forEach(function (rank, i) {
        var key = document.createElement("button");
        key.type = "button";
        key.className = "key " + suit[2];
        key.setAttribute("data-card", rank + suit[0]);
        key.textContent = rank + suit[1];
        keys.appendChild(key);
        if (i === 12) {
          var gap = document.createElement("span");
          gap.className = "key gap";
          keys.appendChild(gap);
        }
      });
    });
    if ((options.jokers || 0) > 0) {
      var jk = document.createElement("button");
      jk.type = "button"; jk.className = "key jk"; jk.setAttribute("data-card", "JK"); jk.textContent = "JK";
      keys.replaceChild(jk, keys.querySelector(".gap"));
    }
    var tools = document.createElement("div");
    tools.className = "tools";
    var meld = button("btn", "meld", "Meld \u2713"), next = button("btn", "next", "Next \u25B8");
    tools.appendChild(meld);
    tools.appendChild(button("btn", "undo", "Undo \u232B"));
    tools.appendChild(next);
    var status = document.createElement("p");
    status.className = "status";
    status.setAttribute("aria-live", "polite");
    root.appendChild(keys); root.appendChild(tools); root.appendChild(status);

    keys.addEventListener("click", function (e) {
      var key = e.target.closest("[data-card]");
      if (key && !key.disabled && options.onCard) options.onCard(key.getAttribute("data-card"));
    });
    tools.addEventListener("click", function (e) {
      var b = e.target.closest("[data-act]");
      if (b && options.onAct) options.onAct(b.getAttribute("data-act"));
    });

    return {
      element: root,
      setLabel: function (text) { root.setAttribute("aria-label", text); },
      setKeys: function (state) {
        var used = state.used || {}, taken = state.taken || {}, clash = state.clash || {};
        keys.querySelectorAll("[data-card]").forEach(function (key) {
          var card = key.getAttribute("data-card");
          key.disabled = card === "JK" ? (state.jokersLeft || 0) <= 0 : !!used[card];
          key.classList.toggle("taken", !!taken[card]);
          key.classList.toggle("clash", !!clash[card]);
          if (taken[card]) key.title = taken[card] + " has " + pretty(card); else key.removeAttribute("title");
        });
      },
      setNext: function (which) { next.textContent = which === "done" ? "Done \u2713" : "Next \u25B8"; },
      setMeld: function (look) {
        meld.classList.toggle("meld-ok", look === "ok");
        meld.classList.toggle("meld-bad", look === "bad");
      },
      setStatus: function (text, kind) { status.textContent = text || ""; status.className = "status" + (kind ? " " + kind : ""); }
    };
  }
  window.TongitsPicker = { create: create };
})();
