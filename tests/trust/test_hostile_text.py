"""Issue 10: text that cannot break pages, settle/reopen only as JSON, out-of-range input a 400,
and the revision poll's 304."""

from __future__ import annotations

import json

from sqlalchemy import text

from tracker.documents.backup import backup_dict, write_backup
from tracker.extensions import db


def _store_bad_name(app, token: str) -> None:
    """A session row stored with a lone surrogate in a name, as before names were checked."""
    with app.app_context():
        players = json.dumps(["Ana", "Ben\ud800", "Cris\x07"])  # \u escapes: SQLite keeps it
        db.session.execute(
            text("UPDATE game_session SET players = :p WHERE token = :t"),
            {"p": players, "t": token},
        )
        db.session.commit()


def test_a_lone_surrogate_in_a_new_name_is_refused_and_the_home_page_stays_up(client):
    response = client.post("/api/sessions", json={"players": ["Ana", "Ben\ud800", "Cris"]})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["where"] == "players[1]"
    assert client.get("/").status_code == 200


def test_a_stored_bad_name_breaks_no_page_list_or_backup(app, client, make_session, tmp_path):
    good, bad = make_session(), make_session()
    _store_bad_name(app, bad)
    assert client.get("/").status_code == 200
    assert client.get("/api/sessions").status_code == 200
    assert client.get(f"/s/{bad}").status_code == 200
    assert client.get(f"/api/sessions/{bad}").status_code == 200
    with app.app_context():
        assert write_backup(str(tmp_path / "backup.json")) == 2
        tokens = [entry["token"] for entry in backup_dict()["sessions"]]
    assert tokens == [good, bad]
    json.loads((tmp_path / "backup.json").read_text(encoding="utf-8"))
