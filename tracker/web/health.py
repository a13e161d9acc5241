"""The checks a load balancer or an orchestrator makes (answered by observe.py, in front of
everything else: any Host header, no cookie, `Cache-Control: no-store`):

    GET /healthz   200 {"status": "alive"} at once: the process answers; nothing else is asked
    GET /readyz    200 {"status": "ready"} when this worker can serve, else 503
                   {"status": "not ready"}; to an insider (web/insiders.py: the loopback, or
                   the admin token) each check's word too:
                   {"status": …,
                    "checks": {"database": "ok" | "unreachable: <error>" | "not writable: <error>",
                               "migrations": "ok" | "behind: <database's> != <code's>" | "unknown",
                               "disk": "ok" | "not writable: <errno>",
                               "pushpin": "ok" | "skipped" | "<address> unreachable"}}

The database answers SELECT 1, its Alembic revision is the head of tracker/migrations (a
server started before `flask db upgrade` ran, or on a database an older release migrated, is
not ready), and it takes a write: a row added in a transaction rolled back (a read-only
database, a PostgreSQL standby or read-only transaction, is not ready). The instance folder
takes a small file, written and removed (a full disk, or a folder mounted read-only, is not
ready: the app writes its PDFs there, and with SQLite its database). With PUSH_URL set, each
Pushpin node's publish address takes a TCP connection within PUSH_TIMEOUT.

The internals (exception classes, revisions, addresses) are an insider's only; anyone else
gets the word alone, and the checks' answer of less than STRANGERS_SECONDS ago when there is
one: a stranger asking again and again costs a worker one round of checks a second.
"""

from __future__ import annotations

import errno
import os
import socket
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import insert, text

from ..models import PinAttempt, utcnow
from ..push.publish import addresses

PUSH_TIMEOUT = 1.0  # seconds for each Pushpin node
OK, SKIPPED = "ok", "skipped"
STRANGERS_SECONDS = 1.0
PROBE = b"\0" * 4096  # a block of the disk's: a full disk refuses it
# the row a write check adds, and rolls back: pin_attempt has no required link to another row
WRITE_CHECK = insert(PinAttempt.__table__).values(client="readyz", created_at=utcnow())


class Health:
    """The checks of one app: its database engine, its migrations folder, and its settings
    (PUSH_URL: the Pushpin nodes, read at each check)."""

    def __init__(self, engine, migrations: str, settings, instance: str | Path):
        self.engine, self.migrations, self.settings = engine, migrations, settings
        self.instance = Path(instance)
        self._heads: frozenset[str] | None = None
        self._last: tuple[float, int, dict] | None = None  # (when, code, answer)

    @staticmethod
    def alive() -> tuple[int, dict]:
        return 200, {"status": "alive"}

    def ready(self) -> tuple[int, dict]:
        """Every check made now: the code and the insider's answer."""
        database, migrations = self.database()
        checks = {
            "database": database,
            "migrations": migrations,
            "disk": self.disk(),
            "pushpin": self.pushpin(),
        }
        ready = all(word in (OK, SKIPPED) for word in checks.values())
        code = 200 if ready else 503
        answer = {"status": "ready" if ready else "not ready", "checks": checks}
        self._last = (time.monotonic(), code, answer)
        return code, answer

    def ready_to_strangers(self) -> tuple[int, dict]:
        """The code and the word alone, from the last checks when they are recent."""
        last = self._last
        if last is None or time.monotonic() - last[0] > STRANGERS_SECONDS:
            code, answer = self.ready()
        else:
            code, answer = last[1], last[2]
        return code, {"status": answer["status"]}

    def database(self) -> tuple[str, str]:
        """The database's word and the migrations' word."""
        try:
            with self.engine.connect() as connection:
                connection.execute(text("SELECT 1"))
                current = frozenset(MigrationContext.configure(connection).get_current_heads())
                heads = self.heads()
                if current != heads:  # (its tables may not be there to write to)
                    return OK, f"behind: {_named(current)} != {_named(heads)}"
                written = _writes(connection)
        except Exception as error:  # whatever the driver raises: the answer is 503, not a page
            return f"unreachable: {type(error).__name__}", "unknown"
        return written, OK

    def disk(self) -> str:
        """Does the instance folder take a small file? Written, then removed."""
        try:
            handle, name = tempfile.mkstemp(prefix=".readyz-", dir=self.instance)
            try:
                if os.write(handle, PROBE) < len(PROBE):  # the disk's last bytes
                    raise OSError(errno.ENOSPC, "the disk is full")
            finally:
                os.close(handle)
                os.unlink(name)
        except OSError as error:
            return f"not writable: {errno.errorcode.get(error.errno or 0, type(error).__name__)}"
        return OK

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


def _writes(connection) -> str:
    """A row added and rolled back: OK, or what the database said."""
    try:
        connection.execute(WRITE_CHECK)
    except Exception as error:  # a read-only database, a standby, a disk the database filled
        return f"not writable: {type(error).__name__}"
    finally:
        connection.rollback()
    return OK


def _named(revisions: frozenset[str]) -> str:
    return ",".join(sorted(revisions)) or "none"
