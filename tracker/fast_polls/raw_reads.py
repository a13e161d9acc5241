"""The polled ETags read straight from the database driver: what the cheap answers to a
polled draft (polls.py) ask, hundreds of times a second. The same SQL and tags as the views
(core/draft/tags.py), but without the ORM session and without the pool's round trips: each
thread keeps one connection of its own, out of the engine's pool, in autocommit (one round trip
per poll on PostgreSQL instead of three: the pool's ping, the query, the rollback on return). A
connection that fails is dropped, and the next poll opens another.

`answer` reads the ETag with the draft's stored answer (core/draft/answer.py), in the same one
query. `revision` reads the session page's poll (the revision and whether the session is
settled) on the same connection.
"""

from __future__ import annotations

import threading

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

from ..core.draft.tags import ANSWER, QUERY, REVISION, draft_etag


class DraftTags:
    """Reads draft ETags on `engine`'s database, one connection per thread."""

    def __init__(self, engine: Engine):
        self.engine = engine
        marker = "?" if engine.dialect.paramstyle == "qmark" else "%s"
        self.query = QUERY.format(marker)
        self.revision_query = REVISION.format(marker)
        self.answer_query = ANSWER.format(marker)
        # what reading may raise: the driver's own errors (a raw cursor does not wrap them)
        self.errors = (engine.dialect.dbapi.Error, SQLAlchemyError)
        self._local = threading.local()

    def tag(self, token: str) -> str | None:
        """The draft's ETag, or None when there is no session with this token."""
        row = self._row(self.query, token)
        if row is None:
            return None
        return draft_etag(row[0], row[1])

    def answer(self, token: str, seen: str = "") -> tuple[str, bytes | None] | None:
        """(ETag, the stored answer when it answers that ETag and the ETag is not `seen`), or
        None when there is no session with this token."""
        row = self._row(self.answer_query, seen, token)
        if row is None:
            return None
        tag = draft_etag(row[0], row[1])
        return tag, row[3].encode() if row[2] == tag and row[3] is not None else None

    def revision(self, token: str) -> tuple[int, bool] | None:
        """(revision, settled) of the session, or None when there is none with this token."""
        row = self._row(self.revision_query, token)
        return None if row is None else (row[0], bool(row[1]))

    def _row(self, query: str, *values: str):
        connection = self._connection()
        try:
            cursor = connection.cursor()
            try:
                cursor.execute(query, values)
                return cursor.fetchone()
            finally:
                cursor.close()
        except self.errors:
            self._local.connection = None
            connection.close()
            raise

    def _connection(self):
        connection = getattr(self._local, "connection", None)
        if connection is None:
            pooled = self.engine.raw_connection()  # the engine's connect hooks (SQLite pragmas)
            connection = pooled.driver_connection
            pooled.detach()  # ours now: the pool neither pings, resets nor counts it
            if self.engine.dialect.name == "sqlite":  # each read sees the latest commit,
                connection.isolation_level = None  # no transaction is left open
            else:
                connection.autocommit = True
            self._local.connection = connection
        return connection
