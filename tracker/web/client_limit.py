"""At most a few requests of one client address at once in a worker (CLIENT_AT_ONCE; 0, the
default, for none): one more is answered 429 with Retry-After at once, before Flask, so that a
client sending many requests together cannot take every thread from the other tables. On a
public server behind a proxy, TRUST_PROXY must name it (the address is then the phone's, as
for the PIN limits). The seat page sends a write answered 429 again; the one-phone page keeps
its taps and says they are not sent yet.

The files a page is made of are not counted: its scripts, styles and icons, the service
worker and manifest, Pyodide and the engine's files. A phone asks for a dozen of them at once
(all together over HTTP/2), and refusing them left the page without its scripts and the
service worker unregistered; they are files read, not work done for the client.
"""

from __future__ import annotations

import json
import threading

from werkzeug.wsgi import ClosingIterator

RETRY_AFTER = "1"  # second
FILES = ("/static/", "/offline/pyodide/", "/offline/engine/")  # a page's files, by their prefix
ROOT_FILES = ("/sw.js", "/manifest.webmanifest", "/offline/engine_worker.js")
MESSAGE = "too many requests at once from this address: try again in a second"


class ClientLimit:
    """WSGI middleware: `app.wsgi_app = ClientLimit(app.wsgi_app, most)`."""

    def __init__(self, wsgi_app, most: int):
        self.wsgi_app, self.most = wsgi_app, most
        self._counts: dict[str, int] = {}
        self._lock = threading.Lock()

    def __call__(self, environ, start_response):
        return self.counted(self.wsgi_app, environ, start_response)

    def counted(self, wsgi_app, environ, start_response):
        """`wsgi_app`'s answer, counted (/readyz's, answered before this: web/observe.py)."""
        if _a_file(environ):
            return wsgi_app(environ, start_response)
        address = environ.get("REMOTE_ADDR") or "unknown"
        with self._lock:
            held = self._counts.get(address, 0)
            if held >= self.most:
                return _refuse(environ, start_response)
            self._counts[address] = held + 1
        try:
            answer = wsgi_app(environ, start_response)
        except BaseException:
            self._release(address)
            raise
        return ClosingIterator(answer, lambda: self._release(address))

    def _release(self, address: str) -> None:
        with self._lock:
            held = self._counts.get(address, 1) - 1
            if held <= 0:
                self._counts.pop(address, None)
            else:
                self._counts[address] = held


def _a_file(environ) -> bool:
    path = environ.get("PATH_INFO", "")
    return environ.get("REQUEST_METHOD") in ("GET", "HEAD") and (
        path.startswith(FILES) or path in ROOT_FILES
    )


PAGE = (
    '<!doctype html><html lang="en"><meta charset="utf-8">'
    '<meta name="viewport" content="width=device-width,initial-scale=1">'
    "<title>Try again in a second</title><p>Too many requests at once from this address. "
    "Nothing was lost: wait a second, then go back and try again.</p>"
)


def _refuse(environ, start_response):
    """429 before Flask (no language, no template): JSON under /api/, a plain page else."""
    if environ.get("PATH_INFO", "").startswith("/api/"):
        body = json.dumps({"errors": [{"where": "request", "message": MESSAGE}]}).encode()
        kind = "application/json"
    else:
        body, kind = PAGE.encode(), "text/html; charset=utf-8"
    start_response(
        "429 TOO MANY REQUESTS",
        [
            ("Content-Type", kind),
            ("Content-Length", str(len(body))),
            ("Retry-After", RETRY_AFTER),
            ("Cache-Control", "no-store"),
        ],
    )
    return [body]
