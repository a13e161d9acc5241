/* Round entry: the 4x13 card picker and the live preview (the engine's answer, from the server).
   The text fields stay the single source of truth: the picker only edits them, so the page
   works the same without JavaScript (typed notation). */
(function () {
  "use strict";
  var form = document.getElementById("round");
  if (!form) return;
  document.documentElement.classList.add("js");
  form.classList.add("round-form");

  var SUITS = [["S", "\u2660", "blk"], ["H", "\u2665", "red"], ["D", "\u2666", "red"], ["C", "\u2663", "blk"]];
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  var SYMBOL = { "\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C" };
  var jokers = parseInt(form.getAttribute("data-jokers"), 10) || 0;
  var panels = Array.prototype.slice.call(form.querySelectorAll(".player"));
  var active = 0;
  var seq = 0, timer = null;
  var save = document.getElementById("save"), review = document.getElementById("review");
  var reviewed = document.getElementById("reviewed"), preview = document.getElementById("preview");

  function norm(token) {
    var t = token.toUpperCase();
    if (t === "JOKER") return "JK";
    var last = t.slice(-1);
    if (SYMBOL[last]) t = t.slice(0, -1) + SYMBOL[last];
    if (t.charAt(0) === "T" && t.length === 2) t = "10" + t.charAt(1);
    return t;
  }
  function tokens(text) { return text.split(/[\s,|;\/]+/).filter(Boolean).map(norm); }
  function chunks(text) { return text.split(/[|;\/\n]+/).map(function (c) { return c.trim(); }).filter(Boolean); }
  function field(seat, kind) { return panels[seat].querySelector("[data-" + kind + "]"); }

  function usedCards() {
    var used = {}, jk = 0;
    panels.forEach(function (p, seat) {
      tokens(field(seat, "melds").value.replace(/\*/g, " ") + " " + field(seat, "hand").value).forEach(function (t) {
        if (t === "JK") jk += 1; else used[t] = true;
      });
    });
    return { cards: used, jokers: jk };
  }

  /* picker */
  var picker = document.createElement("div");
  picker.className = "picker";
  picker.setAttribute("role", "group");
  var keys = document.createElement("div");
  keys.className = "keys";
  SUITS.forEach(function (suit) {
    RANKS.forEach(function (rank, i) {
      var key = document.createElement("button");
      key.type = "button";
      key.className = "key " + suit[2];
      key.setAttribute("data-card", rank + suit[0]);
      key.setAttribute("aria-label", rank + suit[0]);
      key.textContent = rank + suit[1];
      keys.appendChild(key);
      if (i === 12) {  // second row of a suit: 8-K, then one empty cell (or the joker)
        var gap = document.createElement("span");
        gap.className = "key gap";
        keys.appendChild(gap);
      }
    });
  });
  if (jokers > 0) {
    var jk = document.createElement("button");
    jk.type = "button"; jk.className = "key jk"; jk.setAttribute("data-card", "JK");
    jk.setAttribute("aria-label", "joker"); jk.textContent = "JK";
    keys.replaceChild(jk, keys.querySelector(".gap"));
  }
  picker.appendChild(keys);
  var tools = document.createElement("div");
  tools.className = "tools";
  tools.innerHTML = '<button type="button" class="btn" data-act="meld">Meld \u2713</button>' +
    '<button type="button" class="btn" data-act="undo" aria-label="Undo the last card">\u232B Undo</button>' +
    '<button type="button" class="btn" data-act="next">Next \u25B8</button>';
  picker.appendChild(tools);
  var status = document.createElement("p");
  status.className = "status";
  status.setAttribute("aria-live", "polite");
  picker.appendChild(status);
  var meldKey = tools.querySelector("[data-act=meld]");

  panels.forEach(function (p, seat) {
    var b = document.createElement("button");
    b.type = "button"; b.className = "btn pick-here"; b.textContent = "Pick cards";
    b.setAttribute("aria-label", "Pick cards for " + p.querySelector(".pname").textContent);
    b.addEventListener("click", function () { activate(seat, true); });
    p.querySelector("h2").appendChild(b);
  });

  function activate(seat, scroll) {
    active = seat;
    panels.forEach(function (p, i) {
      p.classList.toggle("active", i === seat);
      p.querySelector(".pick-here").hidden = i === seat;
    });
    panels[seat].appendChild(picker);
    picker.setAttribute("aria-label", "Cards for " + panels[seat].querySelector(".pname").textContent);
    refresh();
    if (scroll) panels[seat].scrollIntoView({ block: "start" });
  }

  function setHand(seat, list) { field(seat, "hand").value = list.join(" "); }

  keys.addEventListener("click", function (e) {
    var key = e.target.closest("[data-card]");
    if (!key || key.disabled) return;
    var hand = field(active, "hand");
    hand.value = (hand.value.trim() + " " + key.getAttribute("data-card")).trim();
    changed();
  });
  tools.addEventListener("click", function (e) {
    var b = e.target.closest("[data-act]");
    if (!b) return;
    var act = b.getAttribute("data-act");
    var melds = field(active, "melds"), hand = field(active, "hand");
    var open = tokens(hand.value);
    if (act === "meld") {
      if (!open.length) { status.textContent = "Tap the cards of the meld first."; return; }
      var list = chunks(melds.value);
      list.push(open.join(" "));
      melds.value = list.join(" | ");
      hand.value = "";
    } else if (act === "undo") {
      if (open.length) { open.pop(); setHand(active, open); }
      else {
        var ms = chunks(melds.value);
        if (!ms.length) return;
        var last = tokens(ms.pop().replace(/\*/g, " "));
        last.pop();
        melds.value = ms.join(" | ");
        setHand(active, last);
      }
    } else if (act === "next") {
      activate((active + 1) % panels.length, true);
      return;
    }
    changed();
  });

  function refresh() {
    var used = usedCards();
    keys.querySelectorAll("[data-card]").forEach(function (key) {
      var card = key.getAttribute("data-card");
      key.disabled = card === "JK" ? used.jokers >= jokers : !!used.cards[card];
    });
    var ending = (form.querySelector("input[name=ending]:checked") || {}).value || "";
    form.querySelector("#by").classList.toggle("talon", ending === "talon");
    form.querySelectorAll(".talon-only").forEach(function (el) { el.classList.toggle("show", ending === "talon"); });
    var declarer = (form.querySelector("input[name=declarer]:checked") || {}).value;
    // a flag is offered only to who can have it: a challenge to the caller's opponents, kang to
    // the Tongits winner; one already ticked stays in view, so its refusal can be seen and undone
    form.querySelectorAll(".draw-only").forEach(function (el) {
      var seat = el.getAttribute("data-seat");
      var can = ending === "draw" && (seat === null || seat !== declarer);
      el.classList.toggle("show", can || !!(seat !== null && el.querySelector("input:checked")));
    });
    form.querySelectorAll(".tongits-only").forEach(function (el) {
      var seat = el.getAttribute("data-seat");
      var can = ending === "tongits" && (seat === null || seat === declarer);
      el.classList.toggle("show", can || !!(seat !== null && el.querySelector("input:checked")));
    });
  }

  /* What the form says, to tell a real change from a mere blur ('change' fires when focus
     leaves a field, e.g. as the Confirm button is tapped: that must not hide the button). */
  var asked = null;
  function snapshot() {
    var data = new FormData(form);
    data.delete("reviewed");
    data.delete("csrf_token");
    return new URLSearchParams(data).toString();
  }

  function changed() {
    refresh();
    if (snapshot() === asked) return;
    var top = form.querySelector(".review-top");
    if (top) top.remove();  // the server's review no longer matches what is entered
    reviewed.value = "";
    save.hidden = true;
    clearTimeout(timer);
    timer = setTimeout(ask, 200);
  }

  function ask() {
    var mine = ++seq;
    asked = snapshot();
    fetch(form.getAttribute("data-preview"), { method: "POST", body: new FormData(form), credentials: "same-origin",
      headers: { "Accept": "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (answer) { if (answer && mine === seq) show(answer); })
      .catch(function () {});
  }

  function chip(cards, cls, note) {
    var c = document.createElement("span");
    c.className = "chip " + cls;
    c.textContent = cards.map(pretty).join(" ");
    if (note) { var s = document.createElement("small"); s.textContent = note; c.appendChild(s); }
    return c;
  }
  function pretty(card) {
    var suit = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" }[card.slice(-1)];
    return suit ? card.slice(0, -1) + suit : card;
  }

  /* A four of a kind laid face down (secret) is marked with * in the melds field. */
  function secretToggle(seat, index, secret) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "btn secret";
    b.textContent = secret ? "Secret \u2713" : "Secret?";
    b.setAttribute("aria-pressed", secret ? "true" : "false");
    b.addEventListener("click", function () {
      var melds = field(seat, "melds"), list = chunks(melds.value);
      var text = list[index].replace(/^\*\s*/, "");
      list[index] = secret ? text : "*" + text;
      melds.value = list.join(" | ");
      changed();
    });
    return b;
  }

  /* After a refused Review the messages sit next to their fields: keep them true while typing. */
  var liveErrors = !!form.querySelector(".err[role=alert]");
  function showErrors(errors) {
    var by = {};
    errors.forEach(function (e) { (by[e.field] = by[e.field] || []).push(e.message.charAt(0).toUpperCase() + e.message.slice(1)); });
    form.querySelectorAll("p.err[id^='err-']").forEach(function (p) {
      var name = p.id.slice(4), messages = by[name], input = document.getElementById(name);
      p.textContent = messages ? messages.join(" ") : "";
      p.hidden = !messages;
      if (messages) p.setAttribute("role", "alert"); else p.removeAttribute("role");
      if (input) { if (messages) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid"); }
    });
    var summary = document.getElementById("err-summary");
    if (summary) {
      var list = summary.querySelector("ul"), shown = errors.filter(function (e) { return e.field !== "form"; });
      list.textContent = "";
      shown.forEach(function (e) {
        var li = document.createElement("li"), a = document.createElement("a");
        a.href = "#" + (document.getElementById(e.field) ? e.field : "round");
        a.textContent = e.message.charAt(0).toUpperCase() + e.message.slice(1);
        li.appendChild(a);
        list.appendChild(li);
      });
      summary.hidden = !shown.length;
    }
  }

  function show(answer) {
    if (liveErrors) showErrors(answer.errors);
    answer.hands.forEach(function (info, seat) {
      var p = panels[seat], box = p.querySelector("[data-chips]");
      box.textContent = "";
      info.melds.forEach(function (m, index) {
        var c = chip(m.cards, m.ok ? "ok" : "bad", m.ok ? "" : m.message);
        if (m.ok && m.kind === "set" && m.cards.length === 4) c.appendChild(secretToggle(seat, index, m.secret));
        box.appendChild(c);
      });
      var hand = tokens(field(seat, "hand").value);
      if (hand.length) box.appendChild(chip(hand, "open", ""));
      p.querySelector("[data-sunog]").hidden = !info.sunog;
      var live = "", text = "";
      if (info.hand_error) text = info.hand_error;
      else if (info.deadwood !== undefined) {
        live = "deadwood " + info.deadwood;
        if (info.hand_melds.length) text = "Melds in hand: " + info.hand_melds.map(function (m) { return m.split(" ").map(pretty).join(" "); }).join(" | ");
      } else if (info.count > 13) text = info.count + " cards in hand: at most 13";
      p.querySelector("[data-live]").textContent = live;
      p.querySelector("[data-info]").textContent = text;
      if (seat === active) {
        var open = info.open;
        meldKey.classList.toggle("meld-ok", !!(open && open.ok));
        meldKey.classList.toggle("meld-bad", !!(open && !open.ok && (info.count || 0) >= 3));
        status.className = "status" + (open && !open.ok ? " bad" : "");
        status.textContent = !open ? "" : open.ok ? "A " + open.kind + ": Meld \u2713 lays it on the table" :
          "Not a meld yet (fine for cards left in hand): " + open.message;
      }
    });
    if (answer.ok) {
      var shown = document.querySelector("[data-round-number]");
      if (shown && answer.number) shown.textContent = answer.number;  // another phone saved one meanwhile
      reviewed.value = answer.review_key;
      preview.innerHTML = answer.verdict_html;
      save.hidden = false;
      review.hidden = true;
    } else {
      preview.textContent = "";
      if (answer.errors.length) {
        var box = document.createElement("div");
        box.className = "pending";
        var h = document.createElement("p"); h.textContent = "Still to fix before saving:"; h.className = "muted";
        box.appendChild(h);
        var ul = document.createElement("ul");
        answer.errors.slice(0, 4).forEach(function (e) { var li = document.createElement("li"); li.textContent = e.message; ul.appendChild(li); });
        box.appendChild(ul);
        preview.appendChild(box);
      }
      save.hidden = true;
      review.hidden = false;
    }
  }

  form.addEventListener("submit", function () {
    // one tap, one save: disable after the browser has taken the pressed button's value
    setTimeout(function () { form.querySelectorAll("button[type=submit]").forEach(function (b) { b.disabled = true; }); }, 0);
  });
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  activate(0, false);
  if (save.hidden) ask(); else { asked = snapshot(); refresh(); }
})();
