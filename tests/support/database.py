"""A test database made by the real migrations, and dropped again afterwards; on PostgreSQL,
each pytest-xdist worker's own database."""

from __future__ import annotations

from functools import cache
from urllib.parse import urlsplit, urlunsplit

import sqlalchemy as sa

from tracker import MIGRATIONS


def worker(database_url: str, instance, **settings):
    """A worker of the app on `database_url` (its own instance folder, its own memos), as the
    tests run it; `settings` change some (FAST_PATH=False…). `close` it when done."""
    from tests.support.admin import ADMIN_TOKEN
    from tracker import create_app

    return create_app(
        {
            "SQLALCHEMY_DATABASE_URI": database_url,
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "INSTANCE_PATH": str(instance),
            "ADMIN_TOKEN": ADMIN_TOKEN,
            # no summary printed in the background unless a test asks: the prints a test
            # counts (the printer's `started`) stay its own
            "SUMMARY_AHEAD": False,
            # PINs hashed in a millisecond, not a tenth of a second (the same check reads
            # them; tests/core/test_pin.py holds the default to scrypt)
            "PIN_HASH_METHOD": "pbkdf2:sha256:1000",
            **settings,
        }
    )


def close(app) -> None:
    """A worker's connections closed (the database may be dropped next)."""
    from tracker.extensions import db

    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def migrate(app) -> None:
    from flask_migrate import upgrade

    from tracker.extensions import db

    with app.app_context():
        upgrade(directory=MIGRATIONS)
        db.engine.dispose()  # closing the last connection folds SQLite's WAL into the file


# Other connections to the test database: a server of an earlier test may still hold one, even
# idle in a transaction, and DROP TABLE would wait for its locks for ever. Nothing else uses a
# test database while this runs, so they are ended first.
OTHERS = sa.text(
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
)


def drop_everything(url: str) -> None:
    postgres = url.startswith("postgresql")
    # and should one still block it: an error after a minute, never a wait for ever
    options = {"options": "-c lock_timeout=60s"} if postgres else {}
    engine = sa.create_engine(url, connect_args=options)
    if postgres:
        with engine.begin() as connection:
            connection.execute(OTHERS)
    meta = sa.MetaData()
    meta.reflect(engine)
    meta.drop_all(engine)
    engine.dispose()


def empty(url: str) -> None:
    """The test database on PostgreSQL with no rows, for the next test: when its tables are
    those of the migrations' head, each emptied at once (TRUNCATE, a hundredth of a second);
    otherwise (none yet, or a test left the schema elsewhere) every table dropped, for the
    migrations to make again (half a second). Other connections to it are ended first."""
    engine = sa.create_engine(url, connect_args={"options": "-c lock_timeout=60s"})
    with engine.begin() as connection:
        connection.execute(OTHERS)
        names = set(sa.inspect(connection).get_table_names())
        at_head = names == head_tables() and connection.execute(
            sa.text("SELECT version_num FROM alembic_version")
        ).scalars().all() == [head_revision()]
        if at_head:
            listed = ", ".join(f'"{name}"' for name in sorted(names - {"alembic_version"}))
            connection.exec_driver_sql(f"TRUNCATE {listed} RESTART IDENTITY CASCADE")
    engine.dispose()
    if not at_head:
        drop_everything(url)


@cache
def head_revision() -> str:
    from alembic.script import ScriptDirectory

    return ScriptDirectory(MIGRATIONS).get_current_head()


@cache
def head_tables() -> frozenset[str]:
    """The tables the migrations make: the models' (a test checks they agree) and alembic's."""
    import tracker.models  # noqa: F401 (the models' tables in the metadata)
    from tracker.extensions import db

    return frozenset(db.metadata.tables) | {"alembic_version"}


def rows(url: str, table: str = "round") -> int:
    """How many rows `table` holds, read on a connection of its own."""
    engine = sa.create_engine(url)
    with engine.connect() as connection:
        count = connection.execute(sa.text(f"SELECT COUNT(*) FROM {table}")).scalar()
    engine.dispose()
    return count


def worker_database(url: str, worker: str) -> str:
    """The URL of a database of the pytest-xdist worker `worker` (gw0, gw1…) beside the one
    `url` names (`<name>_<worker>`), created unless it exists: each worker empties every table
    before each of its tests (`empty`), so two workers never share one. scripts/test.sh
    drops them at the end of its run."""
    from tracker import database_url

    parts = urlsplit(url)
    name = f"{parts.path.lstrip('/')}_{worker}"
    admin = sa.create_engine(
        database_url(urlunsplit(parts._replace(path="/postgres"))), isolation_level="AUTOCOMMIT"
    )
    with admin.connect() as connection:
        found = connection.execute(
            sa.text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name}
        ).scalar()
        if not found:
            connection.execute(sa.text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return urlunsplit(parts._replace(path=f"/{name}"))
