"""Money across a barkada's nights: each member's balance is what their settled
sessions' ledgers gave them plus the payments they made, less those they received; utang is
who still owes whom, in the fewest transfers (the engine's `settle`). Derived, never stored:
the sessions' part is kept per worker under the (id, revision) of the settled sessions.

A session counted in points (progressive mode) is left out: a group's balances are money.

Deriving them cold (a new worker, a thousand nights of forty rounds: 12–15 s of one core) is
heavy work: past GROUP_COLD_ROUNDS rounds to replay it takes this machine's heavy-work lock
(core/heavy.py) or is refused (503 with Retry-After), so cold big groups opened together, as
after a restart, take one core in turn and never every thread.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from contextlib import nullcontext
from dataclasses import dataclass
from decimal import Decimal

from flask import current_app
from sqlalchemy import func, select

from ...engine import Transfer, settle
from ...engine.money import ZERO
from ...extensions import db
from ...models import Barkada, GameSession, Round
from .. import heavy
from ..ledger_memo import ledger_of, rules_of
from .group_store import member_names

CACHE_SIZE = 64  # groups
FINALS_SIZE = 5000  # sessions: three amounts each
DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_lock = threading.Lock()


@dataclass(frozen=True)
class GroupMoney:
    """A group's balances (member id: amount, every member) and utang (by current names)."""

    balances: dict[int, Decimal]
    utang: list[Transfer]


def group_money(group: Barkada) -> GroupMoney:
    names = member_names(group)
    balances = {member_id: ZERO for member_id in names}
    for member_id, amount in sessions_total(group).items():
        balances[member_id] = balances.get(member_id, ZERO) + amount
    for payment in group.payments:
        amount = Decimal(payment.amount)
        balances[payment.payer_id] += amount
        balances[payment.payee_id] -= amount
    by_name = {names[member_id]: amount for member_id, amount in balances.items()}
    return GroupMoney(balances, settle(by_name))


def counted_sessions(group: Barkada) -> list[GameSession]:
    """The group's settled sessions in money, the ones its balances add up."""
    query = select(GameSession).where(
        GameSession.group_id == group.id, GameSession.settled_at.is_not(None)
    )
    games = db.session.execute(query.order_by(GameSession.id)).scalars().all()
    return [game for game in games if rules_of(game).unit != "pts" and game.seat_members]


def sessions_total(group: Barkada) -> dict[int, Decimal]:
    """Member id: the sum of their final balances in the group's settled sessions."""
    games = counted_sessions(group)
    key = tuple((game.id, game.revision) for game in games)
    cache = current_app.extensions.setdefault("group_totals", OrderedDict())
    with _lock:
        hit = cache.get(group.id)
        if hit is not None and hit[0] == key:
            return hit[1]
    totals: dict[int, Decimal] = {}
    cold = cold_rounds(group, games) > current_app.config["GROUP_COLD_ROUNDS"]
    with heavy.one_heavy() if cold else nullcontext():
        for game in games:
            for member_id, amount in zip(game.seat_members, final_balances(game)):
                totals[member_id] = totals.get(member_id, ZERO) + amount
    _put(cache, group.id, (key, totals), CACHE_SIZE)
    return totals


def cold_rounds(group: Barkada, games: list[GameSession]) -> int:
    """How many rounds this worker would replay to know these sessions' final balances."""
    cache = current_app.extensions.setdefault("session_finals", OrderedDict())
    with _lock:
        cold = {game.id for game in games if (game.id, game.revision) not in cache}
    if not cold:
        return 0
    query = (
        select(Round.session_id, func.count(Round.id))
        .join(GameSession, GameSession.id == Round.session_id)
        .where(GameSession.group_id == group.id)
        .group_by(Round.session_id)
    )
    return sum(count for session_id, count in db.session.execute(query) if session_id in cold)


def final_balances(game: GameSession) -> list[Decimal]:
    """A session's final balances, kept per worker under its (id, revision): when one session
    of a group changes, only that one is replayed (a group may have more sessions than the
    ledger memo holds)."""
    cache = current_app.extensions.setdefault("session_finals", OrderedDict())
    key = (game.id, game.revision)
    with _lock:
        hit = cache.get(key)
    if hit is None:
        hit = ledger_of(game).final_balances()
        _put(cache, key, hit, FINALS_SIZE)
    return hit


def _put(cache: OrderedDict, key, value, size: int) -> None:
    with _lock:
        cache[key] = value
        cache.move_to_end(key)
        while len(cache) > size:
            cache.popitem(last=False)
