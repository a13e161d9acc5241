/* Money as the pages write it (no page needed: tests/js/money.test.js), from the engine's
   exact decimal text ("-1234.5", "28.00"): "−₱1,234.50", or "12 pts" in progressive mode, as
   the engine's money_text writes it (tracker/engine/money.py); tests/present/test_js_money.py
   holds the two to the same text for the same amounts. No arithmetic: the figures are the
   engine's, only written out here. Progressive points are said in the reader's language as
   the server says them ("12 iskor" in Filipino: present/js_words_offline.py). */

import { t } from "./words.js";

/**
 * @param {string | number} amount the engine's decimal text
 * @param {string} unit "₱" (the table's symbol) or "pts"
 */
export function money(amount, unit) {
  let text = String(amount);
  const sign = text.charAt(0) === "-" && /[1-9]/.test(text) ? "\u2212" : "";
  text = text.replace(/^[-+]/, "");
  if (unit === "pts") {
    const number = text.indexOf(".") === -1 ? text : text.replace(/\.?0+$/, "");
    return sign + t("{points} pts", { points: number });
  }
  const parts = text.split("."), whole = parts[0].replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return sign + unit + whole + "." + ((parts[1] || "") + "00").slice(0, 2);
}

/**
 * An amount with its sign: "+₱28.00", "−₱3.00", "₱0.00".
 * @param {string | number} amount
 * @param {string} unit
 */
export function signed(amount, unit) {
  const text = String(amount), zero = !/[1-9]/.test(text);
  return (zero || text.charAt(0) === "-" ? "" : "+") + money(amount, unit);
}
