"""Which devices gave a session's edit PIN: once per device, marked in Flask's signed session
cookie (HttpOnly, SameSite=Lax) by a mark derived from the current hash, so changing the PIN
locks every other device again. The core only hears the answer, as a `pins.Access`."""

from __future__ import annotations

import hashlib
import hmac

from flask import current_app, request, session

from ..sessions.pins import Access

COOKIE_KEY = "unlocked"
MAX_DEVICE_SESSIONS = 30
HEADER = "X-Edit-Pin"


def unlocked(game) -> bool:
    """May this device change the session? Always when it has no PIN."""
    if game.pin_hash is None:
        return True
    marks = session.get(COOKIE_KEY)
    return isinstance(marks, dict) and hmac.compare_digest(
        str(marks.get(game.token, "")), _mark(game)
    )


def unlock(game) -> None:
    """Mark this device as one that gave the PIN (or forget it when the session has none)."""
    marks = session.get(COOKIE_KEY)
    marks = dict(marks) if isinstance(marks, dict) else {}
    marks.pop(game.token, None)
    if game.pin_hash is not None:
        marks[game.token] = _mark(game)
    while len(marks) > MAX_DEVICE_SESSIONS:
        marks.pop(next(iter(marks)))
    session[COOKIE_KEY] = marks
    session.permanent = True  # once per device, not once per browser start


def access(game, pin=None) -> Access:
    """This request's access to the session: its device, and the PIN it sent (if any)."""
    return Access(unlocked=unlocked(game), pin=pin, client=client())


def client() -> str:
    return (request.remote_addr or "unknown")[:64]


def _mark(game) -> str:
    """What the cookie holds for an unlocked session: tied to the current hash, not the PIN."""
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, game.pin_hash.encode(), hashlib.sha256).hexdigest()[:16]
