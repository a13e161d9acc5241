"""Reading sessions, and the one way to change one: `commit`, a transaction that retries on a
stale revision and answers a repeated idempotency key with its first answer."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from sqlalchemy import func, inspect, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm.exc import StaleDataError

from ..engine import Ledger, Problem
from ..engine.messages import N_
from ..extensions import db
from ..models import GameSession, Round, utcnow
from . import idempotency
from .errors import InputError, NotFound, settled_error
from .idempotency import Idempotent
from .ledger_memo import remember, stamps

TOKEN = re.compile(r"([A-Za-z0-9_-]{16,64})")
LINKED = re.compile(r"/s/([A-Za-z0-9_-]{16,64})(?:[/?#]|$)")
# A change that lost the race for the session's next revision (another phone saved first) is
# run again on the fresh state: 40 phones saving to one table at once all get their round
# stored. Bounded: at most ATTEMPTS runs within PATIENCE seconds, with a jittered pause
# between them that doubles from FIRST_PAUSE up to LONGEST_PAUSE.
ATTEMPTS = 12
PATIENCE = 8.0
FIRST_PAUSE = 0.004
LONGEST_PAUSE = 0.25


def get_session(token: str) -> GameSession:
    game = db.session.execute(
        select(GameSession).where(GameSession.token == token)
    ).scalar_one_or_none()
    if game is None:
        raise NotFound(token)
    return game


def session_named(text) -> GameSession:
    """The session a pasted link (…/s/<token>…) or bare code names; InputError (422 when
    nothing was given, 404 when no session has it) otherwise."""
    text = text.strip() if isinstance(text, str) else ""
    if not text:
        raise InputError([Problem("link", N_("paste the session's link or its code"))], 422)
    match = LINKED.search(text[:2000]) or TOKEN.fullmatch(text[:2000])
    try:
        return get_session(match.group(1))  # type: ignore[union-attr]
    except (AttributeError, NotFound):
        message = N_("no session has this link or code: check it, or scan the table's QR code")
        raise InputError([Problem("link", message)], 404) from None


def revision_of(token: str) -> tuple[int, bool]:
    """(revision, settled) of a session: all that polling phones ask, in one small query."""
    row = db.session.execute(
        select(GameSession.revision, GameSession.settled_at).where(GameSession.token == token)
    ).one_or_none()
    if row is None:
        raise NotFound(token)
    return row.revision, row.settled_at is not None


def recent_sessions(limit: int | None = 100, ids=None) -> list[tuple[GameSession, int]]:
    """Sessions, most recent first, with their number of rounds (only those of `ids` if given)."""
    query = counted_sessions().limit(limit)
    if ids is not None:
        query = query.where(GameSession.id.in_(list(ids)))
    return [(game, count) for game, count in db.session.execute(query).all()]


def counted_sessions():
    """The query of (session, its number of rounds), most recently changed first."""
    counts = (
        select(Round.session_id, func.count(Round.id).label("n"))
        .group_by(Round.session_id)
        .subquery()
    )
    return (
        select(GameSession, func.coalesce(counts.c.n, 0))
        .outerjoin(counts, counts.c.session_id == GameSession.id)
        .order_by(GameSession.updated_at.desc(), GameSession.id.desc())
    )


def listed_sessions(refs: list[tuple[int, str]]) -> list[tuple[GameSession, int]]:
    """The sessions a device keeps in its list, as (id, the token's first characters), in that
    order, with their number of rounds. One that is gone (or whose id now names another
    session) is left out."""
    found = {game.id: (game, count) for game, count in recent_sessions(None, [i for i, _ in refs])}
    listed = []
    for number, prefix in refs:
        game, count = found.get(number, (None, 0))
        if game is not None and game.token.startswith(prefix):
            listed.append((game, count))
    return listed


def check_open(game: GameSession) -> None:
    if game.settled:
        raise settled_error()


Change = Callable[[], tuple[Any, Ledger]]

# A check each run of a change makes first, inside its transaction (`only_if`): what held when a
# page asked (an undo's "still the last change") may no longer hold once a racing writer has
# committed, and the run after a lost race must see that, not the state read before.
_PRECONDITION: ContextVar[Callable[[], None] | None] = ContextVar("precondition", default=None)


@contextmanager
def only_if(check: Callable[[], None]) -> Iterator[None]:
    """The changes committed within run `check()` first in their transaction (each attempt);
    it raises (e.g. InputError 409) to refuse."""
    token = _PRECONDITION.set(check)
    try:
        yield
    finally:
        _PRECONDITION.reset(token)


def commit(game: GameSession, change: Change, idem: Idempotent | None = None):
    """Run `change` (answering (answer, ledger after it)) and commit it as one transaction,
    as `commit_versioned` does; the ledger is then remembered under the new revision."""
    ledgers: list[Ledger] = []

    def run():
        answer, ledger = change()
        ledgers.append(ledger)
        return answer

    def inside():  # the transaction now holds the session row: exactly this revision's rounds
        return game.revision, stamps(game)

    answer, seen = commit_versioned(game, run, idem, inside=inside)
    if seen is not None:
        remember(game, seen[0], ledgers[-1], seen[1])
    return answer


def commit_versioned(
    row,
    change: Callable[[], Any],
    idem: Idempotent | None = None,
    *,
    inside: Callable[[], Any] = lambda: None,
    expire: tuple[str, ...] = (),
    raced: Problem | None = None,
):
    """Run `change` and commit it with the row's next revision (a session or a group), as one
    transaction; answers (its answer, what `inside()` read in the transaction after the change,
    or None when nothing ran).

    If another worker changed the row meanwhile (its revision moved on), roll back and run
    `change` again on the fresh state (its relationships `expire` read afresh), holding the row
    from the start this time (`hold`: the racing writers then wait their turn instead of
    racing again), within the bounds of `attempts`. With `idem`, a key already stored answers
    its stored (status, body) and changes nothing; else the answer is stored with the change,
    in the same transaction, and `idem.respond(answer)` is answered. A constraint broken by a
    racing writer raises `raced` (409) when given, else the database's error.

    A deadlock is such a race too: on PostgreSQL a change that writes rounds before the
    session's row (a delete renumbers them) and one that bumps the row first (an edit) can each
    wait for the other; the database stops one, which runs again holding the row.
    """
    name = "session" if isinstance(row, GameSession) else "group"
    for attempt in attempts():
        try:
            if attempt:
                hold(row)
                if expire:
                    db.session.expire(row, list(expire))
            if idem is not None and (stored := idempotency.stored(idem)) is not None:
                db.session.rollback()
                return stored, None
            answer, seen = _changed(row, change, idem, inside)
        except (StaleDataError, OperationalError) as error:
            db.session.rollback()
            if not raced_meanwhile(error):
                raise
            continue  # the next run holds the row first: the writers then queue, not cross
        except IntegrityError:
            db.session.rollback()
            if idem is not None and (stored := idempotency.stored(idem)) is not None:
                return stored, None  # a copy of this request committed first: its answer is ours
            if raced is None:
                raise
            raise InputError([raced], 409) from None
        except BaseException:
            db.session.rollback()
            raise
        return answer, seen
    raise InputError([Problem(name, _RACED[name])], 409)


def _changed(row, change: Callable[[], Any], idem: Idempotent | None, inside: Callable[[], Any]):
    """One run of a change, committed with the row's next revision: (answer, what inside read)."""
    if (check := _PRECONDITION.get()) is not None:
        check()
    answer = change()
    row.updated_at = utcnow()  # the UPDATE that bumps and checks the revision
    db.session.flush()
    seen = inside()
    if idem is not None:
        answer = idempotency.remember(idem, answer)
    db.session.commit()
    return answer, seen


def raced_meanwhile(error: Exception) -> bool:
    """Another writer changed the row first (its revision moved on), or the database stopped
    this transaction to break a deadlock with another (PostgreSQL's 40P01)."""
    if isinstance(error, StaleDataError):
        return True
    return getattr(getattr(error, "orig", None), "sqlstate", None) == "40P01"


_RACED = {
    "session": N_("the session changed at the same moment on another phone: try again"),
    "group": N_("the group changed at the same moment on another phone: try again"),
}


def hold(game) -> None:
    """Hold the session (or a group: any versioned row) for this transaction, then read it
    afresh: on PostgreSQL a lock of its row (FOR NO KEY UPDATE, which rounds pointing at it do
    not wait for); SQLite has no row locks, so a write that changes nothing takes the
    database's write lock."""
    model = type(game)
    (key,) = inspect(game).identity  # not game.id: that would read the row before the lock
    fresh = select(model).where(model.id == key)
    if db.session.get_bind().dialect.name == "sqlite":
        table = model.__table__
        db.session.execute(update(table).where(table.c.id == key).values(revision=table.c.revision))
    else:
        fresh = fresh.with_for_update(key_share=True)
    db.session.execute(fresh.execution_options(populate_existing=True))


def attempts() -> Iterator[int]:
    """0, 1, 2 … for each run of a change, pausing (jittered, growing) before each retry; stops
    at ATTEMPTS or when the next pause would pass PATIENCE seconds from the first run."""
    deadline = time.monotonic() + PATIENCE
    for attempt in range(ATTEMPTS):
        if attempt:
            pause = random.uniform(0, min(LONGEST_PAUSE, FIRST_PAUSE * 2**attempt))
            if time.monotonic() + pause > deadline:
                return
            time.sleep(pause)
        yield attempt
