"""The ETag of a session's draft read straight from the database driver (issue 9): what the
cheap answers to a polled draft (web/draft_polls.py) ask, hundreds of times a second.

The same answer as `drafts.draft_tag` ("<draft version>.<session revision>", version 0 when no
draft was written yet), from the same one indexed query (game_session.token is unique, and so
is round_draft.session_id), but without the ORM session and without the pool's round trips:
each thread keeps one connection of its own, out of the engine's pool, in autocommit (one round
trip per poll on PostgreSQL instead of three: the pool's ping, the query, the rollback on
return). A connection that fails is dropped, and the next poll opens another.
"""

from __future__ import annotations

import threading

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

QUERY = (
    "SELECT d.version, s.revision FROM game_session s"
    " LEFT JOIN round_draft d ON d.session_id = s.id WHERE s.token = {}"
)


class DraftTags:
    """Reads draft ETags on `engine`'s database, one connection per thread."""

    def __init__(self, engine: Engine):
        self.engine = engine
        marker = "?" if engine.dialect.paramstyle == "qmark" else "%s"
        self.query = QUERY.format(marker)
        # what reading may raise: the driver's own errors (a raw cursor does not wrap them)
        self.errors = (engine.dialect.dbapi.Error, SQLAlchemyError)
        self._local = threading.local()

    def tag(self, token: str) -> str | None:
        """The draft's ETag, or None when there is no session with this token."""
        connection = self._connection()
        try:
            cursor = connection.cursor()
            try:
                cursor.execute(self.query, (token,))
                row = cursor.fetchone()
            finally:
                cursor.close()
        except self.errors:
            self._local.connection = None
            connection.close()
            raise
        if row is None:
            return None
        return f"{row[0] or 0}.{row[1]}"

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
