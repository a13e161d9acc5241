"""A request's body read whole, within a deadline, before the view does anything with it: a
client sending it a byte a second holds its thread for BODY_SECONDS at most (10: a round, a
payment, a form of up to 256 KB), or IMPORT_BODY_SECONDS for an import's each 16 MiB, and
never the machine's heavy-work lock (core/heavy.py) that every other client's export waits for.
A few addresses trickling bodies then hold threads for seconds, not for as long as they like.

The deadline is total, not per read: a timer shuts the connection's reading side when it
passes (the socket is gunicorn's, or the development server's), the read then ends short (the
server may hand over what came as if it were all), and the answer is 408 saying so. The body
read is kept by Flask for the view (JSON or form).
"""

from __future__ import annotations

import socket
import threading

from flask import current_app, request
from werkzeug.exceptions import ClientDisconnected

from ..core.errors import InputError
from ..engine import Problem
from ..engine.messages import N_


def register(app) -> None:
    """Every body but an import's (its view reads it, with its own deadline) read first."""

    @app.before_request
    def read_the_body():
        if _has_body() and not _an_import():
            _read_within(current_app.config["BODY_SECONDS"], _request_too_slow)


def read_whole() -> None:
    """An import's body read (and kept), or a 408 once IMPORT_BODY_SECONDS have passed for
    each 16 MiB it holds (60 by default: 16 MiB in a minute is 280 kB/s, less than a phone on
    a weak line sends; a 40 MiB group has two and a half minutes)."""
    parts = max(1.0, (request.content_length or 0) / (16 * 1024 * 1024))
    _read_within(current_app.config["IMPORT_BODY_SECONDS"] * parts, _file_too_slow)


def _read_within(seconds: float, too_slow) -> None:
    sock = request.environ.get("gunicorn.socket") or request.environ.get("werkzeug.socket")
    late = threading.Event()
    timer = threading.Timer(seconds, _cut, (sock, late)) if sock is not None else None
    if timer is not None:
        timer.daemon = True
        timer.start()
    try:
        request.get_data(parse_form_data=True)
    except (ClientDisconnected, ValueError):  # a body or form cut short
        if not late.is_set():
            raise
    finally:
        if timer is not None:
            timer.cancel()
    if late.is_set():  # the read ended at the deadline: what came is not the whole body
        raise InputError([Problem("body", too_slow(seconds))], 408)


def _has_body() -> bool:
    chunked = "chunked" in request.headers.get("Transfer-Encoding", "").lower()
    return bool(request.content_length) or chunked


def _an_import() -> bool:
    """An import's route takes more than every other one (exports.Request)."""
    return (request.max_content_length or 0) > (current_app.config["MAX_CONTENT_LENGTH"] or 0)


def _file_too_slow(seconds: float):
    return N_(
        "the file arrived too slowly (not all of it within %(seconds)s seconds): send it "
        "again on a better connection",
        seconds=f"{seconds:g}",
    )


def _request_too_slow(seconds: float):
    return N_(
        "what this phone sent arrived too slowly (not all of it within %(seconds)s seconds): "
        "nothing was saved; send it again",
        seconds=f"{seconds:g}",
    )


def _cut(sock, late: threading.Event) -> None:
    late.set()
    try:
        sock.shutdown(socket.SHUT_RD)  # the answer can still be written
    except OSError:
        pass  # closed already
