"""Idempotency keys: a request repeated (double tap, retry after a lost answer, two phones racing
with the same key) changes the ledger once, and every copy gets the first one's answer.

The key is stored with the answer in the same transaction as the change it made
(`store.commit`), under a unique index on (scope, key): if two copies race, the database
lets one commit and the other's insert fails; the loser then returns the stored answer.
Only successful changes are remembered: a refused request stores nothing, so it may be retried
with the same key once fixed.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import current_app
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..engine import Problem
from ..engine.messages import N_
from ..extensions import db
from ..models import IdempotentRequest
from .errors import InputError

MAX_KEY = 200
HEADER = "Idempotency-Key"


@dataclass
class Idempotent:
    """What a change needs to be idempotent: its scope and key, a fingerprint of its request, and
    `respond(answer) -> (status, body)` building the answer to store (called inside the
    transaction, after the change is flushed)."""

    scope: str
    key: str
    fingerprint: str
    respond: Callable[[Any], tuple[int, dict]]
    # A form sent back with other cards under a key already used is a new change: it gets a
    # key of its own. Elsewhere the same key for another body is refused (KeyReused).
    renew_if_reused: bool = False

    def renew(self) -> None:
        self.key = secrets.token_urlsafe(18)


class KeyReused(InputError):
    def __init__(self):
        super().__init__(
            [
                Problem(
                    "Idempotency-Key",
                    N_(
                        "this idempotency key was already used for a different "
                        "request: send a new key for a new change"
                    ),
                )
            ],
            422,
        )


def fingerprint(body) -> str:
    """Keyed (HMAC with the app's secret key): a body may hold an edit PIN, and a plain hash of a
    4–6 digit PIN in the database could be reversed by trying them all."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, text.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()


def read_key(value: str | None) -> str | None:
    """The client's key (header or form field), or None when none was sent; refuses a bad one."""
    if value is None or value == "":
        return None
    if len(value) > MAX_KEY or not value.isascii() or not value.isprintable():
        raise InputError(
            [
                Problem(
                    "Idempotency-Key",
                    N_(
                        "an idempotency key is 1–%(max)s printable ASCII "
                        "characters, e.g. a random UUID",
                        max=MAX_KEY,
                    ),
                )
            ],
            400,
        )
    return value


def stored(request: Idempotent) -> tuple[int, dict] | None:
    """The answer already given to this key, or None. The same key with another body is refused:
    reusing a key for a different round would otherwise silently drop that round."""
    row = db.session.execute(
        select(IdempotentRequest).where(
            IdempotentRequest.scope == request.scope, IdempotentRequest.key == request.key
        )
    ).scalar_one_or_none()
    if row is None:
        return None
    if row.fingerprint != request.fingerprint:
        raise KeyReused()
    return row.status, row.response


def remember(request: Idempotent, answer) -> tuple[int, dict]:
    """Store the answer of a change that is about to commit (same transaction)."""
    status, body = request.respond(answer)
    body = json.loads(current_app.json.dumps(body))  # exactly what the JSON answer carries
    db.session.add(
        IdempotentRequest(
            scope=request.scope,
            key=request.key,
            fingerprint=request.fingerprint,
            status=status,
            response=body,
        )
    )
    db.session.flush()  # a racing copy that committed first makes this raise IntegrityError
    return status, body


def created(idem: Idempotent | None, make: Callable[[], Any]):
    """What `make()` adds and flushes (a new session, a new group), committed; with `idem`, once
    for its key: `idem.respond(made)`, or the answer stored when the key was seen before
    (nothing made then). Anything raised rolls everything back."""
    try:
        if idem is not None and (answer := stored(idem)) is not None:
            db.session.rollback()
            return answer
        made = make()
        answer = remember(idem, made) if idem is not None else made
        db.session.commit()
        return answer
    except IntegrityError:
        db.session.rollback()
        if idem is not None and (answer := stored(idem)) is not None:
            return answer  # a copy of this request won the race: its answer is ours
        raise
    except BaseException:
        db.session.rollback()
        raise
