"""The session's edit PIN (issue 4): viewing stays open to whoever has the link; entering,
editing and deleting rounds, settling, reopening and changing the PIN need the PIN.

Only a salted hash is stored (werkzeug.security). Wrong PINs are counted per session and client
address in the database (every worker sees the same count): `MAX_WRONG` within `WINDOW` and the
next try is refused (429) until the oldest of them is `WINDOW` old. Which devices gave the PIN
already is the web's business (tracker/web/devices.py): the core is told by an `Access`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete, func, select
from werkzeug.security import check_password_hash, generate_password_hash

from ..engine import Problem
from ..extensions import db
from ..models import GameSession, PinAttempt, utcnow

PIN = re.compile(r"[0-9]{4,6}")
MAX_WRONG = 5
WINDOW = timedelta(minutes=15)


class PinError(ValueError):
    """Refused for want of the right PIN; `status` 403 (missing or wrong) or 429 (too many)."""

    def __init__(self, message: str, status: int = 403, retry_after: int | None = None):
        super().__init__(message)
        self.message, self.status, self.retry_after = message, status, retry_after

    def to_problem(self) -> Problem:
        return Problem("pin", self.message)


@dataclass(frozen=True)
class Access:
    """Who asks to change a session: a device that gave the PIN before (`unlocked`), or the
    `pin` sent with this request, tried on behalf of `client` (an address)."""

    unlocked: bool = True
    pin: str | None = None
    client: str = "unknown"


OPEN = Access()


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


def has_pin(game: GameSession) -> bool:
    return game.pin_hash is not None


def admit(game: GameSession, access: Access) -> None:
    """Raise PinError unless `access` may change the session."""
    if not access.unlocked:
        check(game, access.pin, access.client)


def check(game: GameSession, given, client: str) -> None:
    """Raise PinError unless `given` is the session's PIN. Each try is recorded before it is
    checked (its own transaction), so tries racing on several workers all count."""
    if game.pin_hash is None:
        return
    if given is None or (isinstance(given, str) and not given.strip()):
        raise PinError("this session has an edit PIN: enter it to change anything")
    count, oldest = _recent(game, client)
    if count >= MAX_WRONG:
        raise _too_many(oldest)
    db.session.add(PinAttempt(session_id=game.id, client=client))
    db.session.commit()
    count, oldest = _recent(game, client)
    if count > MAX_WRONG:  # others raced ahead of this try
        raise _too_many(oldest)
    if _matches(game, given):
        db.session.execute(
            delete(PinAttempt).where(PinAttempt.session_id == game.id, PinAttempt.client == client)
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


def _matches(game: GameSession, given) -> bool:
    return (
        isinstance(given, str)
        and len(given) <= 64
        and check_password_hash(game.pin_hash, given.strip())
    )


def _recent(game: GameSession, client: str):
    since = utcnow() - WINDOW
    return db.session.execute(
        select(func.count(PinAttempt.id), func.min(PinAttempt.created_at)).where(
            PinAttempt.session_id == game.id,
            PinAttempt.client == client,
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
