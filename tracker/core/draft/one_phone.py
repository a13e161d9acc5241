"""The one-phone page's round in progress: the same draft the seat pages fill (writes.py), one
phone filling every seat. Each change the page previews is kept in the draft, so a reload,
Back, a phone asleep or a server restart finds every card again; the page's Confirm saves the
round and clears the draft in one transaction, when the draft still holds that round's cards.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy.exc import SQLAlchemyError

from ...extensions import db
from ...models import GameSession, RoundDraft
from .. import repeats
from ..errors import InputError, RoundGone
from ..outcomes import AlreadySaved, Outcome, Submission
from ..pins import OPEN, Access, PinError
from ..rounds import submit
from .clearing import clear_in_save, forget, is_blank
from .preview import HEADER_KEYS, read_hand, read_header, record_of
from .rows import began_at, content_changed, get_draft
from .writes import change_draft


def keep_entry(
    game: GameSession,
    record: dict,
    access: Access = OPEN,
    seen_revision: int | None = None,
    began: int | None = None,
    touched: frozenset | None = None,
) -> int | None:
    """The header and the three hands of `record` (a seat with no card: not entered yet) as
    the draft, in one change; what is already there changes nothing. Only the parts the page
    changed since it last read the draft are written, when it says which (`touched`: "header"
    and seats; None: all), so that a hand another phone entered meanwhile stays. Answers the
    draft's `changed` after it (what the phone sends back with the round as `Draft-Changed` if
    it finishes it offline: clearing.py); None when it could not be kept (a PIN not given, a
    settled session, a busy database): the page says so, and its next change sends everything
    again. Made on a round that was cleared or saved since (`began`, the draft's `began_at`
    the page read): refused with the InputError that says who did it (nothing is written). A
    round another phone saved since the page began at the session's `seen_revision` is not
    kept again: the draft holding it is cleared."""
    if seen_revision is not None and repeats.saved_since(game, seen_revision, record):
        _forget(game, record)
        return get_draft(game).changed
    header = read_header({key: record[key] for key in HEADER_KEYS if record.get(key) is not None})
    try:
        hands = [read_hand(hand) if _any_card(hand) else None for hand in record["hands"]]
    except InputError:  # a hand bigger than a deck: the check says so, the draft keeps nothing
        return None
    parts = frozenset(("header", 0, 1, 2)) if touched is None else touched

    changed: list[int] = []  # the draft's `changed` after this (read before the commit expires it)

    def change(draft: RoundDraft) -> bool:
        changed[:] = [draft.changed]
        seats = [dict(state) for state in draft.seats]
        for seat, hand in enumerate(hands):
            if seat in parts and seats[seat]["hand"] != hand:
                seats[seat].update(hand=hand, done=False)
        new_header = header if "header" in parts else draft.header
        if new_header == draft.header and seats == draft.seats:
            return False
        draft.header = new_header
        content_changed(draft, seats)
        changed[:] = [draft.changed]
        return True

    try:
        change_draft(game, access, None, change, began)
    except RoundGone:
        db.session.rollback()
        raise  # the round was cleared or saved meanwhile: the page must hear who did it
    except InputError:
        db.session.rollback()
        return None
    except (PinError, SQLAlchemyError):
        db.session.rollback()
        return None
    return changed[0]


def entry_of(game: GameSession) -> dict | None:
    """The round record the draft holds, for the page to show; None when it is blank."""
    draft = get_draft(game)
    return None if is_blank(draft) else record_of(draft)


def entry_began(game: GameSession) -> int:
    """The version at which the round in progress began on the draft (rows.began_at): what the
    one-phone page names with its writes."""
    return began_at(get_draft(game))


def _any_card(hand: dict) -> bool:
    return bool(repeats.cards_of({"hands": [hand]})[0])


def submit_entry(game: GameSession, submission: Submission) -> Outcome:
    """`rounds.submit` for a new round of the one-phone page: saved, the draft is cleared in
    the same transaction when it holds this round's cards; already saved on another phone,
    the draft holding them is cleared too (nothing is left to enter)."""
    # inside the save's transaction, when the draft holds the cards just saved (another round
    # entered meanwhile on the seat pages stays)
    who = submission.access.by
    submission.then = lambda checked: clear_in_save(
        game, checked.number, _same_cards(checked.record), who
    )
    outcome = submit(game, submission)
    if isinstance(outcome, AlreadySaved):
        _forget(game, submission.record, outcome.number)
    return outcome


def _same_cards(record: dict) -> Callable[[RoundDraft], bool]:
    """Does a draft hold exactly the cards of `record`?"""
    cards = repeats.cards_of(record)
    return lambda draft: repeats.cards_of(record_of(draft)) == cards


def _forget(game: GameSession, record: dict, number: int | None = None) -> None:
    """Clear the draft if it holds the cards of `record` (round `number`, saved already)."""
    forget(game, _same_cards(record), number)
