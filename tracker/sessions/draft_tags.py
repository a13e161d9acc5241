"""The ETag of a session's draft read straight from the database driver (issue 9): what the
cheap 304 of a polled draft (web/draft_polls.py) asks, thousands of times a minute.

The same answer as `drafts.draft_tag` ("<draft version>.<session revision>", version 0 when no
draft was written yet), from the same one indexed query (game_session.token is unique, and so
is round_draft.session_id), but without the ORM session: a connection of the engine's pool, one
cursor, no statement building.
"""

from __future__ import annotations

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

QUERY = (
    "SELECT d.version, s.revision FROM game_session s"
    " LEFT JOIN round_draft d ON d.session_id = s.id WHERE s.token = {}"
)


class DraftTags:
    """Reads draft ETags through `engine`'s connection pool (shared by the worker's threads)."""

    def __init__(self, engine: Engine):
        self.engine = engine
        marker = "?" if engine.dialect.paramstyle == "qmark" else "%s"
        self.query = QUERY.format(marker)
        # what reading may raise: the driver's own errors (a raw cursor does not wrap them)
        self.errors = (engine.dialect.dbapi.Error, SQLAlchemyError)

    def tag(self, token: str) -> str | None:
        """The draft's ETag, or None when there is no session with this token."""
        connection = self.engine.raw_connection()
        try:
            cursor = connection.cursor()
            try:
                cursor.execute(self.query, (token,))
                row = cursor.fetchone()
            finally:
                cursor.close()
        finally:
            connection.close()  # back to the pool, which ends the read transaction
        if row is None:
            return None
        return f"{row[0] or 0}.{row[1]}"
