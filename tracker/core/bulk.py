"""Work on many sessions at once without the cyclic garbage collector's passes.

A cold group page decodes and replays thousands of round records: a few hundred thousand
objects, freed by their reference counts, none of them in a cycle. While they are made, the
collector walks every tracked object of the worker again and again, each time finding
nothing: it is about a third of such a page's time (benchmarks/group_stats.py). So it is
paused for that work, and resumes after it. The collector is the process's, so the pause is
counted across threads: it resumes when the last of them is done.

    with collector_paused(): ...
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_LOCK = threading.Lock()
_pausing = 0  # how many threads are inside collector_paused()
_was_enabled = False  # whether the collector ran before the first of them came in


@contextmanager
def collector_paused() -> Iterator[None]:
    global _pausing, _was_enabled
    with _LOCK:
        if _pausing == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _pausing += 1
    try:
        yield
    finally:
        with _LOCK:
            _pausing -= 1
            if _pausing == 0 and _was_enabled:
                gc.enable()
