"""Reading barkadas, and the one way to change one: `commit_group`, a transaction
that bumps the group's revision and runs the change again when another worker changed the
group first (as `store.commit` does for a session)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import func, select

from ...engine import Problem
from ...engine.messages import N_
from ...extensions import db
from ...models import Barkada, GameSession, Member, Round
from ..errors import NotFound
from ..idempotency import Idempotent
from ..store import commit_versioned


def get_group(token: str) -> Barkada:
    group = db.session.execute(select(Barkada).where(Barkada.token == token)).scalar_one_or_none()
    if group is None:
        raise NotFound(token)
    return group


def group_of(game: GameSession) -> Barkada | None:
    """The group a session was started from, or None."""
    if game.group_id is None:
        return None
    return db.session.get(Barkada, game.group_id)


def listed_groups(refs: list[tuple[int, str]]) -> list[Barkada]:
    """The groups a device keeps in its list, as (id, the token's first characters), in that
    order; one that is gone (or whose id now names another group) is left out."""
    ids = [number for number, _ in refs]
    query = select(Barkada).where(Barkada.id.in_(ids))
    found = {group.id: group for group in db.session.execute(query).scalars()}
    return [
        found[number]
        for number, prefix in refs
        if number in found and found[number].token.startswith(prefix)
    ]


def group_sessions(group: Barkada) -> list[tuple[GameSession, int]]:
    """The group's sessions, oldest first, with their number of rounds."""
    counts = (
        select(Round.session_id, func.count(Round.id).label("n"))
        .group_by(Round.session_id)
        .subquery()
    )
    query = (
        select(GameSession, func.coalesce(counts.c.n, 0))
        .outerjoin(counts, counts.c.session_id == GameSession.id)
        .where(GameSession.group_id == group.id)
        .order_by(GameSession.created_at, GameSession.id)
    )
    return [(game, count) for game, count in db.session.execute(query).all()]


def latest_session(group: Barkada) -> GameSession | None:
    """The group's session started last, or None."""
    query = select(GameSession).where(GameSession.group_id == group.id)
    query = query.order_by(GameSession.created_at.desc(), GameSession.id.desc()).limit(1)
    return db.session.execute(query).scalar_one_or_none()


def member_names(group: Barkada) -> dict[int, str]:
    """Member id: current name, of every member (those who left too)."""
    return {member.id: member.name for member in group.members}


def commit_group(group: Barkada, change: Callable[[], Any], idem: Idempotent | None = None):
    """Run `change` (answering what the caller answers) and commit it with the group's next
    revision, as one transaction (`store.commit_versioned`): on a stale revision, again on the
    fresh state; with `idem`, a key already stored answers its stored (status, body)."""
    raced = Problem("group", N_("another phone changed the group at the same moment: try again"))
    answer, _ = commit_versioned(group, change, idem, expire=("members", "payments"), raced=raced)
    return answer


def current_members(group: Barkada) -> list[Member]:
    return [member for member in group.members if member.left_at is None]
