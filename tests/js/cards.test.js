// The card notation as the pages read and show it (static/cards.js): `node --test tests/js/`.
import assert from "node:assert/strict";
import { test } from "node:test";

import { chunks, norm, pretty, prettyText, tokens } from "../../static/cards.js";

test("a typed card comes back in the canonical notation", () => {
  assert.deepEqual(["7s", "7♠", "th", "T♥", "10d", "joker", "Jk", "qC"].map(norm),
    ["7S", "7S", "10H", "10H", "10D", "JK", "JK", "QC"]);
});

test("a token that is no card is left for the engine to refuse, upper-cased", () => {
  assert.deepEqual(["1S", "XX", "7"].map(norm), ["1S", "XX", "7"]);
});

test("a field is split into cards as the engine splits it", () => {
  assert.deepEqual(tokens("7s, 8s 9S|10♠;JK"), ["7S", "8S", "9S", "10S", "JK"]);
  assert.deepEqual(tokens(""), []);
  assert.deepEqual(tokens(null), []);
});

test("a melds field is split into melds", () => {
  assert.deepEqual(chunks("7S 7D 7C | *8S 8H 8D\n 2C 3C 4C ;"), ["7S 7D 7C", "*8S 8H 8D", "2C 3C 4C"]);
});

test("cards are shown with their suit symbols, in a card and in a sentence", () => {
  assert.equal(pretty("10H"), "10♥");
  assert.equal(pretty("JK"), "JK");
  assert.equal(prettyText("7S is in two hands; so is KD"), "7♠ is in two hands; so is K♦");
  assert.equal(prettyText("7SS and AS7 are not cards"), "7SS and AS7 are not cards");
});
