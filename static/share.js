/* Share the settle-up (templates/_share.html): the text the server wrote in the reader's
   language (present/share.py) goes to the phone's share sheet (navigator.share); where there is
   none, to the clipboard, saying "Copied"; where that fails too, it is selected in its box for
   the reader to copy. Listens on the document, so a settle-up live.js puts in later works too.
   Without JavaScript the Share button stays hidden and the box is there to copy by hand. */
import { t } from "./words.js";

export function start() {
  document.documentElement.classList.add("share-js");  // shows the Share buttons (app.css)

  function say(box, text) {
    var line = box.querySelector("[data-share-said]");
    if (line) line.textContent = text;
  }
  function byHand(box, area) {
    area.focus();
    area.select();
    say(box, t("Select the text above and copy it"));
  }
  function copy(box, area) {
    var clip = navigator.clipboard;
    if (!clip || typeof clip.writeText !== "function") { byHand(box, area); return; }
    clip.writeText(area.value).then(function () { say(box, t("Copied")); },
      function () { byHand(box, area); });
  }

  document.addEventListener("click", function (event) {
    var button = /** @type {Element} */ (event.target).closest("[data-share-button]");
    var box = button && button.closest("[data-share]");
    var area = /** @type {HTMLTextAreaElement | null} */ (box && box.querySelector("[data-share-text]"));
    if (!area) return;
    say(box, "");
    if (typeof navigator.share !== "function") { copy(box, area); return; }
    navigator.share({ text: area.value }).catch(function (error) {
      if (error && error.name === "AbortError") return;  // the reader closed the share sheet
      copy(box, area);  // refused (no share target, not allowed here): the clipboard instead
    });
  });
}
