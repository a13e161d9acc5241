"""What only the server's owner may do through the web: list every session (`GET
/api/sessions` with `Authorization: Bearer <TRACKER_ADMIN_TOKEN>`); and the seed of a repeated
create's owner secrets, made from its Idempotency-Key and the server's secret. Wrong tokens
are bounded per client address (core/admin_tries.py): past them, 429 with Retry-After."""

from __future__ import annotations

import hashlib
import hmac
import math

from flask import current_app, request
from flask_babel import gettext as _
from flask_babel import ngettext

from ..core import admin_tries
from ..core.errors import InputError
from ..engine import Problem
from ..extensions import db


def allowed(header: str | None) -> bool:
    """Does `header` (Authorization) carry the admin token? False without one, or when the
    server has no admin token; a wrong token is refused (403), and any token from an address
    that sent too many wrong ones (429, with the seconds to wait)."""
    configured = current_app.config.get("ADMIN_TOKEN")
    if not header or not configured:
        return False
    right = bearer(header, configured)
    wait = admin_tries.tried(db.engine, request.remote_addr, right)
    if wait is not None:
        raise InputError([Problem("Authorization", too_many(wait))], 429, wait)
    if not right:
        message = _("wrong admin token: send Authorization: Bearer <the server's admin token>")
        raise InputError([Problem("Authorization", message)], 403)
    return True


def too_many(wait: int) -> str:
    minutes = max(1, math.ceil(wait / 60))
    return ngettext(
        "too many wrong admin tokens from this address: try again in %(num)s minute",
        "too many wrong admin tokens from this address: try again in %(num)s minutes",
        minutes,
    )


def bearer(header: str | None, token) -> bool:
    """Does `header` (Authorization) say `Bearer <token>`? Compared in constant time."""
    scheme, _space, given = (header or "").strip().partition(" ")
    return (
        bool(token)
        and scheme.lower() == "bearer"
        and hmac.compare_digest(given.strip().encode("utf-8", "surrogatepass"), str(token).encode())
    )


def seed_of(idempotency_key: str) -> bytes:
    """The owner-secrets seed of a create sent with this Idempotency-Key: the same each time."""
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, b"owner-seed\0" + idempotency_key.encode(), hashlib.sha256).digest()
