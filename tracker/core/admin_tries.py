"""Tries at the server's admin token (TRACKER_ADMIN_TOKEN), bounded per client address as the
edit PIN's are (core/pins.py): `pins.MAX_WRONG` wrong tokens within `pins.WINDOW` and the
address is refused (429) until the oldest of them is that old, whatever it sends then, the
right token included (else its answer would tell a right guess from a wrong one). A right
token clears the address's count; other addresses are never slowed.

The tries are rows of pin_attempt that name neither a session nor a group, in the database so
that every worker sees the same count. Each try is recorded before its count is read (its own
transaction), so tries racing on several workers all count. This works on an engine, not on
Flask's session: /metrics and /readyz are answered before Flask (web/observe.py).
"""

from __future__ import annotations

import math

from sqlalchemy import and_, delete, func, insert, select

from ..models import PinAttempt, utcnow
from .pins import MAX_WRONG, WINDOW

TRIES = PinAttempt.__table__
ADMIN = and_(TRIES.c.session_id.is_(None), TRIES.c.group_id.is_(None))
LONGEST = 64  # the column's length: an address longer than that is cut, not refused


def tried(engine, client: str, right: bool) -> int | None:
    """Count one try at the admin token from `client` (`right`: whether it was the token).
    None when it is answered as such; else the seconds to wait, the address having used its
    tries up (this one not counted then). Raises what the database raises: the caller refuses."""
    client = (client or "unknown")[:LONGEST]
    with engine.begin() as connection:
        count, oldest = _recent(connection, client)
        if count >= MAX_WRONG:
            return _wait(oldest)
        # tries older than the window, any address's, are not kept
        connection.execute(delete(TRIES).where(ADMIN, TRIES.c.created_at < utcnow() - WINDOW))
        connection.execute(insert(TRIES).values(client=client, created_at=utcnow()))
    with engine.begin() as connection:
        count, oldest = _recent(connection, client)  # others may have raced ahead of this one
        if count > MAX_WRONG:
            return _wait(oldest)
        if right:
            connection.execute(delete(TRIES).where(ADMIN, TRIES.c.client == client))
    return None


def _recent(connection, client: str):
    """(tries, the oldest one's time) of `client` in the window."""
    query = select(func.count(), func.min(TRIES.c.created_at)).where(
        ADMIN, TRIES.c.client == client, TRIES.c.created_at >= utcnow() - WINDOW
    )
    return connection.execute(query).one()


def _wait(oldest) -> int:
    return max(1, math.ceil(((oldest + WINDOW) - utcnow()).total_seconds()))
