"""Database faults injected at the driver: the driver's own OperationalError, raised at a chosen
statement once the round's INSERT has run."""

from __future__ import annotations

from sqlalchemy import event

from tracker.extensions import db


class Fault:
    """Makes the driver fail the first statement that starts with `wanted` once the round's
    INSERT has run (in any transaction: the round is on its way to be stored)."""

    def __init__(self, app, wanted: str):
        self.wanted, self.left, self.inserted = wanted, 1, False
        with app.app_context():
            self.engine = db.engine
        event.listen(self.engine, "before_cursor_execute", self.fail)

    def fail(self, connection, cursor, statement, parameters, context, executemany):
        said = statement.lstrip().upper()
        self.inserted = self.inserted or said.startswith("INSERT INTO ROUND ")
        if self.left and self.inserted and said.startswith(self.wanted):
            self.left -= 1
            raise connection.dialect.loaded_dbapi.OperationalError("fault injected by the test")

    def remove(self):
        event.remove(self.engine, "before_cursor_execute", self.fail)
