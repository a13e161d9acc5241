"""Every change to a session or a group, who made it and when: written here and only here.

`note` appends one `ChangeEvent` inside the transaction of the change it describes, so a
change and its record commit or roll back together; nothing updates an event afterwards.
Each change function of the core calls it (a test walks them all). Reading: `events`,
newest first and paged; `replayed_records` rebuilds a session's rounds from its events
alone, which is how the tests check that history and the stored rounds never part.

Who: a label code of the device, never its address: "seat:<n>" (the phone that chose seat n),
"owner" (the phone that started it, or its owner key), "phone" (another phone), "api",
"import", "restore" (a backup restored) or "server" (a command on the server).
"""

from __future__ import annotations

from sqlalchemy import delete, select

from ..engine import RoundResult, money_str
from ..extensions import db
from ..models import Barkada, ChangeEvent, GameSession, Round, from_iso, utcnow

CREATED = "created"  # a session or a group started (by its owner)
OWNER_GIVEN = "owner_given"  # a new owner key and recovery code, given on the server
ROUND_SAVED = "round_saved"
ROUND_EDITED = "round_edited"
ROUND_DELETED = "round_deleted"
ROUND_RESTORED = "round_restored"
SETTLED = "settled"
REOPENED = "reopened"
PIN_CHANGED = "pin_changed"
IMPORTED = "imported"  # a session made from an export: `after` holds its rounds (None: the
# rounds the events before it make, as an export's own history already does)
HISTORY_ERASED = "history_erased"  # the owner erased it: `after` holds the rounds it left
MEMBER_ADDED = "member_added"
MEMBER_CHANGED = "member_changed"
PAYMENT_RECORDED = "payment_recorded"
PAYMENT_UNDONE = "payment_undone"
SESSION_ADDED = "session_added"
SESSION_REMOVED = "session_removed"  # a session added to the group later, taken back (Undo)
GROUP_JOINED = "group_joined"  # in a session's history: it was added to a group later
GROUP_LEFT = "group_left"  # and that was undone
# the round being entered cleared by the table (its Clear button): `before` holds what the
# draft held; no round changes, so it takes no undo and stands in the way of none
DRAFT_CLEARED = "draft_cleared"

PAGE = 50


def note(
    target: GameSession | Barkada,
    kind: str,
    by: str,
    *,
    round: int | None = None,
    before=None,
    after=None,
) -> ChangeEvent:
    """Append one event to `target`'s history, in the current transaction."""
    event = ChangeEvent(kind=kind, by=by, round=round, before=before, after=after, at=utcnow())
    if isinstance(target, GameSession):
        event.session_id = target.id
    else:
        event.group_id = target.id
    db.session.add(event)
    return event


def note_pin(target: GameSession | Barkada, new_pin: str | None, by: str) -> ChangeEvent:
    """The edit PIN set, changed or removed: whether one was set before and after, never the
    PIN itself (nor its hash)."""
    before, after = {"pin": target.pin_hash is not None}, {"pin": new_pin is not None}
    return note(target, PIN_CHANGED, by, before=before, after=after)


def round_state(record: dict, result: RoundResult) -> dict:
    """What a round event keeps of a round: its stored record (cards, ending, who dealt), the
    verdict and each player's amount."""
    return {
        "record": record,
        "ending": result.ending,
        "winner": result.winner,
        "amounts": [money_str(player.net) for player in result.players],
    }


def events(target: GameSession | Barkada, before: int | None = None, limit: int = PAGE):
    """`target`'s events newest first, `limit` of them, older than event id `before` if given."""
    query = _of(target).order_by(ChangeEvent.id.desc()).limit(limit)
    if before is not None:
        query = query.where(ChangeEvent.id < before)
    return list(db.session.execute(query).scalars())


def all_events(target: GameSession | Barkada) -> list[ChangeEvent]:
    """Every event of `target`, oldest first."""
    return list(db.session.execute(_of(target).order_by(ChangeEvent.id)).scalars())


def latest(target: GameSession | Barkada) -> ChangeEvent | None:
    found = events(target, limit=1)
    return found[0] if found else None


def latest_change(game: GameSession) -> ChangeEvent | None:
    """The session's newest event but a draft cleared: the change an Undo would take back."""
    query = _of(game).where(ChangeEvent.kind != DRAFT_CLEARED)
    return db.session.execute(query.order_by(ChangeEvent.id.desc()).limit(1)).scalar()


def event_of(target: GameSession | Barkada, event_id) -> ChangeEvent | None:
    """The event of `target` with this id (an int, or its digits as text); None for none, or
    for an id no event can have (not a whole number, or past what the database holds)."""
    number = event_number(event_id)
    if number is None:
        return None
    return db.session.execute(_of(target).where(ChangeEvent.id == number)).scalar_one_or_none()


def event_number(event_id) -> int | None:
    """An event id as a number: an int or ASCII digits, from 1 to 2**63 - 1; else None."""
    if isinstance(event_id, str) and event_id.strip().isascii() and event_id.strip().isdigit():
        event_id = int(event_id.strip())
    if isinstance(event_id, bool) or not isinstance(event_id, int):
        return None
    return event_id if 0 < event_id < 2**63 else None


def edited_rounds(game: GameSession) -> set[int]:
    """The numbers of the session's rounds changed since they were saved."""
    query = select(Round.number).where(Round.session_id == game.id, Round.edited.is_(True))
    return set(db.session.execute(query).scalars())


def _of(target: GameSession | Barkada):
    column = ChangeEvent.session_id if isinstance(target, GameSession) else ChangeEvent.group_id
    return select(ChangeEvent).where(column == target.id)


def copy_in(target: GameSession | Barkada, given: list[dict], by: str, made: dict) -> None:
    """An export's history (clean events, exchange/history_in.py) added to `target` as it was,
    each at its own time; then one "imported" event `by` ("import" or "restore") holding what
    the import `made` (a session's rounds: {"rounds": [...]}). A restored round's link to its
    delete follows the new event ids."""
    added = []
    for given_event in given:
        event = note(
            target,
            given_event["kind"],
            given_event["by"],
            round=given_event["round"],
            before=given_event["before"],
            after=given_event["after"],
        )
        event.at = from_iso(given_event["at"]) or event.at
        added.append(event)
    db.session.flush()  # one flush for them all: their new ids, in the file's order
    ids = {e["id"]: event.id for e, event in zip(given, added, strict=True) if e["id"] is not None}
    for event in added:
        if event.kind == ROUND_RESTORED and (event.after or {}).get("from") in ids:
            event.after = event.after | {"from": ids[event.after["from"]]}
    note(target, IMPORTED, by, after=None if _told(given, made) else made)


def _told(given: list[dict], made: dict) -> bool:
    """Whether the history copied in already makes the rounds the import made: the session's
    own export imported again. Its "imported" event then holds no second copy of them, so a
    session exported and imported again and again does not grow by all its rounds each time."""
    rounds = made.get("rounds")
    return bool(given) and rounds is not None and _replayed(given) == rounds


def forget(target: GameSession | Barkada) -> None:
    """Inside a change that replaces a session or a group whole (a backup restored in place):
    its events go, the backup's come instead."""
    column = ChangeEvent.session_id if isinstance(target, GameSession) else ChangeEvent.group_id
    db.session.execute(delete(ChangeEvent).where(column == target.id))


def erase(game: GameSession, by: str, records: list[dict]) -> ChangeEvent:
    """Inside a change: the session's events removed, and one "history erased" left that keeps
    the rounds as they stand (so the history still replays to them)."""
    forget(game)
    return note(game, HISTORY_ERASED, by, after={"rounds": records})


def replayed_records(history: list[ChangeEvent]) -> list[dict]:
    """The session's round records as its events, oldest first, make them."""
    return _replayed([{"kind": e.kind, "round": e.round, "after": e.after} for e in history])


def _replayed(events: list[dict]) -> list[dict]:
    """The round records events make ({"kind", "round", "after"}, as stored or exported)."""
    records: list[dict] = []
    for event in events:
        index, after = (event["round"] or 0) - 1, event["after"] or {}
        if event["kind"] in (IMPORTED, HISTORY_ERASED) and isinstance(after.get("rounds"), list):
            records = list(after["rounds"])
        elif event["kind"] in (ROUND_SAVED, ROUND_RESTORED) and "record" in after:
            records.insert(index, after["record"])
        elif event["kind"] == ROUND_EDITED and "record" in after and 0 <= index < len(records):
            records[index] = after["record"]
        elif event["kind"] == ROUND_DELETED and 0 <= index < len(records):
            del records[index]
    return records
