/* The round-entry front end of both entry pages, one phone for all (round.js) and a phone per
   seat (seat.js): the card picker (picker.js) for the seat being entered, that seat's chips, its
   status line, and the hand they edit. A hand is the draft's form of a seat (docs/API.md):
   melds ({cards, secret}), the cards in hand and the flags. What is wrong, what a seat may be
   offered and whether a meld may be laid face down come from the server's preview of the seat
   (`view`: sessions.seat_views, the same on both pages); nothing here decides a rule.
     create({jokers, slot, chips, onChange(hand), onNext()}) -> {picker,
       show(hand, look), setNext(which)}; look: {name, view, held, keys, clash, problem,
       sayBurnt} (`held`: the hand `view` was made for; `clash`: {card: names} the server found
       twice; `sayBurnt`: the status line says when the engine finds the seat sunog)
     keys(hands, me, jokers, names): the picker's keys for seat `me` (null: one
       phone enters every seat, a card entered anywhere cannot be tapped again)
     hands: blank, read, wire, same, cards, fromFields, toFields */
import * as Cards from "../cards.js";
import * as Picker from "./picker.js";
import { FLAGS, HEADER } from "./shape.js";
import { t, tn } from "../words.js";

/** @typedef {{melds: {cards: string[], secret: boolean}[], hand: string[], [flag: string]: any}} Hand */
/* a hand's flags (shape.js: the engine's list), each as `pick` says from `from` */
function flags(into, pick) { FLAGS.forEach(function (flag) { into[flag] = pick(flag); }); return into; }
/** @returns {Hand} */
function blank() { return flags({ melds: [], hand: [] }, function () { return false; }); }
function list(value) { return Array.isArray(value) ? value.slice() : Cards.tokens(value); }
/* the draft's form of a hand (a meld: a list of cards or {cards, secret}) as the page holds it */
function read(hand) {
  var h = hand || {};
  return flags({
    melds: (h.melds || []).map(function (m) {
      var obj = m && typeof m === "object" && !Array.isArray(m);
      return { cards: list(obj ? m.cards : m), secret: !!(obj && m.secret === true) };
    }),
    hand: list(h.hand || [])
  }, function (flag) { return !!h[flag]; });
}
/* what the draft stores: a secret meld is {"cards": [...], "secret": true} */
function wire(hand) {
  return flags({
    melds: hand.melds.map(function (m) { return m.secret ? { cards: m.cards.slice(), secret: true } : m.cards.slice(); }),
    hand: hand.hand.slice()
  }, function (flag) { return !!hand[flag]; });
}
function same(a, b) { return !!a && !!b && JSON.stringify(wire(a)) === JSON.stringify(wire(b)); }
function cards(hand) {
  return hand.melds.reduce(function (all, m) { return all.concat(m.cards); }, hand.hand.slice());
}
/* the one-phone form's two fields ("7S 7D 7C | *8S 8H 8D 8C", "2C 3D"; * marks a secret meld) */
function fromFields(melds, hand) {
  var h = blank();
  h.melds = Cards.chunks(melds).map(function (text) {
    return { cards: Cards.tokens(text.replace(/\*/g, " ")), secret: /^\s*\*/.test(text) };
  }).filter(function (m) { return m.cards.length; });
  h.hand = Cards.tokens(hand);
  return h;
}
function toFields(hand) {
  return {
    melds: hand.melds.map(function (m) { return (m.secret ? "*" : "") + m.cards.join(" "); }).join(" | "),
    hand: hand.hand.join(" ")
  };
}
/* take out the card at `index` of meld `where` (a number) or of the hand ("hand"); a meld
   changed is no longer secret (its cards must be checked again), an emptied one goes */
function remove(hand, where, index) {
  if (where === "hand") { hand.hand.splice(index, 1); return; }
  var meld = hand.melds[where];
  if (!meld) return;
  meld.cards.splice(index, 1);
  meld.secret = false;
  if (!meld.cards.length) hand.melds.splice(where, 1);
}

/* the one-phone form's values (name -> text: "" for a choice not made, "y" for a ticked flag)
   of a round's `header` and its `hands` (this module's form of a hand), as the draft holds
   them; a header without a dealer takes `dealer` */
export function formValues(header, hands, dealer) {
  var values = {};
  HEADER.forEach(function (key) { values[key] = header[key] === null || header[key] === undefined ? "" : String(header[key]); });
  if (!values.dealer) values.dealer = dealer;
  hands.forEach(function (hand, seat) {
    var text = toFields(hand);
    values["melds_" + seat] = text.melds;
    values["hand_" + seat] = text.hand;
    FLAGS.forEach(function (f) { values[f + "_" + seat] = hand[f] ? "y" : ""; });
  });
  return values;
}

export function keys(hands, me, jokers, names) {
  var used = {}, taken = {}, jk = 0;
  hands.forEach(function (hand, seat) {
    cards(hand).forEach(function (c) {
      if (c === "JK") jk += 1;
      else if (me === null || seat === me) used[c] = true;
      else taken[c] = taken[c] ? taken[c] + t(" and ") + names[seat] : names[seat];
    });
  });
  return { used: used, taken: taken, jokersLeft: jokers - jk };
}

function upper(text) { return text.charAt(0).toUpperCase() + text.slice(1); }
function element(tag, cls, text) {
  var el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text) el.textContent = text;
  return el;
}
function cardButton(card, where, index) {
  var b = element("button", "cc", Cards.pretty(card));
  b.type = "button";
  b.setAttribute("data-chip-card", card);
  b.setAttribute("data-where", where);
  b.setAttribute("data-index", index);
  b.setAttribute("aria-label", t("Take out {card}", { card: Cards.pretty(card) }));
  return b;
}
/* a space between the parts of a chip, so that its text reads "7♠ 7♦ 7♣" */
function spaced(parent, child) {
  if (parent.childNodes.length) parent.appendChild(document.createTextNode(" "));
  parent.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
}
function where(hand, card) {
  var index = hand.hand.indexOf(card);
  if (index >= 0) return ["hand", index];
  for (var k = 0; k < hand.melds.length; k += 1) {
    if (hand.melds[k].cards.indexOf(card) >= 0) return [k, hand.melds[k].cards.indexOf(card)];
  }
  return null;
}

/* the server's word on meld k, while it holds that very meld */
function meldView(hand, look, k) {
  var held = look.held && look.held.melds[k], view = look.view && look.view.melds[k];
  var mine = hand.melds[k];
  return held && view && held.secret === mine.secret && held.cards.join() === mine.cards.join() ? view : null;
}

/* The chips: a card the server found in another hand first (the row scrolls sideways: these
   must show, and a Secret toggle too), then each meld (green, or red with ✗ and the engine's word in the status line),
   then the cards in hand. Every card is a button that takes it out again; a meld the engine
   says may be laid face down carries its Secret toggle. */
function drawChips(box, hand, look) {
  box.textContent = "";
  Object.keys(look.clash || {}).forEach(function (card) {
    var at = where(hand, card);
    if (!at) return;
    var c = element("span", "chip bad clash");
    c.appendChild(cardButton(card, at[0], at[1]));
    spaced(c, element("small", "", alsoIn(look.clash[card])));
    box.appendChild(c);
  });
  hand.melds.forEach(function (m, k) {
    var view = meldView(hand, look, k);
    var c = element("span", "chip" + (view ? (view.ok ? " ok" : " bad") : ""));
    m.cards.forEach(function (card, i) { spaced(c, cardButton(card, k, i)); });
    if (view && !view.ok) spaced(c, "\u2717");
    if (m.secret || (view && view.ok && view.may_be_secret)) {
      var s = element("button", "btn secret", m.secret ? t("Secret \u2713") : t("Secret?"));
      s.type = "button";
      s.setAttribute("aria-pressed", m.secret ? "true" : "false");
      s.setAttribute("data-secret", k);
      spaced(c, s);
    }
    box.appendChild(c);
  });
  if (hand.hand.length) {
    var open = element("span", "chip open");
    hand.hand.forEach(function (card, i) { spaced(open, cardButton(card, "hand", i)); });
    box.appendChild(open);
  }
  box.scrollLeft = Object.keys(look.clash || {}).length ? 0 : box.scrollWidth;  // the newest in view
  // a Secret toggle in view before either: it is tapped here or nowhere, however long the row
  var secret = box.querySelector(".secret");
  if (secret) {
    var row = box.getBoundingClientRect(), at = secret.getBoundingClientRect();
    if (at.right > row.right) box.scrollLeft += at.right - row.right;
    else if (at.left < row.left) box.scrollLeft -= row.left - at.left;
  }
}

/* A card another seat entered too (`who`: their names): one name and several are two
   sentences, because a language may say them differently (Filipino: ni Ben, nina Ana at Ben). */
function alsoIn(who) {
  return who.length === 1 ? t("also in {name}'s hand", { name: who[0] }) : t("also in the hands of {names}", { names: who.join(t(" and ")) });
}
function clashLine(card, who) {
  var shown = Cards.pretty(card);
  if (who.length === 1) return t("{card} is also in {name}'s hand: one of you must fix it.", { card: shown, name: who[0] });
  return t("{card} is also in the hands of {names}: one of you must fix it.", { card: shown, names: who.join(t(" and ")) });
}

/* The status line: what is wrong first (a card twice, a hand or meld the engine refuses, the
   seat's first problem in the preview), then a meld being tapped, then the hand's figures. */
function statusOf(hand, look) {
  var v = same(look.held, hand) ? look.view : null, clash = Object.keys(look.clash || {})[0];
  if (clash) return [clashLine(clash, look.clash[clash]), "bad"];
  if (v && v.hand_error) return [upper(Cards.prettyText(v.hand_error)), "bad"];
  var bad = v ? v.melds.filter(function (m) { return !m.ok && m.message; })[0] : null;
  if (bad) return [upper(Cards.prettyText(bad.message)), "bad"];
  if (look.problem) return [upper(Cards.prettyText(look.problem)), "bad"];
  var n = hand.hand.length;
  if (v && v.open && v.open.ok) return [t("{n} cards make a {kind}: Meld \u2713 lays it down", { n: n, kind: t(v.open.kind) }), "ok"];
  if (!n && !hand.melds.length) return [t("Tap a meld, then Meld \u2713; then the cards left"), ""];
  var words = n ? tn("{n} card in hand", "{n} cards in hand", n) : t("No cards in hand");
  if (v && typeof v.deadwood === "number") words += " \u00b7 " + t("deadwood {n}", { n: v.deadwood });
  var found = v && v.hand_melds ? v.hand_melds : [];  // melds the engine finds in the hand
  if (found.length) words += " \u00b7 " + tn("{melds} counts as a meld", "{melds} count as melds", found.length, { melds: Cards.prettyText(found.join(" | ")) });
  if (v && v.sunog && look.sayBurnt) words += " \u00b7 " + t("Sunog");
  return [words, ""];
}

export function create(opts) {
  var hand = blank(), look = {};
  var picker = Picker.create({ jokers: opts.jokers, onCard: onCard, onAct: onAct });
  opts.slot.appendChild(picker.element);

  function changed() { opts.onChange(hand); }
  function onCard(card) { hand.hand.push(card); changed(); }
  function onAct(act) {
    if (act === "next") { opts.onNext(); return; }
    if (act === "meld") {
      if (!hand.hand.length) { picker.setStatus(t("Tap the cards of the meld first, then Meld \u2713"), "bad"); return; }
      hand.melds.push({ cards: hand.hand, secret: false });
      hand.hand = [];
    } else if (hand.hand.length) {  // undo: the last card tapped
      hand.hand.pop();
    } else if (hand.melds.length) {  // undo with nothing in hand: the last meld comes back, less its last card
      hand.hand = hand.melds.pop().cards;
      hand.hand.pop();
    } else return;
    changed();
  }
  opts.chips.addEventListener("click", function (e) {
    var s = /** @type {Element} */ (e.target).closest("[data-secret]"), b = /** @type {Element} */ (e.target).closest("[data-chip-card]");
    if (s) {
      var meld = hand.melds[parseInt(s.getAttribute("data-secret"), 10)];
      if (meld) { meld.secret = !meld.secret; changed(); }
    } else if (b) {
      var at = b.getAttribute("data-where");
      remove(hand, at === "hand" ? "hand" : parseInt(at, 10), parseInt(b.getAttribute("data-index"), 10));
      changed();
    }
  });

  function show(h, l) {
    hand = h;
    look = l;
    picker.setLabel(t("Cards for {name}", { name: l.name }));
    picker.setKeys({ used: l.keys.used, taken: l.keys.taken, jokersLeft: l.keys.jokersLeft, clash: l.clash || {} });
    drawChips(opts.chips, hand, look);
    var v = same(look.held, hand) ? look.view : null, badMeld = hand.melds.some(function (m, k) { var mv = meldView(hand, look, k); return mv && !mv.ok; });
    picker.setMeld(v && v.open && v.open.ok ? "ok" : !hand.hand.length && badMeld ? "bad" : "");
    var status = statusOf(hand, look);
    picker.setStatus(status[0], status[1]);
  }
  return { picker: picker, show: show, setNext: picker.setNext };
}

/** A hand's forms: the draft's, the page's, the one-phone form's fields */
export const hands = { blank: blank, read: read, wire: wire, same: same, cards: cards, fromFields: fromFields, toFields: toFields };
