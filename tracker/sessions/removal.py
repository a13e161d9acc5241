"""A round deleted, and brought back: `delete_round` moves the later rounds up one; the history
keeps the deleted round, and `restore_round` puts it back at its number, moving them down
again, the exact reverse.

A restore never renumbers a round the table saved after the delete: with a round saved since
(say round 7 deleted, then a new round 7 entered) it is refused (409), as it is when another
delete since is not restored first, or the round is back already.
"""

from __future__ import annotations

from ..engine import Problem, RoundError, replay
from ..engine.messages import N_, Joined
from ..extensions import db
from ..models import ChangeEvent, GameSession, Round
from . import history, pins
from .errors import InputError, NotFound, VersionConflict
from .ledger import ledger_of, rules_of
from .outcomes import Conflict, Deleted, Locked, Refused, Saved
from .pins import OPEN, Access, PinError
from .rounds import check_version, conflict_of
from .store import check_open, commit


def delete_round(
    game: GameSession, number: int, version=None, access: Access = OPEN
) -> Deleted | Conflict | Refused | Locked:
    """Delete round `number`; the later rounds move up one and everything is recomputed. With
    `version`, only if that is still the round's stored version."""

    def change():
        check_open(game)
        rounds = list(game.rounds)
        if not 1 <= number <= len(rounds):
            raise NotFound(number)
        check_version(game, number, version)
        records = [r.record for r in rounds]
        before = history.round_state(records[number - 1], ledger_of(game).results[number - 1])
        del records[number - 1]
        ledger = _replayed(game, records, _delete_breaks(number), 422)
        history.note(game, history.ROUND_DELETED, access.by, round=number, before=before)
        game.rounds.remove(rounds[number - 1])
        db.session.delete(rounds[number - 1])
        db.session.flush()
        for later in rounds[number:]:
            later.number -= 1
            later.version = game.revision + 1  # another round stands at this number now
        return Deleted(ledger), ledger

    return _guarded(game, access, change)


def restore_round(
    game: GameSession, number: int, access: Access = OPEN
) -> Saved | Conflict | Refused | Locked:
    """Bring back the round last deleted at `number` (refused, 404, when none was)."""

    def change():
        check_open(game)
        deleted = deleted_at(game, number)
        if deleted is None:
            message = N_("no deleted round %(number)s to bring back", number=number)
            raise InputError([Problem("round", message)], 404)
        _check_restorable(game, deleted)
        rounds = list(game.rounds)
        record = deleted.before["record"]
        records = [r.record for r in rounds]
        records.insert(number - 1, record)
        ledger = _replayed(game, records, _restore_breaks(number), 409)
        version = game.revision + 1
        for later in rounds[number - 1 :]:
            later.number += 1
            later.version = version
        db.session.add(Round(session_id=game.id, number=number, record=record, version=version))
        result = ledger.results[number - 1]
        after = history.round_state(record, result) | {"from": deleted.id}
        history.note(game, history.ROUND_RESTORED, access.by, round=number, after=after)
        return Saved(number, result, ledger, version), ledger

    return _guarded(game, access, change)


def deleted_at(game: GameSession, number: int) -> ChangeEvent | None:
    """The latest "round deleted" event of round `number`, if any."""
    for event in reversed(history.all_events(game)):
        if event.kind == history.ROUND_DELETED and event.round == number:
            return event
    return None


def restorable(game: GameSession, number: int) -> bool:
    deleted = deleted_at(game, number)
    if deleted is None:
        return False
    try:
        _check_restorable(game, deleted)
    except InputError:
        return False
    return True


def _check_restorable(game: GameSession, deleted: ChangeEvent) -> None:
    """Refuse (409) bringing `deleted`'s round back when that would move a round saved since,
    while a later delete is not undone, or when it is back already."""
    number, open_deletes = deleted.round, []
    for event in history.all_events(game):
        if event.id <= deleted.id:
            continue
        if event.kind == history.ROUND_RESTORED and event.after.get("from") == deleted.id:
            _refuse(N_("round %(number)s is back already", number=number))
        if event.kind == history.ROUND_SAVED:
            _refuse(
                N_(
                    "round %(number)s can't come back: round %(later)s was saved after it was "
                    "deleted",
                    number=number,
                    later=event.round,
                )
            )
        if event.kind == history.ROUND_DELETED:
            open_deletes.append(event)
        if event.kind == history.ROUND_RESTORED:
            open_deletes = [e for e in open_deletes if e.id != event.after.get("from")]
    if open_deletes:
        later = open_deletes[-1].round
        _refuse(N_("bring round %(later)s back first: it was deleted later", later=later))


def _refuse(message) -> None:
    raise InputError([Problem("round", message)], 409)


def _delete_breaks(number: int):
    def said(error: RoundError):
        return N_(
            "deleting round %(number)s breaks a later round: %(error)s",
            number=number,
            error=_said(error.problems),
        )

    return said


def _restore_breaks(number: int):
    def said(error: RoundError):
        return N_(
            "bringing round %(number)s back breaks a later round: %(error)s",
            number=number,
            error=_said(error.problems),
        )

    return said


def _replayed(game: GameSession, records: list[dict], breaks, status: int):
    try:
        return replay(game.players, rules_of(game), game.first_dealer, records)
    except RoundError as error:
        raise InputError([Problem("round", breaks(error))], status) from None


def _guarded(game: GameSession, access: Access, change):
    try:
        pins.admit(game, access)
        return commit(game, change)
    except PinError as error:
        return Locked(error)
    except VersionConflict as error:
        return conflict_of(game, error)
    except InputError as error:
        return Refused(error.problems, error.status)


def _said(problems: list[Problem]) -> Joined:
    """'rounds[3].hands[0]: …; …': a RoundError's text, each message kept a Message."""
    return Joined("; ", [Joined(": ", [str(p.where), p.message]) for p in problems])
