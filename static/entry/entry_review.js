/* Round entry, one screen: the review step and the live bar (used by round.js).
   The review step stands where the picker was: the engine's verdict (or what is left to fix),
   the flags and the dealer, with Confirm in the fixed bar at the bottom of the screen. */
import { prettyText } from "../cards.js";
import { t, tn } from "../words.js";

function upper(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

export function create(form, options) {
  var body = document.body;
  var save = /** @type {HTMLButtonElement} */ (document.getElementById("save"));
  var reviewed = /** @type {HTMLInputElement} */ (document.getElementById("reviewed"));
  var preview = document.getElementById("preview");
  var panel = document.createElement("section");
  panel.className = "review";
  panel.id = "review-step";
  panel.setAttribute("aria-label", t("Review the round"));
  panel.hidden = true;
  // what the server said on the last POST (expired form, conflict, PIN), then what is left
  ["#err-form", "#conflict", ".pin-ask", "#err-summary"].forEach(function (sel) {
    var el = form.querySelector(sel);
    if (el) panel.appendChild(el);
  });
  var top = form.querySelector(".review-top");
  if (top) top.remove();  // the preview shows the verdict again, with Confirm in the bar
  var fix = document.createElement("div");
  fix.className = "review-fix";
  fix.setAttribute("aria-live", "polite");
  panel.appendChild(fix);
  // the flags first (they change the verdict: in view as it is read), then the verdict
  var flags = document.createElement("div");
  flags.className = "review-flags";
  form.querySelectorAll(".player .flags").forEach(function (f) { flags.appendChild(f); });
  panel.appendChild(flags);
  panel.appendChild(preview);
  ["dealer-pick", "actions"].forEach(function (cls) {
    var el = form.querySelector("." + cls);
    if (el) panel.appendChild(el);
  });

  /* the bar: one main button while entering; Back and Confirm while reviewing */
  var bar = document.createElement("div");
  bar.className = "livebar";
  var main = document.createElement("button");
  main.type = "button";
  main.className = "btn bar-main";
  main.setAttribute("aria-live", "polite");
  var back = document.createElement("button");
  back.type = "button";
  back.className = "btn bar-back";
  back.textContent = t("\u25c2 Back to cards");
  bar.appendChild(main);
  bar.appendChild(back);
  bar.appendChild(save);
  save.hidden = false;
  save.textContent = t("Confirm \u2713");
  save.disabled = true;
  form.appendChild(bar);
  var mainAction = null;
  main.addEventListener("click", function () { if (mainAction) mainAction(); });
  back.addEventListener("click", function () { close(); });

  function open() {
    body.classList.add("reviewing");
    panel.hidden = false;
    window.scrollTo(0, 0);
    if (options.onToggle) options.onToggle(true);
  }
  function close() {
    body.classList.remove("reviewing");
    panel.hidden = true;
    if (options.onToggle) options.onToggle(false);
  }

  /* a flag is shown to whom the engine offers it (the preview's hands[seat].flags: a draw's
     flag to the caller's opponents, a Tongits flag to the winner …); one already ticked stays in view,
     so its refusal can be seen and undone. `offers`: null until the engine's first answer */
  function refreshFlags(offers) {
    form.querySelectorAll(".flags input[type=checkbox]").forEach(function (box) {
      var el = box.closest("label"), seat = parseInt(el.getAttribute("data-seat"), 10);
      var flag = box.name.replace(/_\d+$/, "");
      var can = !!offers && !!offers[seat] && offers[seat].indexOf(flag) !== -1;
      el.classList.toggle("show", can || box.checked);
    });
  }

  function pending() { save.disabled = true; reviewed.value = ""; preview.classList.add("stale"); fix.classList.add("stale"); }

  function update(answer) {
    fix.textContent = "";
    preview.classList.remove("stale");
    fix.classList.remove("stale");
    var summary = document.getElementById("err-summary");
    if (summary) summary.remove();  // the server's list of the last POST: the live one follows
    if (answer.ok) {
      reviewed.value = answer.review_key;
      preview.innerHTML = answer.verdict_html;
      save.disabled = false;
      return;
    }
    reviewed.value = "";
    preview.textContent = "";
    save.disabled = true;
    if (!answer.errors.length) return;
    var h = document.createElement("p");
    h.className = "fix-head";
    h.textContent = tn("1 thing to fix before saving:", "{n} things to fix before saving:", answer.errors.length);
    var ul = document.createElement("ul");
    answer.errors.forEach(function (e) {
      var li = document.createElement("li");
      li.textContent = upper(prettyText(e.message));
      ul.appendChild(li);
    });
    fix.appendChild(h);
    fix.appendChild(ul);
  }

  /* the bar's words and what a tap on it does; kind: "" | "go" | "fix" */
  function setBar(text, kind, action) {
    main.textContent = text;
    main.className = "btn bar-main" + (kind ? " " + kind : "");
    mainAction = action || null;
    main.setAttribute("aria-disabled", action ? "false" : "true");
  }

  return { element: panel, open: open, close: close, isOpen: function () { return !panel.hidden; },
    update: update, pending: pending, setBar: setBar, refreshFlags: refreshFlags };
}

