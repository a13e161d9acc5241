"""Requests whose work grows with what is stored (an export, an import, a group's stats, a
session page with every round): each worker runs one of them at a time, and answers another at
once with 503 and Retry-After instead of letting it queue. A flood of them then holds at most
one thread a worker, and every other request (a tap, a poll, the home page) still finds one.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from functools import wraps

from ..engine import Problem
from ..engine.messages import N_
from ..sessions import InputError

AT_ONCE = 1  # heavy requests a worker runs at the same time
RETRY_AFTER = 5  # seconds
BUSY = N_("this server is busy with another big request: try again in a few seconds")

_gate = threading.BoundedSemaphore(AT_ONCE)  # one a worker process


def heavy(view):
    """`view`, run only while this worker runs no other heavy request (else a 503)."""

    @wraps(view)
    def gated(*args, **kwargs):
        with one_heavy():
            return view(*args, **kwargs)

    return gated


@contextmanager
def one_heavy():
    """`with one_heavy():` around heavy work inside a view that is not always heavy."""
    if not _gate.acquire(blocking=False):
        raise InputError([Problem("server", BUSY)], 503, RETRY_AFTER)
    try:
        yield
    finally:
        _gate.release()
