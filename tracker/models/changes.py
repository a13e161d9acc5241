"""What a change leaves behind: the history's events, the wrong-PIN attempts, the shared
round draft of phone-per-seat entry, and the push outbox."""

from __future__ import annotations

from ..extensions import db
from .columns import MendedJSON, iso, utcnow


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
    # per seat: hand (or None), done, agreed and by which phone (core/draft/agreed.py)
    seats = db.Column(db.JSON, nullable=False)
    confirm_alone = db.Column(db.Boolean, nullable=False, default=False)
    last_saved = db.Column(db.JSON, nullable=True)  # the round the last agreement saved
    # when the round in progress began: {"at": the version that made the draft blank, "how":
    # "cleared" or "saved", "by": who (a history label, or None), "number": the round}
    began = db.Column(db.JSON, nullable=True)
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
