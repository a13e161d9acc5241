"""At most one import per client address at a time, across every worker of the machine: an
import holds a thread while its body arrives (body_in_time.py), so eight connections of one
address each claiming an import would hold eight. The second is answered 429 at once, before a
byte of its body is read; the first goes on.

The mark is a file lock (fcntl.flock) on one of BUCKETS files in the instance folder, chosen by
the address's hash: every worker sees it, it goes with a worker that dies holding it, and the
files are as many whatever the addresses (two addresses sharing a file, one in a thousand, take
turns as if they were one).
"""

from __future__ import annotations

import fcntl
import hashlib
from contextlib import contextmanager
from pathlib import Path

from flask import current_app

from ..core.errors import InputError
from ..engine import Problem
from ..engine.messages import N_

BUCKETS = 1024
RETRY_AFTER = 30  # seconds: about what a big import takes here
BUSY = N_("an import from this address is still running: wait until it ends, then send it again")


@contextmanager
def one_per_address(client: str):
    """Held while `client`'s import runs; a 429 at once if another of its imports does."""
    path = mark_of(Path(current_app.instance_path), client)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise InputError([Problem("import", BUSY)], 429, RETRY_AFTER) from None
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def mark_of(instance: Path, client: str) -> Path:
    """The file whose lock marks `client`'s import running: one of BUCKETS, by its hash."""
    bucket = int(hashlib.sha256(client.encode()).hexdigest(), 16) % BUCKETS
    return instance / "imports" / f"{bucket:04d}.lock"
