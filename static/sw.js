/* The tracker's service worker, at the app's root scope, a module (install.js registers it so). The server (tracker/web/pages/app_shell.py)
   puts before this text the deploy's VERSION and the list of its STATIC files and OFFLINE
   words: a new deploy is a new worker, which takes over at once; the open pages then say
   "Updated · Reload" (offline.js) and judge nothing more with the old engine.

   Pages (navigations): the network first; with no network, the kept copy. Only a page the
   server marks KEEP is kept (the home page, a session's page, its last known ledger with its
   time on it, and its round entry: tracker/web/offline_pages.py), the newest MOST_PAGES of
   them; any other page drops an older copy of itself. "Forget this phone" empties it all.
   Static files: their URLs name their version (STATIC_AT, /static/<version>/: the server's
   tracker/web/static_files.py), kept per deploy, from the cache first. Another version's
   address (or one with none: a page kept by an earlier deploy) asks the server, which
   redirects it to its version; with no network the worker redirects it to its own, so a page
   kept offline still loads its scripts, all of one version. Pyodide and the engine's files:
   their URLs name their version and digest, kept from the cache first across deploys.
   A form posted with no network (a Confirm the page could not send itself) answers a page
   saying it was not saved, never the browser's error page.
   Nothing else is touched: round changes, previews and polls go to the server as they are.
   The outbox (outbox.js) is sent when the worker starts, as on a page load or the online
   event, and on Background Sync ("tongits-outbox", registered by a page whose send failed). */
import { flush } from "/static/outbox.js";

// `self`, typed as the service worker's scope it is (TypeScript's WebWorker library has the
// generic worker's)
/** @type {ServiceWorkerGlobalScope} */
var sw = /** @type {any} */ (self);

var STATIC_CACHE = "static-" + VERSION, PAGES = "pages", ENGINE = "engine";
var KEPT_FOR_GOOD = ["/offline/pyodide/", "/offline/engine/"];
var FRESH_FIRST = ["/offline/engine.json", "/offline/engine_worker.js"];
var KEEP = "Tongits-Keep-Offline", MOST_PAGES = 40;

sw.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC_CACHE).then(function (cache) {
      // each address names its file's bytes: what the browser's HTTP cache holds is the same
      return cache.addAll(STATIC);
    })
      .then(function () { return caches.open(PAGES); })
      .then(function (pages) { return pages.add("/").catch(function () { /* kept on the next visit */ }); })
      .then(function () { return sw.skipWaiting(); })
  );
});

sw.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (n) { return n.indexOf("static-") === 0 && n !== STATIC_CACHE; })
        .map(function (n) { return caches.delete(n); }));
    }).then(dropUnkept).then(function () { return sw.clients.claim(); })
  );
  flush().catch(function () { /* sent by the next page */ });
});

function startsWithAny(path, prefixes) {
  return prefixes.some(function (p) { return path.indexOf(p) === 0; });
}

function fromCacheFirst(request, name) {
  return caches.open(name).then(function (cache) {
    return cache.match(request).then(function (kept) {
      return kept || fetch(request).then(function (answer) {
        if (answer.ok) cache.put(request, answer.clone());
        return answer;
      });
    });
  });
}

/* pages an earlier worker kept that the server does not mark KEEP (a group's page, a recovery
   code shown once) */
function dropUnkept() {
  return caches.open(PAGES).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.map(function (r) {
        return cache.match(r).then(function (kept) { return kept && kept.headers.get(KEEP) === "1" ? null : cache.delete(r); });
      }));
    });
  });
}

/* the newest MOST_PAGES pages (a page kept again is the newest), the home page whatever its age */
function trim(cache) {
  return cache.keys().then(function (requests) {
    var old = requests.filter(function (r) { return new URL(r.url).pathname !== "/"; });
    return Promise.all(old.slice(0, Math.max(0, old.length - MOST_PAGES)).map(function (r) { return cache.delete(r); }));
  });
}

function keep(request, answer, name) {
  var copy = answer.clone();
  return caches.open(name).then(function (cache) {
    if (name !== PAGES) return cache.put(request, copy);
    if (answer.headers.get(KEEP) !== "1") return cache.delete(request);
    return cache.put(request, copy).then(function () { return trim(cache); });
  });
}

function fromNetworkFirst(request, name) {
  return fetch(request).then(function (answer) {
    var html = (answer.headers.get("Content-Type") || "").indexOf("text/html") === 0;
    if (answer.ok && answer.type === "basic" && (html || request.mode !== "navigate")) keep(request, answer, name);  // no PDF
    return answer;
  }, function () {
    return caches.open(name).then(function (cache) {
      // a page is kept whatever language the phone asked it in (the answer says Vary)
      return cache.match(request, { ignoreVary: true }).then(function (kept) {
        return kept || cache.match(request, { ignoreSearch: true, ignoreVary: true });
      });
    }).then(function (kept) {
      if (kept) return kept;
      if (request.mode !== "navigate") return Response.error();
      return new Response(OFFLINE_PAGE, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    });
  });
}

/* a static file of another version, or of none: the server's redirect to its own version;
   with no network, this worker's (its cache holds them) */
function otherStatic(request, path) {
  var parts = path.slice("/static/".length).split("/");
  if (parts.length > 1 && /^[0-9a-f]{16}$/.test(parts[0])) parts.shift();
  return fetch(request).catch(function () { return Response.redirect(STATIC_AT + parts.join("/"), 302); });
}

function notSent(request) {
  return fetch(request).catch(function () {
    return new Response(NOT_SENT_PAGE, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  });
}

sw.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.method === "POST" && request.mode === "navigate") return event.respondWith(notSent(request));
  if (request.method !== "GET") return;
  var path = url.pathname;
  if (startsWithAny(path, KEPT_FOR_GOOD)) return event.respondWith(fromCacheFirst(request, ENGINE));
  if (FRESH_FIRST.indexOf(path) !== -1) return event.respondWith(fromNetworkFirst(request, ENGINE));
  if (path.indexOf(STATIC_AT) === 0) return event.respondWith(fromCacheFirst(request, STATIC_CACHE));
  if (path.indexOf("/static/") === 0) return event.respondWith(otherStatic(request, path));
  if (request.mode === "navigate") return event.respondWith(fromNetworkFirst(request, PAGES));
});

sw.addEventListener("message", function (event) {
  if (event.data === "flush") event.waitUntil(flush());
});

/* the browser's own retry once the network is back, pages open or not; a send that failed
   again fails the sync, so that the browser tries later */
sw.addEventListener("sync", /** @param {ExtendableEvent & {tag: string}} event (SyncEvent) */ function (event) {
  if (event.tag !== "tongits-outbox") return;
  event.waitUntil(flush().then(function (report) {
    if (report && report.failed) throw new Error("not sent yet");
  }));
});
