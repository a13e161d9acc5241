"""What the database holds: a session's players, rules snapshot and round records (game.py),
barkadas (barkada.py), and what changes leave behind (changes.py), in the column types of
columns.py. Every table is named here, so that importing `tracker.models` registers them all.

Balances are never stored: they are derived from the rounds by the engine's `replay`.
Only portable SQLAlchemy types, so the same schema runs on SQLite and PostgreSQL.
"""

from __future__ import annotations

from .barkada import Barkada, Member, Payment
from .changes import ChangeEvent, PinAttempt, PushOutbox, RoundDraft
from .columns import EXPORT_FORMAT, MendedJSON, MendedText, from_iso, iso, new_token, utcnow
from .game import GameSession, IdempotentRequest, Round

__all__ = [
    "EXPORT_FORMAT",
    "Barkada",
    "ChangeEvent",
    "GameSession",
    "IdempotentRequest",
    "Member",
    "MendedJSON",
    "MendedText",
    "Payment",
    "PinAttempt",
    "PushOutbox",
    "Round",
    "RoundDraft",
    "from_iso",
    "iso",
    "new_token",
    "utcnow",
]
