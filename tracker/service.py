"""Everything that changes a session, one transaction each, shared by the forms and the API.

Both the HTML forms and the JSON API call these functions, so they accept and reject the same
input with the same messages. Bad input raises `InputError` (a list of engine `Problem`s);
nothing is stored then.
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC

from flask import current_app
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from . import idempotency, pin
from .engine import (
    Ledger,
    Path,
    Problem,
    RoundError,
    RoundResult,
    Rules,
    RulesError,
    add_round,
    canonical_record,
    check_players,
    format_cards,
    parse_cards,
    replay,
    start_ledger,
)
from .extensions import db
from .idempotency import Idempotent
from .ledger_cache import copy_ledger
from .models import GameSession, Round, utcnow

PAGE_SIZES = ("a4", "letter")
SESSION_KEYS = ("players", "rules", "pot", "streak")


class InputError(ValueError):
    """Input the tracker will not take; `problems` say where and what, `status` the HTTP code."""

    def __init__(self, problems: list[Problem], status: int = 422):
        self.problems = problems
        self.status = status
        super().__init__("; ".join(f"{p.where}: {p.message}" for p in problems))

    def to_dict(self) -> dict:
        return {"errors": [problem.to_dict() for problem in self.problems]}


class NotFound(LookupError):
    pass


# ---------------------------------------------------------------- sessions


def create_session(data, idem: Idempotent | None = None):
    """A new session from {"players": [3 names], "dealer": seat, "rules": {...}, "page_size",
    "pin"}. With `idem`, answers `idem.respond(game)` (the stored answer for a repeated key)."""
    if not isinstance(data, dict):
        raise InputError([Problem("session", "send a JSON object with players, dealer and rules")])
    problems: list[Problem] = []
    players, player_problems = check_players(data.get("players"))
    problems += player_problems
    dealer = _read_seat(data.get("dealer", 0), "dealer", "who deals first", problems)
    rules = Rules()
    raw_rules = data.get("rules") or {}
    if not isinstance(raw_rules, dict):
        problems.append(Problem("rules", "rules must be an object of house-rule options"))
    else:
        try:
            rules = Rules.from_dict(raw_rules)
        except RulesError as error:
            problems.append(Problem(Path.of("rules", error.option), str(error)))
        except (TypeError, ValueError) as error:
            problems.append(Problem("rules", f"rules: {error}"))
    page_size = str(
        data.get("page_size") or "letter"
    ).lower()  # short bond: common in the Philippines
    if page_size not in PAGE_SIZES:
        problems.append(Problem("page_size", "page size must be a4 or letter"))
    new_pin = pin.read_new_pin(data.get("pin"), "pin", problems)
    if problems:
        raise InputError(problems)
    try:
        if idem is not None and (answer := idempotency.stored(idem)) is not None:
            db.session.rollback()
            return answer
        game = GameSession(
            players=players,
            first_dealer=dealer,
            rules=rules.to_dict(),
            page_size=page_size,
            pin_hash=pin.hash_pin(new_pin) if new_pin else None,
        )
        db.session.add(game)
        db.session.flush()
        answer = idempotency.remember(idem, game) if idem is not None else game
        db.session.commit()
        return answer
    except IntegrityError:
        db.session.rollback()
        if idem is not None and (answer := idempotency.stored(idem)) is not None:
            return answer  # a copy of this request won the race: its answer is ours
        raise
    except BaseException:
        db.session.rollback()
        raise


def _read_seat(value, where: str, what: str, problems: list[Problem]) -> int:
    if isinstance(value, bool) or str(value).strip() not in ("0", "1", "2"):
        problems.append(Problem(where, f"say {what}: seat 0, 1 or 2"))
        return 0
    return int(str(value).strip())


def get_session(token: str) -> GameSession:
    game = db.session.execute(
        select(GameSession).where(GameSession.token == token)
    ).scalar_one_or_none()
    if game is None:
        raise NotFound(token)
    return game


def revision_of(token: str) -> tuple[int, bool]:
    """(revision, settled) of a session: all that polling phones ask, in one small query."""
    row = db.session.execute(
        select(GameSession.revision, GameSession.settled_at).where(GameSession.token == token)
    ).one_or_none()
    if row is None:
        raise NotFound(token)
    return row.revision, row.settled_at is not None


def recent_sessions(limit: int = 100) -> list[tuple[GameSession, int]]:
    """Sessions, most recent first, with their number of rounds."""
    counts = (
        select(Round.session_id, func.count(Round.id).label("n"))
        .group_by(Round.session_id)
        .subquery()
    )
    rows = db.session.execute(
        select(GameSession, func.coalesce(counts.c.n, 0))
        .outerjoin(counts, counts.c.session_id == GameSession.id)
        .order_by(GameSession.updated_at.desc(), GameSession.id.desc())
        .limit(limit)
    ).all()
    return [(game, count) for game, count in rows]


def rules_of(game: GameSession) -> Rules:
    return Rules.from_dict(game.rules)


def ledger_of(game: GameSession) -> Ledger:
    """The session's ledger, derived from its rounds (memoised per revision).

    A memo entry always holds the ledger of exactly the rounds (id, version) stored with it,
    read in one statement, and is filed under a revision no newer than those rounds.
    """
    cache = current_app.extensions["ledger_cache"]
    ledger = cache.get(game.token, game.revision)
    if ledger is not None:
        return ledger
    # Changed elsewhere (another worker). When the rounds this process derived from are all
    # still there, unchanged and first, only the rounds added since need to be booked.
    stamps = _stamps(game)
    stale = cache.latest(game.token)
    ledger = None
    if stale is not None and stale[1] == stamps[: len(stale[1])]:
        new = stamps[len(stale[1]) :]
        rows = (
            db.session.execute(
                select(Round.id, Round.version, Round.record).where(
                    Round.id.in_([id_ for id_, _ in new])
                )
            ).all()
            if new
            else []
        )
        found = {(id_, version): record for id_, version, record in rows}
        if all(stamp in found for stamp in new):
            ledger = copy_ledger(stale[0])
            for stamp in new:
                add_round(ledger, found[stamp])
    if ledger is None:
        rows = db.session.execute(
            select(Round.id, Round.version, Round.record)
            .where(Round.session_id == game.id)
            .order_by(Round.number)
        ).all()
        stamps = tuple((id_, version) for id_, version, _ in rows)
        ledger = replay(
            game.players, rules_of(game), game.first_dealer, [record for _, _, record in rows]
        )
    cache.put(game.token, game.revision, ledger, stamps)
    return ledger


def round_count(game: GameSession) -> int:
    return len(ledger_of(game).results)


# ---------------------------------------------------------------- rounds


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
        _check_open(game)
        stored, result, ledger = check_round(game, record)
        number = len(ledger.results)
        db.session.add(
            Round(session_id=game.id, number=number, record=stored, version=game.revision + 1)
        )
        return (number, result, ledger), ledger

    return _commit(game, change, idem=idem)


class VersionConflict(InputError):
    """An edit or delete based on a version of the round that is no longer the stored one."""

    def __init__(self, number: int, expected, current: int):
        self.number, self.expected, self.current = number, expected, current
        super().__init__(
            [
                Problem(
                    "version",
                    f"round {number} was changed on another phone while you were "
                    f"editing (version {expected} is now {current}): review the new "
                    "version, then make your change again",
                )
            ],
            409,
        )


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
        _check_open(game)
        check_version(game, number, version)
        stored, result, ledger = check_round(game, record, number)
        round_ = game.rounds[number - 1]
        round_.record = stored
        round_.version = game.revision + 1
        round_.updated_at = utcnow()
        return (result, ledger), ledger

    return _commit(game, change)


def delete_round(game: GameSession, number: int, version=None) -> Ledger:
    """Delete round `number`; the later rounds move up one and everything is recomputed. With
    `version`, only if that is still the round's stored version."""

    def change():
        _check_open(game)
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

    return _commit(game, change)


def settle(game: GameSession) -> Ledger:
    """Close the session; its settlement (who pays whom) is then final until reopened."""

    def change():
        ledger = ledger_of(game)
        if game.settled_at is None:
            game.settled_at = utcnow()
        return ledger, ledger

    return _commit(game, change)


def set_pin(game: GameSession, data, current=None) -> bool:
    """Set, change or remove the edit PIN from {"pin": "1234"} (None or "" removes it), given
    the `current` PIN when there is one (pin.PinError if wrong). Answers whether one is set now."""
    if not isinstance(data, dict) or "pin" not in data:
        raise InputError(
            [Problem("pin", 'send {"pin": "1234"} (4 to 6 digits), or {"pin": null} to remove it')]
        )
    problems: list[Problem] = []
    new_pin = pin.read_new_pin(data.get("pin"), "pin", problems)
    if problems:
        raise InputError(problems)
    pin.check(game, current)

    def change():
        game.pin_hash = pin.hash_pin(new_pin) if new_pin else None
        ledger = ledger_of(game)
        return game.pin_hash is not None, ledger

    return _commit(game, change)


def reopen(game: GameSession) -> Ledger:
    def change():
        ledger = ledger_of(game)
        game.settled_at = None
        return ledger, ledger

    return _commit(game, change)


def _commit(game: GameSession, change, attempts: int = 5, idem: Idempotent | None = None):
    """Run `change` and commit it as one transaction. If another worker changed the session
    meanwhile (its revision moved on), roll back and run `change` again on the fresh state.
    With `idem`, a key already stored answers its stored answer and changes nothing; else the
    answer is stored with the change, in the same transaction."""
    for _ in range(attempts):
        try:
            if idem is not None and (stored := idempotency.stored(idem)) is not None:
                db.session.rollback()
                return stored
            answer, ledger = change()
            game.updated_at = utcnow()  # the UPDATE that bumps and checks the revision
            db.session.flush()
            # Taken inside the transaction, which now holds the session row: exactly the rounds
            # of this revision, whatever other workers commit after us.
            revision, stamps = game.revision, _stamps(game)
            if idem is not None:
                answer = idempotency.remember(idem, answer)
            db.session.commit()
        except StaleDataError:
            db.session.rollback()
            continue
        except IntegrityError:
            db.session.rollback()
            if idem is not None and (stored := idempotency.stored(idem)) is not None:
                return stored  # a copy of this request committed first: its answer is ours
            raise
        except BaseException:
            db.session.rollback()
            raise
        current_app.extensions["ledger_cache"].put(game.token, revision, ledger, stamps)
        return answer
    raise InputError(
        [Problem("session", "the session changed at the same moment on another phone: try again")],
        409,
    )


def _check_open(game: GameSession) -> None:
    if game.settled:
        raise InputError(
            [Problem("session", "this session is settled: reopen it to change its rounds")], 409
        )


def _stamps(game: GameSession) -> tuple:
    """(id, version) of each round of the session, in play order: what a ledger derives from."""
    rows = db.session.execute(
        select(Round.id, Round.version).where(Round.session_id == game.id).order_by(Round.number)
    )
    return tuple((id_, version) for id_, version in rows)


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


def review_key(game: GameSession, record: dict) -> str:
    """Names one reviewed round at one revision: saving needs the verdict the table saw."""
    text = json.dumps([game.revision, record], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def cards_text(cards) -> str:
    return format_cards(parse_cards(cards))


# ---------------------------------------------------------------- views of a session


def session_dict(game: GameSession, ledger: Ledger | None = None, rounds: bool = True) -> dict:
    """The API's view of a session (GET /api/sessions/<id>)."""
    ledger = ledger or ledger_of(game)
    summary = ledger.to_dict()
    out = {
        "id": game.token,
        "players": list(game.players),
        "first_dealer": game.first_dealer,
        "rules": rules_of(game).to_dict(),
        "page_size": game.page_size,
        "created": game.created_at.isoformat() + "Z",
        "revision": game.revision,
        "round_count": len(ledger.results),
        "balances": summary["balances"],
        "pot": summary["pot"],
        "pot_shares": summary["pot_shares"],
        "next_dealer": ledger.next_dealer,
        "next_dealer_name": game.players[ledger.next_dealer],
        "ended": summary["ended"],
        "loser": summary["loser"],
        "settlement": summary["settlement"],
        "settled": game.settled,
        "pin": game.pin_hash is not None,
    }
    if rounds:
        out["rounds"] = [
            round_dict(number, round_.record, result, round_.version)
            for number, (round_, result) in enumerate(zip(game.rounds, ledger.results), 1)
        ]
    return out


def round_dict(number: int, record: dict, result: RoundResult, version: int | None = None) -> dict:
    out = {"number": number, "record": record, "result": result.to_dict()}
    if version is not None:
        out["version"] = version
    return out


def empty_ledger(game: GameSession) -> Ledger:
    return start_ledger(game.players, rules_of(game), game.first_dealer)


# ---------------------------------------------------------------- import (issue 3) and restore


def read_import(data) -> dict:
    """The clean export dict of an import (JSON text, bytes or an already parsed dict), checked
    by tracker/export.py: every round booked by the engine, the `check` balances matched.
    Anything wrong raises InputError (422) listing each problem with where it is."""
    from .documents.export import ExportError, read_export

    try:
        return read_export(data)
    except ExportError as error:
        raise InputError(error.problems) from None


def import_session(data) -> GameSession:
    """A NEW session (its own new link) from a JSON export: players, rules snapshot, first
    dealer, page size, settled state and every round, in one transaction. The form and the API
    both call this; bad input raises InputError and stores nothing."""
    clean = read_import(data)
    try:
        game = add_imported(clean)
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return game


def add_imported(
    clean: dict,
    token: str | None = None,
    game: GameSession | None = None,
    updated: str | None = None,
) -> GameSession:
    """Add a session made from a clean export dict (`read_import`) to the transaction, without
    committing. `token`: keep this link (a restore); `game`: replace that session's players,
    rules and rounds in place (its revision moves on, so no cached ledger of it is reused)."""
    now = utcnow()
    rules = Rules.from_dict(clean["rules"])
    records = [canonical_record(record, rules) for record in clean["rounds"]]
    created = _utc(clean.get("created")) or now
    if game is None:
        game = GameSession(token=token) if token else GameSession()
        db.session.add(game)
        version = 1  # the revision the new row gets
    else:
        version = game.revision + 1  # the revision the UPDATE below gives it
        game.rounds = []  # delete-orphan: the old rounds go
        db.session.flush()
    game.players = list(clean["players"])
    game.first_dealer = clean["first_dealer"]
    game.rules = rules.to_dict()
    game.page_size = clean["page_size"]
    game.created_at = created
    game.updated_at = _utc(updated) or now
    game.settled_at = now if clean["settled"] else None
    game.rounds = [
        Round(number=number, record=record, version=version, created_at=now, updated_at=now)
        for number, record in enumerate(records, 1)
    ]
    db.session.flush()
    return game


def _utc(value: str | None):
    """An ISO time of an export as the naive UTC the database keeps (a time without a zone is UTC)."""
    from datetime import datetime

    if not value:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return None
    if moment.tzinfo is not None:
        try:
            moment = moment.astimezone(UTC).replace(tzinfo=None)
        except OverflowError:  # 9999-12-31T23:00-08:00 is past the last year a date can hold
            return None
    return moment
