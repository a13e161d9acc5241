"""The server owner's look at the sessions (`flask --app tracker sessions …`, tracker/commands.py):
list them, delete those idle for days, give an owner to a session made before owners."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, or_, select

from ..extensions import db
from ..models import (
    ChangeEvent,
    GameSession,
    IdempotentRequest,
    PinAttempt,
    Round,
    RoundDraft,
    utcnow,
)
from . import history, owners
from .store import counted_sessions, get_session


@dataclass(frozen=True)
class Row:
    token: str
    created: datetime
    changed: datetime
    rounds: int
    players: list[str]


def session_rows(older_than: datetime | None = None) -> list[Row]:
    """Every session (or those last changed before `older_than`), newest change first. Idle
    sessions of a barkada are never among those: they are its history, and its
    balances and utang add them up."""
    query = counted_sessions()
    if older_than is not None:
        query = query.where(GameSession.updated_at < older_than, GameSession.group_id.is_(None))
    return [
        Row(game.token, game.created_at, game.updated_at, count, list(game.players))
        for game, count in db.session.execute(query).all()
    ]


def idle_rows(days: int) -> list[Row]:
    return session_rows(utcnow() - timedelta(days=days))


def delete_sessions(tokens: list[str]) -> None:
    """Delete these sessions with their rounds, draft, history, PIN tries and idempotency
    answers, in one transaction."""
    if not tokens:
        return
    try:
        ids = select(GameSession.id).where(GameSession.token.in_(tokens)).scalar_subquery()
        for model in (Round, RoundDraft, PinAttempt, ChangeEvent):
            db.session.execute(delete(model).where(model.session_id.in_(ids)))
        scopes = [f"{kind}:{token}" for token in tokens for kind in ("rounds", "draft")]
        db.session.execute(
            delete(IdempotentRequest).where(
                or_(IdempotentRequest.scope.in_(scopes), _creates_of(tokens))
            )
        )
        db.session.execute(delete(GameSession).where(GameSession.token.in_(tokens)))
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise


def _creates_of(tokens: list[str]):
    """The stored answers of the creates of these sessions (they hold the link)."""
    wanted = set(tokens)
    rows = db.session.execute(
        select(IdempotentRequest.id, IdempotentRequest.response).where(
            IdempotentRequest.scope == "sessions"
        )
    ).all()
    ids = [
        row.id
        for row in rows
        if isinstance(row.response, dict) and row.response.get("id") in wanted
    ]
    return IdempotentRequest.id.in_(ids)


def give_owner(token: str) -> owners.OwnerSecrets:
    """A new owner key and recovery code for the session (NotFound if none): the old ones, if
    any, stop working, and so do the owner marks of the devices that had them."""
    game = get_session(token)
    made = owners.issue(game, owners.new_seed())
    history.note(game, history.OWNER_GIVEN, "server")
    try:
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return made
