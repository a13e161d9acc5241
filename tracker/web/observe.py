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
- GET /healthz and /readyz (health.py) are answered here, whatever the Host header. /readyz
  says what it checked and found only to an insider (insiders.py: the loopback that no proxy
  passed on, or the admin token); anyone else gets ready or not ready alone. It asks the
  database, the disk and Pushpin, so it is counted with the client's other requests under
  CLIENT_AT_ONCE (client_limit.py), as it would be behind the proxy fix.
- GET /metrics is answered here to an insider; anyone else gets the app's own 404, as for any
  address the tracker does not have.
- A wrong admin token to either counts against its address (core/admin_tries.py): past the
  tries allowed, 429 with Retry-After.
"""

from __future__ import annotations

import json
import logging
import time
from functools import partial
from http import HTTPStatus

from flask import Flask, request

from .. import logs, metrics
from ..extensions import db
from ..push import outbox
from .health import Health
from .insiders import Insiders, refused
from .security import RAW_HEADERS

ACCESS = logging.getLogger("tracker.access")
ANSWERED = ("GET", "HEAD")  # the methods of /healthz, /readyz and /metrics
BACKLOG = "tracker_push_outbox_rows"


def install(app: Flask) -> None:
    """Wrap `app.wsgi_app` (after every other wrapper) and note each request's URL rule."""
    with app.app_context():
        engine = db.engine
    health = Health(engine, app.extensions["migrate"].directory, app.config, app.instance_path)
    backlog = metrics.Sampled(
        BACKLOG, "Rows in the push outbox: changes not yet published to Pushpin", _reader(engine)
    )
    insiders = Insiders(app.config["ADMIN_TOKEN"], engine, app.config["TRUST_PROXY"])
    app.teardown_request(_note_route)
    limit = app.extensions.get("client_limit")  # None without CLIENT_AT_ONCE
    app.wsgi_app = Observed(
        app.wsgi_app, health, backlog, insiders, app.config["LOG_FORMAT"], limit
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
    """WSGI middleware: `app.wsgi_app = Observed(app.wsgi_app, health, backlog, insiders,
    log_format, limit)`; `limit`, the app's ClientLimit when it has one, counts /readyz."""

    def __init__(self, wsgi_app, health: Health, backlog, insiders: Insiders, log_format, limit):
        self.wsgi_app, self.health, self.backlog, self.limit = wsgi_app, health, backlog, limit
        self.insiders, self.access_lines = insiders, log_format == "json"
        self.own = {"/healthz": self._alive, "/readyz": self._readyz, "/metrics": self._metrics}

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
            answer = own(environ, start)
            if answer is not None:
                return answer
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

    def _alive(self, environ, start):
        environ[metrics.ROUTE] = "/healthz"
        return _send(environ, start, *_json(*self.health.alive()))

    def _readyz(self, environ, start):
        environ[metrics.ROUTE] = "/readyz"
        if self.limit is None:
            return self._ready(environ, environ, start)
        # counted under the client's address, as the limit counts it behind the proxy fix
        counted = {**environ, "REMOTE_ADDR": self.insiders.client(environ)}
        return self.limit.counted(partial(self._ready, environ), counted, start)

    def _ready(self, environ, _counted, start):
        """A WSGI app for the limit: `environ` is the request as it came (its peer's address)."""
        seen = self.insiders.seen(environ)
        if seen is True:
            answer = _json(*self.health.ready())
        elif seen is False:
            answer = _json(*self.health.ready_to_strangers())
        else:
            return _refuse(environ, start, seen)
        return _send(environ, start, *answer)

    def _metrics(self, environ, start):
        seen = self.insiders.seen(environ)
        if seen is False:
            return None  # the app's 404
        environ[metrics.ROUTE] = "/metrics"
        if seen is not True:
            return _refuse(environ, start, seen)
        return _send(environ, start, "200 OK", metrics.CONTENT_TYPE, metrics.scrape(self.backlog))


def _send(environ, start, status: str, kind: str, body: bytes):
    length = ("Content-Length", str(len(body)))
    start(status, [("Content-Type", kind), length, *RAW_HEADERS])
    return [b"" if environ["REQUEST_METHOD"] == "HEAD" else body]


def _refuse(environ, start, wait: int):
    status, headers, body = refused(wait)
    start(status, headers)
    return [b"" if environ["REQUEST_METHOD"] == "HEAD" else body]


def _json(code: int, data: dict) -> tuple[str, str, bytes]:
    line = f"{code} {HTTPStatus(code).phrase.upper()}"
    return line, "application/json", json.dumps(data).encode() + b"\n"
