/* Drives the app's engine worker from a page, for the tests and benchmarks: evaluated with
   [cases, options], it starts /offline/engine_worker.js, waits until it is ready (with the
   words of the first of options.langs, if any), asks options.op ("judge", the default, or
   "preview") of each [session, record] pair in turn and answers {texts, ready_ms, judge_ms:
   [each call's ms]}. With options.langs, each pair is asked in each of those languages (null:
   a message naming none) and texts is {lang: [texts]}; options.keep leaves the worker running. */
async ([cases, options]) => {
  options = options || {};
  const started = performance.now();
  const worker = new Worker("/offline/engine_worker.js", { type: "module" });
  const waiting = new Map();
  let next = 0;
  worker.onmessage = (event) => waiting.get(event.data.id)(event.data);
  const ask = (message) => new Promise((done, fail) => {
    message.id = ++next;
    waiting.set(message.id, done);
    worker.onerror = (event) => fail(new Error("worker: " + event.message));
    worker.postMessage(message);
  });
  const langs = options.langs || [undefined];
  const ready = await ask({ op: "ready", lang: langs[0] });
  if (!ready.ok) throw new Error(ready.error);
  const readyMs = performance.now() - started;
  const texts = {}, times = [];
  for (const lang of langs) {
    const said = (texts[String(lang)] = []);
    for (const [session, record] of cases) {
      const asked = performance.now();
      const answer = await ask({ op: options.op || "judge", session, record, lang });
      times.push(performance.now() - asked);
      said.push(answer.ok ? answer.text : "failed: " + answer.error);
    }
  }
  if (!options.keep) worker.terminate();
  return { texts: options.langs ? texts : texts["undefined"], ready_ms: readyMs, judge_ms: times };
}
