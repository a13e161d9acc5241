"""A round sent twice (double tap, a retry after a lost answer, two phones at once) is stored once:
the Idempotency-Key of the API and the key hidden in the round form."""

from __future__ import annotations

import json
import threading

import pytest
import sqlalchemy as sa

from tests.support.database import rows
from tests.support.forms import confirmation, form_fields
from tests.support.http import burst, send
from tests.support.live_server import Gunicorn, migrate
from tests.support.records import DRAW, PLAYERS, TALON, TONGITS


def test_the_same_key_again_answers_the_first_answer_and_stores_nothing(client, make_session):
    token = make_session()
    url = f"/api/sessions/{token}/rounds"
    first = client.post(url, json=DRAW, headers={"Idempotency-Key": "tap-1"})
    assert first.status_code == 201 and first.get_json()["number"] == 1
    revision = client.get(f"/api/sessions/{token}/revision").get_json()["revision"]
    again = client.post(url, json=DRAW, headers={"Idempotency-Key": "tap-1"})
    assert again.status_code == 201
    assert again.get_json() == first.get_json()
    assert again.headers["Location"] == first.headers["Location"]
    session = client.get(f"/api/sessions/{token}").get_json()
    assert session["round_count"] == 1 and session["revision"] == revision
    # a new key is a new round; the old key still answers its own first answer
    assert (
        client.post(url, json=TALON, headers={"Idempotency-Key": "tap-2"}).get_json()["number"] == 2
    )
    assert (
        client.post(url, json=DRAW, headers={"Idempotency-Key": "tap-1"}).get_json()["number"] == 1
    )
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 2
    # without a key, every POST is a new round (as before)
    assert client.post(url, json=DRAW).get_json()["number"] == 3


def test_the_same_key_with_another_round_is_refused(client, make_session):
    token = make_session()
    url = f"/api/sessions/{token}/rounds"
    assert client.post(url, json=DRAW, headers={"Idempotency-Key": "k"}).status_code == 201
    response = client.post(url, json=TONGITS, headers={"Idempotency-Key": "k"})
    assert response.status_code == 422
    error = response.get_json()["errors"][0]
    assert (
        error["where"] == "Idempotency-Key"
        and "already used for a different request" in error["message"]
    )
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 1


def test_a_refused_round_is_not_remembered(client, make_session):
    token = make_session()
    url = f"/api/sessions/{token}/rounds"
    bad = {**DRAW, "ending": "nonsense"}
    assert client.post(url, json=bad, headers={"Idempotency-Key": "k"}).status_code == 422
    assert client.post(url, json=DRAW, headers={"Idempotency-Key": "k"}).status_code == 201


def test_keys_belong_to_one_session(client, make_session):
    one, two = make_session(), make_session()
    for token in (one, two):
        response = client.post(
            f"/api/sessions/{token}/rounds", json=DRAW, headers={"Idempotency-Key": "same"}
        )
        assert response.status_code == 201 and response.get_json()["number"] == 1
    assert client.get(f"/api/sessions/{two}").get_json()["round_count"] == 1


def test_a_bad_key_is_refused(client, make_session):
    token = make_session()
    for key in ("x" * 201, "tab\there"):
        response = client.post(
            f"/api/sessions/{token}/rounds", json=DRAW, headers={"Idempotency-Key": key}
        )
        assert response.status_code == 400
        assert response.get_json()["errors"][0]["where"] == "Idempotency-Key"
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 0


def test_creating_a_session_twice_with_one_key_makes_one_session(client, database_url):
    body = {"players": PLAYERS, "dealer": 1, "rules": {"stake": "5"}}
    first = client.post("/api/sessions", json=body, headers={"Idempotency-Key": "new-table"})
    again = client.post("/api/sessions", json=body, headers={"Idempotency-Key": "new-table"})
    assert first.status_code == again.status_code == 201
    assert (
        again.get_json() == first.get_json()
        and again.headers["Location"] == first.headers["Location"]
    )
    assert rows(database_url, "game_session") == 1
    other = client.post(
        "/api/sessions", json={**body, "dealer": 2}, headers={"Idempotency-Key": "new-table"}
    )
    assert other.status_code == 422 and rows(database_url, "game_session") == 1


def call(url: str, body: dict, key: str):
    return send(url, body, key)


def race(url: str, body: dict, key: str, copies: int) -> list:
    """`copies` threads send the same request at the same moment."""
    return burst(url, [(body, key)] * copies)


@pytest.mark.slow
def test_racing_copies_on_two_gunicorn_workers_store_once(database_url, tmp_path):
    instance = tmp_path / "instance"
    if not database_url.startswith("sqlite"):
        migrate(database_url, instance)
    server = Gunicorn(database_url, instance, workers=2).start()
    try:
        answers = race(
            f"{server.url}/api/sessions", {"players": PLAYERS, "rules": {}}, "table-1", 6
        )
        assert {status for status, _ in answers} == {201}, answers
        assert len({body["id"] for _, body in answers}) == 1
        token = answers[0][1]["id"]
        rounds = f"{server.url}/api/sessions/{token}/rounds"
        for number, record in enumerate([DRAW, TALON, TONGITS, DRAW], 1):
            answers = race(rounds, record, f"round-{number}", 6)
            assert [status for status, _ in answers] == [201] * 6, answers
            assert {body["number"] for _, body in answers} == {number}
            # every copy got the first one's answer, byte for byte
            assert len({json.dumps(body, sort_keys=True) for _, body in answers}) == 1
        session = call(f"{server.url}/api/sessions", {"players": ["X", "Y", "Z"]}, "other")[1]
        assert session["round_count"] == 0
    finally:
        server.stop()
    assert rows(database_url) == 4
    assert rows(database_url, "game_session") == 2


# ------------------------------------------------------------------ the round form


def _review(round_entry, token: str, record: dict) -> dict:
    """A round reviewed on a fresh form: the fields of its Confirm and save."""
    review, fields = round_entry.review(token, record, key=True)
    assert review.status_code == 200
    key = fields["idempotency_key"]
    assert f'name="idempotency_key" value="{key}"' in review.get_data(as_text=True)  # kept
    return confirmation(review, fields)


def test_the_round_form_sent_twice_saves_once(client, make_session, round_entry):
    token = make_session()
    fields = _review(round_entry, token, DRAW)
    first = client.post(f"/s/{token}/rounds/new", data=fields)
    assert first.status_code == 303 and first.headers["Location"].endswith(f"/s/{token}")
    second = client.post(f"/s/{token}/rounds/new", data=fields, follow_redirects=True)
    assert second.status_code == 200 and second.request.path == f"/s/{token}"
    assert 'id="saved-round">Round 1: ' in second.get_data(as_text=True)
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 1
    # a fresh form is a new round
    assert (
        client.post(f"/s/{token}/rounds/new", data=_review(round_entry, token, TALON)).status_code
        == 303
    )
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 2


def test_a_saved_form_sent_back_with_other_cards_is_a_new_round_to_review(
    client, make_session, round_entry
):
    token = make_session()
    fields = _review(round_entry, token, DRAW)
    assert client.post(f"/s/{token}/rounds/new", data=fields).status_code == 303
    kept = {
        name: value
        for name, value in fields.items()
        if name in ("csrf_token", "idempotency_key", "reviewed")
    }
    changed = {**kept, **form_fields(TALON, action="save")}  # went back, typed another round
    page = client.post(f"/s/{token}/rounds/new", data=changed)
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "Confirm and save" in html  # shown for review, not saved
    assert f'value="{fields["idempotency_key"]}"' not in html  # and under a key of its own
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 1


def test_two_form_copies_racing_on_two_workers_save_once(
    app, second_worker, make_session, client, round_entry
):
    token = make_session()
    fields = _review(round_entry, token, DRAW)
    other = second_worker
    clients = [app.test_client(), other.test_client(), app.test_client(), other.test_client()]
    cookie = client.get_cookie("session")
    for each in clients:  # the same phone's cookie (its CSRF token), on both workers
        each.set_cookie("session", cookie.value)
    start = threading.Barrier(len(clients))
    statuses = []

    def send(each):
        start.wait()
        statuses.append(each.post(f"/s/{token}/rounds/new", data=fields).status_code)

    threads = [threading.Thread(target=send, args=(each,)) for each in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    # each copy either saved or found it saved (303); a copy that saw the new revision before
    # its key was committed shows the round for review again (200): never a second round
    assert statuses.count(303) >= 1 and set(statuses) <= {200, 303}, statuses
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 1


def test_a_remembered_request_does_not_give_away_its_pin(client, database_url):
    import hashlib

    body = {"players": PLAYERS, "pin": "0420"}
    assert (
        client.post("/api/sessions", json=body, headers={"Idempotency-Key": "with-pin"}).status_code
        == 201
    )
    engine = sa.create_engine(database_url)
    with engine.connect() as connection:
        fingerprint, response = connection.execute(
            sa.text("SELECT fingerprint, response FROM idempotent_request")
        ).one()
    engine.dispose()
    assert "0420" not in str(response)
    for pin in ("0420",):  # a plain hash of the body could be reversed by trying every PIN
        plain = json.dumps(
            {**body, "pin": pin}, sort_keys=True, separators=(",", ":"), ensure_ascii=False
        )
        assert fingerprint != hashlib.sha256(plain.encode()).hexdigest()
