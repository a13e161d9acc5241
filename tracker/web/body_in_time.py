"""A request's body read whole, at a pace, before the view does anything with it. After a short
grace (BODY_GRACE_SECONDS, 3) a body must arrive at BODY_MIN_RATE bytes a second on average
(8 KiB/s, less than a phone on a weak line sends), judged by what has arrived and never by the
length the client claims (body_watch.py); any body but an import's is also whole within
BODY_SECONDS (10: a round, a payment, a form of up to 256 KB). A client sending a byte a second
holds its thread for the grace, then is answered 408, whatever it said it would send; and never
the machine's heavy-work lock (core/heavy.py) that every other client's export waits for, nor
more than its own import (import_turns.py).

A body that falls behind has its connection's reading side shut (the socket is gunicorn's, or
the development server's), the read then ends short (the server may hand over what came as if
it were all), and the answer is 408 saying so. The body read is kept by Flask for the view
(JSON or form).
"""

from __future__ import annotations

import math

from flask import current_app, request
from werkzeug.exceptions import ClientDisconnected

from ..core.errors import InputError
from ..engine import Problem
from ..engine.messages import N_
from .body_watch import ARRIVAL, Counted, Pace, watch


def register(app) -> None:
    """Every body but an import's (its view reads it, once its turn is taken) read first."""
    app.wsgi_app = Counted(app.wsgi_app)

    @app.before_request
    def read_the_body():
        if _has_body() and not _an_import():
            _read_at(_pace(current_app.config["BODY_SECONDS"]), _request_too_slow)


def read_whole() -> None:
    """An import's body read (and kept), or a 408 once it falls behind the pace."""
    _read_at(_pace(None), _file_too_slow)


def _pace(ceiling: float | None) -> Pace:
    config = current_app.config
    return Pace(
        config["BODY_GRACE_SECONDS"], config["BODY_MIN_RATE"], request.content_length, ceiling
    )


def _read_at(pace: Pace, too_slow) -> None:
    environ = request.environ
    arrival = environ[ARRIVAL]
    sock = environ.get("gunicorn.socket") or environ.get("werkzeug.socket")
    with watch(arrival, sock, pace) as late:
        try:
            request.get_data(parse_form_data=True)
        except (ClientDisconnected, ValueError):  # a body or form cut short
            if not late.is_set():
                raise
    if late.is_set():  # the read ended when the body fell behind: what came is not all of it
        raise InputError([Problem("body", too_slow(pace))], 408)
    if arrival.count < (request.content_length or 0):
        # the client closed before all of it came, and the server handed over what did come
        # as if it were all (gunicorn does): nothing of it is used
        raise ClientDisconnected()


def _has_body() -> bool:
    chunked = "chunked" in request.headers.get("Transfer-Encoding", "").lower()
    return bool(request.content_length) or chunked


def _an_import() -> bool:
    """An import's route takes more than every other one (exports.Request)."""
    return (request.max_content_length or 0) > (current_app.config["MAX_CONTENT_LENGTH"] or 0)


def _file_too_slow(pace: Pace):
    return N_(
        "the file arrived too slowly (less than %(rate)s KB a second): send it again on a "
        "better connection",
        rate=f"{pace.rate / 1024:g}",
    )


def _request_too_slow(pace: Pace):
    return N_(
        "what this phone sent arrived too slowly (not all of it within %(seconds)s seconds): "
        "nothing was saved; send it again",
        seconds=math.ceil(pace.deadline()),
    )
