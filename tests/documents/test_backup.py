"""`flask --app tracker backup FILE` and `restore FILE`, run for real: the CLI runner of the app,
and once as a subprocess with the `flask` command itself."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.admin import ADMIN
from tests.support.backups import state
from tests.support.cli import run
from tests.support.database import migrate
from tests.support.records import DRAW, PLAYERS, TALON, TONGITS
from tests.support.rounds_factory import random_session
from tracker import create_app
from tracker.exchange.export import export_json

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def sessions(client):
    """Three sessions: three rounds, settled with a PIN and Filipino names, and an empty one;
    plus a long imported one."""
    tokens = []
    body = {"players": PLAYERS, "dealer": 1, "rules": {"preset": "pagat"}, "page_size": "a4"}
    tokens.append(client.post("/api/sessions", json=body).get_json()["id"])
    for record in (DRAW, TONGITS, TALON):
        assert client.post(f"/api/sessions/{tokens[0]}/rounds", json=record).status_code == 201
    names = ["Ñoño Dela Cruz", "Ma. Luz Bañez", "Cris"]
    tokens.append(
        client.post("/api/sessions", json={"players": names, "pin": "4321"}).get_json()["id"]
    )
    headers = {"X-Edit-Pin": "4321"}
    assert (
        client.post(f"/api/sessions/{tokens[1]}/rounds", json=TALON, headers=headers).status_code
        == 201
    )
    assert client.post(f"/api/sessions/{tokens[1]}/settle", headers=headers).status_code == 200
    tokens.append(client.post("/api/sessions", json={"players": ["A", "B", "C"]}).get_json()["id"])
    long = export_json(
        random_session(seed=5, rounds=120, rules={"preset": "classic", "pot_ante_units": 1})
    )
    response = client.post("/api/sessions/import", data=long, content_type="application/json")
    assert response.status_code == 201
    tokens.append(response.get_json()["id"])
    return tokens


def test_backup_then_restore_into_a_fresh_database(app, client, sessions, fresh_app, tmp_path):
    before = state(client)
    assert len(before) == 4
    path = tmp_path / "backup.json"
    result = run(app, "backup", str(path))
    assert result.exit_code == 0, result.output
    assert "Backed up 4 sessions" in result.output
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "tongits-tracker-backup/2" and data["groups"] == []
    assert sorted(s["token"] for s in data["sessions"]) == sorted(before)
    assert all(s["format"] == "tongits-tracker/1" and "check" in s for s in data["sessions"])
    assert oct(path.stat().st_mode & 0o777) == "0o600"  # the links are the keys
    if os.environ.get("TEST_DATABASE_URL"):  # one database: let go of it first
        from tracker.extensions import db

        with app.app_context():
            db.session.remove()
            db.engine.dispose()

    other = fresh_app()
    fresh = other.test_client()
    assert state(fresh) == {}
    result = run(other, "restore", str(path))
    assert result.exit_code == 0, result.output
    assert "Restored 4, replaced 0, skipped 0." in result.output
    after = state(fresh)
    assert after == before  # same tokens, balances, rounds, settled, paper, rules, PIN, dates
    for token in before:
        assert fresh.get(f"/s/{token}").status_code == 200  # the old links work
    # the PIN still guards the restored session; its holder still gets in
    locked = sessions[1]
    assert fresh.post(f"/api/sessions/{locked}/reopen").status_code == 403
    assert (
        fresh.post(f"/api/sessions/{locked}/reopen", headers={"X-Edit-Pin": "4321"}).status_code
        == 200
    )

    # again: every session is there already, so each is skipped and nothing changes
    result = run(other, "restore", str(path))
    assert result.exit_code == 0 and "Restored 0, replaced 0, skipped 4." in result.output
    assert result.output.count("use --replace") == 4
    assert len(state(fresh)) == 4


def test_restore_skips_or_replaces_an_existing_session(app, client, sessions, tmp_path):
    path = tmp_path / "backup.json"
    assert run(app, "backup", str(path)).exit_code == 0
    before = state(client)
    token = sessions[0]
    # the table plays on after the backup
    assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201
    played_on = client.get(f"/api/sessions/{token}").get_json()
    assert played_on["round_count"] == 4

    result = run(app, "restore", str(path))
    assert result.exit_code == 0 and "skipped 4" in result.output
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 4  # kept

    result = run(app, "restore", "--replace", str(path))
    assert result.exit_code == 0 and "Restored 0, replaced 4, skipped 0." in result.output
    again = client.get(f"/api/sessions/{token}").get_json()
    assert again["round_count"] == 3 and again["revision"] > played_on["revision"]
    assert state(client) == before
    assert len(client.get("/api/sessions", headers=ADMIN).get_json()["sessions"]) == 4
    # the replaced session goes on like any other
    assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201


def broken(data: dict, how: str) -> dict:
    if how == "round":
        data["sessions"][3]["rounds"][7]["hands"][0]["hand"] = ["ZZ"]
    elif how == "balances":
        data["sessions"][0]["check"]["balances"][0] = "1000.00"
    elif how == "token":
        data["sessions"][2]["token"] = "../x"
    elif how == "duplicate":
        data["sessions"][2]["token"] = data["sessions"][1]["token"]
    elif how == "format":
        data["format"] = "tongits-tracker/1"
    elif how == "sessions":
        data["sessions"] = {"a": 1}
    return data


@pytest.mark.parametrize(
    "how,message",
    [
        ("round", "sessions[3].rounds[7].hands[0].hand: round 8: Ana's hand: 'ZZ' is not a card"),
        ("balances", "sessions[0].check.balances"),
        ("token", "sessions[2].token: each session needs its token"),
        ("duplicate", "sessions[2].token: the same token as sessions[1]"),
        ("format", "import it on the web page /import"),
        ("sessions", "sessions must be a list"),
    ],
)
def test_an_invalid_backup_is_refused_and_changes_nothing(
    app, client, sessions, fresh_app, tmp_path, how, message
):
    path = tmp_path / "backup.json"
    assert run(app, "backup", str(path)).exit_code == 0
    data = broken(json.loads(path.read_text(encoding="utf-8")), how)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    if os.environ.get("TEST_DATABASE_URL"):
        from tracker.extensions import db

        with app.app_context():
            db.session.remove()
            db.engine.dispose()
    other = fresh_app()
    result = other.test_cli_runner().invoke(args=["restore", str(path)])
    assert result.exit_code == 2  # refused input, as every command of the tracker answers it
    assert "Refused" in result.output and "nothing was changed" in result.output
    assert message in result.output
    assert state(other.test_client()) == {}  # not even the good sessions


def test_a_file_that_is_not_json_is_refused(app, client, tmp_path):
    path = tmp_path / "backup.json"
    path.write_text("{not json", encoding="utf-8")
    result = app.test_cli_runner().invoke(args=["restore", str(path)])
    assert result.exit_code == 2 and "not valid JSON" in result.output
    result = app.test_cli_runner().invoke(args=["restore", str(tmp_path / "missing.json")])
    assert result.exit_code != 0 and "No such file" in result.output


def test_backup_to_stdout_and_restore_from_stdin(app, client, sessions, tmp_path):
    result = run(app, "backup", "-")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert len(data["sessions"]) == 4
    result = run(app, "restore", "--replace", "-", input=result.output)
    assert result.exit_code == 0 and "replaced 4" in result.output


@pytest.mark.slow
def test_the_flask_command_itself(tmp_path, database_url):
    """`flask --app tracker backup/restore` as a table's admin runs it, on the DATABASE_URL."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "SECRET_KEY": "cli-test",
        "TRACKER_INSTANCE": str(tmp_path / "instance"),
    }
    flask = [sys.executable, "-m", "flask", "--app", "tracker"]
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": database_url,
            "SECRET_KEY": "x",
            "INSTANCE_PATH": str(tmp_path / "instance"),
        }
    )
    if os.environ.get("TEST_DATABASE_URL"):
        migrate(app)
    client = app.test_client()
    token = client.post("/api/sessions", json={"players": PLAYERS}).get_json()["id"]
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    balances = client.get(f"/api/sessions/{token}").get_json()["balances"]
    from tracker.extensions import db

    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    path = tmp_path / "b.json"
    done = subprocess.run(
        [*flask, "backup", str(path)], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "Backed up 1 session to" in done.stdout
    done = subprocess.run(
        [*flask, "restore", str(path)], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "skipped 1" in done.stdout
    path.write_text('{"format": "nope"}', encoding="utf-8")
    done = subprocess.run(
        [*flask, "restore", str(path)], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 2 and "not a tracker backup" in done.stderr
    assert client.get(f"/api/sessions/{token}").get_json()["balances"] == balances
