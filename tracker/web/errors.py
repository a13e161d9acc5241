"""Friendly error pages; JSON errors under /api/.

A database that cannot be reached, is full or is read-only is no bug of the tracker: 503 with
Retry-After, saying that nothing was saved and to try again. Every change is one
transaction (core/store.py), so a request that failed this way saved nothing at all.
"""

from __future__ import annotations

import errno

from flask import current_app, jsonify, render_template, request
from flask_babel import gettext as _
from sqlalchemy import exc as sa
from werkzeug.exceptions import HTTPException

from .. import metrics
from ..core import InputError, NotFound
from ..engine import Problem
from ..extensions import db
from ..present.failures import BUG, DEFAULT_DESCRIPTIONS, NOT_FOUND, TITLES, UNAVAILABLE, UNTITLED
from ..present.messages import errors_dict, say

RETRY_AFTER = 30  # seconds
# SQLite: full, read-only, cannot open the file, busy or locked, disk I/O, no permission
SQLITE_CODES = {13, 8, 14, 5, 6, 10, 3}
# PostgreSQL SQLSTATE classes: connection, read-only transaction, insufficient resources (disk
# full, out of memory, too many connections), operator intervention (shutdown), system error
POSTGRES_STATES = ("08", "25006", "53", "57P", "58")
DISK = {errno.ENOSPC, errno.EROFS, errno.EDQUOT}


def register(app) -> None:
    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        description = error.description or TITLES.get(error.code, UNTITLED)
        if description in DEFAULT_DESCRIPTIONS:  # Werkzeug's words: in the reader's language
            description = _(description)
        return _answer(error.code or 500, description)

    @app.errorhandler(NotFound)
    def not_found(error):
        return _answer(404, NOT_FOUND)

    @app.errorhandler(InputError)
    def input_error(error: InputError):
        wait = error.retry_after  # a busy server: when to try again
        headers = {"Retry-After": str(wait)} if wait else {}
        if request.path.startswith("/api/"):
            return jsonify(errors_dict(error.problems)), error.status, headers
        page, status = _answer(error.status, "; ".join(say(p.message) for p in error.problems))
        return page, status, headers

    @app.errorhandler(Exception)
    def crash(error: Exception):
        if unavailable(error):
            app.logger.warning("database unavailable: %s", error)
            metrics.database_failed()
            answer, code = _answer(503, UNAVAILABLE)
            answer = app.make_response((answer, code))
            answer.headers["Retry-After"] = str(RETRY_AFTER)
            return answer
        app.logger.exception("unhandled error")
        return _answer(500, BUG)

    # Flask runs app-context teardowns last registered first: this one, registered after
    # Flask-SQLAlchemy's, removes the session, and Flask-SQLAlchemy's then finds none to remove
    app.teardown_appcontext(end_session)


def end_session(_error) -> None:
    """The request's database session removed (its transaction rolled back, its connection
    back to the pool) once its answer is made (for an answer streamed with its context, once
    that is closed).

    The database lost by then (the server stopping, or ending the connection) changes nothing
    the request did: what it saved was committed before its answer, and a request that failed
    on the database was answered 503 by `crash` already. So that answer is sent as it is and
    the loss is one warning line, rather than an exception out of the app, which gunicorn
    answers with its bare 500 page (or cuts a streamed answer short)."""
    try:
        db.session.remove()
    except Exception as error:
        if not lost(error):
            raise
        db.session.registry.clear()  # this session is done with, whatever its close did
        said = getattr(error, "orig", None) or error  # the driver's words, without SQLAlchemy's
        current_app.logger.warning("database lost as the request ended (answer sent): %s", said)


def lost(error: BaseException) -> bool:
    """Is `error`, met rolling back or closing a session, the connection being gone?"""
    if unavailable(error) or isinstance(error, (sa.OperationalError, sa.InterfaceError)):
        return True
    return isinstance(error, db.engine.dialect.loaded_dbapi.Error)  # the driver's, unwrapped


def unavailable(error: BaseException) -> bool:
    """Is `error` the database (or the disk under it) being out of reach, full or read-only,
    rather than a bug?"""
    if isinstance(error, sa.TimeoutError):  # no connection free in the pool
        return True
    if isinstance(error, OSError):
        return error.errno in DISK
    if not isinstance(error, sa.DBAPIError):
        return False
    if error.connection_invalidated:
        return True
    code = getattr(error.orig, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in SQLITE_CODES
    state = getattr(error.orig, "sqlstate", None)
    if state is None:  # no server answered at all (refused, unknown host)
        return isinstance(error, sa.OperationalError)
    return state.startswith(POSTGRES_STATES)


def _answer(code: int, message: str):
    message = str(message)  # a lazy word (present/failures.py) in the request's language
    if request.path.startswith("/api/"):
        return jsonify(
            {"errors": [Problem("url" if code in (404, 405) else "request", message).to_dict()]}
        ), code
    return render_template(
        "error.html", code=code, title=TITLES.get(code, UNTITLED), message=message
    ), code
