"""A per-process memo of each session's derived ledger, keyed by the session's revision.

Replaying 1,000 rounds takes a few hundred milliseconds, so each worker keeps the ledger it
last derived, with the (id, version) of each round it was derived from. The key includes the
revision the database holds, so a change made by another worker is never missed: a stale entry
is only used to skip replaying a prefix of rounds that is provably unchanged.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict

from .engine import Ledger


class LedgerCache:
    def __init__(self, size: int = 64):
        self.size = size
        self._items: OrderedDict[tuple[str, int], tuple[Ledger, tuple]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, token: str, revision: int) -> Ledger | None:
        with self._lock:
            item = self._items.get((token, revision))
            if item is not None:
                self._items.move_to_end((token, revision))
                return item[0]
            return None

    def latest(self, token: str) -> tuple[Ledger, tuple] | None:
        """The entry of any revision (stale or not) and the rounds it was derived from."""
        with self._lock:
            for key, item in self._items.items():
                if key[0] == token:
                    return item
            return None

    def put(self, token: str, revision: int, ledger: Ledger, rounds: tuple = ()) -> None:
        """`rounds`: the (id, version) of each round the ledger was derived from, in order."""
        if self.size <= 0:
            return
        with self._lock:
            for key in [key for key in self._items if key[0] == token]:
                del self._items[key]
            self._items[(token, revision)] = (ledger, tuple(rounds))
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


def copy_ledger(ledger: Ledger) -> Ledger:
    """A copy `add_round` can extend without touching the cached one (results are shared)."""
    return dataclasses.replace(
        ledger,
        results=list(ledger.results),
        history=list(ledger.history),
        balances=list(ledger.balances),
        pot_shares=list(ledger.pot_shares),
    )
