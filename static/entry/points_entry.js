/* A points-only round (round_points.html): the flags shown only where the ending allows them,
   and the live preview: the form is posted to the round preview at each change, its verdict
   shown below the players, and Confirm offered once the round can be saved; Review and Confirm
   sent by the page (entry_confirm.js), so that a network gone never ends on the browser's
   error page. Without this script the page is a plain form (Review, then Confirm). */
import { FLAGS, HEADER } from "./shape.js";
import { send } from "./entry_confirm.js";
import { t } from "../words.js";

export function start() {
  var form = /** @type {HTMLFormElement | null} */ (document.getElementById("points-round"));
  if (!form || !window.fetch || !window.FormData) return;
  var preview = document.getElementById("preview");
  var save = document.getElementById("save"), review = document.getElementById("review");
  var reviewed = /** @type {HTMLInputElement} */ (document.getElementById("reviewed"));
  var seq = 0, timer = null;

  function ending() { return (/** @type {HTMLInputElement | null} */ (form.querySelector("input[name=ending]:checked")) || { value: "" }).value; }

  function showFlags() {
    var end = ending();
    [["draw-only", "draw"], ["tongits-only", "tongits"]].forEach(function (pair) {
      form.querySelectorAll("." + pair[0]).forEach(function (/** @type {HTMLElement} */ label) {
        var box = label.querySelector("input");
        label.hidden = end !== pair[1] && !(box && box.checked);
      });
    });
    var last = document.getElementById("last-drawer"), by = document.getElementById("by");
    if (last) last.hidden = end !== "talon";
    if (by) by.hidden = end === "talon";
  }

  function answered(answer) {
    preview.textContent = "";
    var ready = !!(answer.ok && answer.review_key);
    if (ready) {
      preview.innerHTML = answer.verdict_html;
      reviewed.value = answer.review_key;
    } else {
      (answer.errors || []).forEach(function (e) {
        var p = document.createElement("p");
        p.className = "err";
        p.textContent = e.message;
        preview.appendChild(p);
      });
    }
    if (save && !save.closest(".review-top")) {
      save.hidden = !ready;
      review.classList.toggle("primary", !ready);
    }
  }

  function ask() {
    var mine = ++seq;
    fetch(form.getAttribute("data-preview"), { method: "POST", body: new FormData(form), credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (answer) { if (answer && mine === seq) answered(answer); })
      .catch(function () { /* offline: Review posts the form when the network is back */ });
  }

  function changed() {
    showFlags();
    clearTimeout(timer);
    timer = setTimeout(ask, 250);
  }

  /* What was typed, kept on this phone until the round is saved (a new round only, keyed by
     session and round number): a reload or a phone asleep gives it back. */
  var draftKey = form.getAttribute("data-draft");
  var kept = new RegExp("^(" + ["points", "sunog", "aces", "secret_melds"].concat(FLAGS).join("|") + ")_\\d$|^(" + HEADER.join("|") + ")$");
  function keep() {
    if (!draftKey) return;
    var typed = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!kept.test(el.name)) return;
      if (el.type === "radio") { if (el.checked) typed[el.name] = el.value; }
      else if (el.type === "checkbox") typed[el.name] = el.checked;
      else typed[el.name] = el.value;
    });
    try { localStorage.setItem(draftKey, JSON.stringify(typed)); } catch (e) { /* storage full or off */ }
  }
  function restore() {
    var typed = null;
    try { typed = JSON.parse(localStorage.getItem(draftKey) || "null"); } catch (e) { typed = null; }
    if (!typed) return;
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!(el.name in typed)) return;
      if (el.type === "radio") el.checked = typed[el.name] === el.value;
      else if (el.type === "checkbox") el.checked = !!typed[el.name];
      else el.value = typed[el.name];
    });
  }
  if (draftKey) restore();

  /* Review and Confirm sent by the page: saved, the server's next page (the numbers kept here
     forgotten); any other answer, the server's page; no answer, said here with every number
     still in the form, and the next tap sends it again under the same idempotency key. */
  var net = document.getElementById("points-net");
  function lock(on) { form.querySelectorAll("button[type=submit]").forEach(function (b) { /** @type {HTMLButtonElement} */ (b).disabled = on; }); }
  function forget() { try { if (draftKey) localStorage.removeItem(draftKey); } catch (e) { /* storage off */ } }
  function say(text, bad) {
    net.textContent = text;
    net.classList.toggle("err", bad);
    net.hidden = false;
  }
  form.addEventListener("submit", function (event) {
    var submitter = /** @type {HTMLButtonElement | null} */ (event.submitter);
    if (!net || !submitter) return;
    event.preventDefault();
    clearTimeout(timer);  // a preview asked at the last field's change is moot: the round is sent
    seq++;
    lock(true);
    say(t("Sending\u2026"), false);
    send(form, submitter, forget).catch(function () {
      lock(false);
      say(submitter.value === "save"
        ? t("Not saved: no network. Every number is kept here: confirm again when it is back.")
        : t("Not sent: no network. Every number is kept here: try again when it is back."), true);
    });
  });
  form.addEventListener("input", keep);
  form.addEventListener("change", keep);
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  showFlags();
  if (!form.querySelector(".review-top") && /** @type {HTMLInputElement} */ (form.querySelector(".points-input")).value) ask();
}
