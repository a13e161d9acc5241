/* The words the scripts write, in the reader's language. The server renders them
   (present/js_words.py) as <script type="application/json" class="words"> blocks, keyed by the
   English text with blanks written {name}; a page without them (English) keeps the English
   itself. They are read at the first word asked for (module scripts run once the page is
   parsed, every block in it); where there is no page (Node's tests) the words are English. */

/** @type {Record<string, string | Record<string, string>> | null} */
let said = null;
/** @type {Intl.PluralRules | null} */
let plural = null;

function read() {
  if (said) return said;
  said = {};
  const page = typeof document === "undefined" ? null : document;
  if (page) {
    page.querySelectorAll("script.words").forEach(function (el) {
      try { Object.assign(said, JSON.parse(el.textContent || "") || {}); } catch { /* English */ }
    });
  }
  try { plural = new Intl.PluralRules((page && page.documentElement.lang) || "en"); } catch { plural = null; }
  return said;
}

/**
 * A text with its blanks ({name}) filled in.
 * @param {string} text
 * @param {Record<string, string | number>} [values]
 */
export function fill(text, values) {
  Object.keys(values || {}).forEach(function (k) { text = text.split("{" + k + "}").join(String(values[k])); });
  return text;
}

/**
 * The English `text` in the reader's language, its blanks filled in.
 * @param {string} text
 * @param {Record<string, string | number>} [values]
 */
export function t(text, values) {
  const got = read()[text];
  return fill(typeof got === "string" ? got : text, values);
}

/**
 * A count's words, {n} filled in: the reader's language gives the text of each of its plural
 * categories under the English plural (present/js_words.py), chosen by the browser's
 * Intl.PluralRules for the page's language; English chooses between `one` and `other`.
 * @param {string} one
 * @param {string} other
 * @param {number} n
 * @param {Record<string, string | number>} [values]
 */
export function tn(one, other, n, values) {
  const forms = read()[other];
  /** @type {Record<string, string | number>} */
  const all = Object.assign({ n: n }, values || {});
  const text = forms && typeof forms === "object" ? forms[plural ? plural.select(n) : "other"] : null;
  return fill(text || (n === 1 ? one : other), all);
}
