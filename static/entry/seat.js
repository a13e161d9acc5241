/* The seat page (templates/round_seat.html): this seat's hand through the entry front end the
   one-phone page uses too (entry.js: picker, chips, status line), the round header any seat
   sets, the table's progress, Done, the verdict and Agree; kept in step with the other phones
   by draft_sync.js. */
import * as Cards from "../cards.js";
import * as E from "./entry.js";
import * as Gone from "./entry_gone.js";
import * as C from "./seat_change.js";
import * as SeatAlone from "./seat_alone.js";
import * as DraftSync from "./draft_sync.js";
import { WORDS } from "./seat_words.js";
import { fill, tn } from "../words.js";

export function start() {
  var $ = function (sel) { return root.querySelector(sel); };
  var root = document.getElementById("seat-page");
  if (!root || !window.fetch) return;
  var ui = $("[data-ui]");
  if (!ui) return;
  var DOM = {
    ending: $("[data-ending]"), by: $("[data-by]"), byLabel: $("[data-by-label]"), dealer: $("[data-dealer]"),
    chips: $("[data-chips]"), flags: root.querySelectorAll("[data-flag]"), slot: $("[data-picker-slot]"), review: $("[data-review]"),
    reviewMsg: $("[data-review-msg]"), agree: $("[data-agree]"), change: $("[data-change]"), alone: $("[data-alone]"), aloneBy: $("[data-alone-by]"),
    verdict: $("[data-verdict-box]"), bar: $("[data-bar]"), pot: $("[data-pot]"), cells: root.querySelectorAll("[data-cell]")
  };
  var me = parseInt(root.getAttribute("data-seat"), 10);
  var names = JSON.parse(root.getAttribute("data-players"));
  var jokers = parseInt(root.getAttribute("data-jokers"), 10) || 0;
  var H = E.hands;
  var agreedAt = C.remembered("seat-agreed:" + root.getAttribute("data-draft") + ":" + me);
  var mine = H.blank(), header = {}, touched = {}, done = false, shownKey = null, notice = "", agreeing = false, leaving = false;
  var refusedAt = null;  // the draft version an Agree refusal was said at: a later one drops it

  function cardsOf(hand) { return H.cards(H.read(hand)); }
  function list(items) { return items.join(WORDS.and); }
  /* a sentence naming players: its one-name form or its many-name form (words: {one, many}),
     two sentences because a language may say them differently (Filipino: si Ben, sina Ana at Ben) */
  function named(words, who) { return who.length === 1 ? fill(words.one, { name: who[0] }) : fill(words.many, { names: list(who) }); }

  var sync = DraftSync.create({
    url: root.getAttribute("data-draft"),
    events: root.getAttribute("data-events"),
    onDraft: adopt,
    onSaved: function (number) {
      if (leaving) return;
      leaving = true;  // the round is saved: the ledger, as on every phone, saying what was saved
      location.assign(root.getAttribute("data-session") + "?saved=" + encodeURIComponent(number));
    },
    onState: function () { render(); },
    onLocked: function () { location.assign(root.getAttribute("data-unlock")); },
    onError: function (errors) { notice = errors.length ? Cards.prettyText(errors[0].message) : ""; render(); },
    onGone: function (key, from) {  // a write refused: the round was cleared (or saved) since it was tapped
      lost = key === "hand" && H.cards(mine).length ? mine : null;
      var d = sync.draft();
      if (d && d.began && d.began.at > from) showGone(d); else goneDue = true;
    },
    onIdle: function () { adopt(sync.draft()); }
  });
  var alone = SeatAlone.create(root, function () {
    return { me: me, mine: mine, header: header, dealer: DOM.dealer.value, draft: sync.draft() };
  });
  var gone = Gone.create(DOM.slot, function (hand) { tapped(hand); });
  var lost = null, goneDue = false, began = null;  // the taps a clear refused; the round shown
  function showGone(d) { gone.show(Gone.said(d.began, names), lost); lost = null; goneDue = false; }
  var entry = E.create({ jokers: jokers, slot: DOM.slot, chips: DOM.chips, onChange: tapped, onNext: function () { sendDone(true); render(); } });
  var picker = entry.picker;
  entry.setNext("done");

  /* the server's draft, except what this phone is still sending */
  function adopt(d) {
    if (!d) return;
    var at = d.began ? d.began.at : 0;
    if (goneDue || (began !== null && at > began)) showGone(d);  // cleared on another phone
    began = at;
    if (!sync.busy("hand")) mine = H.read(d.seats[me].hand);
    if (!sync.busy("header")) { header = JSON.parse(JSON.stringify(d.header || {})); touched = {}; }
    if (!sync.busy("done") && !sync.busy("hand")) done = d.seats[me].done;
    if (d.seats[me].agreed) agreedAt.set(d.changed, DraftSync.savedOf(d));
    if (refusedAt !== null && d.version > refusedAt) { notice = ""; refusedAt = null; }  // said of a draft gone
    render();
  }

  /* taps */
  function sendHand() { sync.write("hand", function () { return ["PUT", "/seats/" + me, H.wire(mine)]; }); }
  /* The header is one object any phone replaces: send the server's latest with this phone's
     own changes on top, guarded by If-Match (on 409 draft_sync reads the draft and asks again). */
  function setHeader(key, value) {
    if (value === undefined) delete header[key]; else header[key] = value;
    touched[key] = value;
    sync.write("header", function () {
      // draft_sync sends it only once the draft has been read: d is the server's latest
      var d = sync.draft(), body = JSON.parse(JSON.stringify(d.header || {}));
      Object.keys(touched).forEach(function (k) { if (touched[k] === undefined) delete body[k]; else body[k] = touched[k]; });
      return ["PUT", "/header?seat=" + me, body, d.version];
    });
    render();
  }
  function sendDone(value) {
    done = value;
    sync.write("done", function () { return ["POST", "/seats/" + me + "/done", { done: done }]; });
  }
  function tapped(hand) {  // a card, Meld, Undo, a chip's card or Secret
    mine = hand;
    notice = "";
    sendHand();
    render();
  }
  DOM.ending.addEventListener("click", function (e) {
    var b = /** @type {Element} */ (e.target).closest("[data-value]");
    if (!b) return;
    var ending = b.getAttribute("data-value");
    setHeader("ending", ending);
    setHeader(ending === "talon" ? "declarer" : "last_drawer", undefined);
  });
  DOM.by.addEventListener("click", function (e) {
    var b = /** @type {Element} */ (e.target).closest("[data-value]");
    if (!b) return;
    var key = header.ending === "talon" ? "last_drawer" : "declarer", seat = parseInt(b.getAttribute("data-value"), 10);
    setHeader(key, header[key] === seat ? undefined : seat);
  });
  DOM.dealer.addEventListener("change", function () { setHeader("dealer", parseInt(DOM.dealer.value, 10)); });
  DOM.flags.forEach(function (button) {  // a flag of the hand (engine/shape.py), claimed or not
    button.addEventListener("click", function () {
      var key = button.getAttribute("data-flag");
      mine[key] = !mine[key];
      sendHand(); render();
    });
  });
  DOM.change.addEventListener("click", function () { notice = ""; sendDone(false); render(); });
  DOM.alone.addEventListener("change", function () {
    var value = DOM.alone.checked;
    sync.write("options", function () { return ["PUT", "/options?seat=" + me, { confirm_alone: value }]; });
  });
  DOM.agree.addEventListener("click", function () {
    var box = DOM.verdict.querySelector("[data-changed]");
    if (box) agreeTo(parseInt(box.getAttribute("data-changed"), 10), parseInt(box.getAttribute("data-revision"), 10));
  });
  /* an Agree to the verdict at draft version `changed` and session revision `revision`: tapped,
     or kept by a page reloaded before it could go (draft_sync.js) */
  function agreeTo(changed, revision) {
    if (agreeing) return;
    agreeing = true; notice = WORDS.saving; refusedAt = null; render();
    // what this phone agreed to, taken or not: a hand changed after it is named (renderReview)
    if (sync.draft()) agreedAt.set(changed, DraftSync.savedOf(sync.draft()));  // (none yet: a kept Agree)
    sync.agree(me, changed, revision)
      .then(function (answer) {
        agreeing = false;
        notice = answer.status < 300 ? "" : refusal(answer.body);
        if (answer.status >= 400) {
          shownKey = null;
          return sync.refresh().then(function () { refusedAt = sync.draft().version; });
        }
      }, function () { agreeing = false; notice = ""; })
      .then(render);
  }

  function refusal(body) {
    var error = body && body.errors && body.errors[0];
    if (!error) return "";
    var text = WORDS.stale[error.where] || Cards.prettyText(error.message);
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function render() {
    var d = sync.draft();
    if (!d) return;
    renderHeader(d);
    renderEntry(d);
    renderStrip(d);
    renderPot(d);
    renderReview(d);
    alone.update(sync.state().offline);
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
    DOM.flags.forEach(function (/** @type {HTMLElement} */ button) {
      var key = button.getAttribute("data-flag");
      button.hidden = !shown(key);
      button.textContent = button.getAttribute("data-word") + (mine[key] ? " \u2713" : "?");
      button.setAttribute("aria-pressed", mine[key] ? "true" : "false");
    });
  }
  /* The entry front end, with what the server said of this seat's part: the cards of this
     seat also entered by another (`preview.clashes`), and the seat's first problem (a flag
     refused...) while the server has exactly the cards shown here. */
  function renderEntry(d) {
    var seen = viewOf(d), clash = {}, problem = null, prefix = "hands[" + me + "].", held = H.cards(mine);
    (d.preview.clashes || []).forEach(function (c) {
      var others = c.seats.filter(function (s) { return s !== me; });
      if (c.seats.indexOf(me) >= 0 && others.length && held.indexOf(c.card) >= 0) clash[c.card] = others.map(function (s) { return names[s]; });
    });
    if (seen.same) (d.preview.errors || []).forEach(function (e) { if (!problem && e.where.indexOf(prefix) === 0) problem = e.message; });
    var all = d.seats.map(function (s, seat) { return seat === me ? mine : H.read(s.hand); });
    entry.show(mine, { name: names[me], keys: E.keys(all, me, jokers, names), view: seen.view, held: seen.held, clash: clash, problem: problem, sayBurnt: true });
  }
  function renderPot(d) {
    var pot = d.preview.pot, show = !!pot && parseFloat(pot) > 0;
    DOM.pot.hidden = !show;
    DOM.pot.textContent = show ? fill(WORDS.pot, { amount: d.preview.pot_text }) : "";
  }

  function renderStrip(d) {
    DOM.cells.forEach(function (cell) {
      var seat = parseInt(cell.getAttribute("data-cell"), 10), s = d.seats[seat];
      var n = cardsOf(seat === me ? mine : s.hand).length;
      var state = s.agreed ? WORDS.agreed : (seat === me ? done : s.done) ? WORDS.done :
        n === 0 ? WORDS.noCards : tn("1 card", "{n} cards", n);
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
    DOM.aloneBy.textContent = d.confirm_alone && by !== null && by !== undefined ? fill(WORDS.aloneBy, { name: names[by] }) : "";
    /* this phone's own Done may not be in the draft it shows yet: never "waiting for" itself */
    var waiting = d.seats.filter(function (s, seat) { return !s.done && seat !== me; }).map(function (s) { return s.player; });
    var agreeing_ = d.seats.filter(function (s) { return !s.agreed; }).map(function (s) { return s.player; });
    var line = sync.state(), msg = "", bad = true;
    if (!done) msg = "";
    else if (line.agreeKept) msg = WORDS.agreeKept;
    else if (notice && notice !== WORDS.saving) msg = notice;  // an Agree refused: why
    else if (line.offline) msg = WORDS.offlineReview;  // not "waiting for Ben": this phone is away
    else {
      bad = false;
      if (notice) msg = notice;
      else if (!ready && waiting.length && !d.confirm_alone) msg = named(WORDS.waiting, waiting);
      else if (!ready) msg = fill(WORDS.fix, { message: Cards.prettyText((d.preview.errors[0] || {}).message || "") });
      else if (d.seats[me].agreed) msg = named(WORDS.youAgreed, agreeing_);
      else msg = d.confirm_alone ? WORDS.alone : WORDS.agreeNow;
      /* this phone had agreed, and a hand changed since: who changed what, what money moved */
      var change = d.last_change, seen = agreedAt.get(DraftSync.savedOf(d));
      if (!d.seats[me].agreed && change && seen !== null && change.at >= seen) msg = C.changed(change, names, WORDS) + " \u00b7 " + msg;
      /* the header changed on another phone: by whom, on every other phone, agreed or not */
      if (!d.seats[me].agreed && headerBy(d)) msg = headerBy(d) + " \u00b7 " + msg;
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
      done ? "" : headerBy(d) || (othersDone ? WORDS.lastOne : WORDS.start);
    DOM.bar.classList.toggle("bad", line.offline);
  }
  /* "Ben changed how the round ended" while the header another phone set is the draft's latest
     change (the next change of content, such as a card this phone taps, ends it); "" if none */
  function headerBy(d) {
    var set = d.header_change;
    return set && set.seat !== me && names[set.seat] ? fill(WORDS.headerBy, { name: names[set.seat] }) : "";
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
  sync.start().then(function () {
    var kept = sync.resume(me);
    if (kept) agreeTo(kept.version, kept.revision);
  });
}
