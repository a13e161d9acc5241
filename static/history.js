/* The history page's buttons (Undo, Restore, Erase) are plain forms. Offline, a form sent
   would end on the browser's own error page: instead the page says at once that nothing was
   sent and nothing changed, and the button can be tapped again once the phone is back online. */
import { t } from "./words.js";

export function start() {
  var said = document.getElementById("history-said");

  document.addEventListener("submit", function (event) {
    var form = /** @type {Element} */ (event.target);
    if (!form.matches || !form.matches("[data-history] form, .erase form")) return;
    if (navigator.onLine !== false) {
      if (said) said.hidden = true;
      return;
    }
    event.preventDefault();
    if (!said) return;
    said.textContent = t("No connection: nothing was sent and nothing changed. Tap it again when the phone is back online.");
    said.hidden = false;
  });
}
