"""The phone's address on a request that came through Pushpin (serve.sh with PUSH=1): Pushpin
connects from the loopback, so without this every phone at every table is 127.0.0.1, and four
wrong PINs from anyone lock out everyone (the PIN limits and CLIENT_AT_ONCE count per address).

Pushpin's config (pushpin.py) drops any X-Forwarded-For a phone sends and puts the address it
connected from in its place; a request Pushpin signed (its Grip-Sig, a JWT with PUSH_KEY) then
names the phone there. An unsigned request's X-Forwarded-For is never believed: anybody can
write one. Behind another proxy (TRUST_PROXY) werkzeug's ProxyFix does this job instead.
"""

from __future__ import annotations

import jwt


def signed(grip_sig: str | None, key: str | None) -> bool:
    """Whether `grip_sig` is a Grip-Sig that Pushpin signed with `key`."""
    if not (key and grip_sig):
        return False
    try:
        jwt.decode(grip_sig, key, algorithms=["HS256"])
    except jwt.InvalidTokenError:
        return False
    return True


class PushpinAddress:
    """WSGI middleware: REMOTE_ADDR is the phone's on every request Pushpin signed."""

    def __init__(self, wsgi_app, key: str):
        self.wsgi_app, self.key = wsgi_app, key

    def __call__(self, environ, start_response):
        forwarded = environ.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded and signed(environ.get("HTTP_GRIP_SIG"), self.key):
            environ["REMOTE_ADDR"] = forwarded.rsplit(",", 1)[-1].strip()
        return self.wsgi_app(environ, start_response)
