"""The round the table enters together, one phone per seat: a draft kept in the
database, one per session, that survives reloads and restarts.

Any seat sets the header (how the round ended, by whom, last drawer, dealer); each seat writes
its own hand and taps Done; when all three are done and the draft checks clean
(preview.py: the same `check_round` as a saved round), each seat agrees to the draft as
it saw it (`version`). The third agreement saves the round through `rounds.submit` (so the
revision, the ledger memo and the edit PIN hold as for any round) under an idempotency key
naming this draft's content, and clears the draft in that same transaction: the round is saved
exactly once, however often the last Agree is sent and whatever fails on its way.

Decided here (docs/API.md, "Round draft", says more):
- `version` moves on every change; `changed` is the version of the last change of the header
  or a hand. An Agree agrees to the content as it stood at the version the phone saw, and to
  the verdict at the session's revision it saw (a round saved or edited meanwhile may change
  the dealer, the pot or the streak): refused (409) when either moved on.
- A hand changing clears every agreement and that seat's Done; the header changing clears
  every agreement; a seat set back to not done clears every agreement. Writing what is already
  there changes nothing: writes are idempotent. `expected` (If-Match) guards a write.
- `confirm_alone` (any seat sets it, for this round only): one Agree saves for all three.
  Who turned it on and who last set the header are kept with the seats (changes.py).
- The seat is the caller's word: nothing but the UI (and the edit PIN, as for rounds) stops a
  phone from writing another seat's hand; that is also how a seat without a phone is filled.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from ...engine import Problem
from ...engine.messages import N_
from ...extensions import db
from ...models import GameSession, RoundDraft, utcnow
from .. import idempotency, pins
from ..errors import InputError
from ..idempotency import Idempotent
from ..ledger_memo import round_count
from ..outcomes import Conflict, Locked, Outcome, Refused, Saved, Submission
from ..pins import OPEN, Access
from ..rounds import submit
from ..store import ATTEMPTS, check_open
from . import agreed
from . import answer as draft_answer
from . import changes as draft_changes
from .preview import (
    Preview,
    blank_seats,
    check_agreeable,
    check_clean,
    content_moved,
    if_match_moved,
    preview,
    read_hand,
    read_header,
    read_seat,
    read_version,
    round_gone,
)
from .rows import began, began_at, blanked, content_changed, get_draft, made_blank


@dataclass(frozen=True)
class Agreement:
    """An Agree taken: the draft after it, and the round it saved (None: others still to agree)."""

    draft: RoundDraft
    saved: Saved | None = None


def set_header(
    game: GameSession,
    header,
    access: Access = OPEN,
    expected=None,
    by: int | None = None,
    seen: int | None = None,
) -> RoundDraft:
    """Replace the round header (any seat may: `by`, when said); clears every agreement. `seen`:
    the round the phone wrote on (`began_at`, when it said): refused when it was cleared or saved
    since."""
    header = read_header(header)

    def change(draft: RoundDraft) -> bool:
        if draft.header == header:
            return False
        draft.header = header
        at = draft.version or 0
        content_changed(draft, draft_changes.marked(draft.seats, "header_at", by, at))
        return True

    return change_draft(game, access, expected, change, seen)


def set_hand(
    game: GameSession, seat: int, hand, access: Access = OPEN, expected=None, seen=None
) -> RoundDraft:
    """Replace seat `seat`'s part (melds, hand, flags) and nothing else; clears every agreement
    and this seat's Done (`seen`: as for set_header)."""
    seat, hand = read_seat(seat), read_hand(hand)

    def change(draft: RoundDraft) -> bool:
        if draft.seats[seat]["hand"] == hand:
            return False
        draft_changes.note_change(game, draft, seat)  # what it was, for the phones that agreed
        seats = [dict(state) for state in draft.seats]
        seats[seat].update(hand=hand, done=False)
        content_changed(draft, seats)
        return True

    return change_draft(game, access, expected, change, seen)


def set_done(
    game: GameSession, seat: int, done: bool, access: Access = OPEN, expected=None, seen=None
) -> RoundDraft:
    """Seat `seat` has entered its hand (or, done=False, is changing it again; `seen`: as for
    set_header)."""
    seat = read_seat(seat)

    def change(draft: RoundDraft) -> bool:
        if draft.seats[seat]["done"] == done:
            return False
        seats = [agreed.kept(state, done) for state in draft.seats]
        seats[seat]["done"] = done
        draft.seats = seats
        return True

    return change_draft(game, access, expected, change, seen)


def set_confirm_alone(
    game: GameSession, alone: bool, access: Access = OPEN, by: int | None = None
) -> RoundDraft:
    """The round's option, turned on by seat `by` (when said): one phone's Agree saves this
    round for all three. A saved round turns it off for the next."""

    def change(draft: RoundDraft) -> bool:
        if draft.confirm_alone == alone:
            return False
        draft.confirm_alone = alone
        draft.seats = draft_changes.marked(draft.seats, "alone", by if alone else None, True)
        return True

    return change_draft(game, access, None, change)


def clear(game: GameSession, access: Access = OPEN, expected=None) -> RoundDraft:
    """Start the round over: header, hands, Done and agreements gone; the options stay."""

    def change(draft: RoundDraft) -> bool:
        if not draft.header and draft.seats == blank_seats():
            return False
        blanked(draft)
        began(draft, "cleared", access.by, round_count(game) + 1)  # the round it would have been
        return True

    return change_draft(game, access, expected, change)


class _Completes(Exception):
    """This Agree is the one that completes the table's: the round is to be saved."""


def agree(
    game: GameSession, seat: int, version, access: Access = OPEN, revision=None, phone=None
) -> Agreement | Locked | Refused | Conflict:
    """Seat `seat` agrees, on the device named `phone` (agreed.py), to the draft as it stood at
    `version` (and, if said, to its verdict at the session's `revision`). The agreement that
    completes the table's (or any one, with confirm_alone) saves the round and clears the draft
    in one transaction: a fault anywhere leaves neither, and a retry of an Agree whose round was
    saved answers that round."""
    seat, version = read_seat(seat), read_version(version)
    revision = None if revision is None else read_version(revision, "revision")
    draft = get_draft(game)
    if (saved := _saved_before(draft, version)) is not None:
        return Agreement(draft, saved)
    seen: list = []  # the preview of the content agreed to, and which draft content it was

    def change(draft: RoundDraft) -> bool:
        check_agreeable(game, draft, version, revision)
        seats = agreed.agree_seat(draft.seats, seat, phone, draft.confirm_alone)
        seen[:] = [preview(game, draft), (draft.id, draft.changed, draft.confirm_alone, seats)]
        check_clean(seen[0])
        if all(state["agreed"] for state in seats):
            raise _Completes
        if seats == draft.seats:
            return False
        draft.seats = seats
        return True

    try:
        return Agreement(change_draft(game, access, None, change))
    except _Completes:
        db.session.rollback()
    # the content agreed to, not the draft as read again: a racing phone's Agree may have saved
    # it and blanked the draft meanwhile, and the save must then be refused, not made twice
    outcome = _save(game, seen[1], seen[0], seat)  # the PIN was checked for this Agree above
    if not isinstance(outcome, Saved):
        if (saved := _saved_before(get_draft(game), version)) is not None:
            return Agreement(get_draft(game), saved)  # a racing phone's Agree saved it first
        return outcome
    draft = get_draft(game)
    # what a GET of the cleared draft answers at the new revision, for every worker to serve
    text = draft_answer.encode(draft_answer.body_of(game, draft, draft.version))
    draft_answer.remember(draft, draft.version, game.revision, text)
    return Agreement(draft, outcome)


def _save(game: GameSession, content: tuple, seen: Preview, seat: int) -> Outcome:
    """The agreed draft content (`content`: the draft's id, its `changed`, whether one phone
    confirms for all, the seats agreed) as the next round, once, and the draft cleared in the
    same transaction (unless its content moved on since); the idempotency key names this
    content. The history names the phones that agreed (agreed.py)."""
    record = seen.record
    draft_id, changed, confirm_alone, seats = content

    def respond(saved: Saved):
        return 201, {"number": saved.number, "version": saved.version}

    def clear(checked) -> None:
        phones = agreed.phone_ids(seats, seat if confirm_alone else None)
        _clear_saved(game, (draft_id, changed), checked.number, seat, phones)

    key = f"draft-{draft_id}-{changed}"
    idem = Idempotent(f"draft:{game.token}", key, idempotency.fingerprint(record), respond)
    phones = agreed.phone_groups(seats)
    how = {"confirmed_by": seat} if confirm_alone else {"agreed": [0, 1, 2], "phones": phones}
    by = Access(by=f"seat:{seat}")  # the PIN was checked for this Agree already
    return submit(game, Submission(record, idem=idem, then=clear, access=by, how=how))


def _clear_saved(game: GameSession, content: tuple, number: int, seat: int, phones) -> None:
    """Inside the save's transaction: the draft made blank, remembering the `phones` that
    agreed (at the revision this save gives), unless a hand or the header changed since the
    agreed content (its draft's id and `changed`): that refuses the save (nothing is stored),
    the table must see it."""
    draft, (draft_id, changed) = get_draft(game), content
    if draft.id != draft_id or draft.changed != changed:
        raise content_moved(changed, draft.version)
    made_blank(draft, number, seat)
    agreed.remember(draft, phones, game.revision + 1)  # the round's version: rounds._save


def _saved_before(draft: RoundDraft, version: int) -> Saved | None:
    """An Agree repeated after its round was saved (a lost answer, a retry): the saved round."""
    last = draft.last_saved
    if last and last["from"] <= version < last["until"]:
        return Saved(last["number"])
    return None


def change_draft(
    game: GameSession,
    access: Access,
    expected,
    change: Callable[[RoundDraft], bool],
    seen: int | None = None,
) -> RoundDraft:
    """Apply `change` to the stored draft in one transaction; on a race with another worker
    (the draft's version moved on, or both created it), read it again and retry. A change made
    on the round as it was before it was cleared or saved (`seen`, its `began_at`, is older
    than the draft's) is refused: what it holds was taken off every phone."""
    pins.admit(game, access)
    for _ in range(ATTEMPTS):
        check_open(game)
        draft = get_draft(game)
        if seen is not None and seen < began_at(draft):
            raise round_gone(game, draft)
        if expected is not None and expected != draft.version:
            raise if_match_moved(expected, draft.version)
        if not change(draft):
            db.session.rollback()
            return get_draft(game)
        draft.updated_at = utcnow()
        answer = draft_answer.keep(game, draft)  # what a GET answers (fast path), same transaction
        if draft.id is None:
            db.session.add(draft)
        try:
            db.session.commit()
        except (StaleDataError, IntegrityError):
            db.session.rollback()
            continue
        draft.made_answer = answer  # not a column: draft_answer.made
        return draft
    raise InputError(
        [Problem("draft", N_("the round changed at the same moment on another phone: try again"))],
        409,
    )
