/* The Undo beside a round this phone just saved (templates/session.html #undo-saved): offered
   for data-seconds seconds, a bar shrinking to nothing under it (the seconds left are in the
   button's name, for a screen reader), then
   hidden (the round stays saved; History can still undo it while it is the last change).
   Without JavaScript the form stays until the next page. A tap sends it once. */
export function start() {
  var form = document.getElementById("undo-saved");
  if (!form) return;
  var seconds = parseInt(form.getAttribute("data-seconds"), 10) || 10;
  var count = /** @type {HTMLElement} */ (form.querySelector("[data-count]"));
  var bar = /** @type {HTMLElement} */ (form.querySelector("[data-bar]"));
  var button = form.querySelector("button");
  var ends = Date.now() + seconds * 1000, timer = null, sent = false;

  function gone() {
    if (timer) clearInterval(timer);
    if (!sent) form.hidden = true;
  }
  function tick() {
    var left = Math.ceil((ends - Date.now()) / 1000);
    if (left <= 0) return gone();
    count.textContent = "· " + left;
  }
  count.hidden = false;
  bar.hidden = false;
  bar.style.transitionDuration = seconds + "s";
  tick();
  timer = setInterval(tick, 250);
  // the bar shrinks from full to nothing over the seconds offered (app.css .undo-bar)
  requestAnimationFrame(function () { requestAnimationFrame(function () { bar.classList.add("running"); }); });
  form.addEventListener("submit", function (event) {
    if (sent) { event.preventDefault(); return; }
    sent = true;
    if (timer) clearInterval(timer);
    button.setAttribute("aria-disabled", "true");
  });
  // Back to this page from the browser's cache: the offer was for then, not now
  window.addEventListener("pageshow", function (event) { if (event.persisted) { sent = false; gone(); } });
}
