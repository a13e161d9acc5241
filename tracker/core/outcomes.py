"""What a round sent to be saved asks (`Submission`) and every way it can end (`Outcome`).

The round form and the API build a Submission from their request, `rounds.submit` answers
one Outcome, and each turns it into a page, a redirect or JSON: no view decides anything else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine import Ledger, Problem, RoundResult
from .errors import VersionConflict
from .idempotency import Idempotent
from .pins import OPEN, Access, PinError


@dataclass
class Submission:
    """One round sent by the round form (reviewed first) or the API (saved at once)."""

    record: Any
    number: int | None = None  # the round it replaces; None: a new round
    save: bool = True  # False: check it and answer the verdict only
    reviewed: str | None = None  # the review key of the verdict the table saw; None: not asked
    version: Any = None  # the version of the round the edit began from; None: any
    idem: Idempotent | None = None
    access: Access = OPEN
    repeat_is_saved: bool = False  # an edit the round already holds counts as saved (double tap)
    # more work of the same transaction, run after the new round is added (on every run of the
    # change, so a retry on a fresh state does it again): a draft cleared with the round it made
    then: Callable[[Checked], None] | None = None
    # the session's revision when the phone began to show this new round: a round saved since
    # with the same cards was this one, saved on another phone (AlreadySaved)
    seen_revision: int | None = None
    # the number the phone judged this new round as (offline): another number now (a round
    # deleted meanwhile) is news for the table as well
    judged_number: int | None = None
    # each player's net as the phone judged this new round (offline): rounds changed meanwhile
    # that leave its number and this money as they were are no news for the table
    judged_nets: list[str] | None = None
    # how the table said yes, kept in the history: {"agreed": [seats]} or {"confirmed_by": seat}
    how: dict | None = None


@dataclass(frozen=True)
class Checked:
    """A round the engine accepted, not stored: its canonical record, result and number, the
    ledger after all rounds, and the review key naming this verdict at this revision."""

    record: dict
    result: RoundResult
    ledger: Ledger
    number: int
    review_key: str


@dataclass(frozen=True)
class Saved:
    """Stored (or stored before, by an earlier copy of the same request)."""

    number: int
    result: RoundResult | None = None  # None when `answer` is the only thing known
    ledger: Ledger | None = None
    version: int | None = None
    answer: tuple[int, dict] | None = None  # (status, body) kept under the idempotency key


@dataclass(frozen=True)
class NeedsReview:
    """Accepted by the engine; the table has not confirmed this verdict yet. `saved_since`:
    rounds another phone saved since this one began (its number, result); `same_as`: the round
    before holds the same cards."""

    checked: Checked
    saved_since: list[tuple[int, RoundResult]] = field(default_factory=list)
    same_as: int | None = None


@dataclass(frozen=True)
class AlreadySaved:
    """A new round whose cards another phone saved since this one began: nothing saved again."""

    number: int
    result: RoundResult
    elsewhere: bool = True  # the request came from another form than the one that saved it


@dataclass(frozen=True)
class Conflict:
    """The round changed on another phone since the edit began: shown, not overwritten."""

    error: VersionConflict
    saved: RoundResult  # the round as it stands now
    version: int  # and its version


@dataclass(frozen=True)
class Refused:
    problems: list[Problem]
    status: int = 422


@dataclass(frozen=True)
class Locked:
    """The session has an edit PIN, and this request neither came unlocked nor gave it."""

    error: PinError


@dataclass(frozen=True)
class Deleted:
    ledger: Ledger


Outcome = Saved | NeedsReview | AlreadySaved | Conflict | Refused | Locked
