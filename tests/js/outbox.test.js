// The outbox's order (static/outbox.js) against a real HTTP server of the test's own: rounds
// confirmed offline are sent one at a time in the order they were confirmed, session by
// session, each with its key and the revision it was judged on; a saved round passes its new
// revision on to the rounds judged after it; a conflict stops that session's queue (kept, for
// the table to answer) but not another session's; a server down keeps them all, to send again.
// IndexedDB is fake-indexeddb's, in memory (Node has none).
import "fake-indexeddb/auto";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { after, before, beforeEach, test } from "node:test";

import { add, answer, entries, flush, judgedOn, keepState } from "../../static/outbox.js";

let server, base, heard, reply;

before(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => { body += chunk; });
    request.on("end", () => {
      const got = { path: request.url, key: request.headers["idempotency-key"],
        seen: request.headers["seen-revision"], number: request.headers["round-number"], record: JSON.parse(body) };
      heard.push(got);
      const [status, answerBody] = reply(got);
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(answerBody));
    });
  });
  await new Promise((ready) => server.listen(0, "127.0.0.1", ready));
  base = `http://127.0.0.1:${server.address().port}`;
});
after(() => server.close());
beforeEach(async () => {
  heard = [];
  for (const entry of await entries()) await answer(entry.key, "drop");
});

function round(token, n, revision) {
  return { token, api: `${base}/api/sessions/${token}/rounds`, record: { n }, base: revision, number: n,
    result: { players: [{ net: "1" }, { net: "-1" }, { net: "0" }] }, ledger: null, draft: null };
}

test("rounds go in the order confirmed, each on the revision the one before it made", async () => {
  let revision = 7;
  reply = () => [201, { revision: ++revision, number: 0 }];
  for (const n of [4, 5, 6]) await add(round("a", n, 7));
  const report = await flush();
  assert.deepEqual(report, { sent: 3, conflicts: 0, failed: false });
  assert.deepEqual(heard.map((h) => [h.record.n, h.seen, h.number]), [[4, "7", "4"], [5, "8", "5"], [6, "9", "6"]]);
  assert.equal(new Set(heard.map((h) => h.key)).size, 3);
  assert.deepEqual(await entries(), []);
});

test("a conflict stops its session's queue and keeps it; another session's rounds still go", async () => {
  reply = (got) => (got.path.includes("/a/") ? [409, { revision: 12, conflict: { now: { number: 9 } } }] : [201, { revision: 3, number: 2 }]);
  await add(round("a", 4, 7));
  await add(round("a", 5, 7));
  await add(round("b", 2, 2));
  const report = await flush();
  assert.deepEqual(report, { sent: 1, conflicts: 1, failed: false });
  assert.deepEqual(heard.map((h) => h.path + " " + h.record.n), ["/api/sessions/a/rounds 4", "/api/sessions/b/rounds 2"]);
  const kept = await entries("a");
  assert.deepEqual(kept.map((e) => [e.number, e.conflict && e.conflict.status]), [[4, 409], [5, null]]);

  // the table keeps it: sent again as the round the server named, after those now there
  await answer(kept[0].key, "keep");
  heard = [];
  reply = () => [201, { revision: 13, number: 9 }];
  await flush();
  assert.deepEqual(heard.map((h) => [h.record.n, h.seen, h.number]), [[4, "12", "9"], [5, "7", "5"]]);
});

test("a server that fails keeps every round, in order, to send again", async () => {
  reply = () => [503, {}];
  await add(round("a", 4, 7));
  await add(round("a", 5, 7));
  const report = await flush();
  assert.deepEqual(report, { sent: 0, conflicts: 0, failed: true });
  assert.deepEqual((await entries()).map((e) => e.number), [4, 5]);
});

test("a round is judged on the kept session and the rounds waiting after it", async () => {
  await keepState({ token: "c", revision: 3, next_number: 4, ledger: { pot: "0" },
    state: { players: ["Ana", "Ben", "Cris"], records: [{ n: 1 }, { n: 2 }, { n: 3 }] } });
  reply = () => [503, {}];
  await add(Object.assign(round("c", 4, 3), { ledger: { pot: "5" } }));
  const view = await judgedOn("c");
  assert.deepEqual(view.session.records.map((r) => r.n), [1, 2, 3, 4]);
  assert.equal(view.number, 5);
  assert.deepEqual(view.ledger, { pot: "5" });
});
