"""The checks a load balancer or an orchestrator makes (answered by observe.py, in front of
everything else: any Host header, no cookie, `Cache-Control: no-store`):

    GET /healthz   200 {"status": "alive"} at once: the process answers; nothing else is asked
    GET /readyz    200 when this worker can serve, else 503, with each check's word:
                   {"status": "ready" | "not ready",
                    "checks": {"database": "ok" | "unreachable: <error>",
                               "migrations": "ok" | "behind: <database's> != <code's>" | "unknown",
                               "pushpin": "ok" | "skipped" | "<address> unreachable"}}

The database answers SELECT 1 and its Alembic revision is the head of tracker/migrations (a
server started before `flask db upgrade` ran, or on a database an older release migrated, is
not ready); with PUSH_URL set, each Pushpin node's publish address takes a TCP connection
within PUSH_TIMEOUT.
"""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text

from ..push.publish import addresses

PUSH_TIMEOUT = 1.0  # seconds for each Pushpin node
OK, SKIPPED = "ok", "skipped"


class Health:
    """The checks of one app: its database engine, its migrations folder, and its settings
    (PUSH_URL: the Pushpin nodes, read at each check)."""

    def __init__(self, engine, migrations: str, settings):
        self.engine, self.migrations, self.settings = engine, migrations, settings
        self._heads: frozenset[str] | None = None

    @staticmethod
    def alive() -> tuple[int, dict]:
        return 200, {"status": "alive"}

    def ready(self) -> tuple[int, dict]:
        database, migrations = self.database()
        checks = {"database": database, "migrations": migrations, "pushpin": self.pushpin()}
        ready = all(word in (OK, SKIPPED) for word in checks.values())
        return (200 if ready else 503), {
            "status": "ready" if ready else "not ready",
            "checks": checks,
        }

    def database(self) -> tuple[str, str]:
        """The database's word and the migrations' word."""
        try:
            with self.engine.connect() as connection:
                connection.execute(text("SELECT 1"))
                current = frozenset(MigrationContext.configure(connection).get_current_heads())
        except Exception as error:  # whatever the driver raises: the answer is 503, not a page
            return f"unreachable: {type(error).__name__}", "unknown"
        heads = self.heads()
        if current == heads:
            return OK, OK
        return OK, f"behind: {_named(current)} != {_named(heads)}"

    def heads(self) -> frozenset[str]:
        """The head revisions of the migrations folder (read once: they change with a deploy,
        which starts new workers)."""
        if self._heads is None:
            self._heads = frozenset(ScriptDirectory(self.migrations).get_heads())
        return self._heads

    def pushpin(self) -> str:
        urls = addresses(self.settings.get("PUSH_URL"))
        if not urls:
            return SKIPPED
        down = [url for url in urls if not reachable(url)]
        return OK if not down else f"{', '.join(down)} unreachable"


def reachable(url: str, timeout: float = PUSH_TIMEOUT) -> bool:
    """Does the address of `url` take a TCP connection within `timeout` seconds?"""
    try:
        parts = urlsplit(url)
        port = parts.port or (443 if parts.scheme == "https" else 80)
        socket.create_connection((parts.hostname, port), timeout=timeout).close()
    except (OSError, ValueError):
        return False
    return True


def _named(revisions: frozenset[str]) -> str:
    return ",".join(sorted(revisions)) or "none"
