"""Which way to keep every change of a session: an append-only event table (what the project
chose: `ChangeEvent` in tracker/models.py, written by `note` in tracker/core/history.py) or
SQLAlchemy-Continuum 2.0.0 (a shadow `*_version` table for each versioned table, one row per
version of a row, and a `transaction` table).

    .venv/bin/python benchmarks/history_choice.py [--saves 500] [--edits 500] [--deletes 100]
        [--delete-within 20] [--record-bytes 1200] [--read-changes 1000] [--read-sessions 3]
        [--read-repeat 30] [--postgres postgresql://…] [--continuum-lib /tmp/continuum-lib]

Continuum is kept out of the project (neither the venv nor pyproject): install it into a folder
of its own, which this script adds to sys.path when it is there (2.0.0 needs only SQLAlchemy;
without it the script measures the variants without Continuum and says so):

    .venv/bin/pip install --target /tmp/continuum-lib "SQLAlchemy-Continuum==2.0.0" --no-deps

Plain SQLAlchemy 2, no Flask: two small copies of the project's schema shape, `game_session`
(id, revision, updated_at) and `round` (id, session_id, number, record JSON, version; indexed on
session_id and number as the project's), with one of three ways to keep history:

  A  none (the baseline);
  B  `change_event` as the project's: each change adds one row (kind, by, round, before and
     after JSON: the round's record and three amounts), indexed on (session_id, id);
  C  Continuum: `make_versioned(user_cls=None)`, `__versioned__ = {}` on both tables.

Each variant runs in a Python process of its own (Continuum hooks every mapper and session of
its process) on a fresh SQLite file in a temp folder (WAL and foreign keys on, as the app sets
them), or with `--postgres URL` on that database as well, whose tables of these names it drops
and makes anew (use a throwaway database).

1. Writes, as the app makes them: one transaction and one commit per change, each change also
   bumping game_session.revision: `--saves` rounds saved, each edited once (in shuffled order,
   `--edits`), then `--deletes` rounds deleted among the last `--delete-within` rounds (0:
   anywhere), the later rounds moving up one as the app's delete moves them: Continuum writes a
   version of each round that moves, which makes a delete far back cost it a version row and
   a few ms per moved round (`--deletes 20 --delete-within 0` shows it). Median and p90 ms per
   change, the ratio to A and the ms added; the database's growth per change (SQLite: the
   file's size after a checkpoint; PostgreSQL: its tables' total relation size) and the rows
   each table holds after.
2. Reading: on another database holding `--read-sessions` sessions of `--read-changes` changes
   each (made as above, the sessions' changes interleaved), a session's last 50 changes newest
   first with what changed, `--read-repeat` times, median: B one indexed query on change_event;
   C the session's round versions joined with the transaction table, newest first, limit 50,
   each with the version it replaced (its record before), and C again bounded by the session's
   last 50 transactions (the rows of a delete's moved rounds otherwise fill the 50).
3. Checks on C: whether its history says which player's amount changed and which phone made a
   change without tables of our own, and whether `revert()` of a deleted round's last version
   puts it back in its place.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.orm import DeclarativeBase, Session, aliased

REPO = Path(__file__).resolve().parent.parent
DEFAULT_LIB = Path("/tmp/continuum-lib")
INSTALL = (
    '.venv/bin/pip install --target /tmp/continuum-lib "SQLAlchemy-Continuum==2.0.0" --no-deps'
)
PAD_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
VARIANTS = {"A": "A none", "B": "B change_event", "C": "C Continuum"}
OUR_TABLES = [
    "change_event",
    "round_version",
    "game_session_version",
    "transaction",
    "round",
    "game_session",
]

# tests/support/records.py DRAW as the engine stores it (canonical_record, dealer given)
DRAW = {
    "dealer": 0,
    "ending": "draw",
    "declarer": 0,
    "last_drawer": None,
    "hands": [
        {"melds": [["7S", "7D", "7C"]], "hand": ["2C", "3D"]},
        {"melds": [["5H", "6H", "7H", "8H"]], "hand": ["KD"], "challenged": True},
        {"melds": [], "hand": ["AS", "AD", "9C"]},
    ],
}


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def dumps(value) -> int:
    return len(json.dumps(value, separators=(",", ":")))


def make_record(size: int, edit: int = 0) -> dict:
    """DRAW, changed a little by each edit, padded to about `size` bytes of JSON (0: as is)
    with random letters, which PostgreSQL's TOAST can't shrink (a run of one letter would
    compress to nothing and flatter whichever variant stores more copies)."""
    record = copy.deepcopy(DRAW)
    if edit:
        record["hands"][0]["hand"][-1] = ["3D", "4D", "5D", "6D"][edit % 4]
        record["dealer"] = edit % 3
    if size:
        record["pad"] = ""
        letters = random.Random(edit).choices(PAD_LETTERS, k=max(0, size - dumps(record)))
        record["pad"] = "".join(letters)
    return record


def state(record: dict, change: int) -> dict:
    """What an event keeps of a round: its record, the verdict and each player's amount."""
    cents = 1000 + change % 500
    amounts = [f"{cents / 100:.2f}", f"-{cents / 200:.2f}", f"-{cents / 200:.2f}"]
    return {"record": record, "ending": record["ending"], "winner": 0, "amounts": amounts}


# -- the schema of one variant ------------------------------------------------------------------


class Schema:
    """The models of one variant; C needs Continuum set up before they are declared."""

    def __init__(self, variant: str, lib: Path):
        self.variant = variant
        self.manager = None
        if variant == "C":
            if str(lib) not in sys.path:
                sys.path.insert(0, str(lib))
            from sqlalchemy_continuum import make_versioned, versioning_manager

            make_versioned(user_cls=None)
            self.manager = versioning_manager

        class Base(DeclarativeBase):
            pass

        class Versioned:
            if variant == "C":
                __versioned__: dict = {}

        class GameSession(Base, Versioned):
            __tablename__ = "game_session"
            id = sa.Column(sa.Integer, primary_key=True)
            revision = sa.Column(sa.Integer, nullable=False, default=0)
            updated_at = sa.Column(sa.DateTime, nullable=False, default=utcnow)

        class Round(Base, Versioned):
            __tablename__ = "round"
            __table_args__ = (sa.Index("ix_round_session_number", "session_id", "number"),)
            id = sa.Column(sa.Integer, primary_key=True)
            session_id = sa.Column(
                sa.Integer, sa.ForeignKey("game_session.id", ondelete="CASCADE"), nullable=False
            )
            number = sa.Column(sa.Integer, nullable=False)
            record = sa.Column(sa.JSON, nullable=False)
            version = sa.Column(sa.Integer, nullable=False, default=1)

        self.Base, self.GameSession, self.Round = Base, GameSession, Round
        self.ChangeEvent = None
        if variant == "B":

            class ChangeEvent(Base):
                __tablename__ = "change_event"
                __table_args__ = (
                    sa.Index("ix_change_event_session", "session_id", "id"),
                    {"sqlite_autoincrement": True},
                )
                id = sa.Column(sa.Integer, primary_key=True)
                session_id = sa.Column(
                    sa.Integer, sa.ForeignKey("game_session.id", ondelete="CASCADE")
                )
                at = sa.Column(sa.DateTime, nullable=False, default=utcnow)
                kind = sa.Column(sa.String(30), nullable=False)
                by = sa.Column(sa.String(40), nullable=False)
                round = sa.Column(sa.Integer, nullable=True)
                before = sa.Column(sa.JSON, nullable=True)
                after = sa.Column(sa.JSON, nullable=True)

            self.ChangeEvent = ChangeEvent
        sa.orm.configure_mappers()  # Continuum builds its version classes here
        if variant == "C":
            from sqlalchemy_continuum import version_class

            self.RoundVersion = version_class(Round)
            self.SessionVersion = version_class(GameSession)
            self.Transaction = self.manager.transaction_cls

    # -- the changes, each its own transaction ---------------------------------------------------

    def new_session(self, engine) -> int:
        with Session(engine) as db:
            game = self.GameSession(revision=0, updated_at=utcnow())
            db.add(game)
            db.commit()
            return game.id

    def _bump(self, game) -> int:
        game.revision += 1
        game.updated_at = utcnow()
        return game.revision

    def _note(self, db, sid, kind, number, before=None, after=None) -> None:
        if self.ChangeEvent is not None:
            event = self.ChangeEvent(
                session_id=sid, at=utcnow(), kind=kind, by="seat:1", round=number
            )
            event.before, event.after = before, after
            db.add(event)

    def save(self, engine, sid: int, record: dict, change: int) -> None:
        with Session(engine) as db:
            game = db.get(self.GameSession, sid)
            count = db.scalar(
                sa.select(sa.func.count())
                .select_from(self.Round)
                .where(self.Round.session_id == sid)
            )
            revision = self._bump(game)
            db.add(self.Round(session_id=sid, number=count + 1, record=record, version=revision))
            self._note(db, sid, "round_saved", count + 1, after=state(record, change))
            db.commit()

    def edit(self, engine, sid: int, number: int, record: dict, change: int) -> None:
        with Session(engine) as db:
            game = db.get(self.GameSession, sid)
            found = db.execute(
                sa.select(self.Round).where(
                    self.Round.session_id == sid, self.Round.number == number
                )
            ).scalar_one()
            before = state(found.record, change - 1)
            found.record = record
            found.version = self._bump(game)
            self._note(db, sid, "round_edited", number, before, state(record, change))
            db.commit()

    def delete(self, engine, sid: int, number: int, change: int) -> int:
        """Delete round `number`; the later rounds move up one. Returns how many moved."""
        with Session(engine) as db:
            game = db.get(self.GameSession, sid)
            rounds = list(
                db.execute(
                    sa.select(self.Round)
                    .where(self.Round.session_id == sid, self.Round.number >= number)
                    .order_by(self.Round.number)
                ).scalars()
            )
            revision = self._bump(game)
            self._note(db, sid, "round_deleted", number, before=state(rounds[0].record, change))
            db.delete(rounds[0])
            for later in rounds[1:]:
                later.number -= 1
                later.version = revision
            db.commit()
            return len(rounds) - 1

    # -- reading ---------------------------------------------------------------------------------

    def read_queries(self, sid: int) -> dict:
        """Each way to list the session's last 50 changes, newest first, with what changed."""
        if self.variant == "B":
            event = self.ChangeEvent
            return {
                "B events": sa.select(event)
                .where(event.session_id == sid)
                .order_by(event.id.desc())
                .limit(50)
            }
        if self.variant != "C":
            return {}
        version, tx = self.RoundVersion, self.Transaction
        before = aliased(version)
        replaced = sa.and_(
            before.id == version.id, before.end_transaction_id == version.transaction_id
        )
        rows = (
            sa.select(version, tx.issued_at, before.record)
            .join(tx, tx.id == version.transaction_id)
            .outerjoin(before, replaced)
            .where(version.session_id == sid)
            .order_by(version.transaction_id.desc())
            .limit(50)
        )
        last = (
            sa.select(self.SessionVersion.transaction_id)
            .where(self.SessionVersion.id == sid)
            .order_by(self.SessionVersion.transaction_id.desc())
            .limit(50)
            .subquery()
        )
        changes = (
            sa.select(tx.id, tx.issued_at, version, before.record)
            .join(last, last.c.transaction_id == tx.id)
            .outerjoin(version, sa.and_(version.transaction_id == tx.id, version.session_id == sid))
            .outerjoin(before, replaced)
            .order_by(tx.id.desc())
        )
        return {"C 50 version rows": rows, "C last 50 changes": changes}


# -- one variant, in a process of its own -------------------------------------------------------


def connect(url: str):
    engine = sa.create_engine(url)
    if engine.dialect.name == "sqlite":

        @sa.event.listens_for(engine, "connect")
        def on_connect(connection, _record):
            cursor = connection.cursor()
            cursor.execute("PRAGMA busy_timeout = 10000")
            cursor.execute("PRAGMA journal_mode = WAL")
            cursor.execute("PRAGMA foreign_keys = ON")
            cursor.close()

    return engine


def drop_ours(engine) -> None:
    if engine.dialect.name == "postgresql":
        with engine.begin() as conn:
            names = ", ".join(f'"{name}"' for name in OUR_TABLES)
            conn.exec_driver_sql(f"DROP TABLE IF EXISTS {names} CASCADE")
            conn.exec_driver_sql("DROP SEQUENCE IF EXISTS transaction_id_seq")


def table_bytes(engine, schema: Schema) -> dict:
    """Bytes each table holds with its indexes."""
    names = list(schema.Base.metadata.tables)
    with engine.connect() as conn:
        if engine.dialect.name == "sqlite":
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
            rows = conn.exec_driver_sql(
                "SELECT m.tbl_name, SUM(s.pgsize) FROM dbstat s "
                "JOIN sqlite_master m ON m.name = s.name GROUP BY m.tbl_name"
            ).all()
            return {name: size for name, size in rows if name in names}
        rows = conn.execute(
            sa.text(
                "SELECT relname, pg_total_relation_size(oid) FROM pg_class "
                "WHERE relkind = 'r' AND relname = ANY(:names) "
                "AND relnamespace = 'public'::regnamespace"
            ),
            {"names": names},
        ).all()
        return dict(rows)


def database_bytes(engine, schema: Schema) -> int:
    if engine.dialect.name == "sqlite":
        with engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        return os.path.getsize(engine.url.database)
    return sum(table_bytes(engine, schema).values())


def row_counts(engine, schema: Schema) -> dict:
    with engine.connect() as conn:
        return {
            name: conn.scalar(sa.select(sa.func.count()).select_from(table))
            for name, table in schema.Base.metadata.tables.items()
        }


def timed(run) -> float:
    started = time.perf_counter()
    run()
    return (time.perf_counter() - started) * 1000


def write_phase(schema: Schema, url: str, args) -> dict:
    engine = connect(url)
    drop_ours(engine)
    schema.Base.metadata.create_all(engine)
    rng = random.Random(7)
    sid = schema.new_session(engine)
    out: dict = {"ms": {}, "bytes": {}, "moved": 0}
    size = database_bytes(engine, schema)
    change = 0

    def phase(name: str, steps) -> None:
        nonlocal size
        out["ms"][name] = [timed(step) for step in steps]
        grown = database_bytes(engine, schema)
        out["bytes"][name] = grown - size
        size = grown

    def saving(i):
        return lambda: schema.save(engine, sid, make_record(args.record_bytes), i)

    phase("save", [saving(i) for i in range(args.saves)])
    change = args.saves
    order = list(range(1, args.saves + 1))
    rng.shuffle(order)
    edits = []
    for i in range(args.edits):
        change += 1
        number, record = order[i % len(order)], make_record(args.record_bytes, i + 1)
        edits.append(lambda n=number, r=record, c=change: schema.edit(engine, sid, n, r, c))
    phase("edit", edits)

    left = args.saves

    def deleting(number: int, change: int):
        def run():
            out["moved"] += schema.delete(engine, sid, number, change)

        return run

    deletes = []
    for _ in range(min(args.deletes, args.saves)):
        low = max(1, left - args.delete_within + 1) if args.delete_within else 1
        change += 1
        deletes.append(deleting(rng.randint(low, left), change))
        left -= 1
    phase("delete", deletes)
    out["rows"] = row_counts(engine, schema)
    out["tables"] = table_bytes(engine, schema)
    if schema.variant == "C":
        out["checks"] = continuum_checks(schema, engine, args)
    engine.dispose()
    return out


def read_phase(schema: Schema, url: str, args) -> dict:
    """Sessions of `--read-changes` changes each (their changes interleaved), then the last 50
    changes of the first, `--read-repeat` times per query."""
    engine = connect(url)
    drop_ours(engine)
    schema.Base.metadata.create_all(engine)
    sessions = [schema.new_session(engine) for _ in range(args.read_sessions)]
    saves = int(args.read_changes * 0.45)
    later = args.read_changes - saves
    deletes = min(args.read_changes // 10, saves - 1)
    plans: list[list] = []
    for sid in sessions:
        rng, steps, count = random.Random(sid), [], saves
        for i in range(later):
            if (i + 1) * deletes // later > i * deletes // later:  # evenly spaced
                low = max(1, count - args.delete_within + 1) if args.delete_within else 1
                steps.append(("delete", rng.randint(low, count)))
                count -= 1
            else:
                steps.append(("edit", rng.randint(1, count)))
        plans.append([("save", None)] * saves + steps)
    for change in range(args.read_changes):
        for sid, plan in zip(sessions, plans):
            kind, number = plan[change]
            if kind == "save":
                schema.save(engine, sid, make_record(args.record_bytes), change)
            elif kind == "edit":
                schema.edit(engine, sid, number, make_record(args.record_bytes, change), change)
            else:
                schema.delete(engine, sid, number, change)
    out: dict = {"rows": row_counts(engine, schema), "queries": {}}
    for name, query in schema.read_queries(sessions[0]).items():
        found: list = []

        def listing(query=query, found=found):
            with Session(engine) as db:
                rows = db.execute(query).all()
                found[:] = rows

        times = [timed(listing) for _ in range(args.read_repeat)]
        changes = len({row_tx(row) for row in found})
        out["queries"][name] = {
            "median": statistics.median(times),
            "rows": len(found),
            "changes": changes,
            "plan": query_plan(engine, query),
        }
    engine.dispose()
    return out


def row_tx(row):
    """The change a listed row belongs to: an event's id, a version's transaction."""
    first = row[0]
    return getattr(first, "transaction_id", getattr(first, "id", first))


def query_plan(engine, query) -> str:
    if engine.dialect.name != "sqlite":
        return ""
    text = str(query.compile(engine, compile_kwargs={"literal_binds": True}))
    with engine.connect() as conn:
        rows = conn.exec_driver_sql("EXPLAIN QUERY PLAN " + text).all()
    return "; ".join(row[-1] for row in rows)


def continuum_checks(schema: Schema, engine, args) -> dict:
    """What C's history holds by itself, and what revert() of a deleted round does."""
    version_columns = [c.name for c in schema.RoundVersion.__table__.columns]
    tx_columns = [c.name for c in schema.Transaction.__table__.columns]
    sid = schema.new_session(engine)
    for i in range(5):
        schema.save(engine, sid, make_record(args.record_bytes, i), i)
    with Session(engine) as db:
        deleted_id = db.scalar(
            sa.select(schema.Round.id).where(
                schema.Round.session_id == sid, schema.Round.number == 2
            )
        )
    schema.delete(engine, sid, 2, 6)
    with Session(engine) as db:
        last = db.execute(
            sa.select(schema.RoundVersion)
            .where(schema.RoundVersion.id == deleted_id, schema.RoundVersion.operation_type != 2)
            .order_by(schema.RoundVersion.transaction_id.desc())
            .limit(1)
        ).scalar_one()
        last.revert()
        db.commit()
        numbers = list(
            db.execute(
                sa.select(schema.Round.number)
                .where(schema.Round.session_id == sid)
                .order_by(schema.Round.number, schema.Round.id)
            ).scalars()
        )
        addresses = db.scalar(
            sa.select(sa.func.count()).where(schema.Transaction.remote_addr.is_not(None))
        )
        revision = db.get(schema.GameSession, sid).revision
    return {
        "round_version columns": version_columns,
        "transaction columns": tx_columns,
        "transactions with an address": addresses,
        "numbers after revert": numbers,
        "revision after revert": revision,
    }


def child(args) -> None:
    schema = Schema(args.variant, args.continuum_lib)
    write_url, read_url = args.url, args.url
    if args.url.startswith("sqlite"):
        folder = Path(args.url.removeprefix("sqlite:///"))
        write_url = f"sqlite:///{folder / f'write_{args.variant}.db'}"
        read_url = f"sqlite:///{folder / f'read_{args.variant}.db'}"
    out = {
        "write": write_phase(schema, write_url, args),
        "read": read_phase(schema, read_url, args) if args.variant != "A" else {"queries": {}},
    }
    if not args.url.startswith("sqlite"):
        drop_ours(connect(args.url))
    Path(args.out).write_text(json.dumps(out))


# -- the parent: runs each variant and prints the figures ----------------------------------------


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]


def run_variant(variant: str, url: str, args, folder: Path) -> dict:
    out = folder / f"{variant}.json"
    command = [sys.executable, __file__, "--variant", variant, "--url", url, "--out", str(out)]
    for flag in (
        "saves",
        "edits",
        "deletes",
        "delete_within",
        "record_bytes",
        "read_changes",
        "read_sessions",
        "read_repeat",
    ):
        command += [f"--{flag.replace('_', '-')}", str(getattr(args, flag))]
    command += ["--continuum-lib", str(args.continuum_lib)]
    subprocess.run(command, check=True, cwd=REPO)
    return json.loads(out.read_text())


def report(title: str, results: dict, args) -> None:
    print(f"\n== {title}")
    counts = {"save": args.saves, "edit": args.edits, "delete": min(args.deletes, args.saves)}
    print(
        f"{'change':7} {'variant':16} {'median ms':>9} {'p90 ms':>7} {'x A':>5} "
        f"{'+ms':>6} {'bytes/change':>12}"
    )
    for kind, count in counts.items():
        base = statistics.median(results["A"]["write"]["ms"][kind]) if "A" in results else None
        for variant, result in results.items():
            times = result["write"]["ms"][kind]
            median = statistics.median(times)
            ratio = f"{median / base:5.2f}" if base else "    -"
            added = f"{median - base:+6.2f}" if base else "     -"
            grown = result["write"]["bytes"][kind] / count
            print(
                f"{kind:7} {VARIANTS[variant]:16} {median:9.2f} {p90(times):7.2f} {ratio} {added} "
                f"{grown:12,.0f}"
            )
    moved = results["A"]["write"]["moved"] / max(counts["delete"], 1)
    print(f"(a delete moved {moved:.0f} later rounds up on average)")
    print("rows and bytes after the writes (table: rows, bytes with its indexes):")
    for variant, result in results.items():
        rows, sizes = result["write"]["rows"], result["write"]["tables"]
        held = ", ".join(f"{name} {rows[name]:,} / {sizes.get(name, 0):,}" for name in rows)
        print(f"  {VARIANTS[variant]}: {held}")
        history = sum(sizes.get(name, 0) for name in rows if name not in ("round", "game_session"))
        if history:
            total = sum(counts.values())
            print(f"    history tables: {history:,} bytes, {history / total:,.0f} per change")
    print(
        f"reading: a session's last 50 changes, newest first with what changed; "
        f"sessions: {args.read_sessions} of {args.read_changes} changes each, "
        f"median of {args.read_repeat}"
    )
    for result in results.values():
        for name, query in result["read"]["queries"].items():
            print(
                f"  {name:18} {query['median']:7.2f} ms  {query['rows']} rows, "
                f"{query['changes']} changes"
            )
            if query["plan"]:
                print(f"    plan: {query['plan']}")
    if "C" in results:
        checks = results["C"]["write"]["checks"]
        print("Continuum's own history:")
        columns = checks["round_version columns"]
        print(f"  round_version columns: {', '.join(columns)}")
        print(
            f"    amounts stored: {'no' if not any('amount' in c for c in columns) else 'yes'}"
            " (derived by the ledger: which player's amount changed needs a replay of the"
            " session at both transactions)"
        )
        print(f"  transaction columns: {', '.join(checks['transaction columns'])}")
        print(
            f"    who: no column for a seat or phone label (user_cls=None); an address column"
            f" instead, filled in {checks['transactions with an address']} transactions"
            " (by the Flask plugin only); a label needs a user table or TransactionMeta"
        )
        print(
            f"  revert() of round 2 of 5 deleted: numbers now {checks['numbers after revert']},"
            f" session revision {checks['revision after revert']} (the rounds that moved up"
            " stay; revert neither renumbers them nor bumps the revision)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=500)
    parser.add_argument("--edits", type=int, default=500)
    parser.add_argument("--deletes", type=int, default=100)
    parser.add_argument("--delete-within", type=int, default=20, help="0: anywhere")
    parser.add_argument("--record-bytes", type=int, default=1200, help="0: DRAW as stored")
    parser.add_argument("--read-changes", type=int, default=1000)
    parser.add_argument("--read-sessions", type=int, default=3)
    parser.add_argument("--read-repeat", type=int, default=30)
    parser.add_argument("--postgres", help="also on this (throwaway) PostgreSQL database")
    parser.add_argument("--continuum-lib", type=Path, default=DEFAULT_LIB)
    parser.add_argument("--variant", help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.variant:
        child(args)
        return
    variants = ["A", "B"]
    if (args.continuum_lib / "sqlalchemy_continuum").is_dir():
        variants.append("C")
    else:
        print(
            f"SQLAlchemy-Continuum is not in {args.continuum_lib}: measuring A and B only."
            f" To add C, from {REPO}:\n    {INSTALL}"
        )
    print(
        f"record: {dumps(make_record(args.record_bytes))} bytes of JSON "
        f"(DRAW as stored: {dumps(make_record(0))}); {args.saves} saves, {args.edits} edits, "
        f"{args.deletes} deletes, one commit each"
    )
    with tempfile.TemporaryDirectory(prefix="history_choice_") as folder:
        targets = [("SQLite (WAL)", f"sqlite:///{folder}")]
        if args.postgres:
            url = args.postgres
            if url.startswith("postgresql://"):
                url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
            targets.append(("PostgreSQL", url))
        for title, url in targets:
            results = {v: run_variant(v, url, args, Path(folder)) for v in variants}
            report(title, results, args)


if __name__ == "__main__":
    main()
