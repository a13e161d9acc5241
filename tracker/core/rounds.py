"""A session's rounds: check one (score it, store nothing), submit one (save or edit).

`submit` is the one way a round gets stored: the engine checks it once, and the answer is one
`Outcome` (outcomes.py), whoever sent it.
"""

from __future__ import annotations

import hashlib
import json

from .. import metrics
from ..engine import Problem, RoundError, add_round, canonical_record, replay
from ..engine.messages import N_
from ..exchange.rounds_in import MAX_ROUNDS
from ..extensions import db
from ..models import GameSession, Round, utcnow
from . import history, idempotency, pins, repeats
from .errors import InputError, NotFound, VersionConflict
from .idempotency import Idempotent
from .ledger_memo import ledger_of, rules_of
from .outcomes import Checked, Conflict, Locked, Outcome, Refused, Saved, Submission
from .pins import PinError
from .store import check_open, commit

FULL = N_(
    "a session holds at most %(max)s rounds: settle this one and start a new session",
    max=format(MAX_ROUNDS, ","),
)


def check_round(game: GameSession, record, number: int | None = None) -> Checked:
    """Score `record` as a new round (or as round `number`, replacing it) without storing;
    InputError when the engine refuses it, NotFound when there is no round `number`."""
    record = _with_dealer(game, _clean_record(record), number)
    if number is None:
        ledger = ledger_of(game)  # the worker's memo: every preview of a tap comes here
        if len(ledger.results) >= MAX_ROUNDS:
            raise InputError([Problem("round", FULL)], 409)
        ledger = ledger.copy()
        try:
            result = add_round(ledger, record)
        except RoundError as error:
            raise InputError(error.problems) from None
        number = len(ledger.results)
    else:
        records = game.records()
        if not 1 <= number <= len(records):
            raise NotFound(number)
        records[number - 1] = record
        try:
            ledger = replay(
                game.players, rules_of(game), game.first_dealer, records, new=number - 1
            )
        except RoundError as error:
            raise InputError(_edit_problems(error.problems, number)) from None
        result = ledger.results[number - 1]
    stored = canonical_record(record, ledger.rules)
    return Checked(stored, result, ledger, number, review_key(game, stored))


def submit(game: GameSession, submission: Submission) -> Outcome:
    """Check the round and, when asked and reviewed (if review is asked), store it."""
    try:
        pins.admit(game, submission.access)
    except PinError as error:
        return Locked(error)
    try:
        return _submit(game, submission)
    except repeats.Overtaken as overtaken:  # rounds saved meanwhile: nothing saved
        return overtaken.news
    except VersionConflict as error:
        return conflict_of(game, error)
    except InputError as error:
        return Refused(error.problems, error.status)


def dealer_of(game: GameSession, number: int | None = None) -> int:
    """Who deals round `number` (the next round when None), as the ledger works it out."""
    if number is None:
        return ledger_of(game).next_dealer
    record = game.rounds[number - 1].record
    if record.get("dealer") is not None:
        return int(record["dealer"])
    earlier = [r.record for r in game.rounds[: number - 1]]
    return replay(game.players, rules_of(game), game.first_dealer, earlier).next_dealer


def round_version(game: GameSession, number: int) -> int:
    return game.rounds[number - 1].version


def check_version(game: GameSession, number: int, expected) -> None:
    """Refuse (409) a change based on another version of round `number` than the stored one."""
    if expected is None:
        return
    if 1 <= number <= len(game.rounds):
        current = game.rounds[number - 1].version
        if str(expected).strip() != str(current):
            raise VersionConflict(number, expected, current)


def review_key(game: GameSession, record: dict) -> str:
    """Names one reviewed round at one revision: saving needs the verdict the table saw."""
    text = json.dumps([game.revision, record], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _submit(game: GameSession, submission: Submission) -> Outcome:
    if (earlier := _answered(submission.idem)) is not None:
        return earlier
    number = submission.number
    check_open(game)
    if number is not None and submission.version is not None:
        if (repeat := _repeated_edit(game, submission)) is not None:
            return repeat
        check_version(game, number, submission.version)
    checked = check_round(game, submission.record, number)
    if (unconfirmed := repeats.unconfirmed(game, submission, checked)) is not None:
        return unconfirmed
    if number is None:
        return _save(game, submission, checked)
    return _edit(game, submission, checked)


def _answered(idem: Idempotent | None) -> Saved | None:
    """The answer an earlier copy of this request got, if one was saved."""
    if idem is None:
        return None
    try:
        found = idempotency.stored(idem)
    except idempotency.KeyReused:
        if not idem.renew_if_reused:
            raise
        idem.renew()  # the form came back with other cards: a new round
        return None
    return None if found is None else Saved(found[1]["number"], answer=found)


def _repeated_edit(game: GameSession, submission: Submission) -> Saved | None:
    """An edit from an older version that the round already holds: the same Save sent twice."""
    number = submission.number
    if not submission.repeat_is_saved or not 1 <= number <= len(game.rounds):
        return None
    current = game.rounds[number - 1]
    if str(submission.version).strip() == str(current.version):
        return None
    try:
        checked = check_round(game, submission.record, number)
    except InputError:
        return None
    if checked.record != current.record:
        return None
    return Saved(number, checked.result, checked.ledger, current.version)


def _save(game: GameSession, submission: Submission, checked: Checked) -> Saved:
    first = [checked]  # checked in this transaction; a retry on a fresh state checks again
    added: list[Round] = []

    def change():
        check_open(game)
        now = first.pop() if first else check_round(game, submission.record)
        repeats.check_still_new(game, submission, now)  # a retry: a round saved meanwhile
        version = game.revision + 1
        added.append(
            Round(session_id=game.id, number=now.number, record=now.record, version=version)
        )
        db.session.add(added[-1])
        after = history.round_state(now.record, now.result) | (submission.how or {})
        history.note(game, history.ROUND_SAVED, submission.access.by, round=now.number, after=after)
        if submission.then is not None:
            submission.then(now)
        return Saved(now.number, now.result, now.ledger, version), now.ledger

    answer = commit(game, change, idem=submission.idem)
    # committed, unless a copy of this request committed first (the row was rolled back)
    if added and added[-1] in db.session:
        metrics.round_saved("new")
    if submission.idem is None:
        return answer
    return Saved(answer[1]["number"], answer=answer)


def _edit(game: GameSession, submission: Submission, checked: Checked) -> Saved:
    number = submission.number
    first = [checked]

    def change():
        check_open(game)
        check_version(game, number, submission.version)
        now = first.pop() if first else check_round(game, submission.record, number)
        round_ = game.rounds[number - 1]
        before = history.round_state(round_.record, ledger_of(game).results[number - 1])
        history.note(
            game,
            history.ROUND_EDITED,
            submission.access.by,
            round=number,
            before=before,
            after=history.round_state(now.record, now.result),
        )
        round_.record = now.record
        round_.edited = True
        round_.version = game.revision + 1
        round_.updated_at = utcnow()
        return Saved(number, now.result, now.ledger, round_.version), now.ledger

    saved = commit(game, change)
    metrics.round_saved("edit")
    return saved


def conflict_of(game: GameSession, error: VersionConflict) -> Conflict:
    """The 409 answer to a change made from another version of the round than the stored one."""
    number = error.number
    return Conflict(error, ledger_of(game).results[number - 1], round_version(game, number))


def _clean_record(record) -> dict:
    if not isinstance(record, dict):
        raise InputError([Problem("round", N_("a round must be a JSON object"))])
    return dict(record)


def _with_dealer(game: GameSession, record: dict, number: int | None) -> dict:
    """Who dealt is a fact of the table: stored with the round, so that editing an earlier round
    never rewrites who dealt the later ones. Unsaid, it is the ledger's next dealer (a new
    round) or the one the round had."""
    if record.get("dealer") not in (None, ""):
        return record
    if number is None:
        record["dealer"] = ledger_of(game).next_dealer
    elif (
        1 <= number <= len(game.rounds) and game.rounds[number - 1].record.get("dealer") is not None
    ):
        record["dealer"] = game.rounds[number - 1].record["dealer"]
    return record


def _edit_problems(problems: list[Problem], number: int) -> list[Problem]:
    """The engine's problems of a replay, as problems of the edited round."""
    out = []
    for problem in problems:
        inner = problem.where.after("rounds", number - 1)
        if inner is not None:
            out.append(Problem(inner, problem.message))
        else:
            later = problem.where[1] + 1  # rounds[n]...: a later round n
            said = N_(
                "this change breaks round %(number)s: %(error)s",
                number=later,
                error=problem.message,
            )
            out.append(Problem("round", said))
    return out
