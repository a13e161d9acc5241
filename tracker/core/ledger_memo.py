"""A session's ledger, derived from its rounds by the engine, and each worker's memo of it.

Balances are never stored. Replaying 1,000 rounds takes a few hundred milliseconds, so each
worker keeps the ledger it last derived, with the (id, version) of each round it was derived
from. The key includes the revision the database holds, so a change made by another worker is
never missed: a stale entry is only used to skip replaying a prefix of rounds that is provably
unchanged.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from flask import current_app
from sqlalchemy import select

from ..engine import Ledger, Rules, add_round, replay
from ..extensions import db
from ..models import GameSession, Round


class LedgerCache:
    """The memo of one worker (`app.extensions["ledger_cache"]`), least recently used out."""

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


def rules_of(game: GameSession) -> Rules:
    return Rules.from_dict(game.rules)


def ledger_of(game: GameSession) -> Ledger:
    """The session's ledger, derived from its rounds (memoised per revision).

    A memo entry always holds the ledger of exactly the rounds (id, version) stored with it,
    read in one statement, and is filed under a revision no newer than those rounds.
    """
    ledger = _memo().get(game.token, game.revision)
    if ledger is None:
        ledger, stamps = _extended(game) or _replayed(game)
        _memo().put(game.token, game.revision, ledger, stamps)
    return ledger


def round_count(game: GameSession) -> int:
    return len(ledger_of(game).results)


def remember(game: GameSession, revision: int, ledger: Ledger, rounds: tuple) -> None:
    """File the ledger a change just committed (see `store.commit`)."""
    _memo().put(game.token, revision, ledger, rounds)


def stamps(game: GameSession) -> tuple:
    """(id, version) of each round of the session, in play order: what a ledger derives from."""
    rows = db.session.execute(
        select(Round.id, Round.version).where(Round.session_id == game.id).order_by(Round.number)
    )
    return tuple((id_, version) for id_, version in rows)


def _memo() -> LedgerCache:
    return current_app.extensions["ledger_cache"]


def _extended(game: GameSession) -> tuple[Ledger, tuple] | None:
    """Changed elsewhere (another worker): when the rounds this worker derived from are all
    still there, unchanged and first, only the rounds added since need to be booked."""
    now = stamps(game)
    stale = _memo().latest(game.token)
    if stale is None or stale[1] != now[: len(stale[1])]:
        return None
    new = now[len(stale[1]) :]
    rows = (
        db.session.execute(
            select(Round.id, Round.version, Round.record).where(
                Round.id.in_([id_ for id_, _ in new])
            )
        ).all()
        if new
        else []
    )
    found = {(id_, version): record for id_, version, record in rows}
    if not all(stamp in found for stamp in new):
        return None
    ledger = stale[0].copy()
    for stamp in new:
        add_round(ledger, found[stamp], stored=True)
    return ledger, now


def _replayed(game: GameSession) -> tuple[Ledger, tuple]:
    rows = db.session.execute(
        select(Round.id, Round.version, Round.record)
        .where(Round.session_id == game.id)
        .order_by(Round.number)
    ).all()
    ledger = replay(
        game.players, rules_of(game), game.first_dealer, [record for _, _, record in rows]
    )
    return ledger, tuple((id_, version) for id_, version, _ in rows)
