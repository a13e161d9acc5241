"""The round draft made blank once its round is saved, and by the table: `clear_in_save` (in
the save's transaction) and `forget` (a round another phone saved already) clear the draft that
holds a round, by a test of the draft — the very cards for the one-phone page's Confirm
(one_phone.py), `came_from` for a round sent from a phone's outbox; and the table's "Clear this
round" blanks it, said in the history.

A phone that lost the network mid-round finishes the round offline and sends it later
(`POST …/rounds`). The taps it made online are in the draft, and left there they would fill
the next "+ Enter round" of every phone. Which draft the round came from:

- the phone says which content of the draft it last saw (`Draft-Changed`: the draft's
  `changed`), and nobody changed the draft since: this one, whatever the phone changed offline;
- or the draft holds nothing that is not in the saved round: each seat's cards are some of
  that seat's cards in the round (or none entered), each header value is the round's.

Any other draft is a round begun elsewhere meanwhile (the next one, on the seat pages): it stays.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from sqlalchemy.exc import SQLAlchemyError

from ...extensions import db
from ...models import GameSession, RoundDraft
from .. import history, repeats
from ..errors import InputError
from ..ledger_memo import round_count
from ..outcomes import AlreadySaved, Outcome, Submission
from ..pins import OPEN, Access
from ..rounds import submit
from .preview import record_of
from .rows import began, blanked, get_draft, made_blank
from .writes import change_draft


def submit_sent(game: GameSession, submission: Submission, seen: int | None = None) -> Outcome:
    """`rounds.submit` for a new round of the API, sent from a phone that saw the draft's
    content at `changed` == `seen` (None: not said). Saved, the draft it came from is made blank
    in the save's transaction; already saved by another phone, it is cleared too."""
    who = submission.access.by
    submission.then = lambda checked: clear_in_save(
        game, checked.number, lambda draft: came_from(draft, checked.record, seen), who
    )
    outcome = submit(game, submission)
    if isinstance(outcome, AlreadySaved):
        saved = game.rounds[outcome.number - 1].record
        forget(game, lambda draft: came_from(draft, saved, seen), outcome.number)
    return outcome


def came_from(draft: RoundDraft, record: dict, seen: int | None) -> bool:
    """Is `draft` the round in progress that became `record` (a saved round's record)?"""
    if is_blank(draft):
        return False
    if seen is not None and seen == draft.changed:
        return True  # nobody changed the draft since the phone last saw it
    return _within(draft, record)


def is_blank(draft: RoundDraft) -> bool:
    return not draft.header and all(state["hand"] is None for state in draft.seats)


def _within(draft: RoundDraft, record: dict) -> bool:
    """The draft holds nothing `record` does not: no other header value, no other card."""
    for key, value in (draft.header or {}).items():
        if value is not None and str(value) != str(record.get(key)):
            return False
    saved = repeats.cards_of(record)
    for seat, state in enumerate(draft.seats):
        if state["hand"] is None:
            continue
        held = Counter(repeats.cards_of({"hands": [state["hand"]]})[0])
        if seat >= len(saved) or held - Counter(saved[seat]):
            return False
    return True


def clear_in_save(
    game: GameSession, number: int, holds: Callable[[RoundDraft], bool], who: str | None = None
) -> None:
    """Inside the save's transaction of round `number` (saved by `who`, a history label): the
    draft blank for the next round when it `holds` that round (another round begun meanwhile
    stays)."""
    draft = get_draft(game)
    if draft.id is not None and holds(draft):
        made_blank(draft, number, None, who)


def forget(
    game: GameSession, holds: Callable[[RoundDraft], bool], number: int | None = None
) -> None:
    """A round saved already (by another phone; `number`, when known): the draft that `holds`
    it is cleared, in a transaction of its own."""

    def change(draft: RoundDraft) -> bool:
        if not holds(draft):
            return False
        blanked(draft)
        began(draft, "saved", None, number)
        return True

    try:
        change_draft(game, OPEN, None, change)  # the PIN was checked by the submit
    except (InputError, SQLAlchemyError):  # the next page to open it shows the cards: no harm
        db.session.rollback()


def clear_round(game: GameSession, access: Access = OPEN) -> int | None:
    """The table's "Clear this round": the header and the three hands gone on every phone (the
    options stay), and the history says who did it and what the draft held. Answers the
    number of the round cleared; None when there was nothing to clear. Refused as any draft
    write is (a settled session: InputError; the edit PIN: PinError)."""
    cleared: list[int | None] = [None]

    def change(draft: RoundDraft) -> bool:
        cleared[0] = None
        if is_blank(draft):
            return False
        cleared[0] = number = round_count(game) + 1  # the round it would have been
        held = {"record": record_of(draft)}
        history.note(game, history.DRAFT_CLEARED, access.by, round=number, before=held)
        blanked(draft)
        began(draft, "cleared", access.by, number)
        return True

    change_draft(game, access, None, change)
    return cleared[0]
