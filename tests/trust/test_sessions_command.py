"""the server owner's `flask --app tracker sessions list` and `sessions prune`."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import sqlalchemy as sa

from tests.support.cli import run
from tests.support.live_server import ROOT
from tests.support.records import DRAW, PLAYERS
from tracker.documents.pdf_cache import cache_folder, cached_pdf, store_pdf
from tracker.models import utcnow

TABLES = ("round", "round_draft", "pin_attempt", "idempotent_request", "game_session")
TABLES += ("change_event",)


def counts(database_url) -> dict:
    engine = sa.create_engine(database_url)
    with engine.connect() as connection:
        found = {
            table: connection.execute(sa.text(f'SELECT COUNT(*) FROM "{table}"')).scalar()
            for table in TABLES
        }
    engine.dispose()
    return found


def a_busy_session(client, players, key) -> str:
    """A session with a round, a draft, a wrong PIN try and idempotency answers."""
    made = client.post(
        "/api/sessions", json={"players": players, "pin": "2468"}, headers={"Idempotency-Key": key}
    ).get_json()
    token, pin = made["id"], {"X-Edit-Pin": "2468"}
    headers = {**pin, "Idempotency-Key": "r1"}
    assert (
        client.post(f"/api/sessions/{token}/rounds", json=DRAW, headers=headers).status_code == 201
    )
    header = {"ending": "draw", "declarer": 0}
    assert (
        client.put(f"/api/sessions/{token}/draft/header", json=header, headers=pin).status_code
        == 200
    )
    client.post(f"/api/sessions/{token}/settle", json={}, headers={"X-Edit-Pin": "0000"})
    return token


def test_list_and_prune_idle_sessions(app, client, database_url):
    old = a_busy_session(client, ["Old", "Ben", "Cris"], "old")
    new = a_busy_session(client, PLAYERS, "new")
    folder = cache_folder(app.instance_path)
    store_pdf(folder, old, "1.x", False, b"%PDF old")
    store_pdf(folder, new, "1.x", False, b"%PDF new")
    from tracker.extensions import db

    with app.app_context():
        db.session.execute(
            sa.text("UPDATE game_session SET updated_at = :t WHERE token = :old"),
            {"t": utcnow() - timedelta(days=40), "old": old},
        )
        db.session.commit()
    listed = run(app, "sessions", "list").output.splitlines()
    assert listed[0].startswith(new) and listed[1].startswith(old) and listed[2] == "2 sessions."
    assert "1 round" in listed[1] and "Old · Ben · Cris" in listed[1] and "created 20" in listed[1]
    before = counts(database_url)
    dry = run(app, "sessions", "prune", "--idle-days", "30", "--dry-run").output
    assert f"would delete {old}" in dry and new not in dry
    assert "Would delete 1 session with no change for 30 days." in dry
    assert counts(database_url) == before
    done = run(app, "sessions", "prune", "--idle-days", "30").output
    assert f"deleted {old}" in done and "Deleted 1 session with no change for 30 days." in done
    after = counts(database_url)
    assert after["game_session"] == 1 and after["round"] == 1 and after["round_draft"] == 1
    assert after["pin_attempt"] == 1 and after["idempotent_request"] == 2  # the new session's
    assert before["change_event"] == 4 and after["change_event"] == 2  # its history goes too
    engine = sa.create_engine(database_url)
    with engine.connect() as connection:
        kept = " ".join(
            str(value)
            for value in connection.execute(
                sa.text("SELECT response FROM idempotent_request")
            ).scalars()
        )
    engine.dispose()
    assert old not in kept and new in kept
    assert cached_pdf(folder, old, "1.x", False) is None
    assert cached_pdf(folder, new, "1.x", False) == b"%PDF new"
    assert client.get(f"/s/{old}").status_code == 404
    assert client.get(f"/s/{new}").status_code == 200
    assert "Deleted 0 sessions" in run(app, "sessions", "prune", "--idle-days", "30").output
    assert run(app, "sessions", "prune", "--idle-days", "0").exit_code == 2


def test_the_flask_command_itself(tmp_path, database_url, app, client):
    client.post("/api/sessions", json={"players": PLAYERS})
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "SECRET_KEY": "cli-test",
        "TRACKER_INSTANCE": str(Path(tmp_path) / "cli-instance"),
    }
    listed = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "tracker", "sessions", "list"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert listed.returncode == 0, listed.stderr
    assert "Ana · Ben · Cris" in listed.stdout and "1 session." in listed.stdout
