"""Security headers on every response.

The session link is the key to a table's ledger, so no page may leak it (Referrer-Policy) or be
framed by another site; all script comes from our own static files, never inline, so a player
name such as `<script>` can never run even if a template forgot to escape it.

Nothing but the static files may be kept by a browser or a proxy: every page, API
answer and export carries a session link or balances, so each says `Cache-Control: no-store`
unless its view said otherwise. The polls keep their ETag and 304: phones send If-None-Match
themselves (static/live.js, static/entry/draft_sync.js), which no-store does not stop.
"""

from __future__ import annotations

from flask import request

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}
NO_STORE = "no-store"
STATIC = "/static/"
# the headers of an answer made before Flask (draft polls, the host gate): as the app's own
RAW_HEADERS = [*HEADERS.items(), ("Cache-Control", NO_STORE)]


def register(app) -> None:
    @app.after_request
    def add_security_headers(response):
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        if not request.path.startswith(STATIC):
            response.headers.setdefault("Cache-Control", NO_STORE)
        return response
