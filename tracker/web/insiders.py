"""Who may see the server's internals, answered before Flask by web/observe.py (/metrics, and
what /readyz checks and found): a request from this machine's loopback that no proxy passed
on (no X-Forwarded-For, Forwarded, X-Real-IP, X-Forwarded-Proto, nor Pushpin's Grip-Sig: a
request Caddy, Pushpin or nginx on this machine passes on comes from the loopback too), or
one with `Authorization: Bearer <ADMIN_TOKEN>` (compared in constant time, web/admin.py).

The loopback is the peer's own address, never a header's. A bearer token counts as a try at
the admin token of the client's address (core/admin_tries.py): the address as the app sees it
after TRUST_PROXY's fix (web/public.py), so that one phone's wrong tokens do not lock out
every request Caddy passes on. When the tries cannot be counted (the database away or
read-only) a token is not taken: the loopback still sees everything.
"""

from __future__ import annotations

import ipaddress
import json

from werkzeug.middleware.proxy_fix import ProxyFix

from ..core import admin_tries
from .admin import bearer
from .security import RAW_HEADERS

PROXIED = (
    "HTTP_X_FORWARDED_FOR",
    "HTTP_FORWARDED",
    "HTTP_X_REAL_IP",
    "HTTP_X_FORWARDED_PROTO",
    "HTTP_GRIP_SIG",
)
TOO_MANY = "too many wrong admin tokens from this address: try again after Retry-After seconds"


class Insiders:
    """`Insiders(token, engine, proxies).seen(environ)`: True for an insider, False for anyone
    else, a number of seconds for an address refused for its wrong tokens."""

    def __init__(self, token: str | None, engine, proxies: int):
        self.token, self.engine = token, engine
        self._fixed = ProxyFix(_remote_addr, x_for=proxies) if proxies else _remote_addr

    def client(self, environ) -> str:
        """The client's address, as TRUST_PROXY's fix makes it for the app."""
        return self._fixed(dict(environ), None) or "unknown"

    def seen(self, environ) -> bool | int:
        header = environ.get("HTTP_AUTHORIZATION") or ""
        if self.token and header.strip().lower().startswith("bearer "):
            right = bearer(header, self.token)
            try:
                wait = admin_tries.tried(self.engine, self.client(environ), right)
            except Exception:  # whatever the driver raises: a try not counted is not taken
                wait, right = None, False
            if wait is not None:
                return wait
            if right:
                return True
        if any(name in environ for name in PROXIED):
            return False
        return loopback(environ.get("REMOTE_ADDR"))


def _remote_addr(environ, _start_response) -> str | None:
    return environ.get("REMOTE_ADDR")


def loopback(address: str | None) -> bool:
    """Is `address` this machine's loopback (127.0.0.0/8, ::1, ::ffff:127.0.0.1)?"""
    try:
        found = ipaddress.ip_address((address or "").strip("[]"))
    except ValueError:
        return False
    mapped = getattr(found, "ipv4_mapped", None)
    return (mapped or found).is_loopback


def refused(wait: int) -> tuple[str, list, bytes]:
    """The 429 of an address refused for its wrong tokens: status line, headers, body."""
    problem = {"where": "Authorization", "message": TOO_MANY}
    body = json.dumps({"errors": [problem]}).encode() + b"\n"
    headers = [
        ("Content-Type", "application/json"),
        ("Content-Length", str(len(body))),
        ("Retry-After", str(wait)),
        *RAW_HEADERS,
    ]
    return "429 TOO MANY REQUESTS", headers, body
