/* The phone's own store (IndexedDB), shared by the pages and the service worker (both import
   this module): the snapshot of each session the phone keeps to judge offline, and the outbox of
   rounds confirmed while the server could not be reached.

   An outbox entry: {key (its Idempotency-Key), token, seq (order of confirming), record (as the
   API takes it), base (the session revision it was judged on), number, headline, result,
   ledger (the in-phone engine's answer), draft (the round draft's `changed` the page last
   saw, sent as Draft-Changed: the server clears that draft with the save), at, conflict (the
   server's 409, or null)}.
   A kept session (store `states`): GET /s/<token>/offline.json as it came, with its `ledger`
   moved on by each round sent from here.

   flush() sends each session's entries in order, one at a time under a Web Lock (a page and
   the service worker never send at once), to POST /api/sessions/<token>/rounds with the
   entry's Idempotency-Key (a copy sent twice is saved once), Seen-Revision: its base,
   Round-Number: the number it was judged as, Judged-Nets: each player's net as judged, and
   Draft-Changed: the draft it came from. A saved round passes its new revision on to the
   entries judged after it on the same base.
   A conflict stops that session's queue until the table answers (keep or drop): nothing is
   dropped and no money is merged without the table. The report says whether a send failed
   (no answer, 5xx, 429): the pages then try again with a backoff (offline.js), the service
   worker on Background Sync where the browser has it. */
var DB = "tongits", VERSION = 1, LOCK = "tongits-outbox";

function open() {
  return new Promise(function (resolve, reject) {
    var ask = globalThis.indexedDB.open(DB, VERSION);
    ask.onupgradeneeded = function () {
      var db = ask.result;
      db.createObjectStore("outbox", { keyPath: "key" });
      db.createObjectStore("states", { keyPath: "token" });
    };
    ask.onsuccess = function () { resolve(ask.result); };
    ask.onerror = function () { reject(ask.error); };
  });
}

function run(store, mode, work) {
  return open().then(function (db) {
    return new Promise(function (resolve, reject) {
      var tx = db.transaction(store, mode), result;
      tx.oncomplete = function () { db.close(); resolve(result); };
      tx.onerror = tx.onabort = function () { db.close(); reject(tx.error); };
      var ask = work(tx.objectStore(store));
      if (ask) ask.onsuccess = function () { result = ask.result; };
    });
  });
}

export function entries(token) {
  return run("outbox", "readonly", function (s) { return s.getAll(); }).then(function (all) {
    return all.filter(function (e) { return !token || e.token === token; })
      .sort(function (a, b) { return a.seq - b.seq; });
  });
}
function put(entry) { return run("outbox", "readwrite", function (s) { return s.put(entry); }); }
function remove(key) { return run("outbox", "readwrite", function (s) { return s.delete(key); }); }
export function keepState(state) { return run("states", "readwrite", function (s) { return s.put(state); }); }
export function state(token) { return run("states", "readonly", function (s) { return s.get(token); }); }

function newKey() {
  if (globalThis.crypto && globalThis.crypto.randomUUID) return globalThis.crypto.randomUUID();
  var bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
}

/* A round confirmed offline, after those already waiting */
export function add(entry) {
  return entries().then(function (all) {
    var last = all.length ? all[all.length - 1].seq : 0;
    entry.key = entry.key || newKey();
    entry.seq = Math.max(last + 1, Date.now());
    entry.at = new Date().toISOString();
    entry.conflict = null;
    return put(entry).then(function () { return entry; });
  });
}

/* What the phone judges a new round on: the server's rounds it last saw, then its own
   rounds waiting in the outbox, in order. `view` is what its pages show of the session now:
   the engine's ledger after all of them (the next dealer, the pot, the balances), the next
   round's number and the rounds waiting, provisional */
export function judgedOn(token) {
  return Promise.all([state(token), entries(token)]).then(function (got) {
    var kept = got[0], waiting = got[1];
    if (!kept) return null;
    var records = kept.state.records.concat(waiting.map(function (e) { return e.record; }));
    var last = waiting.length ? waiting[waiting.length - 1].ledger : kept.ledger;
    return { kept: kept, waiting: waiting, session: Object.assign({}, kept.state, { records: records }),
      number: kept.next_number + waiting.length, ledger: last || null };
  });
}

/* A send that hears nothing for SEND_MS is given up (a Wi-Fi up with no way to the server
   would otherwise hold the queue for minutes): the key makes the next copy safe */
var SEND_MS = 15000;
function send(entry, seen) {
  var headers = { "Content-Type": "application/json", "Accept": "application/json",
    "Idempotency-Key": entry.key, "Seen-Revision": String(seen), "Round-Number": String(entry.number) };
  if (entry.draft != null) headers["Draft-Changed"] = String(entry.draft);
  // the money as judged here: rounds changed meanwhile that leave it so are no conflict
  if (entry.result && !entry.conflict) headers["Judged-Nets"] = entry.result.players.map(function (p) { return p.net; }).join(",");
  var stop = globalThis.AbortController ? new globalThis.AbortController() : null;
  var late = stop && setTimeout(function () { stop.abort(); }, SEND_MS);
  return globalThis.fetch(entry.api, {
    method: "POST", credentials: "same-origin", cache: "no-store", headers: headers,
    body: JSON.stringify(entry.record), signal: stop ? stop.signal : undefined,
  }).then(function (r) {
    clearTimeout(late);
    return r.json().catch(function () { return {}; }).then(function (body) { return { status: r.status, body: body }; });
  }, function (error) { clearTimeout(late); throw error; });
}

/* the kept session now holds the round the server saved: the next judged offline follow it */
function saved(entry, body) {
  return state(entry.token).then(function (kept) {
    if (!kept || body.revision == null || body.number !== kept.next_number) return null;
    kept.state.records.push(entry.record);
    kept.revision = body.revision;
    kept.next_number = body.number + 1;
    kept.ledger = entry.ledger;  // the engine's, after this very round: the server's too
    return keepState(kept);
  });
}

/* One session's queue, in order, till it is empty, a conflict, or the network fails */
function flushSession(queue, report) {
  if (!queue.length) return Promise.resolve();
  var entry = queue.shift();
  if (entry.conflict) return Promise.resolve();  // the table answers first
  return send(entry, entry.base).then(function (answer) {
    if (answer.status === 200 || answer.status === 201) {
      report.sent += 1;
      var revision = answer.body.revision;
      var moved = revision == null ? [] : queue.filter(function (e) { return e.base === entry.base; });
      moved.forEach(function (e) { e.base = revision; });
      return Promise.all(moved.map(put)).then(function () { return remove(entry.key); })
        .then(function () { return saved(entry, answer.body); })
        .then(function () { return flushSession(queue, report); });
    }
    if (answer.status >= 500 || answer.status === 429) {  // busy or down: sent again later
      report.failed = true;
      return null;
    }
    entry.conflict = { status: answer.status, body: answer.body };
    report.conflicts += 1;
    return put(entry);
  });
}

function flushAll() {
  var report = { sent: 0, conflicts: 0, failed: false };
  return entries().then(function (all) {
    var tokens = [];
    all.forEach(function (e) { if (tokens.indexOf(e.token) === -1) tokens.push(e.token); });
    return tokens.reduce(function (done, token) {
      return done.then(function () {
        return flushSession(all.filter(function (e) { return e.token === token; }), report);
      });
    }, Promise.resolve());
  }).then(function () { return report; }, function () {  // offline: later
    report.failed = true;
    return report;
  });
}

export function flush() {
  var locks = globalThis.navigator && globalThis.navigator.locks;
  if (!locks) return flushAll();
  return locks.request(LOCK, flushAll);
}

/* The table's answer to a conflict: "keep" sends it again as a round after those now on the
   server (at the revision the server named), "drop" takes it out of the outbox */
export function answer(key, choice) {
  return entries().then(function (all) {
    var entry = all.filter(function (e) { return e.key === key; })[0];
    if (!entry) return null;
    if (choice === "drop") return remove(key);
    var body = (entry.conflict && entry.conflict.body) || {};
    if (body.revision != null) entry.base = body.revision;
    if (body.conflict) entry.number = body.conflict.now.number;  // as the table saw it now
    entry.conflict = null;
    return put(entry);
  });
}

