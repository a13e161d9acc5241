"""Friendly error pages; JSON errors under /api/.

A database that cannot be reached, is full or is read-only is no bug of the tracker: 503 with
Retry-After, saying that nothing was saved and to try again. Every change is one
transaction (core/store.py), so a request that failed this way saved nothing at all.
"""

from __future__ import annotations

import errno

from flask import jsonify, render_template, request
from flask_babel import gettext as _
from sqlalchemy import exc as sa
from werkzeug.exceptions import HTTPException

from .. import metrics
from ..core import InputError, NotFound
from ..engine import Problem
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
