"""Which devices gave a session's edit PIN: once per device, marked in Flask's signed session
cookie (HttpOnly, SameSite=Lax) by a mark derived from the current hash, so changing the PIN
locks every other device again. The core only hears the answer, as a `pins.Access`.

The same cookie holds which sessions this device started (their owner mark, derived from the
owner key's hash: the owner may always change the session and its PIN) and which it opened
(the home page lists only those), each list bounded by MAX_DEVICE_SESSIONS."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from flask import current_app, request, session

from ..core import history, owners, pins
from ..core.pins import Access
from ..engine import read_seat
from ..models import GameSession
from . import offline_pages

COOKIE_KEY = "unlocked"
OWNED_KEY = "owned"  # owner marks of the sessions this device started
NEW_CODE_KEY = "new_code"  # a new session's recovery code, until its page has shown it once
JUST_SAVED_KEY = "just_saved"  # the round this device just saved, until its page has shown it
OFFERED_KEY = "undo_offered"  # the save whose Undo this device's session page offered last
RECENT_KEY = "recent"  # "<id>.<token's first 8>" of the sessions it opened, most recent first
GROUPS_KEY = "groups"  # the same of the barkadas it opened
MAX_DEVICE_SESSIONS = 30
HEADER = "X-Edit-Pin"
OWNER_HEADER = "X-Owner-Key"
RECOVERY_HEADER = "X-Recovery-Code"


def unlocked(game) -> bool:
    """May this device change the session (or group)? Always when no PIN guards it, or it
    started it; a session of a group with a PIN: when this device gave the group's PIN."""
    guard = pins.guard_of(game)
    return guard.pin_hash is None or owns(game) or _gave_pin(guard)


def _gave_pin(guarded) -> bool:
    """Does this device's cookie hold the mark of `guarded`'s current PIN?"""
    marks = session.get(COOKIE_KEY)
    return isinstance(marks, dict) and hmac.compare_digest(
        str(marks.get(guarded.token, "")), _mark(guarded)
    )


def unlock(game) -> None:
    """Mark this device as one that gave the PIN that guards `game` (or forget it when none
    does)."""
    game = pins.guard_of(game)
    marks = session.get(COOKIE_KEY)
    marks = dict(marks) if isinstance(marks, dict) else {}
    marks.pop(game.token, None)
    if game.pin_hash is not None:
        marks[game.token] = _mark(game)
    while len(marks) > MAX_DEVICE_SESSIONS:
        marks.pop(next(iter(marks)))
    session[COOKIE_KEY] = marks
    session.permanent = True  # once per device, not once per browser start


def access(game, pin=None, owner_key=None) -> Access:
    """This request's access to the session: its device, the PIN it sent (if any), and (API)
    the owner key it sent."""
    owner = owner_key is not None and owners.is_owner_key(game, owner_key)
    if owner_key is not None and not owner:  # a wrong owner key counts as a wrong PIN
        pins.guard(pins.guard_of(game), client())
    by = label(game, owner)
    return Access(unlocked=owner or unlocked(game), pin=pin, client=client(), by=by)


SEAT_COOKIE = "seat"  # which player this phone is: one cookie per session, on its path
EVERYONE = "all"  # the seat cookie of a phone that enters for everyone (one phone)


def seat_of_device(game) -> int | str | None:
    """This phone's seat in this session (0, 1, 2), EVERYONE, or None when never chosen."""
    value = request.cookies.get(SEAT_COOKIE)
    if value == EVERYONE:
        return EVERYONE
    return read_seat(value, "seat", [])


def label(game, owner: bool = False) -> str:
    """Who this device is in the history (core/history.py): "seat:<n>" (the seat this
    phone chose in the session: "Ben's phone" says more than "the owner's"), "owner" (the owner
    key, or the phone that started it), "api" (a request to the JSON API from elsewhere) or
    "phone"; never its address."""
    seat = seat_of_device(game) if isinstance(game, GameSession) else None
    if isinstance(seat, int):
        kind = f"seat:{seat}"
    elif owner or owns(game):
        kind = "owner"
    elif request.path.startswith("/api/"):
        return "api"
    else:
        kind = "phone"
    return f"{kind}@{phone_id()}"  # "seat:1@3f9a0c2e": who, then which phone


PHONE_KEY = "phone"  # a random name for this device, in its signed cookie


def phone_id() -> str:
    """This device's own random id (made on its first change): the history names each of a
    phone's changes by the seat it chose last, however it was named when it made them."""
    value = this_phone()
    if value is None:
        value = session[PHONE_KEY] = secrets.token_hex(4)
        session.permanent = True
    return value


def this_phone() -> str | None:
    """This device's id when it has one (none is made: a device without one changed nothing)."""
    value = session.get(PHONE_KEY)
    return value if isinstance(value, str) and value.isalnum() and len(value) == 8 else None


def knows(group) -> bool:
    """Is this device one of the group's (it opened the group's page, gave its PIN or started
    it)? Only such a device is led from a session to its group: a session's link alone does
    not open the group's other sessions and its members' payment notes."""
    if owns(group) or (group.id, group.token[:8]) in remembered(GROUPS_KEY):
        return True
    return group.pin_hash is not None and _gave_pin(group)


def owns(game) -> bool:
    """Did this device start the session (or was it marked its owner)?"""
    marks = session.get(OWNED_KEY)
    if game.owner_key_hash is None or not isinstance(marks, list):
        return False
    mine = _owner_mark(game)
    return any(hmac.compare_digest(str(mark), mine) for mark in marks)


def own(game) -> None:
    """Mark this device as the session's owner (it started or imported it)."""
    _push(OWNED_KEY, _owner_mark(game))
    session.permanent = True


def welcome_owner(game, seed: bytes, key: str = RECENT_KEY) -> None:
    """This device started (or imported) `game` with `seed`: its owner. The recovery code is
    shown once, on the session page it opens next. A group's: `key` GROUPS_KEY."""
    own(game)
    remember(game, key)
    session[NEW_CODE_KEY] = {
        "token": game.token,
        "code": owners.derive(seed, game.token).recovery_code,
    }


def shown_once(game) -> str | None:
    """The new session's recovery code to show on its page, once (then it leaves the cookie)."""
    new = session.get(NEW_CODE_KEY)
    if not isinstance(new, dict) or new.get("token") != game.token:
        return None
    session.pop(NEW_CODE_KEY, None)
    offline_pages.secret_on_page()  # a page the service worker must not keep
    return str(new.get("code"))


def note_saved(game, number: int) -> None:
    """This device just saved round `number` of `game`: the session page it opens next offers
    to undo it, by its history event (none when that save is no longer the last change)."""
    last = history.latest_change(game)
    if last is None or last.kind != history.ROUND_SAVED or last.round != number:
        session.pop(JUST_SAVED_KEY, None)
        return
    session[JUST_SAVED_KEY] = {"token": game.token, "event": last.id, "number": number}


def just_saved(game) -> tuple[int, int] | None:
    """(round number, history event id) of the round this device just saved in `game`, once
    (then it leaves the cookie)."""
    saved = session.get(JUST_SAVED_KEY)
    if not isinstance(saved, dict) or saved.get("token") != game.token:
        return None
    session.pop(JUST_SAVED_KEY, None)
    number, event = saved.get("number"), saved.get("event")
    return (number, event) if isinstance(number, int) and isinstance(event, int) else None


def first_offer(game, event: int) -> bool:
    """Is this the first time this device is offered the Undo of the save `event` of `game`?
    Marked now, so that its next page offers it no more: a phone that agreed to a round saved
    on the seat pages is offered it from the draft's memory (core/draft/agreed.py), which
    lasts; this mark makes that offer once."""
    offered = {"token": game.token, "event": event}
    if session.get(OFFERED_KEY) == offered:
        return False
    session[OFFERED_KEY] = offered
    return True


def remember(game, key: str = RECENT_KEY) -> None:
    """This device opened the session: first on its home page. The cookie is sent again even
    when it was first already, so that it lasts PERMANENT_SESSION_LIFETIME from the last visit.
    A group is remembered under GROUPS_KEY."""
    _push(key, f"{game.id}.{game.token[:8]}")
    session.modified = True


def remembered(key: str = RECENT_KEY) -> list[tuple[int, str]]:
    """(id, token's first 8 characters) of the sessions (or, with GROUPS_KEY, the groups) this
    device opened, most recent first."""
    refs = []
    for entry in session.get(key) or []:
        number, _, prefix = str(entry).partition(".")
        if number.isdigit() and prefix:
            refs.append((int(number), prefix))
    return refs


def _push(key: str, value: str) -> None:
    """Put `value` first in the cookie's list `key`, keeping the newest MAX_DEVICE_SESSIONS."""
    values = session.get(key)
    values = list(values) if isinstance(values, list) else []
    if values[:1] == [value]:
        return
    values = [value] + [v for v in values if v != value]
    session[key] = values[:MAX_DEVICE_SESSIONS]
    session.permanent = True


def owner_claim(game, owner_key=None, recovery_code=None, pin=None) -> owners.Claim:
    """What this request offers to change the edit PIN (core/owners.py)."""
    return owners.Claim(
        owner=owns(game),
        owner_key=owner_key,
        recovery_code=recovery_code,
        pin=pin,
        client=client(),
        by=label(game, owners.is_owner_key(game, owner_key)),
    )


def client() -> str:
    return (request.remote_addr or "unknown")[:64]


def _owner_mark(game) -> str:
    return _signed(f"owner\0{game.token}\0{game.owner_key_hash}")


def _mark(game) -> str:
    """What the cookie holds for an unlocked session: tied to the current hash, not the PIN."""
    return _signed(game.pin_hash)


def _signed(text: str) -> str:
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, text.encode(), hashlib.sha256).hexdigest()[:16]
