/* The phone's referee when the server cannot be reached: the server's own engine (the Python
   files of tracker/engine) run unchanged by Pyodide, CPython in WebAssembly, in this module
   worker, so no page waits for it. Everything comes from this server (never a CDN): the
   manifest /offline/engine.json names Pyodide's folder and each engine file with its sha256;
   a file whose bytes do not match is refused and the engine does not start.

   Served at /offline/engine_worker.js with the only CSP of the app that allows WebAssembly
   ('wasm-unsafe-eval'), started as new Worker(url, {type: "module"}).

   Messages in:  {id, op: "judge" | "preview", session: text, record: text}
                                                        (tracker/engine/judge.py)
                 {id, op: "ready"}                                  answered once it has started
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
  return { judge: judge.judge, preview: judge.preview, digest: manifest.digest };
}

const engine = start();
const ops = {
  ready: function (e) { return e.digest; },
  judge: function (e, message) { return e.judge(message.session, message.record); },
  preview: function (e, message) { return e.preview(message.session, message.record); },
};

self.onmessage = async function (event) {
  const message = event.data;
  try {
    const text = ops[message.op](await engine, message);
    self.postMessage({ id: message.id, ok: true, text: text });
  } catch (error) {
    self.postMessage({ id: message.id, ok: false, error: String(error) });
  }
};
