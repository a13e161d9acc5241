"""Whose turn it is at this machine's heavy-work lock (core/heavy.py): the client that has
waited longest. A client refused while the lock was busy, or while another waited longer, is
noted as waiting from its first refusal; when the lock is free only the longest waiter may take
it, and everybody else asking is refused (before trying the lock) and takes its place in the
line. A client that holds the lock and asks again goes to the back. So n clients asking back to
back each get about one turn in n, and one that comes back less often still gets its turn when
it comes.

A waiter that stops asking leaves the line once its Retry-After and SLACK have passed since it
was last refused: the lock does not stay free for long for a phone that has gone (a person who
gave up on an export, a connection that closed).

The notes are a small JSON file beside the lock (every worker of the machine reads it), read
and written under a lock of their own, held only for that (fcntl.flock, blocking).
"""

from __future__ import annotations

import fcntl
import json
import time
from contextlib import contextmanager
from pathlib import Path

NAME = "heavy.turns"
SLACK = 2  # seconds a client told to come back in n may take over n


def note_waiting(folder: Path, client: str, retry_after: float) -> None:
    """`client` was refused (the lock was busy): it waits, from its first refusal."""
    with _notes(folder) as notes:
        _wait(notes["waiting"], client, retry_after, time.time())


def first_in_line(folder: Path, client: str, retry_after: float) -> bool:
    """Whether `client` may try the lock: no other client has waited longer. If another has,
    `client` is noted as waiting (it is told to come back in `retry_after`). Asked before the
    lock is tried, so that the clients refused for their turn never hold it, even for a moment,
    when the one whose turn it is comes back."""
    with _notes(folder) as notes:
        now = time.time()
        waiting = {c: w for c, w in notes["waiting"].items() if _still(w, now)}
        first = min(waiting, key=lambda c: waiting[c]["since"], default=client)
        if first != client:
            _wait(waiting, client, retry_after, now)
        notes["waiting"] = waiting
        return first == client


def taken(folder: Path, client: str) -> None:
    """`client` holds the lock: it leaves the line."""
    with _notes(folder) as notes:
        notes["waiting"].pop(client, None)


def _wait(waiting: dict, client: str, retry_after: float, now: float) -> None:
    since = waiting.get(client, {}).get("since", now)
    waiting[client] = {"since": since, "until": now + retry_after + SLACK}


def _still(waiter, now: float) -> bool:
    return isinstance(waiter, dict) and now < waiter.get("until", 0)


@contextmanager
def _notes(folder: Path):
    path = folder / NAME
    with open(path, "a+") as file:
        fcntl.flock(file, fcntl.LOCK_EX)
        try:
            file.seek(0)
            try:
                notes = json.loads(file.read() or "{}")
            except ValueError:
                notes = {}  # a file cut short by a crash: no one waits
            if not isinstance(notes.get("waiting"), dict):
                notes = {"waiting": {}}
            yield notes
            file.seek(0)
            file.truncate()
            file.write(json.dumps(notes))
            file.flush()
        finally:
            fcntl.flock(file, fcntl.LOCK_UN)
