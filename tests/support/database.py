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


def drop_everything(url: str) -> None:
    engine = sa.create_engine(url)
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
