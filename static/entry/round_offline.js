/* The one-phone round page when the server cannot be reached (used by round.js): the in-phone
   engine (engine_client.js) judges the form against the session as this phone last saw it plus
   the rounds waiting in its outbox (outbox.js), and a Confirm puts the round in the outbox with
   the revision it was judged on; the session page then shows it as not sent yet. Only a phone
   that opted in to offline work (or the installed app) judges here; a page of an older deploy
   than the service worker's judges nothing ("Updated · Reload"). */
import { t } from "../words.js";
import { money } from "../money.js";
import { headline as headlineOf } from "../offline_view.js";
import * as Engine from "../engine_client.js";
import * as Outbox from "../outbox.js";
import { draftSeen } from "./entry_keep.js";
import { fill } from "./deals.js";

/* the form's fields as the server would have them posted: {name: value}, a ticked box's name
   with its value, an unticked one left out (the engine's record_from_fields reads them) */
function fieldsOf(form) {
  var fields = {};
  new FormData(form).forEach(function (value, name) { if (typeof value === "string") fields[name] = value; });
  return fields;
}

function esc(text) {
  var div = document.createElement("div");
  div.textContent = text;
  return div.innerHTML;
}
function verdictHtml(result, headline, unit) {
  var lines = result.verdict.map(function (v) { return "<li>" + esc(v) + "</li>"; }).join("");
  var pays = result.payments.map(function (p) {
    return "<li>" + esc(p.from_name + " \u2192 " + p.to_name + " " + money(p.amount, unit) + " (" + p.explain + ")") + "</li>";
  }).join("");
  return '<div class="verdict offline-verdict"><p class="headline"><strong>' + esc(headline) + "</strong></p>" +
    "<ul>" + lines + "</ul>" + (pays ? '<ul class="pays">' + pays + "</ul>" : "") + "</div>";
}

/* the engine's answer (judge.py preview_form) as the server's preview answer reads */
function answerOf(got, unit) {
  var answer = { ok: false, offline: true, hands: got.views, errors: [], review_key: null };
  if (got.problems) {
    answer.errors = got.problems;
    return answer;
  }
  var headline = headlineOf(got.result, unit);
  answer.ok = true;
  answer.review_key = "offline";
  answer.number = got.number;
  answer.headline = headline;
  answer.verdict_html = verdictHtml(got.result, headline, unit);
  answer.judged = got;
  return answer;
}

/* the page's title and dealer as the phone sees the session now */
function showView(form, view) {
  var ledger = view.ledger, unit = form.getAttribute("data-unit") || "\u20b1";
  var number = document.querySelector("[data-round-number]"), dealer = form.querySelector("#dealer");
  if (number) number.textContent = view.number;
  document.title = document.title.replace(/\d+/, String(view.number));
  if (!ledger) return;
  var name = ledger.players[ledger.next_dealer], sub = document.querySelector(".page-title .sub");
  if (sub) fill(sub, name);
  if (dealer) dealer.value = String(ledger.next_dealer);
  var pot = document.querySelector(".page-title .pot");
  if (pot) pot.textContent = /[1-9]/.test(ledger.pot) ? " \u00b7 " + t("Pot {amount}", { amount: money(ledger.pot, unit) }) : "";
}
function blank(form) {  // the old copy's cards and header: a round this phone confirmed since
  form.querySelectorAll("input[data-melds], input[data-hand]").forEach(function (el) { el.value = ""; });
  form.querySelectorAll("input[type=radio], input[type=checkbox]").forEach(function (el) {
    el.checked = el.name === "last_drawer" && el.value === "";  // a new round's form: Skip
  });
}

export function create(form) {
  var E = Engine, O = Outbox;
  var token = form.getAttribute("data-token"), unit = form.getAttribute("data-unit") || "\u20b1";
  var on = E.wanted() && !form.hasAttribute("data-edit");
  var basis = null, revisionField = form.querySelector("input[name=revision]");
  var pageRevision = revisionField ? parseInt(revisionField.value, 10) : NaN;
  var numberEl = document.querySelector("[data-round-number]");
  var pageNumber = numberEl ? parseInt(numberEl.textContent, 10) : NaN;

  /* Promise of whether the page was an old copy, now showing the phone's view (a new round) */
  function refresh() {
    // a round's edit, or the server's answer to a Confirm (to review): the server's own page
    if (form.hasAttribute("data-edit") || form.hasAttribute("data-review") || isNaN(pageRevision)) {
      return Promise.resolve(false);
    }
    return O.judgedOn(token).then(function (view) {
      if (!view || view.number === pageNumber) return false;
      var confirmedSince = view.waiting.some(function (e) { return e.base >= pageRevision; });
      if (!confirmedSince && !(view.kept.revision > pageRevision)) return false;  // the page is newer
      blank(form);
      showView(form, view);
      return true;
    }).catch(function () { return false; });
  }

  /* Promise of the offline answer; null when this page does not judge offline */
  function judge() {
    if (!on || E.isStale()) return null;
    return O.judgedOn(token).then(function (judged) {
      if (!judged) return { unkept: true };
      basis = judged;
      return E.previewForm(judged.session, fieldsOf(form), document.documentElement.lang).then(function (got) { return answerOf(got, unit); });
    });
  }

  /* Confirm of an offline verdict: into the outbox (the session page shows it next) */
  function keep(answer) {
    var judged = answer.judged;
    return O.add({ token: token, api: basis.kept.api, record: judged.record, base: basis.kept.revision,
      number: judged.number, result: judged.result, ledger: judged.ledger, draft: draftSeen(token) });
  }

  /* the server's preview answer: which draft it kept this round in */
  function heard(got) {
    if (got && got.draft_changed != null) draftSeen(token, got.draft_changed);
  }

  return { judge: judge, keep: keep, refresh: refresh, heard: heard };
}

