/* The page's side of the in-phone referee (static/engine_worker.js: the server's engine under
   Pyodide in a module worker). Nothing is downloaded until the phone opted in ("Keep working
   offline", or the installed app): `wanted()` says whether it did, `start()` starts the worker
   (Pyodide comes from the server, kept by the service worker, and the words of the page's
   language with it), `previewForm(session, fields, lang)` answers the engine's JSON
   (tracker/engine/judge.py `preview_form`: the round the form's fields make, judged, and that
   record) with its sentences in `lang` (by default the page's, <html lang>; English, or a
   language the server has no catalogue for, is the engine's own).

   A page of an older deploy than the service worker's ("Updated · Reload") judges nothing. */
var KEY = "tongits-offline", START_MS = 120000;
var worker = null, ready = null, seq = 0, waiting = {}, stale = false, optedHere = false;

export function wanted() {
  try { if (window.localStorage.getItem(KEY) === "on") return true; } catch (e) { /* private mode */ }
  return optedHere || installed();
}
function installed() {
  return !!(window.matchMedia && window.matchMedia("(display-mode: standalone)").matches);
}
export function optIn() {
  try { window.localStorage.setItem(KEY, "on"); } catch (e) { optedHere = true; }
}

function pageLanguage() {
  return (document.documentElement && document.documentElement.lang) || "en";
}

function call(message) {
  return new Promise(function (resolve, reject) {
    message.id = ++seq;
    waiting[message.id] = { resolve: resolve, reject: reject };
    worker.postMessage(message);
  });
}

/* The engine's worker: shared by the app's pages where the browser can (started once and
   kept alive across a navigation, so the round entry a session page opens judges at once),
   named by this deploy (a page of a new deploy never talks to an old engine); else this
   page's own. `worker` is what messages are posted to. */
var WORKER = "/offline/engine_worker.js", stop = null;
function open() {
  if (window.SharedWorker) {
    var deploy = document.documentElement.getAttribute("data-deploy") || "";
    // extendedLifetime: the worker outlives the page that started it, where the browser can
      var shared = new SharedWorker(WORKER, /** @type {WorkerOptions} */ ({ type: "module", name: "engine " + deploy, extendedLifetime: true }));
    shared.port.start();
    return { port: shared.port, stop: function () { shared.port.close(); } };
  }
  var own = new Worker(WORKER, { type: "module" });
  return { port: own, stop: function () { own.terminate(); } };
}

export function start() {
  if (ready) return ready;
  if (!window.Worker || !window.isSecureContext) return Promise.reject(new Error("no worker here"));
  var made = open();
  worker = made.port;
  stop = made.stop;
  worker.onmessage = function (event) {
    var got = event.data, w = waiting[got.id];
    if (!w) return;
    delete waiting[got.id];
    if (got.ok) w.resolve(got.text); else w.reject(new Error(got.error));
  };
  // a browser that refuses WebAssembly never answers: give up rather than wait for ever
  var late = new Promise(function (resolve, reject) {
    setTimeout(function () { reject(new Error("the engine did not start")); }, START_MS);
  });
  ready = Promise.race([call({ op: "ready", lang: pageLanguage() }), late]);
  ready.catch(function () { ready = null; if (stop) stop(); worker = stop = null; });
  return ready;
}

/* Promise of the engine's answer to `op` of the session and `what` ({record} or {fields}) */
function ask(op, session, what, lang) {
  if (stale) return Promise.reject(new Error("stale"));
  return start().then(function () {
    var message = { op: op, session: JSON.stringify(session), lang: lang || pageLanguage() };
    Object.keys(what).forEach(function (key) { message[key] = JSON.stringify(what[key]); });
    return call(message);
  }).then(function (text) { return JSON.parse(text); });
}

/* a round record judged as the API takes it (benchmarks/offline_outbox.py) */
export function preview(session, record, lang) { return ask("preview", session, { record: record }, lang); }

/* fields: {name: value} of the one-phone form (round_offline.js), read by the engine as the
   server reads the posted form */
export function previewForm(session, fields, lang) { return ask("preview_form", session, { fields: fields }, lang); }

/* a new deploy took over (offline.js): this page's engine is the old one, it judges nothing more */
export function setStale() { stale = true; }
export function isStale() { return stale; }
