"""The app's own answers compressed as the browser asks (Accept-Encoding: zstd, br or gzip),
by Flask-Compress, with `Vary: Accept-Encoding`: pages, JSON, the service worker's text.

Left as they are: the draft and revision polls (POLLS), what is small (under
COMPRESS_MIN_SIZE), what is compressed already (a
Content-Encoding: the Pyodide files gzipped by scripts/setup.sh; PDFs and images are not of
the types compressed), and the event streams (text/event-stream: each event must go out when
it happens, not wait in a compressor; Pushpin appends its own events to the answer the app
gives it). The static files never reach Flask: WhiteNoise sends their precompressed copies
(web/static_files.py).

An answer's ETag stays the one its view gave, compressed or not: the phones send it back
(If-None-Match on a session's state or a draft, If-Match on a round) and the views, and the
draft polls answered before Flask (tracker/fast_polls), compare it with their own. So the
views answer their conditional requests themselves, as before.
"""

from __future__ import annotations

from flask import Flask, request
from flask_compress import Compress

STREAM = "text/event-stream"
# the polls the fast path answers before Flask, uncompressed (tracker/fast_polls): Flask's
# answer to them stays the same bytes, and a poll costs no compressing (a few hundred bytes,
# every second or two from every phone)
POLLS = frozenset({"draft_api.get_draft", "api.revision"})

compress = Compress()


def register(app: Flask) -> None:
    """Before any other after_request hook, so that it runs after them all (Flask runs them
    in reverse): the body compressed is the final one."""
    app.config.setdefault("COMPRESS_REGISTER", False)  # our hook below calls it
    app.config.setdefault("COMPRESS_EVALUATE_CONDITIONAL_REQUEST", False)  # the views do
    compress.init_app(app)

    @app.after_request
    def compressed(response):
        if response.mimetype == STREAM or request.endpoint in POLLS:
            return response
        tag, weak = response.get_etag()
        response = compress.after_request(response)
        if tag and not weak:  # Flask-Compress names it "<tag>:<coding>"
            response.set_etag(tag)
        return response
