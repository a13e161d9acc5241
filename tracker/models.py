"""What the database holds: a session's players, rules snapshot and round records.

Balances are never stored: they are derived from the rounds by the engine's `replay`.
Only portable SQLAlchemy types, so the same schema runs on SQLite and PostgreSQL.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

from .engine.values import mended
from .extensions import db

EXPORT_FORMAT = "tongits-tracker/1"


class MendedJSON(db.TypeDecorator):
    """JSON whose text is read back mended (engine `values.mended`): a row stored with a lone
    surrogate or a control character before such text was refused shows U+FFFD in their place
    instead of failing the page, list or backup that shows it."""

    impl = db.JSON
    cache_ok = True

    def process_result_value(self, value, dialect):
        return mended(value)


class MendedText(db.TypeDecorator):
    """A short text read back mended, as MendedJSON."""

    impl = db.String
    cache_ok = True

    def process_result_value(self, value, dialect):
        return mended(value)


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 random bits


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
    events = db.relationship(
        "ChangeEvent",
        order_by="ChangeEvent.id",
        lazy="select",
        viewonly=True,
    )

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
        from .engine import Rules

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


class Barkada(db.Model):
    """A group that plays every week: its members, the sessions started from it and
    the payments recorded between members. Stats, balances and utang are derived from those,
    never stored. The same owner key, recovery code and edit PIN as a session guard changes."""

    __tablename__ = "barkada"

    id = db.Column(db.Integer, primary_key=True)
    token = db.Column(db.String(64), nullable=False, unique=True, index=True, default=new_token)
    name = db.Column(db.String(80), nullable=False)
    created_at = db.Column(db.DateTime, nullable=False, default=utcnow)
    updated_at = db.Column(db.DateTime, nullable=False, default=utcnow)
    revision = db.Column(db.Integer, nullable=False, default=0)  # bumped by every change
    pin_hash = db.Column(db.String(255), nullable=True)
    owner_key_hash = db.Column(db.String(255), nullable=True)
    recovery_hash = db.Column(db.String(255), nullable=True)

    members = db.relationship(
        "Member", order_by="Member.position", cascade="all, delete-orphan", lazy="select"
    )
    payments = db.relationship(
        "Payment", order_by="Payment.id", cascade="all, delete-orphan", lazy="select"
    )
    events = db.relationship(
        "ChangeEvent",
        order_by="ChangeEvent.id",
        lazy="select",
        viewonly=True,
    )

    __mapper_args__ = {"version_id_col": revision}


class Member(db.Model):
    """One person of a barkada. Sessions and payments name members by id, so a rename changes
    every page of history at once; a member who left keeps their rows (`left_at` is set)."""

    __tablename__ = "member"
    __table_args__ = (db.UniqueConstraint("group_id", "name", name="uq_member_group_name"),)

    id = db.Column(db.Integer, primary_key=True)
    group_id = db.Column(
        db.Integer, db.ForeignKey("barkada.id", ondelete="CASCADE"), nullable=False, index=True
    )
    name = db.Column(MendedText(40), nullable=False)
    note = db.Column(MendedText(120), nullable=True)  # how to pay them, such as a GCash number
    position = db.Column(db.Integer, nullable=False, default=0)
    left_at = db.Column(db.DateTime, nullable=True)
    created_at = db.Column(db.DateTime, nullable=False, default=utcnow)


class Payment(db.Model):
    """Money a member handed another to settle utang ("Bayad na"): raises the payer's balance,
    lowers the payee's. `amount` is the exact peso text ("150.00"), never a float; deleting the
    row undoes it."""

    __tablename__ = "payment"

    id = db.Column(db.Integer, primary_key=True)
    group_id = db.Column(
        db.Integer, db.ForeignKey("barkada.id", ondelete="CASCADE"), nullable=False, index=True
    )
    payer_id = db.Column(db.Integer, db.ForeignKey("member.id"), nullable=False)
    payee_id = db.Column(db.Integer, db.ForeignKey("member.id"), nullable=False)
    amount = db.Column(db.String(20), nullable=False)
    paid_on = db.Column(db.Date, nullable=False)
    created_at = db.Column(db.DateTime, nullable=False, default=utcnow)


class ChangeEvent(db.Model):
    """One change to a session or a group, who made it and when: appended in the
    transaction of the change itself (core/history.py, the one place that writes it) and
    never updated. `before`/`after` hold what the change replaced and what it made (a round's
    stored record and each player's amount; never a PIN); `by` is a label code such as
    "seat:1", "owner", "phone", "api", "import" or "restore", never an address."""

    __tablename__ = "change_event"
    __table_args__ = (
        db.Index("ix_change_event_session", "session_id", "id"),
        db.Index("ix_change_event_group", "group_id", "id"),
        # ids never reused, even after an erase: a page's Undo names one change for good
        {"sqlite_autoincrement": True},
    )

    id = db.Column(db.Integer, primary_key=True)
    session_id = db.Column(
        db.Integer, db.ForeignKey("game_session.id", ondelete="CASCADE"), nullable=True
    )
    group_id = db.Column(db.Integer, db.ForeignKey("barkada.id", ondelete="CASCADE"), nullable=True)
    at = db.Column(db.DateTime, nullable=False, default=utcnow)
    kind = db.Column(db.String(30), nullable=False)
    by = db.Column(db.String(40), nullable=False)
    round = db.Column(db.Integer, nullable=True)  # the round's number when it changed
    before = db.Column(MendedJSON, nullable=True)
    after = db.Column(MendedJSON, nullable=True)

    def to_dict(self) -> dict:
        """The event as the API and the exports have it."""
        return {
            "id": self.id,
            "at": iso(self.at),
            "kind": self.kind,
            "by": self.by.partition("@")[0],  # the phone's own id stays on the server
            "round": self.round,
            "before": self.before,
            "after": self.after,
        }


class PinAttempt(db.Model):
    """A wrong edit PIN: counted per session and client address to rate-limit guessing, in the
    database so that the limit holds across every worker process."""

    __tablename__ = "pin_attempt"
    __table_args__ = (db.Index("ix_pin_attempt_lookup", "session_id", "client", "created_at"),)

    id = db.Column(db.Integer, primary_key=True)
    session_id = db.Column(
        db.Integer, db.ForeignKey("game_session.id", ondelete="CASCADE"), nullable=True
    )
    client = db.Column(db.String(64), nullable=False)
    created_at = db.Column(db.DateTime, nullable=False, default=utcnow)
    # a wrong PIN at a barkada's change counts here too (session_id then NULL)
    group_id = db.Column(
        db.Integer, db.ForeignKey("barkada.id", ondelete="CASCADE"), nullable=True, index=True
    )


class RoundDraft(db.Model):
    """The round the table is entering, one phone per seat: one row per session, kept
    for the session's life (cleared, never deleted, after each saved round) so that `version`
    only ever moves on, and a phone's ETag never names two different drafts."""

    __tablename__ = "round_draft"

    id = db.Column(db.Integer, primary_key=True)
    session_id = db.Column(
        db.Integer,
        db.ForeignKey("game_session.id", ondelete="CASCADE"),
        nullable=False,
        unique=True,
    )
    # bumped by every change (the ETag phones poll); optimistic lock between workers
    version = db.Column(db.Integer, nullable=False, default=0)
    # the version at which the header or a hand last changed: what an agreement agrees to
    changed = db.Column(db.Integer, nullable=False, default=0)
    header = db.Column(db.JSON, nullable=False)  # ending, declarer, last_drawer, dealer
    seats = db.Column(db.JSON, nullable=False)  # per seat: hand (or None), done, agreed
    confirm_alone = db.Column(db.Boolean, nullable=False, default=False)
    last_saved = db.Column(db.JSON, nullable=True)  # the round the last agreement saved
    updated_at = db.Column(db.DateTime, nullable=False, default=utcnow)
    # the JSON a GET of this draft answers (core/draft/answer.py), written in the
    # same transaction as each change, and the ETag "<version>.<revision>" it answers
    answer = db.Column(db.Text, nullable=True)
    answer_tag = db.Column(db.String(40), nullable=True)

    __mapper_args__ = {"version_id_col": version}


class PushOutbox(db.Model):
    """A change a page's event stream must hear of (tracker/push/): written in the change's
    own transaction, published to Pushpin after the commit and then deleted; a row left by a
    worker that died or could not reach Pushpin is published by a sweep."""

    __tablename__ = "push_outbox"

    id = db.Column(db.Integer, primary_key=True)
    channel = db.Column(db.String(40), nullable=False)  # "s-<session id>", "g-<group id>"
    body = db.Column(db.Text, nullable=False)  # the event's data, JSON
    created_at = db.Column(db.DateTime, nullable=False, default=utcnow, index=True)


def iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.replace(tzinfo=UTC).isoformat().replace("+00:00", "Z")


def from_iso(value: str | None) -> datetime | None:
    """An ISO time of an export as the naive UTC the database keeps (no zone given: UTC);
    None for no time or one that is not a time."""
    if not value:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return None
    if moment.tzinfo is not None:
        try:
            moment = moment.astimezone(UTC).replace(tzinfo=None)
        except OverflowError:  # 9999-12-31T23:00-08:00 is past the last year a date can hold
            return None
    return moment
