"""The column types and values every table uses: JSON and text read back mended, the time of
a row (naive UTC), a session's random link token, times as ISO text in exports."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

from ..engine.values import mended
from ..extensions import db

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


def history_events():
    """A session's or a group's history (core/history.py), oldest first: read for exports,
    never changed through this relationship."""
    return db.relationship("ChangeEvent", order_by="ChangeEvent.id", lazy="select", viewonly=True)


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 random bits


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
