"""The core of the web side: sessions and their rounds, stored and changed one transaction at
a time. No request and no template here: forms, the JSON API and the commands all come
through these names, so they accept and refuse the same input with the same messages.

    errors.py       InputError, NotFound, VersionConflict
    store.py        reading sessions; `commit`, the one transaction helper
    idempotency.py  Idempotency-Key: a repeated request answered with its first answer
    ledger.py       the ledger derived from the rounds, and each worker's memo of it
    rounds.py       check, save, edit, delete a round
    lifecycle.py    create, settle, reopen; the edit PIN set or removed
    pins.py         the edit PIN: hash, check, rate limit
    imports.py      a session from its JSON export (import, restore)
"""

from .errors import InputError, NotFound, VersionConflict
from .idempotency import Idempotent
from .imports import add_imported, import_session, read_import
from .ledger import LedgerCache, ledger_of, round_count, rules_of
from .lifecycle import PAGE_SIZES, create_session, reopen, set_pin, settle
from .pins import OPEN, Access, PinError, has_pin
from .rounds import (
    check_round,
    delete_round,
    edit_round,
    review_key,
    round_version,
    save_round,
)
from .store import get_session, recent_sessions, revision_of

__all__ = [
    "OPEN",
    "PAGE_SIZES",
    "Access",
    "Idempotent",
    "InputError",
    "LedgerCache",
    "NotFound",
    "PinError",
    "VersionConflict",
    "add_imported",
    "check_round",
    "create_session",
    "delete_round",
    "edit_round",
    "get_session",
    "has_pin",
    "import_session",
    "ledger_of",
    "read_import",
    "recent_sessions",
    "reopen",
    "review_key",
    "revision_of",
    "round_count",
    "round_version",
    "rules_of",
    "save_round",
    "set_pin",
    "settle",
]
