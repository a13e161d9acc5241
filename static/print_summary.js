/* "Print summary" (templates/session.html #print-summary) with JavaScript: the first print of a
   session's version can take seconds, so the link says "Preparing the PDF…" with a spinner at
   once, fetches the PDF, then navigates to the same URL (now served from the cache) so the
   phone's PDF viewer or download shows it. A 503 (this version printing elsewhere, every print
   slot taken) is asked again after its Retry-After for up to PATIENCE_MS, still "Preparing";
   then, or offline, it is said in plain words under the link, which stays usable. Without
   JavaScript it is a plain link to the PDF. */
import { t } from "./words.js";

export function start() {
  var link = /** @type {HTMLAnchorElement | null} */ (document.getElementById("print-summary"));
  if (!link || !window.fetch) return;
  var line = document.createElement("p");
  line.className = "print-status";
  line.setAttribute("role", "status");
  line.hidden = true;
  link.insertAdjacentElement("afterend", line);
  var busy = false, PATIENCE_MS = 60000;

  function say(text, working) {
    line.textContent = "";
    if (working) {
      var spin = document.createElement("span");
      spin.className = "spinner";
      spin.setAttribute("aria-hidden", "true");
      line.appendChild(spin);
    }
    line.appendChild(document.createTextNode(text));
    line.hidden = false;
  }
  function failed(status) {
    busy = false;
    link.removeAttribute("aria-busy");
    say(status === 503
      ? t("The server is printing other summaries at the moment. Try again in a minute.")
      : status ? t("The PDF could not be printed. Try again.")
               : t("No connection: the PDF could not be fetched. Try again when the phone is back online."), false);
  }
  link.addEventListener("click", function (event) {
    event.preventDefault();
    if (busy) return;
    busy = true;
    link.setAttribute("aria-busy", "true");
    say(t("Preparing the PDF\u2026"), true);
    ask(Date.now() + PATIENCE_MS);
  });

  function ask(until) {
    fetch(link.href, { credentials: "same-origin" }).then(function (answer) {
      var wait = Math.min(Math.max(Number(answer.headers.get("Retry-After")) || 2, 1), 10) * 1000;
      if (answer.status === 503 && Date.now() + wait < until) {
        setTimeout(function () { ask(until); }, wait);
        return undefined;
      }
      if (!answer.ok) return failed(answer.status);
      return answer.blob().then(function () {
        busy = false;
        link.removeAttribute("aria-busy");
        line.hidden = true;
        window.location.href = link.href;
      });
    }, function () { failed(0); });
  }
}
