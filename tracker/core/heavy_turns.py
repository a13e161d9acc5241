"""Whose turn it is at this machine's heavy-work lock (core/heavy.py): one client sending heavy
requests back to back (imports, exports, a full session page) would otherwise take the lock
again each time it came free, and every other client, told to come back in a few seconds, would
find it taken each time. So a client refused while the lock was busy is noted as waiting; the
client that held the lock last may not take it again while another waits (for up to two of
its Retry-After), and the one waiting gets it when it comes back.

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


def note_waiting(folder: Path, client: str) -> None:
    """`client` was refused: the lock was busy."""
    with _notes(folder) as notes:
        notes["waiting"][client] = time.time()


def take_turn(folder: Path, client: str, patience: float) -> bool:
    """Whether `client`, holding the free lock, may go on: not when it held the lock last and
    another client has waited within the last `patience` seconds. If so, its turn is noted."""
    with _notes(folder) as notes:
        now = time.time()
        waiting = {c: t for c, t in notes["waiting"].items() if now - t < patience}
        others = set(waiting) - {client}
        if others and notes.get("last") == client:
            notes["waiting"] = waiting
            return False
        waiting.pop(client, None)
        notes["waiting"], notes["last"] = waiting, client
        return True


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
