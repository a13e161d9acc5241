/* A round of the outbox the server did not save as this phone judged it (offline.js shows the
   outbox on the session page): another phone saved or changed rounds meanwhile (409), or the
   server refused it (a PIN asked, a settled session). Both versions are shown, and the table
   answers: keep it (saved after the rounds now on the server, with the server's verdict) or
   drop it. Nothing is merged or dropped without that tap. Both rounds stand side by side:
   each player's cards as the engine read them, and the money, on this phone and on the
   server. */
import { t, tn } from "./words.js";
import { money } from "./money.js";
import { answer } from "./outbox.js";

function line(text, cls) {
  var p = document.createElement("p");
  p.textContent = text;
  if (cls) p.className = cls;
  return p;
}
function button(text, cls, action) {
  var b = document.createElement("button");
  b.type = "button";
  b.className = "btn " + cls;
  b.textContent = text;
  b.addEventListener("click", action);
  return b;
}

/* a player's cards as the engine read them: each meld, then the deadwood */
function cardsOf(p) {
  var melds = (p.melds || []).concat(p.hand_melds || []).map(function (m) { return m.cards.join(" "); });
  var rest = (p.deadwood_cards || []).join(" ");
  return melds.concat(rest ? [rest] : []).join(" | ") || "\u2014";
}
/* both rounds side by side: each player's cards and money on this phone and on the server */
function sideBySide(mine, theirs, unit) {
  var table = document.createElement("table");
  table.className = "side-by-side";
  var head = table.createTHead().insertRow();
  [["", ""], [t("This phone"), mine.label], [t("On the server"), theirs.label]].forEach(function (h) {
    var th = document.createElement("th");
    th.scope = "col";
    th.textContent = h[0];
    if (h[1]) { th.appendChild(document.createElement("br")); th.appendChild(document.createTextNode(h[1])); }
    head.appendChild(th);
  });
  var body = table.createTBody();
  mine.result.players.forEach(function (p, seat) {
    var row = body.insertRow(), name = document.createElement("th");
    name.scope = "row";
    name.textContent = p.name;
    row.appendChild(name);
    [mine.result.players[seat], theirs.result.players[seat]].forEach(function (q) {
      var cell = row.insertCell(), amount = document.createElement("strong");
      cell.textContent = cardsOf(q) + " ";
      amount.textContent = money(q.net, unit);
      cell.appendChild(amount);
    });
  });
  return table;
}

export function show(entry, unit, headline, after) {
  var body = entry.conflict.body || {}, found = body.conflict, box = document.createElement("div");
  box.className = "conflict-box";
  (body.errors || []).forEach(function (e) {
    var said = String(e.message || "");
    box.appendChild(line(said.charAt(0).toUpperCase() + said.slice(1), "err"));
  });
  box.appendChild(line(t("On this phone: round {n} \u00b7 {headline}", { n: entry.number, headline: headline(entry.result, unit) })));
  if (found) {
    var older = (found.since_count || 0) - found.since.length;  // the server names the last ten
    if (older > 0) box.appendChild(line(tn("and {n} more round saved or changed before these", "and {n} more rounds saved or changed before these", older)));
    found.since.forEach(function (r) {
      box.appendChild(line(t("Saved or changed meanwhile on another phone: round {n} \u00b7 {headline}", { n: r.number, headline: headline(r.result, unit) })));
    });
    box.appendChild(line(t("On the server now it would be round {n} \u00b7 {headline}", { n: found.now.number, headline: headline(found.now.result, unit) }), "now"));
    var same = found.since.filter(function (r) { return r.number === entry.number; })[0] || found.since[found.since.length - 1];
    if (same) {
      box.appendChild(sideBySide({ result: entry.result, label: t("Round {n}", { n: entry.number }) },
        { result: same.result, label: t("Round {n}", { n: same.number }) }, unit));
    }
  }
  var keep = found ? t("Save it as round {n}", { n: found.now.number }) : t("Send it again");
  box.appendChild(button(keep, "primary conflict-keep", function () {
    answer(entry.key, "keep").then(after);
  }));
  box.appendChild(button(t("Drop this round"), "conflict-drop", function () {
    if (window.confirm(t("Drop round {n}? Its cards are not kept anywhere else.", { n: entry.number }))) {
      answer(entry.key, "drop").then(after);
    }
  }));
  return box;
}

