/* The phone's referee when the server cannot be reached: the server's own engine (the Python
   files of tracker/engine) run unchanged by Pyodide, CPython in WebAssembly, in this module
   worker, so no page waits for it. Everything comes from this server (never a CDN): the
   manifest /offline/engine.json names Pyodide's folder and each engine file with its sha256;
   a file whose bytes do not match is refused and the engine does not start.

   Its answers are in the language each message names (the page's, <html lang>): English is
   the engine's own; for another language of the manifest's "languages" it fetches, once and
   checked the same way, the server's own speech module (tracker/present/speech.py) and that
   language's compiled catalogue, and says every sentence of the answer with them, as the
   server says it (Babel's number signs come in the manifest). A language whose words cannot
   be had (offline, never fetched) is answered in English, and asked for again next time.

   Served at /offline/engine_worker.js with the only CSP of the app that allows WebAssembly
   ('wasm-unsafe-eval'), started as new SharedWorker(url, {type: "module", extendedLifetime:
   true}) where the browser has shared workers (the engine, started once, outlives the page that
   started it, so the next page judges at once), else as new Worker(url, {type: "module"}).

   Messages in:  {id, op: "judge" | "preview", session: text, record: text, lang}
                 {id, op: "preview_form", session: text, fields: text, lang}
                                                        (tracker/engine/judge.py)
                 {id, op: "ready", lang}     answered once it has started (and fetched lang's words)
   Messages out: {id, ok: true, text} or {id, ok: false, error}
*/
const HOME = "/home/pyodide/";

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), function (b) { return b.toString(16).padStart(2, "0"); }).join("");
}

async function checked(url, sha256) {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(url + ": " + answer.status);
  const bytes = new Uint8Array(await answer.arrayBuffer());
  const digest = hex(await crypto.subtle.digest("SHA-256", bytes));
  if (digest !== sha256) throw new Error(url + ": not the server's file (sha256 " + digest + ")");
  return bytes;
}

async function start() {
  const manifest = await (await fetch("/offline/engine.json")).json();
  const names = Object.keys(manifest.files);
  const files = await Promise.all(names.map(function (name) {
    return checked(manifest.engine + name, manifest.files[name]);
  }));
  const pyodide = await import(manifest.pyodide + "pyodide.mjs");
  const py = await pyodide.loadPyodide({ indexURL: manifest.pyodide });
  py.FS.mkdirTree(HOME + "tracker/engine");
  py.FS.writeFile(HOME + "tracker/__init__.py", "");  // the server's imports Flask: not here
  names.forEach(function (name, i) { py.FS.writeFile(HOME + "tracker/" + name, files[i]); });
  py.runPython("import sys\nsys.path.insert(0, '" + HOME + "')");
  const judge = py.pyimport("tracker.engine.judge");
  return { judge: judge.judge, preview: judge.preview, previewForm: judge.preview_form, digest: manifest.digest, py: py, manifest: manifest, voices: {} };
}

/* Promise of the Python `say` for `lang`, or undefined (None to Python; null is not) for the
   engine's own English */
async function words(e, lang) {
  const language = lang && Object.prototype.hasOwnProperty.call(e.manifest.languages || {}, lang) ? e.manifest.languages[lang] : null;
  if (!language) return undefined;
  if (!e.voices[lang]) {
    e.voices[lang] = voiceOf(e, language);
    e.voices[lang].catch(function (error) {  // offline, or refused: English, asked again next time
      console.warn("words of " + lang + ": " + error);
      delete e.voices[lang];
    });
  }
  return e.voices[lang].catch(function () { return undefined; });
}

async function voiceOf(e, language) {
  const speech = Object.keys(e.manifest.speech)[0];
  const [module, catalogue] = await Promise.all([
    checked(e.manifest.engine + speech, e.manifest.speech[speech]),
    checked(e.manifest.engine + language.catalogue, language.sha256),
  ]);
  const path = HOME + "tracker/" + language.catalogue;
  e.py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  e.py.FS.mkdirTree(HOME + "tracker/present");
  e.py.FS.writeFile(HOME + "tracker/present/__init__.py", "");  // the package: only speech.py of it here
  e.py.FS.writeFile(HOME + "tracker/" + speech, module);
  e.py.FS.writeFile(path, catalogue);
  return e.py.pyimport("tracker.present.speech").phone_voice(path, JSON.stringify(language.signs));
}

const engine = start();
const ops = {
  ready: function (e) { return e.digest; },
  judge: function (e, message, say) { return e.judge(message.session, message.record, say); },
  preview: function (e, message, say) { return e.preview(message.session, message.record, say); },
  preview_form: function (e, message, say) { return e.previewForm(message.session, message.fields, say); },
};

async function answer(message, to) {
  try {
    const e = await engine;
    const text = ops[message.op](e, message, await words(e, message.lang));
    to.postMessage({ id: message.id, ok: true, text: text });
  } catch (error) {
    to.postMessage({ id: message.id, ok: false, error: String(error) });
  }
}

// a dedicated worker (one page), or a shared one: every page of the app that connects, the
// engine started once and kept while the table goes from page to page
/** @type {DedicatedWorkerGlobalScope & SharedWorkerGlobalScope} either, typed for TypeScript */
const scope = /** @type {any} */ (self);
scope.onmessage = function (event) { answer(event.data, scope); };
scope.onconnect = function (event) {
  const port = event.ports[0];
  port.onmessage = function (e) { answer(e.data, port); };
};
