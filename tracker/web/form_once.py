"""A page's form that creates something (a session, a group) sent twice, by a double tap or
again after its answer was lost on the way, creates it once: the form carries a key made with
the page (FIELD), the create is idempotent on it, and the owner secrets are derived from the
key and the server's secret (admin.seed_of), so the second answer welcomes the same owner with
the same recovery code. The same key with other contents (the form changed after Back) is a
new create under a new key."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from flask import request

from ..core import Idempotent, idempotency
from .admin import seed_of

FIELD = "idempotency_key"


def form_key() -> str:
    """The key the form sent (kept when the page is shown again), else a new one."""
    return idempotency.read_key(request.form.get(FIELD)) or new_key()


def create_once(scope: str, key: str, data, create: Callable) -> tuple[str, bytes]:
    """`create(data, idem=…, seed=…)` under `key` (a new one if `key` went with other
    contents): the token of what was made (now or the first time) and its owner seed."""
    idem = Idempotent(scope, key, idempotency.fingerprint(data), _made)
    try:
        _, body = create(data, idem=idem, seed=seed_of(idem.key))
    except idempotency.KeyReused:
        idem.renew()
        _, body = create(data, idem=idem, seed=seed_of(idem.key))
    return body["token"], seed_of(idem.key)


def _made(made) -> tuple[int, dict]:
    return 303, {"token": made.token}


def new_key() -> str:
    """The idempotency key a form carries (a new session, a payment): pressed twice, it makes
    one."""
    return secrets.token_urlsafe(18)
