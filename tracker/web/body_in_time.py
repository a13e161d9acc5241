"""A big request body (an import, up to 16 MB) read whole, within a deadline, before any lock
is taken: a client sending it a byte a second holds its own thread for IMPORT_BODY_SECONDS at
most, never the machine's heavy-work lock (core/heavy.py) that every other client's export
waits for.

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


def read_whole() -> None:
    """The request's body read (and kept), or a 408 once IMPORT_BODY_SECONDS have passed
    (60 by default: 16 MB in a minute is 270 kB/s, less than a phone on a weak line sends)."""
    seconds = current_app.config["IMPORT_BODY_SECONDS"]
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
        raise InputError([Problem("body", _too_slow(seconds))], 408)


def _too_slow(seconds: float):
    return N_(
        "the file arrived too slowly (not all of it within %(seconds)s seconds): send it "
        "again on a better connection",
        seconds=f"{seconds:g}",
    )


def _cut(sock, late: threading.Event) -> None:
    late.set()
    try:
        sock.shutdown(socket.SHUT_RD)  # the answer can still be written
    except OSError:
        pass  # closed already
