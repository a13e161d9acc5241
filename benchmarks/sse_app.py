"""A benchmark-only server-sent-events endpoint for the round draft, to weigh SSE
against polling (benchmarks/draft_load.py --sse): gunicorn serves `benchmarks.sse_app:app`, the
app with, in front of it, GET /api/sessions/<id>/draft/events, a stream (text/event-stream)
that sends `data: <the draft's ETag>` at once and again whenever it changes, and a comment
every few seconds to keep the connection open. The phone then GETs the draft, as a poller does
after a change.

How a change is noticed, across gunicorn's workers (a write may land on either): one thread
per worker asks, every CHECK_EVERY s, one query for the ETags of every draft that worker's
streams watch, and wakes the streams whose ETag moved. Each open stream holds one of the
worker's threads for as long as the page is open (gthread workers: `--threads` must exceed the
streams a worker may get, or the other requests queue behind them).
"""

from __future__ import annotations

import re
import threading
import time

from tracker import create_app
from tracker.extensions import db

EVENTS = re.compile(r"/api/sessions/([A-Za-z0-9_-]{1,64})/draft/events")
CHECK_EVERY = 0.1  # s between two looks at the watched drafts' ETags (one query per worker)
KEEPALIVE = 5.0  # s between two comments on a quiet stream
QUERY = (
    "SELECT s.token, d.version, s.revision FROM game_session s"
    " LEFT JOIN round_draft d ON d.session_id = s.id WHERE s.token IN ({})"
)


class Watcher:
    """The ETags of the drafts this worker's streams watch, kept current by one thread."""

    def __init__(self, engine):
        self.engine = engine
        self.marker = "?" if engine.dialect.paramstyle == "qmark" else "%s"
        self.lock = threading.Lock()
        self.watched: dict[str, int] = {}  # token: open streams
        self.tags: dict[str, str] = {}
        self.moved: dict[str, threading.Condition] = {}
        self.thread: threading.Thread | None = None

    def watch(self, token: str) -> threading.Condition:
        with self.lock:
            self.watched[token] = self.watched.get(token, 0) + 1
            if self.thread is None:  # in the worker, after gunicorn's fork
                self.thread = threading.Thread(target=self.run, daemon=True)
                self.thread.start()
            return self.moved.setdefault(token, threading.Condition())

    def unwatch(self, token: str) -> None:
        with self.lock:
            self.watched[token] -= 1
            if not self.watched[token]:
                del self.watched[token]

    def run(self) -> None:
        while True:
            with self.lock:
                tokens = list(self.watched)
            if tokens:
                for token, tag in self.read(tokens).items():
                    if self.tags.get(token) != tag:
                        self.tags[token] = tag
                        condition = self.moved[token]
                        with condition:
                            condition.notify_all()
            time.sleep(CHECK_EVERY)

    def read(self, tokens: list[str]) -> dict[str, str]:
        connection = self.engine.raw_connection()
        try:
            cursor = connection.cursor()
            cursor.execute(QUERY.format(", ".join([self.marker] * len(tokens))), tokens)
            rows = cursor.fetchall()
            cursor.close()
        finally:
            connection.close()
        return {token: f"{version or 0}.{revision}" for token, version, revision in rows}


class Streams:
    """WSGI middleware: the event streams; every other request goes on to the app."""

    def __init__(self, wsgi_app, engine):
        self.wsgi_app, self.watcher = wsgi_app, Watcher(engine)

    def __call__(self, environ, start_response):
        found = EVENTS.fullmatch(environ.get("PATH_INFO", ""))
        if found is None or environ.get("REQUEST_METHOD") != "GET":
            return self.wsgi_app(environ, start_response)
        start_response(
            "200 OK", [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")]
        )
        return self.stream(found[1])

    def stream(self, token: str):
        moved = self.watcher.watch(token)
        try:
            sent = self.watcher.tags.get(token) or self.watcher.read([token]).get(token)
            yield f"data: {sent}\n\n".encode()
            while True:
                with moved:  # looked at under the lock: a change cannot slip in before wait
                    if self.watcher.tags.get(token, sent) == sent:
                        moved.wait(KEEPALIVE)
                tag = self.watcher.tags.get(token, sent)
                if tag != sent:
                    sent = tag
                    yield f"data: {tag}\n\n".encode()
                else:
                    yield b": still here\n\n"
        finally:
            self.watcher.unwatch(token)


app = create_app()
with app.app_context():
    app.wsgi_app = Streams(app.wsgi_app, db.engine)
