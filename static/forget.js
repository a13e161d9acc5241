/* "Forget this phone" (templates/forget.html): asked, it says whether rounds confirmed here wait
   in the outbox (they would be lost); done, it clears what the browser keeps for this site
   itself, where the answer's Clear-Site-Data is not honoured (plain HTTP on a table's Wi-Fi):
   the service worker's caches, the offline copies and outbox (IndexedDB "tongits"), and this
   site's local and session storage. */
import { entries } from "./outbox.js";

export function start() {
  var unsent = document.getElementById("forget-unsent");
  if (unsent && window.indexedDB) {
    entries().then(function (waiting) { unsent.hidden = !waiting.length; }, function () { /* no store */ });
  }
  if (!document.querySelector("[data-forget-now]")) return;
  if (window.caches) {
    caches.keys().then(function (names) { return Promise.all(names.map(function (n) { return caches.delete(n); })); });
  }
  if (window.indexedDB) indexedDB.deleteDatabase("tongits");
  try { localStorage.clear(); sessionStorage.clear(); } catch (e) { /* private mode: nothing kept */ }
}
