/* The card notation as the pages show it (no page needed: tests/js/cards.test.js). A card is
   written "7S", "10H", "JK"; a player may type "7s", "7♠", "T♥" or "joker", which the picker
   writes back canonically so that its keys and chips can follow the text fields. Reading is
   all this does: whether a token is a card at all, and what the cards make, is the engine's
   word (tracker/engine/cards.py parses the same fields on the server and in the phone's
   worker), shown as it says it. */

/** The suits in the picker's order: [letter, symbol, colour class] */
export const SUITS = [["S", "\u2660", "blk"], ["H", "\u2665", "red"], ["D", "\u2666", "red"], ["C", "\u2663", "blk"]];
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
/** @type {Record<string, string>} */
const LETTER_OF = { "\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C" };
/** @type {Record<string, string>} */
const SYMBOL_OF = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const TOKEN = /\b(10|[2-9AJQK])([SHDC])\b/g;  // a card in the canonical notation

/**
 * A typed token in the canonical notation ("7♠" -> "7S", "th" -> "10H", "joker" -> "JK");
 * a token that is no card comes back upper-cased, for the engine to refuse.
 * @param {string} token
 */
export function norm(token) {
  let text = token.toUpperCase();
  if (text === "JOKER") return "JK";
  const last = text.slice(-1);
  if (LETTER_OF[last]) text = text.slice(0, -1) + LETTER_OF[last];
  if (text.charAt(0) === "T" && text.length === 2) text = "10" + text.charAt(1);
  return text;
}

/**
 * A canonical card with its suit symbol: "9S" -> "9♠" ("JK" stays).
 * @param {string} card
 */
export function pretty(card) {
  const suit = SYMBOL_OF[card.slice(-1)];
  return suit && card !== "JK" ? card.slice(0, -1) + suit : card;
}

/**
 * A sentence of the engine's with its cards shown with symbols ("7S is in two hands" -> "7♠ …").
 * @param {unknown} text
 */
export function prettyText(text) {
  return String(text || "").replace(TOKEN, function (all, rank, suit) { return rank + SYMBOL_OF[suit]; });
}

/**
 * The cards of a text field, split as the engine splits them, each in the canonical notation.
 * @param {unknown} text
 */
export function tokens(text) {
  return String(text || "").split(/[\s,|;/]+/).filter(Boolean).map(norm);
}

/**
 * The melds of a melds field ("7S 7D 7C | 8H 9H 10H"): one text per meld.
 * @param {unknown} text
 */
export function chunks(text) {
  return String(text || "").split(/[|;/\n]+/).map(function (c) { return c.trim(); }).filter(Boolean);
}
