"""A barkada (a group that plays every week), its members and the payments between them."""

from __future__ import annotations

from ..extensions import db
from .columns import MendedText, history_events, new_token, utcnow


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
    events = history_events()

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
