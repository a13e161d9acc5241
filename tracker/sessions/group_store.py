"""Reading barkadas (issue 11), and the one way to change one: `commit_group`, a transaction
that bumps the group's revision and runs the change again when another worker changed the
group first (as `store.commit` does for a session)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from ..engine import Problem
from ..engine.messages import N_
from ..extensions import db
from ..models import Barkada, GameSession, Member, Round, utcnow
from . import idempotency
from .errors import InputError, NotFound
from .idempotency import Idempotent
from .store import attempts, hold


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
    revision, as one transaction; on a stale revision, again on the fresh state. With `idem`,
    as `store.commit`: a key already stored answers its stored (status, body), changing
    nothing; else `idem.respond(answer)` is stored with the change and answered."""
    for attempt in attempts():
        try:
            if attempt:
                hold(group)
                db.session.expire(group, ["members", "payments"])
            if idem is not None and (stored := idempotency.stored(idem)) is not None:
                db.session.rollback()
                return stored
            answer = change()
            group.updated_at = utcnow()  # the UPDATE that bumps and checks the revision
            db.session.flush()
            if idem is not None:
                answer = idempotency.remember(idem, answer)
            db.session.commit()
        except StaleDataError:
            db.session.rollback()
            continue
        except IntegrityError:
            db.session.rollback()
            if idem is not None and (stored := idempotency.stored(idem)) is not None:
                return stored  # a copy of this request committed first: its answer is ours
            raise InputError(
                [
                    Problem(
                        "group", N_("another phone changed the group at the same moment: try again")
                    )
                ],
                409,
            ) from None
        except BaseException:
            db.session.rollback()
            raise
        return answer
    raise InputError(
        [Problem("group", N_("the group changed at the same moment on another phone: try again"))],
        409,
    )


def current_members(group: Barkada) -> list[Member]:
    return [member for member in group.members if member.left_at is None]
