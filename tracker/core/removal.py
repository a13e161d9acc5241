"""A round deleted, and brought back: `delete_round` moves the later rounds up one; the history
keeps the deleted round, and `restore_round` puts it back at its number, moving them down
again, the exact reverse.

A restore never renumbers a round the table saved after the delete: with a round saved since
(say round 7 deleted, then a new round 7 entered) it is refused (409), as it is when another
delete since is not restored first, or the round is back already.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from ..engine import Problem, RoundError, replay
from ..engine.messages import N_, Joined
from ..extensions import db
from ..models import ChangeEvent, GameSession, Round
from . import history, pins
from .errors import InputError, NotFound, VersionConflict
from .ledger_memo import ledger_of, rules_of
from .outcomes import Conflict, Deleted, Locked, Refused, Saved
from .pins import OPEN, Access, PinError
from .rounds import check_version, conflict_of
from .store import check_open, commit


def delete_round(
    game: GameSession, number: int, version=None, access: Access = OPEN, undoes: str = ""
) -> Deleted | Conflict | Refused | Locked:
    """Delete round `number`; the later rounds move up one and everything is recomputed. With
    `version`, only if that is still the round's stored version. `undoes`: the kind of change
    this delete takes back (an Undo of a restore), kept in its event for the history to say."""

    def change():
        check_open(game)
        rounds, results = list(game.rounds), ledger_of(game).results
        # both read as the session stands (a racing delete may have taken the round away)
        if not 1 <= number <= min(len(rounds), len(results)):
            raise NotFound(number)
        check_version(game, number, version)
        records = [r.record for r in rounds]
        before = history.round_state(records[number - 1], results[number - 1])
        del records[number - 1]
        ledger = _replayed(game, records, _delete_breaks(number), 422)
        after = {"undoes": undoes} if undoes else None
        history.note(
            game, history.ROUND_DELETED, access.by, round=number, before=before, after=after
        )
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


@dataclass(frozen=True)
class Mark:
    """What a restore needs to know of a round event: its id, kind and round, and for a restore
    the delete it undid. Read without the records, so a long history stays cheap."""

    id: int
    kind: str
    round: int | None
    undid: int | None = None


_MARKED = (history.ROUND_SAVED, history.ROUND_DELETED, history.ROUND_RESTORED, history.IMPORTED)


def marks(game: GameSession) -> list[Mark]:
    """The session's round events, oldest first, as marks (two small queries)."""
    rows = db.session.execute(
        select(ChangeEvent.id, ChangeEvent.kind, ChangeEvent.round)
        .where(ChangeEvent.session_id == game.id, ChangeEvent.kind.in_(_MARKED))
        .order_by(ChangeEvent.id)
    ).all()
    restores = [row.id for row in rows if row.kind == history.ROUND_RESTORED]
    undid = {}
    if restores:
        query = select(ChangeEvent.id, ChangeEvent.after).where(ChangeEvent.id.in_(restores))
        undid = {key: (after or {}).get("from") for key, after in db.session.execute(query)}
    return [Mark(row.id, row.kind, row.round, undid.get(row.id)) for row in rows]


def deleted_at(game: GameSession, number: int) -> ChangeEvent | None:
    """The latest "round deleted" event of round `number`, if any."""
    for mark in reversed(marks(game)):
        if mark.kind == history.ROUND_DELETED and mark.round == number:
            return db.session.get(ChangeEvent, mark.id)
    return None


def restorable(game: GameSession) -> set[int]:
    """The ids of the "round deleted" events whose round can come back now (each the last
    delete at its number): where the history shows Restore."""
    found, latest = marks(game), {}
    for mark in found:
        if mark.kind == history.ROUND_DELETED:
            latest[mark.round] = mark
    return {mark.id for mark in latest.values() if _refusal(mark, found) is None}


def _check_restorable(game: GameSession, deleted: ChangeEvent) -> None:
    """Refuse (409) bringing `deleted`'s round back when that would move a round saved since,
    while a later delete is not undone, or when it is back already."""
    refusal = _refusal(Mark(deleted.id, deleted.kind, deleted.round), marks(game))
    if refusal is not None:
        raise InputError([Problem("round", refusal)], 409)


def _refusal(deleted: Mark, found: list[Mark]):
    """Why `deleted`'s round cannot come back now (None: it can), from the marks after it."""
    number, open_deletes = deleted.round, []
    for mark in found:
        if mark.id <= deleted.id:
            continue
        if mark.kind == history.ROUND_RESTORED and mark.undid == deleted.id:
            return N_("round %(number)s is back already", number=number)
        if mark.kind in (history.ROUND_SAVED, history.IMPORTED):
            return N_(
                "round %(number)s can't come back: round %(later)s was saved after it was deleted",
                number=number,
                later=mark.round or "",
            )
        if mark.kind == history.ROUND_DELETED:
            open_deletes.append(mark)
        if mark.kind == history.ROUND_RESTORED:
            open_deletes = [m for m in open_deletes if m.id != mark.undid]
    if open_deletes:
        later = open_deletes[-1].round
        return N_("bring round %(later)s back first: it was deleted later", later=later)
    return None


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
