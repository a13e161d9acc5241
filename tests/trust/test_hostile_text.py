"""text that cannot break pages, settle/reopen only as JSON, out-of-range input a 400,
and the revision poll's 304."""

from __future__ import annotations

import json

from sqlalchemy import text

from tests.support.admin import ADMIN
from tests.support.records import DRAW
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
    assert client.get("/api/sessions", headers=ADMIN).status_code == 200
    assert client.get(f"/s/{bad}").status_code == 200
    assert client.get(f"/api/sessions/{bad}").status_code == 200
    with app.app_context():
        assert write_backup(str(tmp_path / "backup.json")) == 2
        tokens = [entry["token"] for entry in backup_dict()["sessions"]]
    assert tokens == [good, bad]
    json.loads((tmp_path / "backup.json").read_text(encoding="utf-8"))


def test_settle_and_reopen_refuse_a_form_post_with_415(client, make_session):
    token = make_session()
    for action in ("settle", "reopen"):
        response = client.post(f"/api/sessions/{token}/{action}", data={"x": "1"})
        assert response.status_code == 415, action
        assert response.get_json()["errors"][0]["where"] == "body"
        empty = client.post(f"/api/sessions/{token}/{action}", content_type="text/plain")
        assert empty.status_code == 415, action  # what a page of another site can send
    assert client.get(f"/api/sessions/{token}").get_json()["settled"] is False
    assert client.post(f"/api/sessions/{token}/settle", json={}).status_code == 200
    assert client.post(f"/api/sessions/{token}/reopen", json={}).status_code == 200


def test_json_nested_thousands_deep_and_a_huge_if_match_are_400(client, make_session):
    token = make_session()
    assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201
    for depth in (1_000, 5_000, 100_000):
        body = "[" * depth + "]" * depth
        for url in (
            "/api/sessions",
            f"/api/sessions/{token}/rounds",
            f"/api/sessions/{token}/settle",
        ):
            response = client.post(url, data=body, content_type="application/json")
            assert response.status_code in (400, 422), (url, depth, response.status_code)
            assert response.get_json()["errors"][0]["where"]
    for method in (client.put, client.delete):
        response = method(
            f"/api/sessions/{token}/rounds/1", json={}, headers={"If-Match": "7" * 5_000}
        )
        assert response.status_code == 400
        assert response.get_json()["errors"][0]["where"] == "If-Match"


def test_the_revision_poll_answers_304_from_its_etag(client, make_session):
    token = make_session()
    first = client.get(f"/api/sessions/{token}/revision")
    etag = first.headers["ETag"]
    assert first.status_code == 200 and first.get_json()["settled"] is False
    again = client.get(f"/api/sessions/{token}/revision", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == etag
    client.post(f"/api/sessions/{token}/settle", json={})
    moved = client.get(f"/api/sessions/{token}/revision", headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved.headers["ETag"] != etag
    assert moved.get_json()["settled"] is True
