/* The entry pages (seat page, one-phone page) keep the phone's screen on while they are open:
   the Screen Wake Lock, asked again each time the page is shown (the browser lets it go when
   the page is hidden). The [data-wake] toggle turns it off on this phone, kept in localStorage;
   a browser without the Wake Lock API shows no toggle and nothing changes. */
export function start() {
  var button = /** @type {HTMLButtonElement | null} */ (document.querySelector("[data-wake]"));
  if (!button || !navigator.wakeLock || !navigator.wakeLock.request) return;
  var KEY = "tongits:wake", lock = null, asking = false;

  function wanted() {
    try { return localStorage.getItem(KEY) !== "off"; } catch (e) { return true; }
  }
  function keep(on) {
    try { if (on) localStorage.removeItem(KEY); else localStorage.setItem(KEY, "off"); } catch (e) { /* private mode: this page only */ }
  }
  function show() { button.setAttribute("aria-pressed", wanted() ? "true" : "false"); }
  function ask() {
    if (!wanted() || document.hidden || lock || asking) return;
    asking = true;
    navigator.wakeLock.request("screen").then(function (got) {
      asking = false;
      lock = got;
      got.addEventListener("release", function () { lock = null; });
      if (!wanted()) release();  // turned off while it was being asked for
    }, function () { asking = false; });  // refused (low battery, not allowed): the screen may sleep
  }
  function release() {
    if (!lock) return;
    var held = lock;
    lock = null;
    held.release().catch(function () {});
  }
  button.hidden = false;
  button.addEventListener("click", function () {
    keep(!wanted());
    if (wanted()) ask(); else release();
    show();
  });
  document.addEventListener("visibilitychange", ask);
  show();
  ask();
}
