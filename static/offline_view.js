/* What a session page shows of the rounds waiting in this phone's outbox (used by offline.js):
   each waiting round with the engine's headline, provisional, any conflict with both versions
   (conflict.js), and the page's own tiles, pot, "deals next" and round count after them, its
   score sheet's rows (offline_sheet.js) and its chart's points (offline_chart.js), from the
   phone's one view of the session (outbox.js `judgedOn`: the kept session and the waiting
   rounds, the ledger the engine in the phone gave after each of them). Nothing here judges:
   every figure is the engine's. */
import { t, tn } from "./words.js";
import { money, signed } from "./money.js";
import { show as showConflict } from "./conflict.js";
import { show as showSheet } from "./offline_sheet.js";
import { show as showChart } from "./offline_chart.js";

/* whether the page shows the session as the phone sees it: rounds wait here, judged, and
   none of them is in conflict (then the table decides first: the server's figures stay) */
function judgedHere(view) {
  return !!(view && view.waiting.length && view.ledger && !view.waiting.some(function (e) { return e.conflict; }));
}

/**
 * The engine's headline of a round result: who wins what, a push, a void round.
 * @param {any} result
 * @param {string} unit
 */
export function headline(result, unit) {
  if (result.void) return t("Void round: all three sunog");
  if (result.push) return t("A push: nobody pays");
  var winner = result.players[result.winner];
  return t("{name} wins {amount}", { name: winner.name, amount: money(winner.net, unit) });
}

/* the tiles and the facts line as the phone sees the session now; the server's, as they
   were rendered, come back when nothing waits. What the server rendered is kept on each
   element, so a ledger part the page loads again (live.js) is never overwritten by an
   older one. */
function override(el, text, cls) {
  if (el.dataset.server === undefined) el.dataset.server = JSON.stringify([el.innerHTML, el.className]);
  el.textContent = text;
  if (cls) el.className = cls;
}
function restore(el) {
  if (el.dataset.server === undefined) return;
  var was = JSON.parse(el.dataset.server);
  el.innerHTML = was[0];
  el.className = was[1];
  delete el.dataset.server;
}
function showTiles(ledger, view, unit) {
  var amounts = ledger.querySelectorAll(".balances .bal .amt"), facts = ledger.querySelector(".facts");
  if (!judgedHere(view)) {
    amounts.forEach(restore);
    if (facts) restore(facts);
    return;
  }
  amounts.forEach(function (amt) {
    var name = amt.parentNode.querySelector(".who").textContent, value = String(view.ledger.balances[name]);
    var sign = value.charAt(0) === "-" ? "minus" : /[1-9]/.test(value) ? "plus" : "zero";
    override(amt, signed(value, unit), "amt provisional " + sign);
  });
  if (!facts) return;
  var l = view.ledger, rounds = view.number - 1;
  var parts = [t("Pot {amount}", { amount: money(l.pot, unit) })];
  parts.push(l.ended ? t("{name} reached the loss limit", { name: l.loser })
    : t("{name} deals next", { name: l.players[l.next_dealer] }));
  parts.push(tn("{n} round", "{n} rounds", rounds) + " \u00b7 " + t("provisional"));
  override(facts, parts.join(" \u00b7 "));
}

/* "Round 8 · Ben deals" at the top: the engine's next dealer after the rounds waiting here
   (none while one is in conflict: the table decides first), else the server's */
function showDeal(next, view) {
  var deal = document.getElementById("deal-line");
  if (!deal || !next) return;
  var l = view && view.waiting.length && view.ledger, clash = l && view.waiting.some(function (e) { return e.conflict; });
  if (!l || clash) { deal.textContent = next.getAttribute("data-deal") || ""; return; }
  deal.textContent = l.ended ? "" : t("Round {n} \u00b7 {headline}", { n: view.number, headline: t("{name} deals", { name: l.players[l.next_dealer] }) });
}

/* the sheet's rows and the chart's points of the rounds waiting here, after the page's own
   rounds: only where they follow on (a page older or newer than the session kept here shows
   its own) */
function showRows(ledger, view, unit) {
  var next = ledger.querySelector("[data-next-round]"), shown = judgedHere(view) ? view : null;
  if (shown && (!next || String(view.waiting[0].number) !== next.getAttribute("data-next-round"))) shown = null;
  showSheet(ledger, shown, unit);
  showChart(ledger, shown, unit);
}

/* the rounds of this session waiting here, provisional, and any conflict */
var box = null;
export function show(ledger, view, flush) {
  var waiting = view ? view.waiting : [], unit = ledger.getAttribute("data-unit") || "\u20b1";
  if (!box) {
    box = document.createElement("section");
    box.className = "unsent";
    box.id = "unsent";
    box.setAttribute("aria-live", "polite");
    ledger.parentNode.insertBefore(box, ledger);
  }
  box.textContent = "";
  box.hidden = !waiting.length;
  showTiles(ledger, view, unit);
  showRows(ledger, view, unit);
  var next = ledger.querySelector("[data-next-round]"), enter = document.querySelector("#enter-round [data-enter]");
  var clash = waiting.some(function (e) { return e.conflict; });
  if (next && enter) {  // the round after those waiting here; the server's while one is in conflict
    var n = waiting.length && !clash ? view.number : parseInt(next.getAttribute("data-next-round"), 10);
    enter.textContent = t("+ Enter round {n}", { n: n });
  }
  showDeal(next, view);
  if (!waiting.length) return;
  var h = document.createElement("h2");
  h.textContent = t("Not sent yet: provisional (the pot and streaks follow the server's order)");
  box.appendChild(h);
  var list = document.createElement("ul");
  waiting.forEach(function (entry) {
    var li = document.createElement("li");
    li.className = "unsent-round" + (entry.conflict ? " conflict" : "");
    li.textContent = t("Round {n} \u00b7 {headline}", { n: entry.number, headline: headline(entry.result, unit) });
    if (entry.conflict) li.appendChild(showConflict(entry, unit, headline, flush));
    list.appendChild(li);
  });
  box.appendChild(list);
}

