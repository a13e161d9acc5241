"""A barkada's stats for a period, derived from its sessions' rounds by the engine, and each
worker's memo of them.

Never stored. Each worker keeps two memos (`_memo`): the figures of each session, under (token,
revision), so that a round saved tonight replays tonight's session only; and the whole
answer, under the group's revision, the period and the (id, revision) of every session in
it, so that a page asked again costs two small queries. A change anywhere changes one of those
revisions, so a stale answer is never served.

    period_of(start, end) -> Period        the dates of a period, or InputError saying which
    group_stats(group, period) -> GroupStats
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import date, datetime

from flask import current_app
from sqlalchemy import Text, cast, select

from ... import fast_path
from ...clock import local_time
from ...engine import Ledger, Problem, Rules, Stats, combine, session_stats
from ...engine.messages import N_
from ...extensions import db
from ...models import Barkada, GameSession, Member, Round
from ..errors import InputError

EARLIEST, LATEST = date(2000, 1, 1), date(2999, 12, 31)


@dataclass(frozen=True)
class Period:
    start: date | None = None
    end: date | None = None

    def holds(self, day: date) -> bool:
        return (self.start is None or day >= self.start) and (self.end is None or day <= self.end)

    def to_dict(self) -> dict:
        return {
            "from": None if self.start is None else self.start.isoformat(),
            "to": None if self.end is None else self.end.isoformat(),
        }


@dataclass(frozen=True)
class Night:
    """One session of the period: where it is, when, who sat where, and its figures."""

    id: int
    token: str
    day: date
    settled: bool
    keys: tuple[int, ...]
    stats: Stats


@dataclass(frozen=True)
class GroupStats:
    """`people`: member id → shown name, in the group's order (current members, and members
    who left but played in the period); `stats` keyed by member id."""

    period: Period
    people: dict[int, str]
    nights: list[Night]
    stats: Stats
    version: str = ""  # names exactly what the figures were derived from (a printed PDF's key)

    def to_dict(self) -> dict:
        return {
            **self.period.to_dict(),
            "sessions": len(self.nights),
            **self.stats.to_dict(self.people),
        }


class StatsMemo:
    """One of a worker's memos (`app.extensions["group_stats"]`), least recently used out."""

    def __init__(self, size: int = 512):
        self.size = size
        self._items: OrderedDict[tuple, object] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple):
        with self._lock:
            item = self._items.get(key)
            if item is not None:
                self._items.move_to_end(key)
            return item

    def put(self, key: tuple, value) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


def period_of(start, end) -> Period:
    """The period from `start` to `end` (YYYY-MM-DD, both days included; empty: open)."""
    problems = []
    first = _day(start, "from", problems)
    last = _day(end, "to", problems)
    if first and last and first > last:
        problems.append(Problem("to", N_("the period ends before it starts: swap the two dates")))
    if problems:
        raise InputError(problems, 422)
    return Period(first, last)


def _day(value, where: str, problems: list) -> date | None:
    text = value.strip() if isinstance(value, str) else ""
    if not text:
        return None
    try:
        day = date.fromisoformat(text[:20])
    except ValueError:
        day = None
    if day is None or len(text) != 10 or not EARLIEST <= day <= LATEST:
        problems.append(
            Problem(
                where, N_("%(where)s: write a date as YYYY-MM-DD, e.g. 2026-11-30", where=where)
            )
        )
        return None
    return day


def local_day(moment: datetime) -> date:
    """A session counts on the date it started at the table: in the app's TIME_ZONE."""
    return local_time(moment).date()


def group_stats(group: Barkada, period: Period) -> GroupStats:
    """The group's figures over the sessions that started in `period`, in play order."""
    rows = [row for row in _sessions(group) if period.holds(local_day(row.created_at))]
    key = ("group", group.token, group.revision, period, tuple((r.id, r.revision) for r in rows))
    found = _memo("answers").get(key)
    if found is None:
        with fast_path.collector_paused():
            figures, exact = _session_figures(rows)
        found = _derived(group, period, rows, figures, digest(key))
        if exact:
            _memo("answers").put(key, found)
    return found


def _sessions(group: Barkada) -> list:
    return db.session.execute(
        select(
            GameSession.id,
            GameSession.token,
            GameSession.revision,
            GameSession.created_at,
            GameSession.settled_at,
            GameSession.seat_members,
        )
        .where(GameSession.group_id == group.id, GameSession.seat_members.is_not(None))
        .order_by(GameSession.created_at, GameSession.id)
    ).all()


def digest(key: tuple) -> str:
    return hashlib.sha256(repr(key).encode()).hexdigest()[:32]


def _derived(group: Barkada, period: Period, rows: list, figures: dict, version: str):
    nights = [
        Night(
            row.id,
            row.token,
            local_day(row.created_at),
            row.settled_at is not None,
            tuple(row.seat_members),
            figures[row.id],
        )
        for row in rows
    ]
    played = {key for night in nights for key in night.keys}
    members = db.session.execute(
        select(Member.id, Member.name, Member.left_at)
        .where(Member.group_id == group.id)
        .order_by(Member.position, Member.id)
    ).all()
    people = {m.id: m.name for m in members if m.left_at is None or m.id in played}
    stats = combine(night.stats for night in nights)
    return GroupStats(period, people, nights, stats, version)


def _session_figures(rows: list) -> tuple[dict[int, Stats], bool]:
    """Each session's figures: from the memo, or from its ledger (the ledger memo's when it
    holds this revision, else replayed here, all missing sessions' rounds in one query); and
    whether all of them are of the revisions `rows` name (a session changed since is shown as
    it is now, and nothing is filed under the revision read before)."""
    figures, missing, exact = {}, [], True
    ledgers = current_app.extensions["ledger_cache"]
    for row in rows:
        stats = _memo("sessions").get((row.token, row.revision))
        if stats is None:
            ledger = ledgers.get(row.token, row.revision)
            if ledger is None:
                missing.append(row)
                continue
            stats = session_stats(list(row.seat_members), ledger)
            _memo("sessions").put((row.token, row.revision), stats)
        figures[row.id] = stats
    for row, ledger, revision in _replayed(missing):
        stats = session_stats(list(row.seat_members), ledger)
        if revision == row.revision:
            _memo("sessions").put((row.token, row.revision), stats)
        exact = exact and revision in (row.revision, None)
        figures[row.id] = stats
    return figures, exact


def _replayed(rows: list):
    """(row, ledger, revision) of each session of `rows`, replayed from its rounds, read with
    the session's revision in one statement (None: no rounds, nothing to replay)."""
    if not rows:
        return
    ids = [row.id for row in rows]
    games = {
        game.id: game
        for game in db.session.execute(
            select(
                GameSession.id, GameSession.players, GameSession.rules, GameSession.first_dealer
            ).where(GameSession.id.in_(ids))
        ).all()
    }
    records: dict[int, list] = {id_: [] for id_ in ids}
    revisions: dict[int, int] = {}
    for session_id, record, revision in db.session.execute(
        select(Round.session_id, cast(Round.record, Text), GameSession.revision)
        .join(GameSession, GameSession.id == Round.session_id)
        .where(Round.session_id.in_(ids))
        .order_by(Round.session_id, Round.number)
    ):
        records[session_id].append(fast_path.loads(record))
        revisions[session_id] = revision
    for row in rows:
        yield row, _ledger(games[row.id], records[row.id]), revisions.get(row.id)


def _ledger(game, records: list) -> Ledger:
    """The rounds were read as stored, not mended (models.MendedJSON, a fifth of the time of a
    cold page): the same ledger, since mending changes only text holding a control character or
    a lone surrogate, which the engine refuses in a round record mended or not. They are
    replayed by the fast path's `replay_rounds` (the same figures as `replay`)."""
    return fast_path.replay_rounds(
        game.players, Rules.from_dict(game.rules), game.first_dealer, records
    )


MEMO_SIZES = {"sessions": 4096, "answers": 256}


def _memo(kind: str) -> StatsMemo:
    """This worker's memo of each session's figures ("sessions": a few KB each, enough for
    the biggest groups), or of whole answers ("answers"): apart, so that asking for period
    after period never pushes the sessions' figures out (a 1,000-session group replayed every
    session for each new period, 4 s)."""
    memos = current_app.extensions.setdefault("group_stats", {})
    return memos.setdefault(kind, StatsMemo(MEMO_SIZES[kind]))
