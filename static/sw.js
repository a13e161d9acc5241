/* The tracker's service worker, at the app's root scope (served by tracker/web/app_shell.py,
   which puts the deploy's version in its first line: a new deploy is a new worker). It makes
   the app installable; it answers no request yet, so every page is the server's own. */
self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });
