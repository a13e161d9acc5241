"""A session's rounds: check one (score it, store nothing), save, edit, delete."""

from __future__ import annotations

import hashlib
import json

from ..engine import (
    Ledger,
    Problem,
    RoundError,
    RoundResult,
    add_round,
    canonical_record,
    replay,
)
from ..extensions import db
from ..models import GameSession, Round, utcnow
from .errors import InputError, NotFound, VersionConflict
from .idempotency import Idempotent
from .ledger import copy_ledger, ledger_of, rules_of
from .store import check_open, commit

SESSION_KEYS = ("players", "rules", "pot", "streak")


def check_round(
    game: GameSession, record, number: int | None = None
) -> tuple[dict, RoundResult, Ledger]:
    """Score `record` as a new round (or as round `number`, replacing it) without storing.

    Returns the canonical record to store, its result and the ledger after all rounds.
    """
    record = _clean_record(record)
    if record.get("dealer") in (None, ""):
        # Who dealt is a fact of the table: stored with the round, so that editing an earlier
        # round never rewrites who dealt the later ones.
        if number is None:
            record["dealer"] = ledger_of(game).next_dealer
        elif (
            1 <= number <= len(game.rounds)
            and game.rounds[number - 1].record.get("dealer") is not None
        ):
            record["dealer"] = game.rounds[number - 1].record["dealer"]
    if number is None:
        ledger = copy_ledger(ledger_of(game))
        try:
            result = add_round(ledger, record)
        except RoundError as error:
            raise InputError(error.problems) from None
        return canonical_record(record, ledger.rules), result, ledger
    records = game.records()
    if not 1 <= number <= len(records):
        raise NotFound(number)
    records[number - 1] = record
    try:
        ledger = replay(game.players, rules_of(game), game.first_dealer, records)
    except RoundError as error:
        problems = []
        for problem in error.problems:
            inner = problem.where.after("rounds", number - 1)
            if inner is not None:
                problems.append(Problem(inner, problem.message))
            else:
                later = problem.where[1] + 1  # rounds[n]...: a later round n
                problems.append(
                    Problem("round", f"this change breaks round {later}: {problem.message}")
                )
        raise InputError(problems) from None
    return canonical_record(record, ledger.rules), ledger.results[number - 1], ledger


def save_round(
    game: GameSession, record, idem: Idempotent | None = None
) -> tuple[int, RoundResult, Ledger]:
    """Store `record` as the session's next round; returns its number, result and the ledger.
    With `idem`, answers `idem.respond(...)` instead, once per key (see idempotency.py)."""

    def change():
        check_open(game)
        stored, result, ledger = check_round(game, record)
        number = len(ledger.results)
        db.session.add(
            Round(session_id=game.id, number=number, record=stored, version=game.revision + 1)
        )
        return (number, result, ledger), ledger

    return commit(game, change, idem=idem)


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


def edit_round(game: GameSession, number: int, record, version=None) -> tuple[RoundResult, Ledger]:
    """Replace round `number` (from 1); every later round is recomputed. With `version`, only if
    that is still the round's stored version (optimistic lock; else VersionConflict, 409)."""

    def change():
        check_open(game)
        check_version(game, number, version)
        stored, result, ledger = check_round(game, record, number)
        round_ = game.rounds[number - 1]
        round_.record = stored
        round_.version = game.revision + 1
        round_.updated_at = utcnow()
        return (result, ledger), ledger

    return commit(game, change)


def delete_round(game: GameSession, number: int, version=None) -> Ledger:
    """Delete round `number`; the later rounds move up one and everything is recomputed. With
    `version`, only if that is still the round's stored version."""

    def change():
        check_open(game)
        rounds = list(game.rounds)
        if not 1 <= number <= len(rounds):
            raise NotFound(number)
        check_version(game, number, version)
        records = [r.record for r in rounds]
        del records[number - 1]
        try:
            ledger = replay(game.players, rules_of(game), game.first_dealer, records)
        except RoundError as error:
            raise InputError(
                [Problem("round", f"deleting round {number} breaks a later round: {error}")]
            ) from None
        game.rounds.remove(rounds[number - 1])
        db.session.delete(rounds[number - 1])
        db.session.flush()
        for later in rounds[number:]:
            later.number -= 1
            later.version = game.revision + 1  # another round stands at this number now
        return ledger, ledger

    return commit(game, change)


def review_key(game: GameSession, record: dict) -> str:
    """Names one reviewed round at one revision: saving needs the verdict the table saw."""
    text = json.dumps([game.revision, record], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _clean_record(record) -> dict:
    if not isinstance(record, dict):
        raise InputError([Problem("round", "a round must be a JSON object")])
    given = [key for key in SESSION_KEYS if key in record]
    if given:
        raise InputError(
            [
                Problem(key, f"leave {key} out of the round: the session supplies it")
                for key in given
            ]
        )
    return dict(record)
