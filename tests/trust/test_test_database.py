"""The tests' own database on PostgreSQL: emptying it between tests never waits for ever on a
connection that an earlier test's server left open in a transaction (DROP TABLE waits for its
locks with no end)."""

from __future__ import annotations

import threading

import pytest
import sqlalchemy as sa

from tests.support.database import drop_everything

pytestmark = pytest.mark.postgres  # a PostgreSQL server's locks


def test_a_connection_left_in_a_transaction_does_not_stall_the_next_test(app, database_url):
    # `app`: the test database made by the migrations
    left = sa.create_engine(database_url)
    connection = left.connect()
    # a transaction holding a lock on a table, as a request cut off mid-way would
    connection.execute(sa.text("SELECT COUNT(*) FROM game_session"))
    done = threading.Event()
    worker = threading.Thread(target=lambda: (drop_everything(database_url), done.set()))
    worker.start()
    worker.join(timeout=30)
    assert done.is_set(), "the tables were not dropped within 30 s"
    with pytest.raises(sa.exc.OperationalError):  # its server process was ended
        connection.execute(sa.text("SELECT 1"))
    connection.invalidate()
    left.dispose()
    after = sa.create_engine(database_url)
    assert sa.inspect(after).get_table_names() == []
    after.dispose()
