"""Every request seen, in front of everything else: create_app wraps the app with `Observed`
last, so it runs before the host check, the proxy fix, the client limit and the fast path.

- Its id (`logs.new_request_id`: the X-Request-Id sent when it is sane, else a new one) goes
  in the answer's X-Request-Id header and on every log line written while it is answered.
- It is counted and timed by route (tracker/metrics.py): the Flask URL rule that answered it
  (noted in the environ when Flask is done with it), the fast path's route for the polls it
  answers (fast_polls/polls.py), "other" for anything else (a 404, a host refused).
- With LOG_FORMAT=json, one access line (logger `tracker.access`): method, route (the rule,
  `/s/<token>/rounds`: never the path, whose token is the key to a session, nor the query
  string or the body), status, duration_ms, remote_addr as the app sees it (after
  TRUST_PROXY's fix), and the request id.
- GET /healthz and /readyz (health.py) are answered here, whatever the Host header.
- GET /metrics is answered here to a scraper on the loopback that no proxy passed on (no
  X-Forwarded-For, Forwarded, X-Real-IP, X-Forwarded-Proto, nor Pushpin's Grip-Sig: a request
  Pushpin or nginx on this machine passes on comes from the loopback too), or to one with
  `Authorization: Bearer <ADMIN_TOKEN>`; anyone else gets the app's own 404, as for any
  address the tracker does not have.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import time
from http import HTTPStatus

from flask import Flask, request

from .. import logs, metrics
from ..extensions import db
from ..push import outbox
from .admin import bearer
from .health import Health
from .security import RAW_HEADERS

ACCESS = logging.getLogger("tracker.access")
PROXIED = (
    "HTTP_X_FORWARDED_FOR",
    "HTTP_FORWARDED",
    "HTTP_X_REAL_IP",
    "HTTP_X_FORWARDED_PROTO",
    "HTTP_GRIP_SIG",
)
ANSWERED = ("GET", "HEAD")  # the methods of /healthz, /readyz and /metrics
BACKLOG = "tracker_push_outbox_rows"


def install(app: Flask) -> None:
    """Wrap `app.wsgi_app` (after every other wrapper) and note each request's URL rule."""
    with app.app_context():
        engine = db.engine
    health = Health(engine, app.extensions["migrate"].directory, app.config)
    backlog = metrics.Sampled(
        BACKLOG, "Rows in the push outbox: changes not yet published to Pushpin", _reader(engine)
    )
    app.teardown_request(_note_route)
    app.wsgi_app = Observed(
        app.wsgi_app, health, backlog, app.config["ADMIN_TOKEN"], app.config["LOG_FORMAT"] == "json"
    )


def _note_route(_error) -> None:
    rule = request.url_rule
    if rule is not None:
        request.environ[metrics.ROUTE] = rule.rule


def _reader(engine):
    def read() -> int | None:
        try:
            with engine.connect() as connection:
                return outbox.waiting(connection)
        except Exception:  # a scrape while the database is away: the gauge is left out
            return None

    return read


QUIET = ("/healthz", "/readyz")


class Observed:
    """WSGI middleware: `app.wsgi_app = Observed(app.wsgi_app, health, backlog, token, json)`."""

    def __init__(self, wsgi_app, health: Health, backlog, admin_token, access_lines: bool):
        self.wsgi_app, self.health, self.backlog = wsgi_app, health, backlog
        self.admin_token, self.access_lines = admin_token, access_lines
        self.own = {"/healthz": self._alive, "/readyz": self._ready, "/metrics": self._metrics}

    def __call__(self, environ, start_response):
        given = logs.new_request_id(environ.get("HTTP_X_REQUEST_ID"))
        token = logs.request_id.set(given)
        began = time.perf_counter()
        status = ["500"]  # an exception before any answer

        def start(line, headers, *exc_info):
            status[0] = line[:3]  # (a list of its own: a middleware's may be a constant)
            return start_response(line, [*headers, ("X-Request-Id", given)], *exc_info)

        try:
            return self._answer(environ, start)
        finally:
            self._seen(environ, status[0], time.perf_counter() - began)
            logs.request_id.reset(token)

    def _answer(self, environ, start):
        own = self.own.get(environ.get("PATH_INFO", ""))
        if own is not None and environ.get("REQUEST_METHOD") in ANSWERED:
            answer = own(environ)
            if answer is not None:
                environ[metrics.ROUTE] = environ["PATH_INFO"]
                status, kind, body = answer
                length = ("Content-Length", str(len(body)))
                start(status, [("Content-Type", kind), length, *RAW_HEADERS])
                return [b"" if environ["REQUEST_METHOD"] == "HEAD" else body]
        return self.wsgi_app(environ, start)

    def _seen(self, environ, status: str, seconds: float) -> None:
        route = environ.get(metrics.ROUTE) or metrics.OTHER
        method = environ.get("REQUEST_METHOD", "")
        metrics.request_answered(route, method, status, seconds)
        # a load balancer's health checks (every 2 s a node) are counted, not logged: their
        # lines would be most of the log
        if self.access_lines and route not in QUIET:
            fields = {
                "method": method,
                "route": route,
                "status": int(status),
                "duration_ms": round(seconds * 1000, 2),
                "remote_addr": environ.get("REMOTE_ADDR"),
            }
            ACCESS.info("%s %s %s", method, route, status, extra=fields)

    def _alive(self, _environ):
        return _json(*self.health.alive())

    def _ready(self, _environ):
        return _json(*self.health.ready())

    def _metrics(self, environ):
        if not self.may_scrape(environ):
            return None  # the app's 404
        return "200 OK", metrics.CONTENT_TYPE, metrics.scrape(self.backlog)

    def may_scrape(self, environ) -> bool:
        if self.admin_token and bearer(environ.get("HTTP_AUTHORIZATION"), self.admin_token):
            return True
        if any(name in environ for name in PROXIED):
            return False
        return loopback(environ.get("REMOTE_ADDR"))


def loopback(address: str | None) -> bool:
    """Is `address` this machine's loopback (127.0.0.0/8, ::1, ::ffff:127.0.0.1)?"""
    try:
        found = ipaddress.ip_address((address or "").strip("[]"))
    except ValueError:
        return False
    mapped = getattr(found, "ipv4_mapped", None)
    return (mapped or found).is_loopback


def _json(code: int, data: dict) -> tuple[str, str, bytes]:
    line = f"{code} {HTTPStatus(code).phrase.upper()}"
    return line, "application/json", json.dumps(data).encode() + b"\n"
