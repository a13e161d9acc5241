"""What only the server's owner may do through the web: list every session (`GET
/api/sessions` with `Authorization: Bearer <TRACKER_ADMIN_TOKEN>`); and the seed of a repeated
create's owner secrets, made from its Idempotency-Key and the server's secret."""

from __future__ import annotations

import hashlib
import hmac

from flask import current_app
from flask_babel import gettext as _

from ..core.errors import InputError
from ..engine import Problem


def allowed(header: str | None) -> bool:
    """Does `header` (Authorization) carry the admin token? False without one, or when the
    server has no admin token; a wrong token is refused (403)."""
    configured = current_app.config.get("ADMIN_TOKEN")
    if not header or not configured:
        return False
    if not bearer(header, configured):
        message = _("wrong admin token: send Authorization: Bearer <the server's admin token>")
        raise InputError([Problem("Authorization", message)], 403)
    return True


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
