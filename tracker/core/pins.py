"""The session's edit PIN: viewing stays open to whoever has the link; entering,
editing and deleting rounds, settling, reopening and changing the PIN need the PIN.

Only a salted hash is stored (werkzeug.security). Wrong PINs are counted per session and client
address in the database (every worker sees the same count): `MAX_WRONG` within `WINDOW` and the
next try is refused (429) until the oldest of them is `WINDOW` old. Many addresses together may
make at most `MAX_WRONG_PER_SESSION` tries at one session within `WINDOW` (a 4-digit
PIN fell to 35 addresses); past that, tries wait too, whoever makes them. Devices that gave the
PIN before and the session's owner are not asked again, so they are never kept waiting. Which
devices those are is the web's business (tracker/web/devices.py): the core is told by an
`Access`. `guard` and `forgive` are the same counting for the owner key and the recovery code
(core/owners.py).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import timedelta

from flask import current_app
from sqlalchemy import delete, func, select
from werkzeug.security import check_password_hash, generate_password_hash

from ..engine import Problem
from ..engine.messages import N_, ngettext
from ..extensions import db
from ..models import Barkada, GameSession, PinAttempt, utcnow

Guarded = GameSession | Barkada  # what an edit PIN guards: a session, or a group
PIN = re.compile(r"[0-9]{4,6}")
MAX_WRONG = 5
MAX_WRONG_PER_SESSION = 20
WINDOW = timedelta(minutes=15)


class PinError(ValueError):
    """Refused for want of the right PIN; `status` 403 (missing or wrong) or 429 (too many)."""

    def __init__(
        self, message: str, status: int = 403, retry_after: int | None = None, where: str = "pin"
    ):
        super().__init__(message)
        self.message, self.status, self.retry_after = message, status, retry_after
        self.where = where

    def to_problem(self) -> Problem:
        return Problem(self.where, self.message)


@dataclass(frozen=True)
class Access:
    """Who asks to change a session: a device that gave the PIN before (`unlocked`), or the
    `pin` sent with this request, tried on behalf of `client` (an address). `by` names the
    device in the history (core/history.py: "seat:1", "owner", "phone", "api" …)."""

    unlocked: bool = True
    pin: str | None = None
    client: str = "unknown"
    by: str = "server"


OPEN = Access()


def read_new_pin(value, where: str, problems: list[Problem]) -> str | None:
    """A PIN being set: None or "" for none, else 4–6 digits (a string: "0420" keeps its 0)."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or not PIN.fullmatch(value.strip()):
        problems.append(
            Problem(where, N_("an edit PIN is 4 to 6 digits (0–9), or leave it empty for none"))
        )
        return None
    return value.strip()


def hash_pin(pin: str) -> str:
    """The PIN's stored hash: werkzeug's default (scrypt, about 0.1 s of a core: a stolen
    database's PINs are slow to guess), or PIN_HASH_METHOD where the app is told another (the
    quick tests, which hash hundreds)."""
    method = current_app.config.get("PIN_HASH_METHOD")
    return generate_password_hash(pin, method) if method else generate_password_hash(pin)


def guard_of(game: Guarded) -> Guarded:
    """Whose PIN guards changes to `game`: a session started from a group whose PIN is set is
    guarded by the group's PIN (its rounds move the group's money), whatever its own; else the
    session (or group) itself."""
    if isinstance(game, GameSession) and game.group_id is not None:
        group = db.session.get(Barkada, game.group_id)
        if group is not None and group.pin_hash is not None:
            return group
    return game


def has_pin(game: Guarded) -> bool:
    return guard_of(game).pin_hash is not None


def admit(game: Guarded, access: Access) -> None:
    """Raise PinError unless `access` may change the session (its group's PIN, when that
    guards it: `guard_of`)."""
    if not access.unlocked:
        check(guard_of(game), access.pin, access.client)


def check(game: Guarded, given, client: str) -> None:
    """Raise PinError unless `given` is the session's PIN. Each try is recorded before it is
    checked (its own transaction), so tries racing on several workers all count."""
    if game.pin_hash is None:
        return
    if given is None or (isinstance(given, str) and not given.strip()):
        raise PinError(
            N_("this %(thing)s has an edit PIN: enter it to change anything", thing=noun(game))
        )
    count = guard(game, client)
    if _matches(game, given):
        forgive(game, client)
        return
    _refuse_if_limited(game, client, per_session=True)  # that was the last try allowed
    raise wrong(N_("PIN"), count)


def wrong(what: str, count: int, where: str = "pin") -> PinError:
    """The 403 of a wrong `what` (PIN, recovery code), the address's `count`-th try in WINDOW."""
    left = MAX_WRONG - count
    said = ngettext(
        "wrong %(what)s: %(num)s more try before a %(minutes)s-minute wait",
        "wrong %(what)s: %(num)s more tries before a %(minutes)s-minute wait",
        left,
        what=what,
        minutes=int(WINDOW.total_seconds() // 60),
    )
    return PinError(said, where=where)


def guard(game: Guarded, client: str, per_session: bool = True) -> int:
    """Count one more try at a secret of `game` from `client`, or raise PinError (429) when
    too many were made already: from this address, or (with `per_session`) from all of them.
    Answers the number of this address's tries in the window, this one included."""
    _refuse_if_limited(game, client, per_session)
    db.session.add(PinAttempt(client=client, **{_counted_at(game).key: game.id}))
    db.session.commit()
    return _refuse_if_limited(game, client, per_session, over=1)  # others raced ahead of us


def forgive(game: Guarded, client: str) -> None:
    """A right secret clears this address's count (not the other addresses')."""
    db.session.execute(
        delete(PinAttempt).where(_counted_at(game) == game.id, PinAttempt.client == client)
    )
    db.session.commit()


def _refuse_if_limited(game: Guarded, client: str, per_session: bool, over: int = 0) -> int:
    count, oldest = _recent(game, client)
    if count >= MAX_WRONG + over:
        raise _too_many(oldest)
    if per_session:
        total, first = _recent(game)
        if total >= MAX_WRONG_PER_SESSION + over:
            raise _too_many(first, everyone=noun(game))
    return count


def too_many(game: Guarded, client: str) -> PinError:
    """The 429 of an address that has used up its tries."""
    return _too_many(_recent(game, client)[1])


def _matches(game: Guarded, given) -> bool:
    return (
        isinstance(given, str)
        and len(given) <= 64
        and check_password_hash(game.pin_hash, given.strip())
    )


def _recent(game: Guarded, client: str | None = None):
    """(tries, the oldest one's time) in the window: from `client`, or from every address."""
    since = utcnow() - WINDOW
    query = select(func.count(PinAttempt.id), func.min(PinAttempt.created_at)).where(
        _counted_at(game) == game.id, PinAttempt.created_at >= since
    )
    if client is not None:
        query = query.where(PinAttempt.client == client)
    return db.session.execute(query).one()


def noun(thing) -> str:
    """What a message calls what the PIN guards: a session, or a group."""
    return N_("group") if isinstance(thing, Barkada) else N_("session")


def _counted_at(thing):
    """The pin_attempt column that counts `thing`'s wrong tries: a group's or a session's."""
    return PinAttempt.group_id if isinstance(thing, Barkada) else PinAttempt.session_id


def _too_many(oldest, everyone: str | None = None) -> PinError:
    wait = max(1, math.ceil(((oldest + WINDOW) - utcnow()).total_seconds()))
    minutes = max(1, math.ceil(wait / 60))
    when = ngettext("try again in %(num)s minute", "try again in %(num)s minutes", minutes)
    if everyone:
        message = N_(
            "too many wrong tries at this %(thing)s's PIN from several devices: %(when)s "
            "(phones already unlocked, and the phone that started the %(thing)s, can go on)",
            thing=everyone,
            when=when,
        )
    else:
        message = N_("too many wrong PINs from this device: %(when)s", when=when)
    return PinError(message, 429, wait)
