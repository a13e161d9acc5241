// Money as the pages write it from the engine's decimal text (static/money.js).
// tests/present/test_js_same_as_engine.py holds it to the engine's own money_text for many amounts.
import assert from "node:assert/strict";
import { test } from "node:test";

import { money, signed } from "../../static/money.js";

test("pesos with their sign, groups and two decimals", () => {
  assert.equal(money("1234.5", "₱"), "₱1,234.50");
  assert.equal(money("-3", "₱"), "−₱3.00");
  assert.equal(money("1234567.25", "₱"), "₱1,234,567.25");
  assert.equal(money("0.00", "₱"), "₱0.00");
  assert.equal(money("-0.00", "₱"), "₱0.00");
});

test("points in progressive mode, without trailing zeros", () => {
  assert.equal(money("12.00", "pts"), "12 pts");
  assert.equal(money("-2.50", "pts"), "−2.5 pts");
  assert.equal(money("10", "pts"), "10 pts");
});

test("signed: a plus for a gain, none for nothing", () => {
  assert.equal(signed("28", "₱"), "+₱28.00");
  assert.equal(signed("-28", "₱"), "−₱28.00");
  assert.equal(signed("0.00", "₱"), "₱0.00");
});
