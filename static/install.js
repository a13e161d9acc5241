/* The installable app (every page): the service worker at the root scope where the browser
   allows one (HTTPS, or this computer itself); on the plain-HTTP Wi-Fi address, where it does
   not, the page says once that working offline needs the HTTPS setup. */
export function start() {
  if (window.isSecureContext && "serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", { scope: "/", type: "module" }).catch(function () { /* no worker: the pages work as before */ });
    return;
  }
  var note = document.getElementById("offline-note");
  var KEY = "offline-note-shown";
  try {
    if (!note || localStorage.getItem(KEY)) return;
    localStorage.setItem(KEY, "1");
  } catch (e) { return; }
  note.hidden = false;
}
