"""One import at a time on this machine. An import checks and scores every round it holds (a
16 MB group is tens of thousands of rounds, most of a minute of CPU): two at once would take
both cores from every table playing here. A second import is refused at once (503, "try again
in a minute") instead of queueing behind the first.

The lock is a file lock (fcntl.flock) in the app's instance folder, so every worker of this
machine sees it, and it goes with a worker that dies holding it. Servers on other machines
have their own CPUs and their own lock.
"""

from __future__ import annotations

import fcntl
from contextlib import contextmanager
from pathlib import Path

from flask import current_app

from ..engine import Problem
from ..engine.messages import N_
from .errors import InputError

RETRY_AFTER = 30  # seconds: about what a big import takes here
BUSY = N_("another import is running on this server: try again in a minute")


@contextmanager
def one_import():
    """Hold this machine's import lock while the block runs, or refuse at once (503)."""
    folder = Path(current_app.instance_path)
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "import.lock", "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise InputError([Problem("import", BUSY)], 503, RETRY_AFTER) from None
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
