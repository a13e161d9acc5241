"""On a public server: session links and their QR code from PUBLIC_URL, never from
whatever Host header arrives; other Host headers refused (400) when TRUSTED_HOSTS names the
good ones; a reverse proxy's X-Forwarded-For and -Proto believed only under TRUST_PROXY (or, behind
Pushpin alone, the address on a request Pushpin signed: push/address.py); and
cookies Secure whenever the request came over HTTPS or PUBLIC_URL is https.

With none of them set the tracker behaves as on a table's Wi-Fi: links name the address the
phone used (such as http://192.168.1.20:8000).
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from flask import Flask, current_app, request, url_for
from flask.sessions import SecureCookieSessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.sansio.utils import host_is_trusted

from ..present.failures import WRONG_HOST, WRONG_HOST_TITLE
from ..push.address import PushpinAddress
from .security import RAW_HEADERS

LOCAL = ("localhost", "127.0.0.1", "::1")
PAGE = (
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>{title}</title>'
    "<h1>{title}</h1><p>{message}</p></html>"
)


def register(app: Flask) -> None:
    """After every other wrapper of `app.wsgi_app` (the draft polls): the host check and the
    proxy fix go in front of them."""
    app.session_interface = SessionCookie()
    if app.config["TRUSTED_HOSTS"]:
        app.wsgi_app = HostGate(app.wsgi_app, app.config["TRUSTED_HOSTS"])
    if proxies := app.config["TRUST_PROXY"]:
        # the client's address and scheme as the proxy saw them; not X-Forwarded-Host or
        # -Prefix: the proxy passes Host on, and links come from PUBLIC_URL anyway
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)
    elif app.config["PUSH_KEY"]:  # Pushpin in front: the phone's address from what it signed
        app.wsgi_app = PushpinAddress(app.wsgi_app, app.config["PUSH_KEY"])


def session_link(token: str) -> str:
    """The link of a session's page that the table shares (page, QR code, API `url`)."""
    return _link("pages.session_page", token)


def group_link(token: str) -> str:
    """The link of a barkada's page, made as a session's."""
    return _link("groups.group_page", token)


def _link(endpoint: str, token: str) -> str:
    public = current_app.config["PUBLIC_URL"]
    if not public:
        return url_for(endpoint, token=token, _external=True)
    parts = urlsplit(public)
    adapter = current_app.url_map.bind(
        parts.netloc, script_name=parts.path or "/", url_scheme=parts.scheme
    )
    return adapter.build(endpoint, {"token": token}, force_external=True)


def names_this_computer(link: str) -> bool:
    """Does `link` name the computer itself (localhost), which other phones cannot open?"""
    return (urlsplit(link).hostname or "") in LOCAL


def secure_cookies() -> bool:
    return bool(current_app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


class SessionCookie(SecureCookieSessionInterface):
    """Flask's signed session cookie, Secure also on every request that came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return secure_cookies()


class HostGate:
    """400 to a Host header that TRUSTED_HOSTS does not name, before anything else runs (the
    draft polls' shortcut included): JSON under /api/, a short page elsewhere."""

    def __init__(self, wsgi_app, trusted: list[str]):
        self.wsgi_app, self.trusted = wsgi_app, trusted

    def __call__(self, environ, start_response):
        host = environ.get("HTTP_HOST") or environ.get("SERVER_NAME", "")
        if host_is_trusted(host, self.trusted):
            return self.wsgi_app(environ, start_response)
        if environ.get("PATH_INFO", "").startswith("/api/"):
            problem = {"where": "request", "message": WRONG_HOST}
            body, kind = json.dumps({"errors": [problem]}), "application/json"
        else:
            page = PAGE.format(title=WRONG_HOST_TITLE, message=WRONG_HOST)
            body, kind = page, "text/html; charset=utf-8"
        data = body.encode()
        headers = [("Content-Type", kind), ("Content-Length", str(len(data))), *RAW_HEADERS]
        start_response("400 BAD REQUEST", headers)
        return [data]
