"""The core of the web side: sessions and their rounds, stored and changed one transaction at
a time. No request and no template here: forms, the JSON API and the commands all come
through these names, so they accept and refuse the same input with the same messages.

    errors.py       InputError, NotFound, VersionConflict
    store.py        reading sessions; `commit`, the one transaction helper
    idempotency.py  Idempotency-Key: a repeated request answered with its first answer
    ledger_memo.py  the ledger derived from the rounds, and each worker's memo of it
    outcomes.py     a round sent to be saved (Submission) and how it ends (Outcome)
    rounds.py       check a round, submit it (save or edit)
    removal.py      delete a round, and bring a deleted one back
    history.py      every change recorded, who and when: the one place that writes it
    undo.py         undo the last change
    lifecycle.py    create, settle, reopen; the edit PIN set or removed
    pins.py         the edit PIN: hash, check, rate limit
    owners.py       a session's owner key and recovery code: who may set the edit PIN
    imports.py      a session from its JSON export (import, restore)
    offline.py      what a phone keeps of a session to judge its next round offline
    draft/          the round a table enters together, one phone per seat: writes.py (a
                    seat's hand, the header, Done, Agree), preview.py (the draft judged),
                    answer.py (its JSON), rows.py (its row), one_phone.py (the one-phone
                    page's round), clearing.py (a round sent from an outbox, the table's Clear)
    barkada/        a group that plays every week: groups.py (members), balances.py
                    (who owes whom), member_payments.py, period_stats.py, statements.py
"""

from ..engine import seat_views
from .draft.clearing import clear_round, submit_sent
from .draft.one_phone import entry_began, entry_of, keep_entry, submit_entry
from .errors import InputError, NotFound, VersionConflict
from .idempotency import Idempotent
from .imports import add_imported, import_session, read_import
from .ledger_memo import LedgerCache, ledger_of, round_count, rules_of
from .lifecycle import PAGE_SIZES, create_session, reopen, set_pin, settle
from .offline import offline_state
from .outcomes import (
    AlreadySaved,
    Checked,
    Conflict,
    Deleted,
    Locked,
    NeedsReview,
    Outcome,
    Refused,
    Saved,
    Submission,
)
from .pins import OPEN, Access, PinError, has_pin
from .removal import delete_round, restore_round
from .repeats import news_of
from .rounds import check_round, dealer_of, round_version, submit
from .store import get_session, listed_sessions, recent_sessions, revision_of, session_named

__all__ = [
    "OPEN",
    "PAGE_SIZES",
    "Access",
    "AlreadySaved",
    "Checked",
    "Conflict",
    "Deleted",
    "Idempotent",
    "InputError",
    "LedgerCache",
    "Locked",
    "NeedsReview",
    "NotFound",
    "Outcome",
    "PinError",
    "Refused",
    "Saved",
    "Submission",
    "VersionConflict",
    "add_imported",
    "check_round",
    "clear_round",
    "create_session",
    "dealer_of",
    "entry_of",
    "delete_round",
    "get_session",
    "has_pin",
    "import_session",
    "keep_entry",
    "entry_began",
    "listed_sessions",
    "news_of",
    "offline_state",
    "ledger_of",
    "read_import",
    "recent_sessions",
    "reopen",
    "restore_round",
    "revision_of",
    "round_count",
    "round_version",
    "rules_of",
    "seat_views",
    "session_named",
    "set_pin",
    "settle",
    "submit",
    "submit_entry",
    "submit_sent",
]
