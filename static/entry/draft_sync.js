/* The round draft kept in step with the server (docs/API.md, "Round draft"): the one draft
   client of every entry page (seat.js writes through it, entry_follow.js follows it for the
   one-phone page). Writes go out one at a time in tap order, each sending the page's latest
   state when it leaves (no tap lost, no older state sent after a newer one), each naming the
   round it was tapped on (Draft-Began); an answer older than the draft shown is ignored. Polls
   (If-None-Match, docs/API.md "How often to poll"): every FAST ms for QUIET ms after a change
   seen, SLOW otherwise, AGREED while this phone waits for the others' Agree, never while the
   page is hidden; with the session's event stream open (stream.js, Pushpin in front) it brings
   the draft or says when to read it, and a poll each LIVE ms makes sure. */
import { watch } from "../stream.js";

var FAST = 500, SLOW = 1000, QUIET = 20000, AGREED = 300, RETRY = 1000, TRIES = 5, LIVE = 60000;
// ms between two writes of the hand: a tap after a quiet while leaves at once, a burst's taps go
// together (at once with Done, Agree, the page hidden); other phones see them within a second
var GAP = 600;

/** How many rounds the session had saved when the server sent this draft (0: none yet).
    @param {{last_saved?: {number: number} | null}} d */
export function savedOf(d) { return d.last_saved ? d.last_saved.number : 0; }

export function create(options) {
  var url = options.url, draft = null, etag = null, baseSaved = null;
  var queue = [], afterWrites = [], sending = null, polling = false, timer = null, lastChange = Date.now(), hurry = false;
  var failing = 0;  // polls failed in a row (network error, 5xx): back off 2, 4, 8, 15 s
  var again = false;  // a change was announced while a poll was out: read once more after it
  // what the page says of the line: the server unreachable at the last try (a network error,
  // not an HTTP answer), a write out for longer than SLOW_SEND ms, an Agree kept for later
  var reachable = true, sentAt = 0, slowTimer = null, agreeKept = false;
  var SLOW_SEND = 600;
  function notify() { if (options.onState) options.onState(); }
  function reached(yes) {
    if (reachable === yes) return;
    reachable = yes;
    notify();
  }

  function newer(d) {
    return !draft || d.version > draft.version || (d.version === draft.version && d.revision >= draft.revision);
  }
  function accept(d, tag) {
    if (!newer(d)) return;
    if (tag && tag !== etag) lastChange = Date.now();
    draft = d;
    if (tag) etag = tag;
    var saved = savedOf(d);
    if (baseSaved === null) baseSaved = saved;
    options.onDraft(d);
    if (saved > baseSaved) roundSaved(saved);
  }
  /**
   * One request of the draft's API: its status, its body (null when it was no JSON) and ETag.
   * @returns {Promise<{status: number, body?: any, tag?: string | null}>}
   */
  function call(method, tail, body, ifMatch, began) {
    /** @type {RequestInit & {headers: Record<string, string>}} */
    var init = { method: method, credentials: "same-origin", cache: "no-store",
      headers: { "Accept": "application/json" } };
    if (method !== "GET") init.keepalive = true;  // a tap made just before a reload still lands
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    if (method === "GET" && etag) init.headers["If-None-Match"] = etag;
    if (ifMatch !== undefined) init.headers["If-Match"] = '"' + ifMatch + '"';
    if (began !== undefined && began !== null) init.headers["Draft-Began"] = String(began);  // the round it was made on
    return fetch(url + tail, init).then(function (r) {
      reached(true);
      if (r.status === 304) return { status: 304 };
      return r.json().then(function (b) { return { status: r.status, body: b, tag: r.headers.get("ETag") }; },
        function () { return { status: r.status, body: null }; });
    });
  }
  /* a 503 (the database out of reach, the server busy) or 429 saved nothing, and a proxy's
     502 or 504 says the app did not answer: not a refusal of what was tapped, which is sent
     again (a write sets the seat's hand, so one that was stored after all is stored once) */
  function notNow(answer) { return [429, 502, 503, 504].indexOf(answer.status) >= 0; }
  function locked(answer) {
    if (answer.status === 401 || answer.status === 403) { options.onLocked(); return true; }
    return false;
  }

  /* writes */
  /* a write names the round it was made on (the draft's began.at when tapped; a later tap
     folded into it keeps the first's): one made before a clear or a save elsewhere is refused */
  function write(key, make) {
    lastChange = Date.now();
    var last = queue[queue.length - 1];  // only the last: a later write must stay later
    if (last && last.key === key) { last.make = make; return; }
    queue.push({ key: key, make: make, began: draft && draft.began ? draft.began.at : null });
    pump();
  }
  /* the round was cleared or saved since this write was tapped: it and the writes queued on
     that round are dropped (the page offers its taps back: options.onGone), the draft read */
  function gone(op) {
    queue = queue.filter(function (other) { return other.began !== op.began; });
    if (options.onGone) options.onGone(op.key, op.began);
    return poll(true);
  }
  var handAt = 0, held = 0, flushing = false;
  function flush() { flushing = true; pump(); flushing = false; }
  function pump() {
    if (sending || !queue.length) return;
    var wait = handAt + GAP - Date.now();
    if (!flushing && queue.length === 1 && queue[0].key === "hand" && wait > 0) {
      clearTimeout(held);
      held = setTimeout(pump, wait);
      return;
    }
    if (queue[0].key === "hand") handAt = Date.now();
    sending = queue.shift();
    sentAt = Date.now();
    clearTimeout(slowTimer);
    slowTimer = setTimeout(notify, SLOW_SEND);  // "Sending…" only when it takes a while
    var op = sending;
    if (op.key === "header" && !draft) {
      // the header is replaced whole: one made before this phone has read the server's
      // would wipe what another phone set (an ending tapped there), so read it first
      sending = null;
      clearTimeout(slowTimer);
      queue.unshift(op);
      poll(true).then(function () { setTimeout(pump, draft ? 0 : RETRY); });
      return;
    }
    var req = op.make();
    call(req[0], req[1], req[2], req[3], op.began).then(function (answer) {
      if (locked(answer)) return;
      if (notNow(answer)) {  // the server could not take it now: the same write again soon
        queue.unshift(op);
        return new Promise(function (ok) { setTimeout(ok, RETRY); });
      }
      if (answer.status === 200 || answer.status === 201) accept(answer.body, answer.tag);
      else if (answer.status === 409 && answer.body && (answer.body.errors || [{}])[0].where === "began") return gone(op);
      else if (answer.status === 409 && (op.tries = (op.tries || 0) + 1) <= TRIES) {
        // another phone moved first: read the draft, then send ours again (made afresh)
        queue.unshift(op);
        return poll(true);
      } else if (answer.body) options.onError(answer.body.errors || []);
    }, function () {
      queue.unshift(op);  // offline or the server restarting: the same write again soon
      reached(false);
      return new Promise(function (ok) { setTimeout(ok, RETRY); });
    }).then(function () {
      sending = null;
      clearTimeout(slowTimer);
      pump();
      if (!queue.length) { options.onIdle(); notify(); }
      if (idle()) afterWrites.splice(0).forEach(function (go) { go(); });
    });
  }
  function idle() { return !sending && !queue.length; }
  function busy(key) {
    if (sending && sending.key === key) return true;
    for (var i = 0; i < queue.length; i++) if (queue[i].key === key) return true;
    return false;
  }
  /* an Agree leaves after the writes tapped before it (tap order): "One phone confirms for
     all" ticked, then Agree at once, must reach the server in that order, or the Agree counts
     for this seat alone and the round waits for the others */
  function written() {
    flush();
    return new Promise(function (go) { if (idle()) go(); else afterWrites.push(go); });
  }
  /* An Agree that cannot reach the server is kept and sent again when the network is back
     (an Agree repeated is safe: the round is saved once, docs/API.md); `agreeKept` says so
     meanwhile. It is kept in this tab too: a page reloaded before it went sends it then
     (`resume()`, for seat.js). */
  var KEPT = "seat-agree:" + url;
  var finished = false;  // the round this page showed was saved: nothing of it is kept for later
  function keep(value) {
    if (value && finished) return;
    try {
      if (value) sessionStorage.setItem(KEPT, JSON.stringify(value)); else sessionStorage.removeItem(KEPT);
    } catch (e) { /* private mode: this page only */ }
  }
  function kept() {
    try { return JSON.parse(sessionStorage.getItem(KEPT) || "null"); } catch (e) { return null; }
  }
  /* the Agree kept for this seat that is still to be sent, once the first read of the draft is
     in (or failed: offline, it is sent when the network is back): none when the round it was
     for has been saved since (its answer lost, or one phone confirmed for all), for an Agree
     sent again then answers that old round, and the page would leave for its ledger */
  function resume(seat) {
    var k = kept();
    if (!k || k.seat !== seat) return null;
    if (draft && k.saved !== undefined && savedOf(draft) !== k.saved) { keep(null); return null; }
    return k;
  }
  /* the page's round is saved: the ledger next; an Agree of it kept for later is done with */
  function roundSaved(number) {
    finished = true;
    keep(null);
    options.onSaved(number);
  }
  function agree(seat, version, revision) {
    // the rounds saved before the one agreed to (from the kept Agree when the draft is unread)
    var saved = draft ? savedOf(draft) : (kept() || {}).saved;
    function attempt() {
      return written().then(function () {
        return call("POST", "/seats/" + seat + "/agree", { version: version, revision: revision });
      }).then(function (answer) {
        if (notNow(answer)) throw new Error("not now");  // kept and sent again, as offline
        return answer;
      }).then(null, function () {
        reached(false);
        if (!agreeKept) { agreeKept = true; keep({ seat: seat, version: version, revision: revision, saved: saved }); notify(); }
        return back().then(attempt);
      });
    }
    return attempt().then(function (answer) {
      keep(null);
      if (agreeKept) { agreeKept = false; notify(); }
      if (locked(answer)) return answer;
      if (answer.status === 200 || answer.status === 201) accept(answer.body, answer.tag);
      if (answer.status === 201 && !finished) roundSaved(answer.body.saved.number);
      return answer;
    });
  }

  /* the network back: at the "online" event, or after a while when the phone says it is online
     (the server itself may be the one away) */
  function back() {
    return new Promise(function (go) {
      var timer = setTimeout(done, navigator.onLine ? RETRY * 2 : 30000);
      function done() { clearTimeout(timer); window.removeEventListener("online", done); go(); }
      window.addEventListener("online", done);
    });
  }

  /* polling */
  function poll(force) {
    if (polling || (document.hidden && !force)) return Promise.resolve();
    polling = true;
    return call("GET", "").then(function (answer) {
      failing = answer.status >= 500 ? failing + 1 : 0;
      if (answer.status === 200) accept(answer.body, answer.tag);
    }, function () { failing += 1; reached(false); }).then(function () {
      polling = false;
      if (again) { again = false; return poll(true); }
    });
  }
  /* an event: nothing to read when it names the draft this page shows (this phone's own
     write); the draft's answer when it carries one (the English answer: a page in English
     takes it as it is); else a read */
  function heard(data) {
    if (draft && data.draft === draft.version && (data.revision === undefined || data.revision === draft.revision)) return;
    if (data.answer && data.tag && document.documentElement.lang === "en") accept(data.answer, '"' + data.tag + '"');
    else if (polling) again = true;
    else poll(true).then(schedule);
  }
  var stream = options.events ? watch(options.events, heard) : null;
  function schedule() {
    clearTimeout(timer);
    if (document.hidden) return;
    var wait = hurry ? AGREED : Date.now() - lastChange < QUIET ? FAST : SLOW;
    if (stream && stream.live()) wait = LIVE;
    if (failing) wait = Math.min(15000, 1000 * Math.pow(2, failing));
    timer = setTimeout(function () { poll().then(schedule); }, wait);
  }
  /* a reload or leaving the page while a write is on its way: the writes still waiting for
     it are kept in this tab and sent, in order, when the page is back (the one on its way
     lands: keepalive) */
  var PARKED = "seat-sync:" + url;
  function park() {
    flush();  // a hand held for its burst leaves now (keepalive); the rest waits in the tab
    if (!queue.length) return;
    var requests = queue.map(function (op) { return { r: op.make(), b: op.began }; });
    queue = [];
    try { sessionStorage.setItem(PARKED, JSON.stringify(requests)); } catch (e) { /* private mode: lost */ }
  }
  function unpark() {
    var requests = [];
    try {
      requests = JSON.parse(sessionStorage.getItem(PARKED) || "[]");
      sessionStorage.removeItem(PARKED);
    } catch (e) { requests = []; }
    requests.forEach(function (parked, i) {
      var request = Array.isArray(parked) ? parked : parked.r;
      queue.push({ key: "parked-" + i, make: function () { return request; }, began: Array.isArray(parked) ? null : parked.b });
    });
    pump();
  }
  window.addEventListener("pagehide", park);
  window.addEventListener("pageshow", function (event) { if (event.persisted) unpark(); });

  function wake() { if (document.hidden) flush(); else poll(true).then(schedule); }
  document.addEventListener("visibilitychange", wake);
  window.addEventListener("pageshow", wake);
  window.addEventListener("online", function () { wake(); pump(); notify(); });
  window.addEventListener("offline", notify);

  return {
    start: function () { unpark(); return poll(true).then(schedule); },
    refresh: function () { return poll(true); },
    draft: function () { return draft; },
    busy: busy,
    idle: idle,
    /* where the line stands: offline (the phone says so, or the server did not answer the
       last try), sending (a write out for a while or waiting), an Agree kept for later */
    state: function () {
      return { offline: !navigator.onLine || !reachable, agreeKept: agreeKept,
        sending: !idle() && Date.now() - sentAt >= SLOW_SEND };
    },
    write: write,
    agree: agree,
    resume: resume,
    hurry: function (on) {
      if (hurry === !!on) return;
      hurry = !!on;
      if (hurry) schedule();  // the slower timer running now would be too late
    }
  };
}
