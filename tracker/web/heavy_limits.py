"""Requests whose work grows with what is stored (an export, a group's stats, a session page
with every round): this machine runs one of them at a time, imports included, and answers
another at once with 503 and Retry-After instead of letting it queue (core/heavy.py), the lock
coming free in turn to the clients asking (core/heavy_turns.py). A flood of them then holds at
most one thread and one core, and every other request (a tap, a poll, the home page) still
finds the rest. An import's body is read whole, within a deadline, before the lock is asked
for (body_in_time.py): a slow sender holds only its own thread, and an address one import at a
time (import_turns.py).
"""

from __future__ import annotations

from contextlib import contextmanager
from functools import wraps

from ..core import heavy as core_heavy
from . import body_in_time, devices, import_turns

__all__ = ["heavy", "heavy_import", "one_heavy", "one_import", "register"]


def register(app) -> None:
    """Every request names its client to the core, which may find heavy work on the way."""

    @app.before_request
    def name_the_client():
        core_heavy.asked_by(devices.client())


def one_heavy():
    """This machine's heavy-work lock for this request's client (else a 503)."""
    return core_heavy.one_heavy(devices.client())


@contextmanager
def one_import():
    """The lock for an import, once its body is in (else a 408, or a 503); one import of an
    address at a time (else a 429 before its body is read)."""
    client = devices.client()
    with import_turns.one_per_address(client):
        body_in_time.read_whole()
        with core_heavy.one_import(client):
            yield


def heavy(view):
    """`view`, run only while this machine runs no other heavy request (else a 503)."""

    @wraps(view)
    def gated(*args, **kwargs):
        with one_heavy():
            return view(*args, **kwargs)

    return gated


def heavy_import(view):
    """An import's view: its body, up to 16 MiB of JSON (a group's 48), read within a deadline;
    then run only while this machine runs no other heavy work (else a 503)."""

    @wraps(view)
    def gated(*args, **kwargs):
        with one_import():
            return view(*args, **kwargs)

    return gated
