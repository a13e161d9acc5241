/* What changed on the seat page since this phone agreed (seat.js): the draft's `last_change`
   (docs/API.md) in words, and the draft version at which this tab agreed, kept across reloads.
     changed(last_change, names, WORDS), remembered(key) */
import { pretty } from "../cards.js";
import { fill } from "../words.js";

/* "Ben's cards changed: 9♦ → 8♥ · Ben pays Cris ₱28.00, was ₱29.00"; the amounts are the
   server's texts, written by the presentation layer in the reader's language */
export function changed(change, names, said) {
  var name = names[change.seat], out = change.removed.map(pretty).join(" "), put = change.added.map(pretty).join(" ");
  var text = out || put ? fill(said.cardsChanged, { name: name, before: out || "\u2013", after: put || "\u2013" }) : fill(said.handChanged, { name: name });
  (change.money || []).forEach(function (m) {
    text += " \u00b7 " + fill(said.paysWas, { payer: names[m.from], payee: names[m.to], amount: m.amount_text, was: m.was_text });
  });
  return text;
}
/* a number this tab keeps across reloads (sessionStorage, else in memory), for one round:
   `round` names it (the draft's last saved round), another round reads null */
export function remembered(key) {
  var kept = null;
  try { kept = JSON.parse(sessionStorage.getItem(key) || "null"); } catch (e) { kept = null; }
  return {
    get: function (round) { return kept && kept[0] === round ? kept[1] : null; },
    set: function (n, round) {
      kept = [round, n];
      try { sessionStorage.setItem(key, JSON.stringify(kept)); } catch (e) { /* private mode */ }
    }
  };
}

