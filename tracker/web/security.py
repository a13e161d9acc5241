"""Security headers on every response (issue 4).

The session link is the key to a table's ledger, so no page may leak it (Referrer-Policy) or be
framed by another site; all script comes from our own static files, never inline, so a player
name such as `<script>` can never run even if a template forgot to escape it.
"""

from __future__ import annotations

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


def register(app) -> None:
    @app.after_request
    def add_security_headers(response):
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        return response
