/* "Keep working offline" fetching the referee (offline.js): each file the engine's worker asks
   for first (the manifest's `parts`), fetched here one after another through the service
   worker, which keeps it (the worker then finds it kept). Shown as the bytes come: a bar and
   "2.1 MB of 6.5 MB" (the bytes on the wire, as the offer's size counts them), and the file
   waited on once no byte came for STALL_MS. */
import { t } from "./words.js";

var STALL_MS = 4000;

/**
 * @param {{ bytes: number, parts?: { url: string, bytes: number, size: number }[] }} manifest
 * @param {HTMLProgressElement} bar
 * @param {Element} line
 * @returns {Promise<void>} once every file came (rejected when one could not be fetched)
 */
export function fetchParts(manifest, bar, line) {
  var parts = manifest.parts || [], total = manifest.bytes;
  var got = parts.map(function () { return 0; }), at = 0, last = Date.now(), stalled = false;
  function mb(bytes) { return (bytes / 1e6).toFixed(1); }
  function show() {
    var done = got.reduce(function (sum, n) { return sum + n; }, 0);
    bar.value = done;
    var text = t("{done} MB of {total} MB", { done: mb(done), total: mb(total) });
    if (stalled && at < parts.length) text += " \u00b7 " + t("Waiting for {file}\u2026", { file: parts[at].url.split("/").pop() });
    line.textContent = text;
  }
  var watch = setInterval(function () {
    if (!stalled && Date.now() - last >= STALL_MS) { stalled = true; show(); }
  }, 500);
  bar.max = total;
  bar.hidden = false;
  show();
  /** @param {number} i */
  function one(i) {
    if (i >= parts.length) return Promise.resolve();
    var part = parts[i];
    at = i;
    return fetch(part.url, { credentials: "same-origin" }).then(function (answer) {
      if (!answer.ok || !answer.body) throw new Error(part.url + ": " + answer.status);
      var reader = answer.body.getReader(), read = 0;
      function pump() {
        return reader.read().then(function (step) {
          last = Date.now();
          stalled = false;
          if (step.done) { got[i] = part.bytes; show(); return undefined; }
          read += step.value.length;  // the bytes as read; counted as their share of the wire's
          got[i] = Math.min(part.bytes, part.bytes * read / Math.max(part.size, 1));
          show();
          return pump();
        });
      }
      return pump();
    }).then(function () { return one(i + 1); });
  }
  function end() { clearInterval(watch); bar.hidden = true; }
  return one(0).then(end, function (error) { end(); throw error; });
}
