"""The app, for tests of a database connection lost as a request ends: for a request carrying
`X-Test-Cut: 1`, once the app has made its answer (Flask's `request_finished`, sent before the
request's teardown), the PostgreSQL server ends the backend of the request's own database
session (`pg_terminate_backend` from another connection, waiting until it is gone). The
session's transaction is left open, as after any read, so the teardown's rollback meets a
connection the server closed: what a server stopping right then does.

    gunicorn "tests.support.cut_app:create()"
"""

from __future__ import annotations

import psycopg
from flask import request, request_finished

from tracker import create_app
from tracker.extensions import db

HEADER = "X-Test-Cut"


def cut(_sender, response, **_extra) -> None:
    if request.headers.get(HEADER) != "1":
        return
    connection = db.session.connection()  # the request's own, in a transaction
    backend = connection.exec_driver_sql("SELECT pg_backend_pid()").scalar()
    url = db.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(url, autocommit=True) as other:
        gone = other.execute("SELECT pg_terminate_backend(%s, 5000)", (backend,)).fetchone()
    assert gone == (True,), gone


def create():
    app = create_app()
    request_finished.connect(cut, app)
    return app
