"""Undo the last change of a session, while nothing came after it; erase a session's history.

An undo is a change like any other, made through the same core function a person would use
(a saved round deleted, an edit edited back, a delete restored, a settle reopened …), so it
is checked, guarded by the PIN and recorded in the history the same way. A change made since
the one the page showed refuses the undo (409): the table sees what happened first.
"""

from __future__ import annotations

from ..engine import Problem
from ..engine.messages import N_
from ..models import Barkada, ChangeEvent, GameSession
from . import history, owners
from .barkada.join import leave_group
from .barkada.member_payments import record_payment, undo_payment
from .errors import InputError, NotFound
from .ledger_memo import ledger_of
from .lifecycle import reopen, settle
from .outcomes import Outcome, Submission
from .pins import OPEN, Access
from .removal import delete_round, restore_round
from .rounds import submit
from .store import commit, only_if

UNDOABLE = (
    history.ROUND_SAVED,
    history.ROUND_EDITED,
    history.ROUND_DELETED,
    history.ROUND_RESTORED,
    history.SETTLED,
    history.REOPENED,
    history.GROUP_JOINED,
)


def undoable(game: GameSession) -> ChangeEvent | None:
    """The change an Undo would take back now, if any (a round being entered cleared since
    changed no round: it is not in the way)."""
    last = history.latest_change(game)
    return last if last is not None and last.kind in UNDOABLE else None


def undo(game: GameSession, event_id, access: Access = OPEN):
    """Take back the change `event_id` if it is still the session's last; answers the
    Outcome of the round change that does it (or the ledger, for a settle or a reopen)."""
    last = _still_last(game, undoable(game), event_id)
    with only_if(lambda: _still_last(game, undoable(game), event_id)):
        try:
            return _take_back(game, last, access)
        except NotFound:  # its round went meanwhile (another phone's Undo of the same change)
            raise _moved() from None


def _still_last(target, last: ChangeEvent | None, event_id) -> ChangeEvent:
    """`last` when it is the event `event_id`; NotFound for no such event of `target`, else
    refused (409): something changed since."""
    if last is None or last.id != history.event_number(event_id):
        if history.event_of(target, event_id) is None:
            raise NotFound(event_id)
        raise _moved()
    return last


def _moved() -> InputError:
    """409: the change to undo is no longer the last one."""
    message = N_("something changed after it: only the last change can be undone")
    return InputError([Problem("undo", message)], 409)


def _take_back(game: GameSession, last: ChangeEvent, access: Access) -> Outcome:
    """The change that takes `last` back. No version of the round is read here, outside the
    change's transaction (another phone's Undo may have taken the round away meanwhile): the
    transaction checks first that `last` is still the session's last change (`undo`'s
    only_if), so the round at its number is the one it made."""
    number = last.round
    if last.kind == history.ROUND_SAVED:
        return delete_round(game, number, None, access)
    if last.kind == history.ROUND_RESTORED:  # the history says the restore was undone
        return delete_round(game, number, None, access, undoes=history.ROUND_RESTORED)
    if last.kind == history.ROUND_EDITED:
        return submit(game, Submission(last.before["record"], number=number, access=access))
    if last.kind == history.ROUND_DELETED:
        return restore_round(game, number, access)
    if last.kind == history.SETTLED:
        return reopen(game, access)
    if last.kind == history.GROUP_JOINED:
        leave_group(game, access)
        return ledger_of(game)
    return settle(game, access)


def undo_group(group: Barkada, event_id, access: Access = OPEN) -> None:
    """Take back a group's last change while nothing came after it: a payment recorded is
    undone, a payment undone is recorded again."""
    last = _still_last(group, history.latest(group), event_id)
    with only_if(lambda: _still_last(group, history.latest(group), event_id)):
        _take_back_payment(group, last, access)


def _take_back_payment(group: Barkada, last: ChangeEvent, access: Access) -> None:
    if last.kind == history.PAYMENT_RECORDED:
        undo_payment(group, last.after["id"], access)
        return
    if last.kind != history.PAYMENT_UNDONE:
        raise InputError([Problem("undo", N_("this change cannot be undone"))], 409)
    paid = last.before
    again = {
        "from": paid["payer_id"],
        "to": paid["payee_id"],
        "amount": paid["amount"],
        "paid_on": paid["paid_on"],
    }
    record_payment(group, again, access)


def erase_history(game: GameSession, claim: owners.Claim) -> None:
    """The owner (its device or owner key, or the recovery code) erases the session's history:
    one "history erased" event is left, holding the rounds as they stand."""
    owners.admit_owner(game, claim)

    def change():
        history.erase(game, claim.by, game.records())
        return None, ledger_of(game)

    commit(game, change)
