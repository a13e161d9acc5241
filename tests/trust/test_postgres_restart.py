"""the PostgreSQL server itself stops in the middle of an evening (a restart, an
upgrade, a crash) and comes back. A throwaway server of this test's own (scripts/postgres.sh on
a free port and a folder of its own) is stopped under the running app and started again: while
it is down every page and API call is a 503 that saved nothing; once it is back the same app,
with the same connection pool, answers again without a restart, and the save that failed, sent
again with its Idempotency-Key, is stored exactly once."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from flask_migrate import upgrade

from tests.support.live_server import free_port
from tests.support.outages import api_save, assert_unavailable, round_count
from tests.support.records import PLAYERS
from tracker import create_app

ROOT = Path(__file__).resolve().parents[2]
BIN = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
# a server of its own: it needs PostgreSQL installed, not TEST_DATABASE_URL, but runs once, in
# the PostgreSQL pass (the `postgres` mark), not in both
pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not BIN, reason="PostgreSQL is not installed"),
]


def pg_ctl(data: Path, *args: str, check: bool = True) -> None:
    as_postgres = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
    command = [*as_postgres, f"{BIN[-1]}/pg_ctl", "-D", str(data), "-w", *args]
    subprocess.run(command, check=check, capture_output=True, timeout=60)


@pytest.fixture
def own_server():
    """A PostgreSQL server only this test uses: its URL and data folder; stopped at the end."""
    folder = Path(tempfile.mkdtemp(prefix="tracker-pg-restart-"))
    folder.chmod(0o755)  # the server runs as postgres: pytest's own tmp_path is root's alone
    port, data = str(free_port()), folder / "pgdata"
    env = dict(os.environ, PGPORT=port, TRACKER_PGDATA=str(data))
    url = subprocess.run(
        ["bash", str(ROOT / "scripts" / "postgres.sh"), "tracker_restart"],
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout.strip()
    yield url, data, port
    pg_ctl(data, "-m", "immediate", "stop", check=False)
    shutil.rmtree(folder, ignore_errors=True)


def test_postgresql_stops_and_comes_back(own_server, tmp_path):
    url, data, port = own_server
    app = create_app(
        {"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "x", "INSTANCE_PATH": str(tmp_path / "i")}
    )
    with app.app_context():
        upgrade(directory=str(ROOT / "tracker" / "migrations"))
    client = app.test_client()
    token = client.post("/api/sessions", json={"players": PLAYERS}).get_json()["id"]
    assert api_save(client, token, "before").get_json()["number"] == 1

    pg_ctl(data, "-m", "fast", "stop")  # the pool still holds connections to the old server
    assert_unavailable(api_save(client, token, "during"), api=True)
    assert_unavailable(client.get(f"/s/{token}"), api=False)
    assert_unavailable(client.get(f"/api/sessions/{token}/draft"), api=True)

    log = data / "server.log"
    pg_ctl(
        data,
        "-l",
        str(log),
        "-o",
        f"-p {port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off",
        "start",
    )
    assert client.get(f"/s/{token}").status_code == 200  # the same app and pool: no restart
    assert api_save(client, token, "during").get_json()["number"] == 2
    assert api_save(client, token, "during").get_json()["number"] == 2  # the repeat: its answer
    assert round_count(client, token) == 2
    with app.app_context():
        from tracker.extensions import db

        db.session.remove()
        db.engine.dispose()
