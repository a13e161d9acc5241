/* The one-phone page (round.js) kept in step with the round draft every phone shares, through
   the draft client the seat page uses (draft_sync.js: the stream where Pushpin is in front,
   polls otherwise). The form stays the page's truth; this module compares three states of it,
   part by part (the header, each seat's hand with its flags):
   - `synced`: what the server held when the page last agreed with it;
   - the form: what the page shows now (a part that differs from `synced` was tapped here);
   - the draft just read.
   A part another phone changed, that this page did not, is taken into the form; a part both
   changed stays this page's (its next preview sends it). Each preview names the round it was
   made on (`draft_began`) and the parts tapped here (`draft_touched`): the server keeps only
   those, and refuses them when the round was cleared or saved since. The preview answers every
   tap at once, but keeps the round in the draft (`draft_keep`) with a tap's preview at most
   every KEEP_GAP ms: the taps of a burst ride along with a later one, the last ones are kept
   once the taps pause for QUIET ms (`onDue`), or at once on Next, Done and when the page is
   hidden (`keepNow`). A round that began anew
   (cleared or saved elsewhere) replaces the form, and the taps the server did not take are
   offered back (entry_gone.js). */
import * as Gone from "./entry_gone.js";
import { formValues, hands as H } from "./entry.js";
import * as DraftSync from "./draft_sync.js";
import { FLAGS, HEADER } from "./shape.js";

var PARTS = ["header", 0, 1, 2], KEEP_GAP = 1000, QUIET = 600;

function namesOf(part) {
  if (part === "header") return HEADER;
  return ["melds_" + part, "hand_" + part].concat(FLAGS.map(function (f) { return f + "_" + part; }));
}
/* the form's values, name -> text ("" for a choice not made, "y" for a ticked flag) */
function fromParams(params) {
  var values = {};
  PARTS.forEach(function (part) { namesOf(part).forEach(function (name) { values[name] = params.get(name) || ""; }); });
  return values;
}
/* the same values for the draft `d` (its header may leave the dealer out: the page's stays) */
function fromDraft(d, dealer) {
  return formValues(d.header || {}, d.seats.map(function (s) { return H.read(s.hand); }), dealer);
}
function same(a, b, part) { return namesOf(part).every(function (name) { return a[name] === b[name]; }); }

export function create(form, names, onMerged, onDue) {
  var url = form.getAttribute("data-draft");
  if (!url) return null;  // an edit of a saved round: no draft
  var began = parseInt(form.getAttribute("data-draft-began"), 10) || 0;
  var synced = read(), dealer = synced.dealer;
  var keptAt = 0, due = 0, force = false;  // the last preview that kept; a keep put off
  var stamps = ["draft_began", "draft_touched", "draft_keep"].map(function (name) {
    var input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    form.appendChild(input);
    return input;
  });
  var box = Gone.create(form.querySelector(".entry-screen") || form.firstElementChild, putBack);

  function read() { return fromParams(new URLSearchParams(/** @type {any} */ (new FormData(form)))); }
  function set(name, value) {
    form.querySelectorAll("[name='" + name + "']").forEach(function (el) {
      var input = /** @type {HTMLInputElement} */ (el);
      if (input.type === "radio") input.checked = input.value === value;
      else if (input.type === "checkbox") input.checked = value === "y";
      else input.value = value;
    });
  }
  function setPart(part, values) { namesOf(part).forEach(function (name) { set(name, values[name]); }); }
  function touched(now) { return PARTS.filter(function (part) { return !same(now, synced, part); }); }

  function onDraft(d) {
    if (!d) return;
    var server = fromDraft(d, dealer), now = read(), at = d.began ? d.began.at : 0, moved = false;
    if (at > began) {  // the round was cleared or saved on another phone
      var mine = touched(now), lost = null;
      if (mine.length) {
        lost = {};
        mine.forEach(function (part) { namesOf(part).forEach(function (name) { lost[name] = now[name]; }); });
      }
      PARTS.forEach(function (part) { setPart(part, server); });
      synced = server;
      began = at;
      // the page shows the session as it is now: a round of the same cards entered next is
      // not the one saved before it (the preview's `revision`, what "saved since" is asked at)
      var seen = /** @type {HTMLInputElement | null} */ (form.querySelector("input[name=revision]"));
      if (seen && typeof d.revision === "number") seen.value = String(d.revision);
      box.show(Gone.said(d.began, names), lost);
      onMerged();
      return;
    }
    PARTS.forEach(function (part) {
      if (same(server, synced, part)) return;
      if (same(now, synced, part)) { setPart(part, server); moved = true; }
      namesOf(part).forEach(function (name) { synced[name] = server[name]; });
    });
    if (moved) onMerged();
  }
  function putBack(lost) {
    Object.keys(lost).forEach(function (name) { set(name, lost[name]); });
    onMerged();
  }

  var sync = DraftSync.create({
    url: url, events: form.getAttribute("data-events"), onDraft: onDraft,
    onSaved: function () {}, onState: function () {}, onLocked: function () {},
    onError: function () {}, onIdle: function () {}
  });
  sync.start();
  return {
    /* before a preview leaves: the round it is made on and the parts tapped here; answers the
       round, for `kept` */
    stamp: function () {
      var now = Date.now(), keep = force || now - keptAt >= KEEP_GAP;
      force = false;
      clearTimeout(due);
      due = keep ? 0 : setTimeout(function () { force = true; due = 0; onDue(); }, QUIET);
      form.toggleAttribute("data-keep-due", !keep);  // a keep put off (tests wait for it)
      if (keep) keptAt = now;
      stamps[0].value = String(began);
      stamps[1].value = touched(read()).join(",");
      stamps[2].value = keep ? "1" : "0";
      return began;
    },
    /* the last keep did not reach the server: the next preview keeps */
    retry: function () { keptAt = 0; },
    /* a keep put off is due now (true: the caller sends a preview) */
    keepNow: function () { if (!due) return false; clearTimeout(due); due = 0; force = true; return true; },
    /* the server kept the form as it was sent (its query text) on round `at` */
    kept: function (text, at) { if (at === began) synced = fromParams(new URLSearchParams(text)); },
    /* the server refused a preview's taps: the round began anew; read it */
    refused: function () { sync.refresh(); }
  };
}
