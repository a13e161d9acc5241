"""The fast path: every shortcut the tracker takes only to be quick, in one place, and the one
setting that turns them all off (FAST_PATH, env TRACKER_FAST_PATH=0). Off, plain Flask, the ORM,
the json module and the engine's checked replay answer every request with the same bytes
(tests/fast_polls/test_fast_path_parity.py shows it); on, the same answers cost less:

    fast_polls/   the polled draft and the session page's revision poll, answered in front of
                  Flask from one raw query, 304 or a stored answer (the middleware, above
                  `web`; plain: the Flask views of web/entry/draft_api.py and
                  web/api/session_routes.py)
    stored answers  the draft's JSON answer written with each change (core/draft/answer.py
                  `keep`, `remember`) and each worker's last answers and export texts
                  (`answers_kept`, `texts_kept` here; plain: each answer made when asked)
    collector_paused()  no cyclic garbage collection while thousands of rounds are replayed
    replay_rounds()  stored rounds replayed without checking again what was checked when they
                  were saved (engine `replay_stored`; plain: engine `replay`)
    loads()       stored round records decoded by orjson (plain: the json module)

This package is the toolkit, below `core` (it imports only the engine). The switch is the
process's (a server runs one app); create_app sets it from the setting.
"""

from __future__ import annotations

import gc
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import orjson

from ..engine import Ledger, Rules, replay, replay_stored

_on = True


def configure(on: bool) -> None:
    """Turn the fast path on or off for this process (create_app does, from FAST_PATH)."""
    global _on
    _on = bool(on)


def enabled() -> bool:
    return _on


def loads(text: str):
    """A stored JSON text (a round record) decoded: by orjson, a fifth of a cold group page's
    time with the json module; a text orjson refuses (a lone surrogate) by json."""
    if not _on:
        return json.loads(text)
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


def replay_rounds(players, rules: Rules, first_dealer: int, records: list) -> Ledger:
    """The ledger of rounds as stored, for figures only (the payments' words may be empty):
    read without checking them again (`replay_stored`), or checked as any round (`replay`)."""
    if _on:
        return replay_stored(players, rules, first_dealer, records, words=False)
    return replay(players, rules, first_dealer, records)


_LOCK = threading.Lock()
_pausing = 0  # how many threads are inside collector_paused()
_was_enabled = False  # whether the collector ran before the first of them came in


@contextmanager
def collector_paused() -> Iterator[None]:
    """Work on many sessions at once without the cyclic garbage collector's passes. A cold
    group page decodes and replays thousands of round records: a few hundred thousand objects,
    freed by their reference counts, none in a cycle, while the collector walks every tracked
    object again and again, finding nothing (about a third of such a page's time,
    benchmarks/group_stats.py). The collector is the process's, so the pause is counted across
    threads: it resumes when the last of them is done."""
    global _pausing, _was_enabled
    if not _on:
        yield
        return
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
