"""Kill the server (SIGKILL) during a burst of saves: every round is fully stored or absent."""

from __future__ import annotations

import http.client
import json
import threading
import urllib.error
import urllib.request

import pytest
import sqlalchemy as sa

from tests.support.live_server import Gunicorn, migrate
from tests.support.rounds_factory import random_session
from tracker.engine import Rules, replay

PLAYERS = ["Ana", "Ben", "Cris"]


def call(url: str, method: str = "GET", body: dict | None = None, key: str | None = None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url,
        data=data,
        method=method,
        headers={"Content-Type": "application/json", **({"Idempotency-Key": key} if key else {})},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, json.loads(response.read() or b"null")


@pytest.mark.slow
def test_sigkill_during_a_burst_of_saves_loses_or_doubles_nothing(database_url, tmp_path):
    instance = tmp_path / "instance"
    if not database_url.startswith("sqlite"):  # the conftest's SQLite copy is already migrated
        migrate(database_url, instance)
    records = random_session(seed=11, rounds=60)["rounds"]
    server = Gunicorn(database_url, instance).start()
    try:
        _, session = call(
            f"{server.url}/api/sessions", "POST", {"players": PLAYERS, "dealer": 0, "rules": {}}
        )
        token = session["id"]
        acked: list[int] = []
        sent = 0
        lock = threading.Lock()
        enough = threading.Event()

        def burst(offset: int):
            nonlocal sent
            for index in range(offset, len(records), 4):
                with lock:
                    sent += 1
                try:
                    status, body = call(
                        f"{server.url}/api/sessions/{token}/rounds", "POST", records[index]
                    )
                except (urllib.error.URLError, http.client.HTTPException, OSError):
                    return  # the server died under us (before its answer, or within it)
                if status == 201:
                    with lock:
                        acked.append(body["number"])
                        if len(acked) >= 12:
                            enough.set()

        threads = [threading.Thread(target=burst, args=(offset,)) for offset in range(4)]
        for thread in threads:
            thread.start()
        assert enough.wait(60), "the burst did not get going"
        server.kill()
        for thread in threads:
            thread.join(30)
    finally:
        server.kill()

    # Straight from the database: round numbers 1..n with no gap or double, every record whole.
    engine = sa.create_engine(database_url)
    with engine.connect() as connection:
        rows = connection.execute(sa.text("SELECT number, record FROM round ORDER BY number")).all()
        if database_url.startswith("sqlite"):
            assert connection.execute(sa.text("PRAGMA journal_mode")).scalar() == "wal"
    engine.dispose()
    numbers = [row[0] for row in rows]
    assert numbers == list(range(1, len(numbers) + 1))
    assert len(acked) <= len(numbers) <= sent
    assert set(acked) <= set(numbers)
    stored = [row[1] if isinstance(row[1], dict) else json.loads(row[1]) for row in rows]
    ledger = replay(PLAYERS, Rules(), 0, stored)
    assert sum(ledger.balances) + ledger.pot == 0

    # A restarted server serves the same ledger and takes the next round.
    server = Gunicorn(database_url, instance).start()
    try:
        _, after = call(f"{server.url}/api/sessions/{token}")
        assert len(after["rounds"]) == len(numbers)
        assert after["balances"] == {
            name: str(balance) for name, balance in zip(PLAYERS, ledger.balances)
        }
        status, body = call(f"{server.url}/api/sessions/{token}/rounds", "POST", records[-1])
        assert status == 201 and body["number"] == len(numbers) + 1
    finally:
        server.stop()
