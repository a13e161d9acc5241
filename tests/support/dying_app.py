"""The app, for tests of a worker that dies between its commit and its answer: a request
carrying `X-Test-Die: 1` is answered by the app in full (what it stores is committed), and then
its worker exits before a byte of the answer is sent. Once per instance folder (a file there
says it happened), so that a request sent again is answered.

    gunicorn "tests.support.dying_app:app"
"""

from __future__ import annotations

import os
from pathlib import Path

from tracker import create_app


def die_once(wsgi_app, flag: Path):
    def app(environ, start_response):
        if environ.get("HTTP_X_TEST_DIE") != "1" or flag.exists():
            return wsgi_app(environ, start_response)
        answer = wsgi_app(environ, lambda *_args: lambda _data: None)  # done, never sent
        b"".join(answer)
        getattr(answer, "close", lambda: None)()
        flag.touch()
        os._exit(1)

    return app


_made = create_app()
app = die_once(_made, Path(_made.instance_path) / "worker-died")
