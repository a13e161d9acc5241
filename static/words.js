/* The words the scripts write, in the reader's language (every page loads this first). The
   server renders them (present/js_words.py) as <script type="application/json" class="words">
   blocks, keyed by the English text with blanks written {name}; a page without them (English)
   keeps the English itself. */
(function () {
  "use strict";
  var SAID = {};
  document.querySelectorAll("script.words").forEach(function (el) {
    try { Object.assign(SAID, JSON.parse(el.textContent) || {}); } catch (e) { /* English */ }
  });
  function fill(text, values) {
    Object.keys(values || {}).forEach(function (k) { text = text.split("{" + k + "}").join(values[k]); });
    return text;
  }
  function t(text, values) { return fill(SAID[text] || text, values); }
  /* a count's words, {n} filled in: the reader's language gives the text of each of its plural
     categories under the English plural (present/js_words.py), chosen by the browser's
     Intl.PluralRules for the page's language; English chooses between `one` and `other` */
  var PLURAL = (function () {
    try { return new Intl.PluralRules(document.documentElement.lang || "en"); } catch (e) { return null; }
  })();
  function tn(one, other, n, values) {
    var forms = SAID[other], all = { n: n };
    Object.keys(values || {}).forEach(function (k) { all[k] = values[k]; });
    var said = forms && typeof forms === "object" ? forms[PLURAL ? PLURAL.select(n) : "other"] : null;
    return fill(said || (n === 1 ? one : other), all);
  }
  window.TongitsWords = { t: t, tn: tn };
})();
