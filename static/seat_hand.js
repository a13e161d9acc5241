/* One seat's hand on the seat page (seat.js): the hand as the page holds it (each meld with its
   secret mark, the cards in hand, the flags), its form in the draft's JSON, and its chips: every
   entered card is a button that takes that card out again, and a meld the engine says may be
   laid face down carries its Secret toggle. What may be offered comes from the server's preview
   (`preview.seats`, docs/API.md); nothing here decides a rule.
     TongitsSeatHand.blank(), read(draft hand), wire(hand), same(a, b), cards(hand),
       remove(hand, where, index), chips(container, hand, {clash, problems, melds, seat}),
       listen(container, onRemove(where, index), onSecret(meld)), words(hand, seen, WORDS),
       money("1234.50", unit), changed(last_change, names, WORDS, unit), remembered(key) */
(function () {
  "use strict";
  var Cards = window.TongitsCards, t = window.TongitsWords.t;

  function blank() { return { melds: [], hand: [], challenged: false, kang: false, no_discard: false }; }
  function list(value) { return Array.isArray(value) ? value.slice() : Cards.tokens(value); }
  /* the draft's form of a hand (a meld: a list of cards or {cards, secret}) as the page holds it */
  function read(hand) {
    var h = hand || {};
    return {
      melds: (h.melds || []).map(function (m) {
        var obj = m && typeof m === "object" && !Array.isArray(m);
        return { cards: list(obj ? m.cards : m), secret: !!(obj && m.secret === true) };
      }),
      hand: list(h.hand || []), challenged: !!h.challenged, kang: !!h.kang, no_discard: !!h.no_discard
    };
  }
  /* what the draft stores (docs/API.md: a secret meld is {"cards": [...], "secret": true}) */
  function wire(hand) {
    return {
      melds: hand.melds.map(function (m) { return m.secret ? { cards: m.cards.slice(), secret: true } : m.cards.slice(); }),
      hand: hand.hand.slice(), challenged: hand.challenged, kang: hand.kang, no_discard: hand.no_discard
    };
  }
  function same(a, b) { return JSON.stringify(wire(a)) === JSON.stringify(wire(b)); }
  function cards(hand) {
    return hand.melds.reduce(function (all, m) { return all.concat(m.cards); }, hand.hand.slice());
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

  function cardButton(card, where, index) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "cc";
    b.textContent = Cards.pretty(card);
    b.setAttribute("data-chip-card", card);
    b.setAttribute("data-where", where);
    b.setAttribute("data-index", index);
    b.setAttribute("aria-label", t("Take out {card}", { card: Cards.pretty(card) }));
    return b;
  }
  /* a space between the buttons of a chip, so that its text reads "7♠ 7♦ 7♣" */
  function spaced(parent, child) {
    if (parent.childNodes.length) parent.appendChild(document.createTextNode(" "));
    parent.appendChild(child);
  }
  function chip(cls) {
    var c = document.createElement("span");
    c.className = "chip " + cls;
    return c;
  }
  /* The chips: the clashing cards first (the row scrolls sideways: these must show), then each
     meld (green, or red with the engine's word in the status line), then the cards in hand.
     opts.melds[k]: the server's view of meld k ({ok, secret, may_be_secret}) or null when the
     server does not have that meld yet (a tap still on its way). */
  function chips(box, hand, opts) {
    box.textContent = "";
    Object.keys(opts.clash).forEach(function (card) {
      var c = chip("bad clash"), where = "hand", index = hand.hand.indexOf(card);
      hand.melds.forEach(function (m, k) { if (index < 0 && m.cards.indexOf(card) >= 0) { where = k; index = m.cards.indexOf(card); } });
      c.appendChild(cardButton(card, where, index));
      var note = document.createElement("small");
      note.textContent = t("also in {names}'s hand", { names: opts.clash[card] });
      spaced(c, note);
      box.appendChild(c);
    });
    hand.melds.forEach(function (m, k) {
      var view = opts.melds[k], bad = !!opts.problems["hands[" + opts.seat + "].melds[" + k + "]"];
      var c = chip(bad ? "bad" : "ok");
      m.cards.forEach(function (card, i) { spaced(c, cardButton(card, k, i)); });
      if (m.secret || (view && view.ok && view.may_be_secret)) {
        var s = document.createElement("button");
        s.type = "button";
        s.className = "btn secret";
        s.textContent = m.secret ? t("Secret \u2713") : t("Secret?");
        s.setAttribute("aria-pressed", m.secret ? "true" : "false");
        s.setAttribute("data-secret", k);
        spaced(c, s);
      }
      box.appendChild(c);
    });
    if (hand.hand.length) {
      var open = chip("open");
      hand.hand.forEach(function (card, i) { spaced(open, cardButton(card, "hand", i)); });
      box.appendChild(open);
    }
  }
  function listen(box, onRemove, onSecret) {
    box.addEventListener("click", function (e) {
      var s = e.target.closest("[data-secret]");
      if (s) { onSecret(parseInt(s.getAttribute("data-secret"), 10)); return; }
      var b = e.target.closest("[data-chip-card]");
      if (!b) return;
      var where = b.getAttribute("data-where");
      onRemove(where === "hand" ? "hand" : parseInt(where, 10), parseInt(b.getAttribute("data-index"), 10));
    });
  }

  /* "3 cards in hand · deadwood 12 · Sunog": the count, and the engine's figures while the
     server has exactly these cards (`seen.same`; `seen.view`: preview.seats[seat]) */
  function words(hand, seen, said) {
    var n = hand.hand.length, v = seen.view;
    if (!n && !hand.melds.length) return "";
    var text = n ? window.TongitsWords.tn("1 card in hand", "{n} cards in hand", n) : said.noHand;
    if (n && seen.same && v && typeof v.deadwood === "number") text += " \u00b7 " + said.deadwood.replace("{n}", v.deadwood);
    if (seen.same && v && v.sunog) text += " \u00b7 " + said.sunog;
    return text;
  }
  /* an amount of the JSON ("1234.50") as the pages write it: ₱1,234.50, or 12 pts */
  function money(text, unit) {
    var parts = String(text).split("."), whole = parts[0].replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    if (unit === "pts") return whole + (parts[1] && parts[1] !== "00" ? "." + parts[1] : "") + " pts";
    return unit + whole + (parts[1] ? "." + parts[1] : "");
  }

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (m, k) { return values[k] !== undefined ? values[k] : m; });
  }
  /* "Ben's cards changed: 9♦ → 8♥ · Ben pays Cris ₱28.00, was ₱29.00": the draft's
     `last_change` (docs/API.md) in words */
  function changed(change, names, said, unit) {
    var name = names[change.seat], out = change.removed.map(Cards.pretty).join(" "), put = change.added.map(Cards.pretty).join(" ");
    var text = out || put ? fill(said.cardsChanged, { name: name, before: out || "\u2013", after: put || "\u2013" }) : fill(said.handChanged, { name: name });
    (change.money || []).forEach(function (m) {
      text += " \u00b7 " + fill(said.paysWas, { payer: names[m.from], payee: names[m.to], amount: money(m.amount, unit), was: money(m.was, unit) });
    });
    return text;
  }
  /* a number this tab keeps across reloads (sessionStorage, else in memory), for one round:
     `round` names it (the draft's last saved round), another round reads null */
  function remembered(key) {
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

  window.TongitsSeatHand = { words: words, money: money, changed: changed, remembered: remembered, blank: blank, read: read, wire: wire, same: same, cards: cards,
    remove: remove, chips: chips, listen: listen };
})();
