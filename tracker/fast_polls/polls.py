"""The cheap answers to a polled draft (docs/API.md "Round draft"): three phones per
table ask GET /api/sessions/<id>/draft with If-None-Match about once a second; nearly every
answer is 304, and after a change the other two phones ask for the same new draft. Answered
here, in front of Flask: one indexed query for the draft's ETag (core/draft/tags.py), then

- 304 when the phone already has it;
- 200 with the answer stored with the draft row when it answers that ETag (written
  in the same transaction as each change, core/draft/answer.py; read by the same query,
  and only when the phone's ETag is not this one), so any worker serves it;
- else 200 with the answer this worker last gave for that ETag, when it has one (DraftAnswers:
  a draft's answer is the same for the same "<version>.<revision>");

with no request context, no session cookie and no ORM, the security headers of every answer
kept. Anything else (another request, an unknown session, a draft this worker has not
answered yet, a database error) goes on to the app, whose answers fill DraftAnswers.

The session page's revision poll (GET /api/sessions/<id>/revision, static/live.js) is
answered here too, 304 or its two-field JSON, from one query on the same connection.

Measured (docs/performance.md, "One poll's cost"): a 304 cost a gunicorn worker about 1.8 ms of CPU
through Flask and 0.5 ms here.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from urllib.parse import parse_qs

from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_cookie, parse_etags

from ..core.draft.tags import revision_tag
from ..fast_path import configure
from ..metrics import ROUTE
from ..web.language import COOKIE, DEFAULT, VARY, choose
from ..web.security import RAW_HEADERS as SECURITY_HEADERS
from .raw_reads import DraftTags

DRAFT = re.compile(r"/api/sessions/([A-Za-z0-9_-]{1,64})/draft")
REVISION = re.compile(r"/api/sessions/([A-Za-z0-9_-]{1,64})/revision")
ONE_TAG = re.compile(r'\s*"([0-9]{1,20}\.[0-9]{1,20})"\s*')  # what draft_sync.js sends
ANSWERS = 1024  # drafts whose last answer a worker keeps: a busy evening's tables
# the routes of the polls answered here, as the metrics name them (the apps' URL rules)
DRAFT_ROUTE, REVISION_ROUTE = "/api/sessions/<token>/draft", "/api/sessions/<token>/revision"


RAW_HEADERS = [*SECURITY_HEADERS, VARY]  # as the app's answers: the language may change them


def english(environ) -> bool:
    """Does this request read English? The stored and cached draft answers are the
    English ones; a request for another language goes on to the app, which answers it with its
    errors in that language. The language is the app's choice (language.choose)."""
    asked = parse_qs(environ.get("QUERY_STRING", "")).get("lang", [None])[0]
    kept = parse_cookie(environ).get(COOKIE)
    accepted = parse_accept_header(environ.get("HTTP_ACCEPT_LANGUAGE", ""), LanguageAccept)
    return choose(asked, kept, accepted) == DEFAULT


def install(app) -> None:
    """The fast path of `app`, as its FAST_PATH setting says: on, the polls answered in front
    of Flask and each worker's kept answers (`draft_answers`, `texts_kept` in app.extensions,
    which the views use when present); off, none of it, and the core's shortcuts off too."""
    on = app.config["FAST_PATH"]
    configure(on)
    if not on:
        return
    from ..extensions import db

    with app.app_context():
        engine = db.engine
    answers = app.extensions["draft_answers"] = DraftAnswers()
    app.extensions["texts_kept"] = DraftAnswers(size=16)  # web/exports.py: kept_text
    app.wsgi_app = DraftPolls(app.wsgi_app, engine, answers)


class DraftAnswers:
    """The last answer (JSON bytes) a worker gave for each draft, under its ETag; LRU."""

    def __init__(self, size: int = ANSWERS):
        self.size = size
        self._items: OrderedDict[str, tuple[str, bytes]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, token: str, tag: str) -> bytes | None:
        with self._lock:
            item = self._items.get(token)
            if item is None or item[0] != tag:
                return None
            self._items.move_to_end(token)
            return item[1]

    def put(self, token: str, tag: str, body: bytes) -> None:
        with self._lock:
            self._items[token] = (tag, body)
            self._items.move_to_end(token)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


class DraftPolls:
    """WSGI middleware: `app.wsgi_app = DraftPolls(app.wsgi_app, engine, answers)`."""

    def __init__(self, wsgi_app, engine, answers: DraftAnswers | None = None):
        self.wsgi_app = wsgi_app
        self.tags = DraftTags(engine)
        self.answers = answers if answers is not None else DraftAnswers()

    def __call__(self, environ, start_response):
        answer = self._revision(environ)
        if answer is not None:
            environ[ROUTE] = REVISION_ROUTE
            start_response(*answer[:2])
            return answer[2]
        found = self._draft_get(environ)
        seen = environ.get("HTTP_IF_NONE_MATCH")
        tag, body = (None, None) if found is None else self._tag(found, seen)
        if tag is not None:
            etag = ("ETag", f'"{tag}"')
            if seen and parse_etags(seen).contains_weak(tag):  # W/"…" too, as RFC 9110
                environ[ROUTE] = DRAFT_ROUTE
                start_response("304 NOT MODIFIED", [etag, *RAW_HEADERS])
                return []
            body = body or self.answers.get(found, tag)
            if body is not None and english(environ):  # stored answers are English
                environ[ROUTE] = DRAFT_ROUTE
                length = ("Content-Length", str(len(body)))
                kind = ("Content-Type", "application/json")
                start_response("200 OK", [kind, length, etag, *RAW_HEADERS])
                return [body]
        return self.wsgi_app(environ, start_response)

    def _revision(self, environ) -> tuple[str, list, list] | None:
        """The revision poll (api.revision's answer, byte for byte): 304 when the
        phone has it, else its small JSON; None (the app answers) for anything else."""
        if environ.get("REQUEST_METHOD") != "GET":
            return None
        found = REVISION.fullmatch(environ.get("PATH_INFO", ""))
        try:
            state = None if found is None else self.tags.revision(found[1])
        except (*self.tags.errors, OSError):
            return None
        if state is None:
            return None
        tag = revision_tag(*state)
        etag = ("ETag", f'"{tag}"')
        seen = environ.get("HTTP_IF_NONE_MATCH")  # a weak match, as the app's make_conditional
        if seen and parse_etags(seen).contains_weak(tag):
            return "304 NOT MODIFIED", [etag, *RAW_HEADERS], []
        body = b'{"revision":%d,"settled":%s}\n' % (state[0], b"true" if state[1] else b"false")
        kind, length = ("Content-Type", "application/json"), ("Content-Length", str(len(body)))
        return "200 OK", [kind, length, etag, *RAW_HEADERS], [body]

    @staticmethod
    def _draft_get(environ) -> str | None:
        """The session token of a GET of a draft, else None."""
        if environ.get("REQUEST_METHOD") != "GET":
            return None
        found = DRAFT.fullmatch(environ.get("PATH_INFO", ""))
        return None if found is None else found[1]

    def _tag(self, token: str, seen: str | None) -> tuple[str | None, bytes | None]:
        """The draft's ETag and its stored answer (None: not stored for this ETag, or the
        phone's one ETag is this one: it gets 304, no need to read it)."""
        one = ONE_TAG.fullmatch(seen or "")
        try:
            found = self.tags.answer(token, "" if one is None else one[1])
        except (*self.tags.errors, OSError):
            found = None  # the app answers, or reports the error, as for any request
        return (None, None) if found is None else found
