"""A test database made by the real migrations, and dropped again afterwards."""

from __future__ import annotations

import sqlalchemy as sa

from tracker import MIGRATIONS


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


def rows(url: str, table: str = "round") -> int:
    """How many rows `table` holds, read on a connection of its own."""
    engine = sa.create_engine(url)
    with engine.connect() as connection:
        count = connection.execute(sa.text(f"SELECT COUNT(*) FROM {table}")).scalar()
    engine.dispose()
    return count
