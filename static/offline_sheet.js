/* The score sheet (templates/_score_sheet.html) with the rounds waiting in this phone's outbox
   after its saved rows, provisional (offline_view.js shows them, offline): a row group headed
   "Waiting to be sent", each round a row of the engine's own figures as the phone judged it
   (outbox.js: the entry's result, each player's net and the winner, and the ledger after it,
   the running totals), and the Total row the engine's balances after the last of them. Nothing
   here judges or adds up: every figure is the engine's, only written out (money.js). Once the
   outbox is sent they go, and the server's rows come in their place (live.js). */
import { t } from "./words.js";
import { signed } from "./money.js";

/** @param {string} value the engine's decimal text */
function sign(value) {
  return value.charAt(0) === "-" && /[1-9]/.test(value) ? "minus" : /[1-9]/.test(value) ? "plus" : "zero";
}

/** @param {string} tag @param {string} [cls] @param {string} [text] */
function make(tag, cls, text) {
  var el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text) el.textContent = text;
  return el;
}

/* a round's money or a running total, with the words a screen reader says before it */
function amount(cls, value, unit, said, star) {
  var span = make("span", cls + " " + sign(value));
  if (star) span.appendChild(make("span", "", "\u2605")).setAttribute("aria-hidden", "true");
  if (said) span.appendChild(make("span", "sr", said + " "));
  span.appendChild(document.createTextNode(signed(value, unit)));
  return span;
}

/* one waiting round: its number (a link to the box of the rounds not sent yet, above), then
   each player's net, the winner starred, and the balance after it */
function row(entry, striped, unit) {
  var tr = make("tr", striped ? "z" : ""), th = make("th"), go = make("a", "go");
  th.setAttribute("scope", "row");
  go.setAttribute("href", "#unsent");
  go.appendChild(make("span", "", String(entry.number))).setAttribute("aria-hidden", "true");
  go.appendChild(make("span", "sr", t("Round {n}", { n: entry.number }) + " \u00b7 " + t("Waiting to be sent (provisional)")));
  th.appendChild(go);
  tr.appendChild(th);
  entry.result.players.forEach(function (p) {
    var won = p.seat === entry.result.winner, td = make("td", won ? "won" : "");
    td.appendChild(amount("net", String(p.net), unit, won ? t("winner") : "", won));
    td.appendChild(amount("run", String(entry.ledger.balances[p.name]), unit, t("total")));
    tr.appendChild(td);
  });
  return tr;
}

/* the sheet as the server rendered it: its own rows, its Total row, hidden with no rounds */
function clear(sheet) {
  sheet.querySelectorAll("tbody.provisional").forEach(function (body) { body.remove(); });
  sheet.querySelectorAll("tfoot .net").forEach(function (/** @type {HTMLElement} */ net) {
    if (net.dataset.server === undefined) return;
    var was = JSON.parse(net.dataset.server);
    net.textContent = was[0];
    net.className = was[1];
    delete net.dataset.server;
  });
  if (sheet.dataset.hid) sheet.hidden = true;
  delete sheet.dataset.hid;
}

/**
 * The sheet of the ledger part with the waiting rounds of `view` (outbox.js `judgedOn`), or
 * as the server rendered it when `view` is null (nothing waits, or the table decides a
 * conflict first).
 * @param {Element} ledger
 * @param {any} view
 * @param {string} unit
 */
export function show(ledger, view, unit) {
  var sheet = /** @type {HTMLElement | null} */ (ledger.querySelector("#sheet"));
  if (!sheet) return;
  var key = view ? view.waiting.map(function (e) { return e.key + " " + e.number; }).join(",") : "";
  if ((sheet.dataset.shown || "") === key) return;  // as it is shown already
  clear(sheet);
  sheet.dataset.shown = key;
  if (!view) return;
  if (sheet.hidden) { sheet.hidden = false; sheet.dataset.hid = "1"; }
  var body = make("tbody", "provisional"), head = make("tr", "waiting-h");
  var cell = make("th", "", t("Waiting to be sent (provisional)"));
  cell.setAttribute("scope", "rowgroup");
  cell.setAttribute("colspan", String(view.ledger.players.length + 1));
  head.appendChild(cell);
  body.appendChild(head);
  // striped by the round's number, as the server's rows are (templates/_sheet_rows.html)
  view.waiting.forEach(function (entry) { body.appendChild(row(entry, entry.number % 2 === 0, unit)); });
  var table = sheet.querySelector("table.sheet"), foot = table && table.querySelector("tfoot");
  if (!table) return;
  table.insertBefore(body, foot);
  // the Total row: the engine's balances after the last round waiting here
  sheet.querySelectorAll("tfoot td .net").forEach(function (/** @type {HTMLElement} */ net, seat) {
    var value = String(view.ledger.balances[view.ledger.players[seat]]);
    net.dataset.server = JSON.stringify([net.textContent, net.className]);
    net.textContent = signed(value, unit);
    net.className = "net provisional " + sign(value);
  });
}
