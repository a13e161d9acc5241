/* The seat page's words (seat.js), in the reader's language when the page has them
   (words.js; present/js_words.py lists them for the server). */
import { t } from "../words.js";

export const WORDS = {
  byWhom: "By whom?",
  lastCard: "Last card drawn by",
  noCards: "no cards yet",
  done: "\u2713 Done", agreed: "\u2713 Agreed",
  start: "Tap your cards \u00b7 Meld \u2713 each meld \u00b7 Done \u2713 at the end",
  lastOne: "Everyone else is done: Done \u2713 when your cards are in.",
  stale: {
    version: "A hand or the header changed after you looked: here is the new verdict. Check it, then Agree again.",
    revision: "A round was saved or changed meanwhile: here is the new verdict. Check it, then Agree again."
  },
  waiting: {
    one: "Your cards are in. Waiting for {name} to tap Done.",
    many: "Your cards are in. Waiting for {names} to tap Done."
  },
  fix: "Before anyone can agree: {message}",
  agreeNow: "Check the verdict, then Agree.",
  youAgreed: { one: "You agreed. Waiting for {name}.", many: "You agreed. Waiting for {names}." },
  alone: "One Agree saves the round for everyone.",
  saving: "Saving\u2026",
  offline: "Offline \u00b7 your taps will be sent", sending: "Sending\u2026",
  offlineReview: "This phone is offline: what the others did is not known here until it is back.",
  agreeKept: "Offline: your Agree is kept and will be sent when the network is back.",
  agree: "Agree \u2713", agreeWaits: "Agree \u2713 \u00b7 waiting for the network",
  pot: "Pot {amount}",
  cardsChanged: "{name}'s cards changed: {before} \u2192 {after}", handChanged: "{name} changed their hand",
  paysWas: "{payer} pays {payee} {amount}, was {was}",
  headerBy: "{name} changed how the round ended", aloneBy: "turned on by {name}, for this round",
  and: " and "
};
(function said(words) {  // in the reader's language
  Object.keys(words).forEach(function (k) {
    if (typeof words[k] === "object") said(words[k]);
    else words[k] = t(words[k]);
  });
})(WORDS);
