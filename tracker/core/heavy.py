"""Heavy work, one at a time on this machine: an import checks and scores every round it holds
(a 16 MB group is tens of thousands of rounds, most of a minute of CPU), and an export, a
group's stats or a session page with every round grows with what is stored. Two at once would
take both cores from every table playing here, so the next one is refused at once (503 with
Retry-After) instead of queueing behind the first: whatever a flood of them asks, at most one
core works for it, and the other is left to the taps, polls and pages of the tables.

The lock is a file lock (fcntl.flock) in the app's instance folder, so every worker of this
machine sees it, and it goes with a worker that dies holding it. Each `open()` is a lock of
its own, so two threads of one worker exclude each other too. Servers on other machines have
their own CPUs and their own lock. A thread that holds it already (an import view takes it
once the body is in; the core's import then asks again) goes on. The lock goes to the client
that has waited longest (heavy_turns.py): neither one client's requests back to back nor
several clients' in turn keep out the others.
"""

from __future__ import annotations

import fcntl
import threading
from contextlib import contextmanager, nullcontext
from contextvars import ContextVar
from pathlib import Path

from flask import current_app

from ..engine import Problem
from ..engine.messages import N_
from . import heavy_turns
from .errors import InputError

IMPORT_RETRY_AFTER = 30  # seconds: about what a big import takes here
IMPORT_BUSY = N_("another import is running on this server: try again in a minute")
HEAVY_RETRY_AFTER = 5  # seconds
HEAVY_BUSY = N_("this server is busy with another big request: try again in a few seconds")

_held = threading.local()  # .depth: how deep this thread holds the lock
_asking: ContextVar[str] = ContextVar("heavy_asking", default="")


def asked_by(client: str) -> None:
    """Name the client the current request works for (the web layer gives its address): heavy
    work the core finds it must do on the way (a big group's balances, cold) takes its turn."""
    _asking.set(client)


@contextmanager
def one_import(client: str = ""):
    """Hold this machine's heavy-work lock while an import runs, or refuse at once (503).
    `client` (its address) takes its turn (heavy_turns.py)."""
    with _alone(Problem("import", IMPORT_BUSY), IMPORT_RETRY_AFTER, client):
        yield


@contextmanager
def one_heavy(client: str | None = None):
    """The same lock around other heavy work (an export, stats, every round of a session).
    `client`: by default the one named by `asked_by`."""
    asking = _asking.get() if client is None else client
    with _alone(Problem("server", HEAVY_BUSY), HEAVY_RETRY_AFTER, asking):
        yield


@contextmanager
def _alone(refusal: Problem, retry_after: int, client: str):
    depth = getattr(_held, "depth", 0)
    with nullcontext() if depth else _locked(refusal, retry_after, client):
        _held.depth = depth + 1
        try:
            yield
        finally:
            _held.depth = depth


@contextmanager
def _locked(refusal: Problem, retry_after: int, client: str):
    folder = Path(current_app.instance_path)
    folder.mkdir(parents=True, exist_ok=True)
    if not heavy_turns.first_in_line(folder, client, retry_after):
        raise InputError([refusal], 503, retry_after)  # another client's turn: it comes back
    with open(folder / "heavy.lock", "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            heavy_turns.note_waiting(folder, client, retry_after)
            raise InputError([refusal], 503, retry_after) from None
        heavy_turns.taken(folder, client)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
