/* Round entry on one phone, one screen (laid out by round_screen.js): a tab per player, the active
   player's chips, picker and status line (entry.js, the seat page's too), the live bar and the
   review step (entry_review.js). The text fields stay the single source of truth: the picker
   only edits them, so the page works the same without JavaScript (typed notation). Every box has its
   size reserved: a tap or a preview answer changes texts and classes, never the layout. */
import { isStale } from "../engine_client.js";
import * as E from "./entry.js";
import * as Follow from "./entry_follow.js";
import { send } from "./entry_confirm.js";
import * as Keep from "./entry_keep.js";
import * as Review from "./entry_review.js";
import * as RoundOffline from "./round_offline.js";
import * as Screen from "./round_screen.js";
import { t, tn } from "../words.js";

export function start() {
  var form = /** @type {HTMLFormElement | null} */ (document.getElementById("round"));
  if (!form) return;
  var H = E.hands;
  var body = document.body;
  document.documentElement.classList.add("js");
  body.classList.add("entry");
  form.classList.add("round-form");
  // Back after saving must never show this form as it was: ask the server again
  window.addEventListener("pageshow", function (e) { if (e.persisted) window.location.reload(); });

  var jokers = parseInt(form.getAttribute("data-jokers"), 10) || 0;
  var isEdit = form.hasAttribute("data-edit");
  var panels = Array.prototype.slice.call(form.querySelectorAll(".player"));
  var names = panels.map(function (p) { return p.querySelector(".pname").textContent; });
  var active = 0, answer = null, answered = null, current = false, seq = 0, timer = null, asked = null;

  function field(seat, kind) { return panels[seat].querySelector("[data-" + kind + "]"); }
  function handOf(seat) { return H.fromFields(field(seat, "melds").value, field(seat, "hand").value); }
  function hands() { return panels.map(function (p, seat) { return handOf(seat); }); }
  function count(seat) { return H.cards(handOf(seat)).length; }
  function checked(name) { return (/** @type {HTMLInputElement | null} */ (form.querySelector("input[name=" + name + "]:checked")) || { value: "" }).value; }

  var laid = Screen.build(form, panels, names, {
    onTab: function (seat) { activate(seat); },
    onTyping: function (on) { if (on) field(active, "melds").focus(); },
  });
  var screen = laid.screen, tabButtons = laid.tabs, typing = laid.typing;
  var entry = E.create({ jokers: jokers, slot: screen, chips: laid.chips, onChange: edited, onNext: next });
  var review = Review.create(form, { onToggle: function () { render(); } });
  screen.appendChild(review.element);

  /* Whether the server has what was tapped (entry_keep.js): the band over the header, and
     the taps the server did not get, kept on this phone */
  var keep = Keep.create(form, document.querySelector(".page-title") || typing, { edit: isEdit });
  var setNet = keep.setNet, stash = keep.stash, unstash = keep.unstash, net = keep.band;
  var offline = RoundOffline.create(form);
  /* the shared draft followed: other phones' taps come in, a round cleared elsewhere goes */
  var follow = isEdit ? null : Follow.create(form, names, function () { stash(null); changed(); }, function () { ask(); });

  function activate(seat) {
    active = seat;
    if (review.isOpen()) review.close();
    render();
  }

  /* the picker or a chip changed the active player's hand: into the fields it goes */
  function edited(hand) {
    var text = H.toFields(hand);
    field(active, "melds").value = text.melds;
    field(active, "hand").value = text.hand;
    changed();
  }
  function next() { sendNow(); if (active < panels.length - 1) activate(active + 1); else review.open(); }

  function info(seat) { return current && answer ? answer.hands[seat] : null; }
  function badMeld(i) { return i ? i.melds.filter(function (m) { return !m.ok; })[0] : null; }

  /* Sunog only for a player who entered cards and laid no meld, once their hand is entered */
  function sunog(seat, i) { return !!(i && i.sunog && count(seat) && (seat !== active || review.isOpen())); }

  function renderTabs() {
    tabButtons.forEach(function (b, seat) {
      var i = info(seat), n = count(seat), s = b.querySelector(".tab-status"), burnt = sunog(seat, i);
      var wrong = i && (i.hand_error || badMeld(i));
      b.classList.toggle("active", seat === active);
      b.setAttribute("aria-pressed", seat === active ? "true" : "false");
      b.classList.toggle("done", !!(n && seat !== active && i && !wrong && !burnt));
      b.classList.toggle("wrong", !!wrong);
      b.classList.toggle("sunog", burnt);
      // the active player's deadwood is in the status line under the tools
      var done = seat !== active && i && !wrong && i.deadwood != null;
      var pts = i && i.deadwood != null ? t("{n} pts", { n: i.deadwood }) : "";
      s.textContent = !n ? t("no cards") : burnt ? t("Sunog") + (pts && " \u00b7 " + pts) : done ? "\u2713 " + pts : tn("{n} card", "{n} cards", n);
      var badge = panels[seat].querySelector("[data-sunog]");
      badge.hidden = !burnt;
      panels[seat].querySelector("[data-live]").textContent = i && i.deadwood != null ? t("deadwood {n}", { n: i.deadwood }) : "";
      panels[seat].classList.toggle("active", seat === active);
    });
  }

  function renderBar() {
    if (!navigator.onLine && isStale()) {
      return review.setBar(t("Updated \u00b7 Reload"), "fix", function () { window.location.reload(); });
    }
    var empty = names.filter(function (n, seat) { return !count(seat); });
    if (!count(active)) return review.setBar(t("Tap {name}'s cards", { name: names[active] }), "", null);
    if (empty.length) {  // everyone holds cards at the end of a round
      var seat = names.indexOf(empty[0]);
      return review.setBar(t("{name}'s cards next \u25b8", { name: empty[0] }), "", function () { activate(seat); });
    }
    if (answer && answer.ok && current) {
      return review.setBar((answer.headline || t("Ready")) + " \u00b7 " + t("Review \u25b8"), "go", review.open);
    }
    if (!checked("ending")) return review.setBar(t("How did it end? Tap it above"), "", null);
    if (answer && answer.errors.length) {
      var n = answer.errors.length;
      return review.setBar(tn("1 thing to fix", "{n} things to fix", n), "fix", review.open);
    }
    review.setBar(t("Checking\u2026"), "", null);
  }

  function render() {
    var all = hands();
    entry.show(all[active], { name: names[active], keys: E.keys(all, null, jokers, names),
      view: answer ? answer.hands[active] : null, held: answered ? answered[active] : null });
    entry.setNext(active === panels.length - 1 ? "done" : "next");
    var ending = checked("ending");
    body.classList.toggle("ending-talon", ending === "talon");
    form.querySelector("#by").classList.toggle("talon", ending === "talon");
    form.querySelectorAll(".talon-only").forEach(function (el) { el.classList.toggle("show", ending === "talon"); });
    review.refreshFlags(answer ? answer.hands.map(function (h) { return h.flags; }) : null);
    renderTabs();
    renderBar();
  }

  /* What the form says, to tell a real change from a mere blur ('change' fires when focus
     leaves a field, e.g. as the Confirm button is tapped: that must not disable it). */
  function snapshot() {
    var data = new FormData(form);
    data.delete("reviewed");
    data.delete("csrf_token");
    data.delete("draft_began");
    data.delete("draft_touched");
    data.delete("draft_keep");
    return new URLSearchParams(/** @type {any} */ (data)).toString();
  }

  function changed() {
    clearTimeout(timer);
    if (answer && snapshot() === asked) {  // back to what the last answer was about
      seq += 1;
      form.removeAttribute("aria-busy");
      current = true;
      review.update(answer);
      render();
      return;
    }
    current = false;
    review.pending();
    render();
    form.setAttribute("aria-busy", "true");  // till the engine's answer is in
    timer = setTimeout(ask, 0);  // taps made while one is on its way go with the next one
  }
  /* the round kept in the draft now, not at the end of the burst: Next, Done, the page hidden */
  function sendNow() { if (follow && follow.keepNow()) ask(); }
  document.addEventListener("visibilitychange", function () { if (document.hidden) sendNow(); });

  /* One preview on its way at a time, so that the draft is kept in the order of the taps; a
     change made meanwhile is sent as soon as the answer is in. */
  var inflight = false, again = false, slow = null;
  function ask() {
    if (inflight) { again = true; return; }
    inflight = true;
    again = false;
    var mine = ++seq;
    var sent = snapshot(), sentHands = hands(), at = follow ? follow.stamp() : null;
    stash(at === null ? sent : sent + "&draft_began=" + at);
    form.setAttribute("aria-busy", "true");
    slow = setTimeout(function () { if (net.className === "net") setNet("sending"); }, 700);
    fetch(form.getAttribute("data-preview"), { method: "POST", body: new FormData(form), credentials: "same-origin", keepalive: true,
      headers: { "Accept": "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (got) {
        if (got && (got.kept || isEdit) && sent === snapshot()) stash(null);  // not when kept later
        if (got && got.kept && follow) follow.kept(sent, at);
        if ((!got || got.kept === false) && follow) follow.retry();  // the next preview keeps
        if (got && got.gone && follow) follow.refused();  // cleared elsewhere: the draft shows who
        offline.heard(got);
        setNet(!got ? "unkept" : got.kept === false && !isEdit && !got.gone ? "unkept" : "");
        shown(got, mine, sent, sentHands);
      }, function () { if (follow) follow.retry(); return judgeHere(mine, sent, sentHands); })
      .then(function () {
        clearTimeout(slow);
        inflight = false;
        if (again) ask();
      });
  }
  /* an answer (the server's, or the engine's in this phone) about the form as it was `sent` */
  function shown(got, mine, sent, sentHands) {
    if (mine !== seq || again) return;
    if (sent === snapshot()) form.removeAttribute("aria-busy");  // else another ask is due
    if (!got) return;
    asked = sent;
    answer = got;
    answered = sentHands;
    current = sent === snapshot();
    var number = document.querySelector("[data-round-number]");
    if (number && got.number) number.textContent = got.number;  // another phone saved one meanwhile
    document.dispatchEvent(new CustomEvent("tongits:answer", { detail: got }));  // entry_dealer.js
    review.update(got);
    render();
  }
  /* the server could not be reached: the engine in this phone judges, if it may here */
  function judgeHere(mine, sent, sentHands) {
    var judging = offline.judge();
    if (!judging) {
      setNet("offline");
      if (mine === seq) form.removeAttribute("aria-busy");
      return null;
    }
    return judging.then(function (got) {
      setNet(got.unkept ? "unjudged" : "judged");
      shown(got.unkept ? null : got, mine, sent, sentHands);
    }, function () {
      setNet("offline");
      if (mine === seq) form.removeAttribute("aria-busy");
    });
  }
  window.addEventListener("online", function () { ask(); });
  window.addEventListener("offline", function () { setNet("offline"); });

  /* Confirm, sent by the page (entry_confirm.js): saved, the server's next page; not
     reachable, judged on this phone and kept in the outbox (a phone ready offline), or said
     plainly with every card kept */
  function lock(on) { form.querySelectorAll("button[type=submit]").forEach(function (b) { /** @type {HTMLButtonElement} */ (b).disabled = on; }); }
  function keepHere() {  // judged here: into the outbox, then the session page shows it
    return offline.keep(answer).then(function () {
      keep.close();
      window.location.assign(form.getAttribute("data-session"));
    }, function () { lock(false); setNet("unkept"); });
  }
  function notSent() { lock(false); setNet("notsent"); }
  function confirmHere() {
    var judging = offline.judge();
    if (!judging) return notSent();
    judging.then(function (got) {
      if (got.unkept) return notSent();
      shown(got, ++seq, snapshot(), hands());
      setNet("judged");
      if (!got.ok) { lock(false); return review.open(); }
      return keepHere();
    }, notSent);
  }
  function sendConfirm(submitter) {
    if (!isEdit) stash(snapshot());  // kept on this phone till the server has the round
    setNet("sending");
    send(form, submitter, keep.close).catch(confirmHere);
  }
  form.addEventListener("submit", function (event) {
    if (answer && answer.offline && answer.ok && current) {
      event.preventDefault();
      lock(true);
      keepHere();
      return;
    }
    var submitter = /** @type {HTMLButtonElement | null} */ (event.submitter);
    if (!window.fetch || (submitter && submitter.value !== "save")) {
      // one tap, one save: disable after the browser has taken the pressed button's value
      setTimeout(function () { lock(true); }, 0);
      return;
    }
    event.preventDefault();
    lock(true);
    sendConfirm(submitter);
  });
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  // a page the server sent back (a refused Confirm, a conflict) opens on its review; a copy
  // of this page kept on the phone first takes the phone's own view of the session, then the
  // taps of this round kept here
  function begin() {
    if (form.hasAttribute("data-review")) review.open();
    else if (!isEdit) unstash();
    render();
    ask();
  }
  offline.refresh().then(begin);
}
