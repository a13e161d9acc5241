"""The session's edit PIN (issue 4): viewing stays open to whoever has the link; entering,
editing and deleting rounds, settling, reopening and changing the PIN need the PIN once per
device.

Only a salted hash is stored (werkzeug.security). A device that gave the right PIN is marked
in Flask's signed session cookie (HttpOnly, SameSite=Lax) by a mark derived from the current
hash, so changing the PIN locks every other device again. Wrong PINs are counted per session and
client address in the database (every worker sees the same count): `MAX_WRONG` within `WINDOW`
and the next try is refused (429) until the oldest of them is `WINDOW` old.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import re
from datetime import timedelta

from flask import current_app, request, session
from sqlalchemy import delete, func, select
from werkzeug.security import check_password_hash, generate_password_hash

from .engine import Problem
from .extensions import db
from .models import PinAttempt, utcnow

PIN = re.compile(r"[0-9]{4,6}")
MAX_WRONG = 5
WINDOW = timedelta(minutes=15)
COOKIE_KEY = "unlocked"
MAX_DEVICE_SESSIONS = 30
HEADER = "X-Edit-Pin"


class PinError(ValueError):
    """Refused for want of the right PIN; `status` 403 (missing or wrong) or 429 (too many)."""

    def __init__(self, message: str, status: int = 403, retry_after: int | None = None):
        super().__init__(message)
        self.message, self.status, self.retry_after = message, status, retry_after

    def to_problem(self) -> Problem:
        return Problem("pin", self.message)


def read_new_pin(value, where: str, problems: list[Problem]) -> str | None:
    """A PIN being set: None or "" for none, else 4–6 digits (a string: "0420" keeps its 0)."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or not PIN.fullmatch(value.strip()):
        problems.append(
            Problem(where, "an edit PIN is 4 to 6 digits (0–9), or leave it empty for none")
        )
        return None
    return value.strip()


def hash_pin(pin: str) -> str:
    return generate_password_hash(pin)


def _mark(game) -> str:
    """What the cookie holds for an unlocked session: tied to the current hash, not the PIN."""
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, game.pin_hash.encode(), hashlib.sha256).hexdigest()[:16]


def has_pin(game) -> bool:
    return game.pin_hash is not None


def unlocked(game) -> bool:
    """May this device change the session? Always when it has no PIN."""
    if game.pin_hash is None:
        return True
    marks = session.get(COOKIE_KEY)
    return isinstance(marks, dict) and hmac.compare_digest(
        str(marks.get(game.token, "")), _mark(game)
    )


def unlock_device(game) -> None:
    marks = session.get(COOKIE_KEY)
    marks = dict(marks) if isinstance(marks, dict) else {}
    marks.pop(game.token, None)
    if game.pin_hash is not None:
        marks[game.token] = _mark(game)
    while len(marks) > MAX_DEVICE_SESSIONS:
        marks.pop(next(iter(marks)))
    session[COOKIE_KEY] = marks
    session.permanent = True  # once per device, not once per browser start


def client() -> str:
    return (request.remote_addr or "unknown")[:64]


def _recent(game, who: str):
    since = utcnow() - WINDOW
    return db.session.execute(
        select(func.count(PinAttempt.id), func.min(PinAttempt.created_at)).where(
            PinAttempt.session_id == game.id,
            PinAttempt.client == who,
            PinAttempt.created_at >= since,
        )
    ).one()


def _too_many(oldest) -> PinError:
    wait = max(1, math.ceil(((oldest + WINDOW) - utcnow()).total_seconds()))
    minutes = max(1, math.ceil(wait / 60))
    return PinError(
        f"too many wrong PINs from this device: try again in {minutes} minute"
        f"{'' if minutes == 1 else 's'}",
        429,
        wait,
    )


def check(game, given) -> None:
    """Raise PinError unless `given` is the session's PIN. Each try is recorded before it is
    checked (its own transaction), so tries racing on several workers all count."""
    if game.pin_hash is None:
        return
    if given is None or (isinstance(given, str) and not given.strip()):
        raise PinError("this session has an edit PIN: enter it to change anything")
    who = client()
    count, oldest = _recent(game, who)
    if count >= MAX_WRONG:
        raise _too_many(oldest)
    attempt = PinAttempt(session_id=game.id, client=who)
    db.session.add(attempt)
    db.session.commit()
    count, oldest = _recent(game, who)
    if count > MAX_WRONG:  # others raced ahead of this try
        raise _too_many(oldest)
    if (
        isinstance(given, str)
        and len(given) <= 64
        and check_password_hash(game.pin_hash, given.strip())
    ):
        db.session.execute(
            delete(PinAttempt).where(PinAttempt.session_id == game.id, PinAttempt.client == who)
        )
        db.session.commit()
        return
    left = MAX_WRONG - count
    if left <= 0:
        raise _too_many(oldest)
    raise PinError(
        f"wrong PIN: {left} more tr{'y' if left == 1 else 'ies'} before a "
        f"{int(WINDOW.total_seconds() // 60)}-minute wait"
    )


def require(game, given=None) -> None:
    """May this request change the session: no PIN, an unlocked device, or the PIN `given`."""
    if unlocked(game):
        return
    check(game, given)
