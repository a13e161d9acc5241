/* Drives the app's engine worker from a page, for the tests and benchmarks: evaluated with
   [cases, options], it starts /offline/engine_worker.js, waits until it is ready, judges each
   [session, record] pair in turn and answers {texts, ready_ms, judge_ms: [each call's ms]}. */
async ([cases, options]) => {
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
  const ready = await ask({ op: "ready" });
  if (!ready.ok) throw new Error(ready.error);
  const readyMs = performance.now() - started;
  const texts = [], times = [];
  for (const [session, record] of cases) {
    const asked = performance.now();
    const answer = await ask({ op: "judge", session, record });
    times.push(performance.now() - asked);
    texts.push(answer.ok ? answer.text : "failed: " + answer.error);
  }
  if (!(options && options.keep)) worker.terminate();
  return { texts, ready_ms: readyMs, judge_ms: times };
}
