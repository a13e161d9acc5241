/* The seat page (templates/round_seat.html): this seat's hand through the shared picker
   (picker.js), the round header any seat sets, the table's progress, Done, the verdict and
   Agree; kept in step with the other phones by seat_sync.js. */
(function () {
  "use strict";
  var WORDS = window.SeatWords;
  var $ = function (sel) { return root.querySelector(sel); };
  var root = document.getElementById("seat-page");
  if (!root || !window.fetch || !window.TongitsPicker || !window.SeatSync || !window.TongitsSeatHand || !WORDS) return;
  var ui = $("[data-ui]");
  if (!ui) return;
  var DOM = {
    ending: $("[data-ending]"), by: $("[data-by]"), byLabel: $("[data-by-label]"), dealer: $("[data-dealer]"),
    chips: $("[data-chips]"), flag: $("[data-flag]"), clean: $("[data-clean]"), slot: $("[data-picker-slot]"), review: $("[data-review]"),
    reviewMsg: $("[data-review-msg]"), agree: $("[data-agree]"), change: $("[data-change]"), alone: $("[data-alone]"), aloneBy: $("[data-alone-by]"),
    verdict: $("[data-verdict-box]"), bar: $("[data-bar]"), pot: $("[data-pot]"), cells: root.querySelectorAll("[data-cell]")
  };
  var me = parseInt(root.getAttribute("data-seat"), 10);
  var names = JSON.parse(root.getAttribute("data-players"));
  var jokers = parseInt(root.getAttribute("data-jokers"), 10) || 0;
  var Cards = window.TongitsCards, H = window.TongitsSeatHand;
  var unit = root.getAttribute("data-unit") || "";
  var agreedAt = H.remembered("seat-agreed:" + root.getAttribute("data-draft") + ":" + me);
  var mine = H.blank(), header = {}, touched = {}, done = false, shownKey = null, notice = "", agreeing = false, leaving = false;

  function say(text, values) {
    return text.replace(/\{(\w+)\}/g, function (m, k) { return values && values[k] !== undefined ? values[k] : m; });
  }
  function roundOf(d) { return d.last_saved ? d.last_saved.number : 0; }
  function cardsOf(hand) { return H.cards(H.read(hand)); }
  function list(items) { return items.join(WORDS.and); }

  var sync = window.SeatSync.create({
    url: root.getAttribute("data-draft"),
    onDraft: adopt,
    onSaved: function (number) {
      if (leaving) return;
      leaving = true;  // the round is saved: the ledger, as on every phone, saying what was saved
      location.assign(root.getAttribute("data-session") + "?saved=" + encodeURIComponent(number));
    },
    onState: function () { render(); },
    onLocked: function () { location.assign(root.getAttribute("data-unlock")); },
    onError: function (errors) { notice = errors.length ? Cards.prettyText(errors[0].message) : ""; render(); },
    onIdle: function () { adopt(sync.draft()); }
  });
  var picker = window.TongitsPicker.create({ jokers: jokers, onCard: tapCard, onAct: tapTool });
  picker.setLabel(say(WORDS.cardsOf, { name: names[me] }));
  picker.setNext("done");
  DOM.slot.appendChild(picker.element);

  /* the server's draft, except what this phone is still sending */
  function adopt(d) {
    if (!d) return;
    if (!sync.busy("hand")) mine = H.read(d.seats[me].hand);
    if (!sync.busy("header")) { header = JSON.parse(JSON.stringify(d.header || {})); touched = {}; }
    if (!sync.busy("done") && !sync.busy("hand")) done = d.seats[me].done;
    if (d.seats[me].agreed) agreedAt.set(d.changed, roundOf(d));
    render();
  }

  /* taps */
  function sendHand() { sync.write("hand", function () { return ["PUT", "/seats/" + me, H.wire(mine)]; }); }
  /* The header is one object any phone replaces: send the server's latest with this phone's
     own changes on top, guarded by If-Match (on 409 seat_sync reads the draft and asks again). */
  function setHeader(key, value) {
    if (value === undefined) delete header[key]; else header[key] = value;
    touched[key] = value;
    sync.write("header", function () {
      // before the first answer (a tap made while the page loads): no header yet, no If-Match
      var d = sync.draft() || { header: {} }, body = JSON.parse(JSON.stringify(d.header || {}));
      Object.keys(touched).forEach(function (k) { if (touched[k] === undefined) delete body[k]; else body[k] = touched[k]; });
      return ["PUT", "/header?seat=" + me, body, d.version];
    });
    render();
  }
  function sendDone(value) {
    done = value;
    sync.write("done", function () { return ["POST", "/seats/" + me + "/done", { done: done }]; });
  }
  function tapCard(card) {
    mine.hand.push(card);
    notice = "";
    sendHand();
    render();
  }
  function tapTool(act) {
    if (act === "meld") {
      if (!mine.hand.length) { picker.setStatus(WORDS.meldFirst, "bad"); return; }
      mine.melds.push({ cards: mine.hand, secret: false });
      mine.hand = [];
    } else if (act === "undo") {
      if (mine.hand.length) mine.hand.pop();
      else if (mine.melds.length) { mine.hand = mine.melds.pop().cards; mine.hand.pop(); }
      else return;
    } else if (act === "next") {
      sendDone(true);
      render();
      return;
    }
    sendHand();
    render();
  }
  DOM.ending.addEventListener("click", function (e) {
    var b = e.target.closest("[data-value]");
    if (!b) return;
    var ending = b.getAttribute("data-value");
    setHeader("ending", ending);
    setHeader(ending === "talon" ? "declarer" : "last_drawer", undefined);
  });
  DOM.by.addEventListener("click", function (e) {
    var b = e.target.closest("[data-value]");
    if (!b) return;
    var key = header.ending === "talon" ? "last_drawer" : "declarer", seat = parseInt(b.getAttribute("data-value"), 10);
    setHeader(key, header[key] === seat ? undefined : seat);
  });
  DOM.dealer.addEventListener("change", function () { setHeader("dealer", parseInt(DOM.dealer.value, 10)); });
  DOM.flag.addEventListener("click", function () {
    var key = DOM.flag.getAttribute("data-key");
    mine[key] = !mine[key];
    sendHand(); render();
  });
  DOM.clean.addEventListener("click", function () {
    mine.no_discard = !mine.no_discard;
    sendHand(); render();
  });
  H.listen(DOM.chips, function (where, index) {  // a chip's card tapped: that card goes
    H.remove(mine, where, index);
    notice = "";
    sendHand(); render();
  }, function (k) {
    if (!mine.melds[k]) return;
    mine.melds[k].secret = !mine.melds[k].secret;
    sendHand(); render();
  });
  DOM.change.addEventListener("click", function () { notice = ""; sendDone(false); render(); });
  DOM.alone.addEventListener("change", function () {
    var value = DOM.alone.checked;
    sync.write("options", function () { return ["PUT", "/options?seat=" + me, { confirm_alone: value }]; });
  });
  DOM.agree.addEventListener("click", function () {
    var box = DOM.verdict.querySelector("[data-changed]");
    if (!box || agreeing) return;
    agreeing = true; notice = WORDS.saving; render();
    sync.agree(me, parseInt(box.getAttribute("data-changed"), 10), parseInt(box.getAttribute("data-revision"), 10))
      .then(function (answer) {
        agreeing = false;
        notice = answer.status < 300 ? "" : refusal(answer.body);
        if (answer.status >= 400) { shownKey = null; return sync.refresh(); }
      }, function () { agreeing = false; notice = ""; })
      .then(render);
  });

  function refusal(body) {
    var error = body && body.errors && body.errors[0];
    if (!error) return "";
    var text = WORDS.stale[error.where] || Cards.prettyText(error.message);
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  /* what the table has entered */
  function taken(d) {
    var out = {}, jk = 0;
    d.seats.forEach(function (s, seat) {
      if (seat === me) return;
      cardsOf(s.hand).forEach(function (c) { if (c === "JK") jk += 1; else out[c] = out[c] ? out[c] + WORDS.and + names[seat] : names[seat]; });
    });
    return { cards: out, jokers: jk };
  }
  function render() {
    var d = sync.draft();
    if (!d) return;
    var others = taken(d), used = {}, clash = {}, jkMine = 0;
    H.cards(mine).forEach(function (c) { if (c === "JK") jkMine += 1; else { used[c] = true; if (others.cards[c]) clash[c] = others.cards[c]; } });
    picker.setKeys({ used: used, jokersLeft: jokers - jkMine - others.jokers, taken: others.cards, clash: clash });
    renderHeader(d);
    renderChips(d, clash);
    renderStrip(d);
    renderPot(d);
    renderReview(d);
  }
  function press(group, value) {
    group.querySelectorAll("[data-value]").forEach(function (b) {
      b.setAttribute("aria-pressed", b.getAttribute("data-value") === String(value) ? "true" : "false");
    });
  }
  /* this seat's part as the server's preview saw it (docs/API.md, preview.seats); `same`: the
     server has exactly the cards shown here (no tap of this phone still on its way) */
  function viewOf(d) {
    var held = d.seats[me].hand, view = (d.preview.seats || [])[me] || null;
    return { view: view, same: !!(view && held && H.same(H.read(held), mine)), held: held ? H.read(held) : H.blank() };
  }
  function renderHeader(d) {
    var talon = header.ending === "talon";
    press(DOM.ending, header.ending);
    press(DOM.by, talon ? header.last_drawer : header.declarer);
    DOM.byLabel.textContent = talon ? WORDS.lastCard : WORDS.byWhom;
    if (header.dealer !== undefined && header.dealer !== null) DOM.dealer.value = String(header.dealer);
    else DOM.dealer.value = root.getAttribute("data-dealer");
    /* the flags the server offers this seat (the engine decides who may have which); one
       ticked here stays in view to undo while the server has not seen it yet */
    var offered = (viewOf(d).view || { flags: [] }).flags;
    function shown(flag) { return offered.indexOf(flag) >= 0 || mine[flag]; }
    var key = shown("challenged") ? "challenged" : shown("kang") ? "kang" : null;
    DOM.flag.hidden = !key;
    if (key) {
      DOM.flag.setAttribute("data-key", key);
      DOM.flag.textContent = WORDS[key] + (mine[key] ? " \u2713" : "?");
      DOM.flag.setAttribute("aria-pressed", mine[key] ? "true" : "false");
    }
    var clean = shown("no_discard");
    DOM.clean.hidden = !clean;
    DOM.clean.textContent = WORDS.no_discard + (mine.no_discard ? " \u2713" : "?");
    DOM.clean.setAttribute("aria-pressed", mine.no_discard ? "true" : "false");
  }
  /* What the engine said of this seat's part (the preview of the last answer), as long as the
     server has the cards shown here: a meld that is not one, too many cards, a flag refused... */
  function problemsOf(d, seen) {
    var prefix = "hands[" + me + "].", out = {};
    if (!seen.same) return out;
    (d.preview.errors || []).forEach(function (e) {
      if (e.where.indexOf(prefix) === 0 && !out[e.where]) out[e.where] = Cards.prettyText(e.message);
    });
    return out;
  }
  function renderChips(d, clash) {
    var seen = viewOf(d), problems = problemsOf(d, seen), first = Object.keys(clash)[0];
    /* the server's word on meld k, only while it holds that very meld */
    var melds = mine.melds.map(function (m, k) {
      var held = seen.held.melds[k], view = seen.view && seen.view.melds[k];
      return held && view && JSON.stringify(held) === JSON.stringify(m) ? view : null;
    });
    H.chips(DOM.chips, mine, { clash: clash, problems: problems, melds: melds, seat: me });
    var badMeld = null;
    mine.melds.forEach(function (m, k) { badMeld = badMeld || problems["hands[" + me + "].melds[" + k + "]"] || null; });
    picker.setMeld(badMeld ? "bad" : "");
    var other = badMeld || problems["hands[" + me + "].hand"] || problems[Object.keys(problems)[0]] || "";
    if (first) picker.setStatus(say(WORDS.clash, { card: Cards.pretty(first), names: clash[first] }), "bad");
    else if (other) picker.setStatus(other.charAt(0).toUpperCase() + other.slice(1), "bad");
    else picker.setStatus(H.words(mine, seen, WORDS), "");
  }
  function renderPot(d) {
    var pot = d.preview.pot, show = !!pot && parseFloat(pot) > 0;
    DOM.pot.hidden = !show;
    DOM.pot.textContent = show ? say(WORDS.pot, { amount: H.money(pot, unit) }) : "";
  }

  function renderStrip(d) {
    DOM.cells.forEach(function (cell) {
      var seat = parseInt(cell.getAttribute("data-cell"), 10), s = d.seats[seat];
      var n = cardsOf(seat === me ? mine : s.hand).length;
      var state = s.agreed ? WORDS.agreed : (seat === me ? done : s.done) ? WORDS.done :
        n === 0 ? WORDS.noCards : window.TongitsWords.tn("1 card", "{n} cards", n);
      cell.querySelector("[data-state]").textContent = state;
      cell.classList.toggle("is-done", !!(s.done || s.agreed));
      cell.classList.toggle("clash", (s.clashes || []).length > 0);
    });
  }
  function renderReview(d) {
    var ready = d.preview.ready && (d.all_done || d.confirm_alone);
    DOM.review.hidden = !done;
    picker.element.hidden = done;
    if (!sync.busy("options")) DOM.alone.checked = !!d.confirm_alone;  // not under the thumb's own tap
    var by = d.confirm_alone_by;  // on every phone: who turned it on, for this round
    DOM.aloneBy.textContent = d.confirm_alone && by !== null && by !== undefined ? say(WORDS.aloneBy, { name: names[by] }) : "";
    var waiting = d.seats.filter(function (s) { return !s.done; }).map(function (s) { return s.player; });
    var agreeing_ = d.seats.filter(function (s) { return !s.agreed; }).map(function (s) { return s.player; });
    var line = sync.state(), msg = "", bad = true;
    if (!done) msg = "";
    else if (line.agreeKept) msg = WORDS.agreeKept;
    else if (notice && notice !== WORDS.saving) msg = notice;  // an Agree refused: why
    else if (line.offline) msg = WORDS.offlineReview;  // not "waiting for Ben": this phone is away
    else {
      bad = false;
      if (notice) msg = notice;
      else if (!ready && waiting.length && !d.confirm_alone) msg = say(WORDS.waiting, { names: list(waiting) });
      else if (!ready) msg = say(WORDS.fix, { message: Cards.prettyText((d.preview.errors[0] || {}).message || "") });
      else if (d.seats[me].agreed) msg = say(WORDS.youAgreed, { names: list(agreeing_) });
      else msg = d.confirm_alone ? WORDS.alone : WORDS.agreeNow;
      /* this phone had agreed, and a hand changed since: who changed what, what money moved */
      var change = d.last_change, seen = agreedAt.get(roundOf(d));
      if (!d.seats[me].agreed && change && seen !== null && change.at >= seen) msg = H.changed(change, names, WORDS, unit) + " \u00b7 " + msg;
      var set = d.header_change;  // the header changed since this phone agreed: by whom
      if (!d.seats[me].agreed && set && seen !== null && set.at >= seen) msg = say(WORDS.headerBy, { name: names[set.seat] }) + " \u00b7 " + msg;
    }
    DOM.reviewMsg.textContent = msg;
    DOM.reviewMsg.classList.toggle("bad", bad && msg !== "");
    sync.hurry(d.seats[me].agreed);
    var key = ready ? d.changed + "." + d.revision : null;
    if (key !== shownKey) loadVerdict(key);
    var box = DOM.verdict.querySelector("[data-ready=true]");
    DOM.agree.hidden = !(ready && done && box && !d.seats[me].agreed);
    DOM.agree.disabled = agreeing;
    DOM.agree.textContent = line.agreeKept ? WORDS.agreeWaits : WORDS.agree;
    var othersDone = d.seats.every(function (s, seat) { return seat === me || s.done; });
    DOM.bar.textContent = line.offline ? WORDS.offline : line.sending ? WORDS.sending :
      done ? "" : othersDone ? WORDS.lastOne : WORDS.start;
    DOM.bar.classList.toggle("bad", line.offline);
  }
  function loadVerdict(key) {
    shownKey = key;
    if (!key) { DOM.verdict.textContent = ""; return; }
    fetch(root.getAttribute("data-verdict"), { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : ""; })
      .then(function (html) { if (shownKey === key) { DOM.verdict.innerHTML = html; render(); } }, function () { shownKey = null; });
  }

  document.documentElement.classList.add("js");
  ui.hidden = false;
  sync.start();
})();
