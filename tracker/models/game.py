"""A session (`GameSession`: its players, rules snapshot and revision), its round records,
and the answers kept for idempotent requests."""

from __future__ import annotations

from ..extensions import db
from .columns import EXPORT_FORMAT, MendedJSON, history_events, iso, new_token, utcnow


class GameSession(db.Model):
    __tablename__ = "game_session"

    id = db.Column(db.Integer, primary_key=True)
    token = db.Column(db.String(64), nullable=False, unique=True, index=True, default=new_token)
    created_at = db.Column(db.DateTime, nullable=False, default=utcnow)
    updated_at = db.Column(db.DateTime, nullable=False, default=utcnow)
    players = db.Column(MendedJSON, nullable=False)
    first_dealer = db.Column(db.Integer, nullable=False, default=0)
    rules = db.Column(MendedJSON, nullable=False)
    page_size = db.Column(db.String(10), nullable=False, default="a4")
    settled_at = db.Column(db.DateTime, nullable=True)
    # bumped by every change; phones poll it, and the ledger cache is keyed by it
    revision = db.Column(db.Integer, nullable=False, default=0)
    # the edit PIN's salted hash (werkzeug.security); None: anyone with the link may change rounds
    pin_hash = db.Column(db.String(255), nullable=True)
    # the owner key's and the recovery code's hashes (core/owners.py); None: a session made
    # before owners, which `flask sessions owner TOKEN` can give them
    owner_key_hash = db.Column(db.String(255), nullable=True)
    recovery_hash = db.Column(db.String(255), nullable=True)

    # the barkada the session was started from (None: a session on its own), and the
    # member sitting at each seat (3 member ids in seat order; `players` keeps their names then)
    group_id = db.Column(
        db.Integer, db.ForeignKey("barkada.id", ondelete="SET NULL"), nullable=True, index=True
    )
    seat_members = db.Column(db.JSON, nullable=True)

    rounds = db.relationship(
        "Round",
        back_populates="session",
        order_by="Round.number",
        cascade="all, delete-orphan",
        lazy="select",
    )

    # its history (core/history.py), oldest first: read for exports, never changed here
    events = history_events()

    # Optimistic locking: every change updates the session row WHERE revision = the one read,
    # so two workers saving at the same moment cannot both take the same round number.
    __mapper_args__ = {"version_id_col": revision}

    @property
    def settled(self) -> bool:
        return self.settled_at is not None

    def records(self) -> list[dict]:
        return [round_.record for round_ in self.rounds]

    def export(self, history: bool = False) -> dict:
        """Everything needed to rebuild the session anywhere (PDF summary, JSON/CSV export);
        with `history`, its events too (the JSON export, group exports and backups)."""
        from ..engine import Rules

        out = {
            "format": EXPORT_FORMAT,
            "created": iso(self.created_at),
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "rules": Rules.from_dict(self.rules).to_dict(),
            "page_size": self.page_size,
            "settled": self.settled,
            "rounds": self.records(),
        }
        if history:
            out["history"] = [event.to_dict() for event in self.events]
        return out


class Round(db.Model):
    __tablename__ = "round"
    __table_args__ = (db.Index("ix_round_session_number", "session_id", "number"),)

    id = db.Column(db.Integer, primary_key=True)
    session_id = db.Column(
        db.Integer, db.ForeignKey("game_session.id", ondelete="CASCADE"), nullable=False
    )
    number = db.Column(db.Integer, nullable=False)  # 1, 2, 3 … in play order
    record = db.Column(MendedJSON, nullable=False)  # the round record of the engine
    created_at = db.Column(db.DateTime, nullable=False, default=utcnow)
    updated_at = db.Column(db.DateTime, nullable=False, default=utcnow)
    # the session's revision when what stands at this number last changed (saved, edited, or
    # moved up by a delete): an optimistic-lock token that never repeats for a number
    version = db.Column(db.Integer, nullable=False, default=1)
    # changed since it was first saved: the ledger marks it "edited" (the history says how)
    edited = db.Column(db.Boolean, nullable=False, default=False, server_default=db.false())

    session = db.relationship("GameSession", back_populates="rounds")


class IdempotentRequest(db.Model):
    """A request that changed something, under its client's Idempotency-Key, with the answer it
    got: the same key again gets the same answer and changes nothing. Stored in the transaction
    of the change itself; the unique index settles two copies racing."""

    __tablename__ = "idempotent_request"
    __table_args__ = (db.UniqueConstraint("scope", "key", name="uq_idempotent_request_scope_key"),)

    id = db.Column(db.Integer, primary_key=True)
    scope = db.Column(db.String(80), nullable=False)  # "sessions", "rounds:<token>", "draft:…"
    key = db.Column(db.String(200), nullable=False)
    fingerprint = db.Column(db.String(64), nullable=False)  # HMAC-SHA256 of the request body
    status = db.Column(db.Integer, nullable=False)
    response = db.Column(db.JSON, nullable=False)
    created_at = db.Column(db.DateTime, nullable=False, default=utcnow)
