"""The cheap 304 of a polled draft (issue 9, docs/API.md "Round draft"): three phones per table
ask GET /api/sessions/<id>/draft with If-None-Match about once a second, and nearly every
answer is 304. Answered here, in front of Flask: one indexed query (sessions/draft_tags.py), no
request context, no session cookie, no ORM, the security headers of every answer kept. Anything
else (another request, no If-None-Match, a draft that changed, an unknown session, a database
error) goes on to the app as before, whose own GET answers the same 304 the slow way.

Measured (benchmarks/draft_load.py): the whole 304 cost a gunicorn worker about 1.8 ms of CPU
through Flask and about 0.5 ms here.
"""

from __future__ import annotations

import re

from werkzeug.http import parse_etags

from ..sessions.draft_tags import DraftTags
from .security import HEADERS

DRAFT = re.compile(r"/api/sessions/([A-Za-z0-9_-]{1,64})/draft")
SECURITY = list(HEADERS.items())


class DraftPolls:
    """WSGI middleware: `app.wsgi_app = DraftPolls(app.wsgi_app, engine)`."""

    def __init__(self, wsgi_app, engine):
        self.wsgi_app = wsgi_app
        self.tags = DraftTags(engine)

    def __call__(self, environ, start_response):
        tag = self._unchanged(environ)
        if tag is None:
            return self.wsgi_app(environ, start_response)
        start_response("304 NOT MODIFIED", [("ETag", f'"{tag}"'), *SECURITY])
        return []

    def _unchanged(self, environ) -> str | None:
        """The ETag the poller already has, when its draft did not change; else None."""
        seen = environ.get("HTTP_IF_NONE_MATCH")
        if not seen or environ.get("REQUEST_METHOD") != "GET":
            return None
        found = DRAFT.fullmatch(environ.get("PATH_INFO", ""))
        if found is None:
            return None
        try:
            tag = self.tags.tag(found[1])
        except (*self.tags.errors, OSError):
            return None  # the app answers, or reports the error, as for any request
        return tag if tag is not None and parse_etags(seen).contains(tag) else None
