"""The edit PIN: viewing stays open to link holders; entering, editing, deleting, settling,
reopening and changing the PIN need it once per device; wrong tries are rate-limited in the
database (every worker sees them)."""

from __future__ import annotations

from datetime import timedelta

import sqlalchemy as sa
from werkzeug.security import check_password_hash

from tests.support.admin import ADMIN
from tests.support.forms import csrf_token, new_session_fields
from tests.support.records import DRAW, PLAYERS, TALON

PIN = {"X-Edit-Pin": "0420"}


def make_locked(client, pin="0420") -> str:
    response = client.post("/api/sessions", json={"players": PLAYERS, "pin": pin})
    assert response.status_code == 201 and response.get_json()["pin"] is True
    return response.get_json()["id"]


def stored_hash(database_url, token):
    engine = sa.create_engine(database_url)
    with engine.connect() as connection:
        value = connection.execute(
            sa.text("SELECT pin_hash FROM game_session WHERE token = :t"), {"t": token}
        ).scalar()
    engine.dispose()
    return value


def test_only_a_salted_hash_is_stored(client, database_url):
    one, two = make_locked(client), make_locked(client)
    first, second = stored_hash(database_url, one), stored_hash(database_url, two)
    assert "0420" not in first and first != second  # salted
    assert check_password_hash(first, "0420")


def test_a_server_hashes_pins_with_scrypt(database_url, tmp_path):
    """What the app does unless told otherwise (the tests' own workers are, to go faster)."""
    from tracker import create_app

    app = create_app(
        {"SQLALCHEMY_DATABASE_URI": database_url, "INSTANCE_PATH": str(tmp_path / "plain")}
    )
    client = app.test_client()
    made = client.post("/api/sessions", json={"players": PLAYERS, "pin": "0420"}).get_json()
    stored = stored_hash(database_url, made["id"])
    assert stored.startswith("scrypt:") and check_password_hash(stored, "0420")


def test_a_bad_pin_is_refused_and_nothing_is_stored(client, database_url):
    for pin in ("12", "12345678", "abcd", "12 34", 1234, True, ["1234"]):
        response = client.post("/api/sessions", json={"players": PLAYERS, "pin": pin})
        assert response.status_code == 422, pin
        assert response.get_json()["errors"] == [
            {
                "where": "pin",
                "message": "an edit PIN is 4 to 6 digits (0–9), or leave it empty for none",
            }
        ]
    assert client.get("/api/sessions", headers=ADMIN).get_json()["sessions"] == []
    assert (
        client.post("/api/sessions", json={"players": PLAYERS, "pin": ""}).get_json()["pin"]
        is False
    )


def test_viewing_is_open_and_changing_needs_the_pin(client):
    token = make_locked(client)
    assert client.post(f"/api/sessions/{token}/rounds", json=DRAW, headers=PIN).status_code == 201
    other = client.application.test_client()  # a stranger with the link, no PIN
    for url in (
        f"/api/sessions/{token}",
        f"/api/sessions/{token}/rounds/1",
        f"/api/sessions/{token}/revision",
        f"/s/{token}",
        f"/s/{token}/ledger",
        f"/s/{token}/settle",
    ):
        assert other.get(url).status_code == 200, url
    changes = [
        ("post", f"/api/sessions/{token}/rounds", TALON),
        ("put", f"/api/sessions/{token}/rounds/1", TALON),
        ("delete", f"/api/sessions/{token}/rounds/1", None),
        ("post", f"/api/sessions/{token}/settle", None),
        ("post", f"/api/sessions/{token}/reopen", None),
        ("put", f"/api/sessions/{token}/pin", {"pin": "9999"}),
    ]
    for method, url, body in changes:
        response = getattr(other, method)(url, json=body if body is not None else {})
        assert response.status_code == 403, url
        assert response.get_json()["errors"] == [
            {"where": "pin", "message": "this session has an edit PIN: enter it to change anything"}
        ]
    session = client.get(f"/api/sessions/{token}").get_json()
    assert session["round_count"] == 1 and session["rounds"][0]["record"]["ending"] == "draw"
    assert other.put(f"/api/sessions/{token}/rounds/1", json=TALON, headers=PIN).status_code == 200
    assert other.post(f"/api/sessions/{token}/settle", json={}, headers=PIN).status_code == 200
    assert other.post(f"/api/sessions/{token}/reopen", json={}, headers=PIN).status_code == 200
    assert other.delete(f"/api/sessions/{token}/rounds/1", headers=PIN).status_code == 200


def test_wrong_pins_are_rate_limited_per_session_and_address_across_workers(
    app, client, second_worker
):
    from tracker.extensions import db

    token = make_locked(client)
    url = f"/api/sessions/{token}/rounds"
    for left in (4, 3, 2, 1, 0):
        response = client.post(url, json=DRAW, headers={"X-Edit-Pin": "1111"})
        if left:
            assert response.status_code == 403
            assert response.get_json()["errors"][0]["message"].startswith(
                f"wrong PIN: {left} more tr"
            )
    assert response.status_code == 429
    # a second worker (its own process) sees the same count: even the right PIN waits now
    other = second_worker.test_client()
    limited = other.post(url, json=DRAW, headers=PIN)
    assert limited.status_code == 429
    assert (
        limited.get_json()["errors"][0]["message"]
        == "too many wrong PINs from this device: try again in 15 minutes"
    )
    assert 800 < int(limited.headers["Retry-After"]) <= 900
    # another address is not limited by these tries
    assert (
        client.post(
            url, json=DRAW, headers=PIN, environ_base={"REMOTE_ADDR": "10.0.0.9"}
        ).status_code
        == 201
    )
    # fifteen minutes later the device may try again; the right PIN clears its count
    with app.app_context():
        db.session.execute(
            sa.text("UPDATE pin_attempt SET created_at = :t"), {"t": _minutes_ago(16)}
        )
        db.session.commit()
    assert client.post(url, json=TALON, headers=PIN).status_code == 201
    with app.app_context():
        assert db.session.execute(sa.text("SELECT COUNT(*) FROM pin_attempt")).scalar() == 0
    with other.application.app_context():
        db.engine.dispose()


def _minutes_ago(minutes):
    from tracker.models import utcnow

    return utcnow() - timedelta(minutes=minutes)


def test_the_api_can_set_change_and_remove_the_pin(client):
    created = client.post("/api/sessions", json={"players": PLAYERS}).get_json()
    token, owner = created["id"], {"X-Owner-Key": created["owner_key"]}
    assert client.put(f"/api/sessions/{token}/pin", json={"pin": "12"}).status_code == 422
    assert client.put(
        f"/api/sessions/{token}/pin", json={"pin": "123456"}, headers=owner
    ).get_json() == {"pin": True}
    assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 403
    assert (
        client.put(
            f"/api/sessions/{token}/pin", json={"pin": "4321"}, headers={"X-Edit-Pin": "000000"}
        ).status_code
        == 403
    )
    assert client.put(
        f"/api/sessions/{token}/pin", json={"pin": None}, headers={"X-Edit-Pin": "123456"}
    ).get_json() == {"pin": False}
    assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201


# ------------------------------------------------------------------ pages


def test_a_locked_session_page_offers_unlock_instead_of_edit_buttons(client):
    token = make_locked(client)
    client.post(f"/api/sessions/{token}/rounds", json=DRAW, headers=PIN)
    html = client.get(f"/s/{token}").get_data(as_text=True)
    assert "Unlock to edit" in html
    for gone in (
        f"/s/{token}/rounds/new",
        f"/s/{token}/rounds/1/edit",
        f"/s/{token}/rounds/1/delete",
        f'/s/{token}/settle"',
        "Reopen",
    ):
        assert gone not in html
    for url in (
        f"/s/{token}/rounds/new",
        f"/s/{token}/rounds/1/edit",
        f"/s/{token}/rounds/1/delete",
    ):
        response = client.get(url)
        assert (
            response.status_code == 303
            and f"/s/{token}/unlock?next=" in response.headers["Location"]
        )


def test_unlocking_once_per_device(client, app):
    token = make_locked(client)
    page = client.get(f"/s/{token}/unlock?next=/s/{token}/rounds/new").get_data(as_text=True)
    wrong = client.post(
        f"/s/{token}/unlock",
        data={"csrf_token": csrf_token(page), "pin": "9999", "next": f"/s/{token}/rounds/new"},
    )
    assert wrong.status_code == 403 and "Wrong PIN: 4 more tries" in wrong.get_data(as_text=True)
    right = client.post(
        f"/s/{token}/unlock",
        data={"csrf_token": csrf_token(page), "pin": "0420", "next": f"/s/{token}/rounds/new"},
    )
    assert right.status_code == 303 and right.headers["Location"] == f"/s/{token}/rounds/new"
    cookie = right.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Expires=" in cookie
    assert client.get(f"/s/{token}/rounds/new").status_code == 200
    assert "Enter round 1" in client.get(f"/s/{token}").get_data(as_text=True)
    # another phone is still locked; the cookie unlocks only this session
    assert app.test_client().get(f"/s/{token}/rounds/new").status_code == 303
    assert client.get(f"/s/{make_locked(client)}/rounds/new").status_code == 303
    # the API honours the unlocked device's cookie too
    assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201


def test_unlock_goes_back_only_to_this_session(client):
    token = make_locked(client)
    page = client.get(f"/s/{token}/unlock").get_data(as_text=True)
    for target in ("https://evil.example/", "//evil.example/", f"/s/{token}//evil.example"):
        answer = client.post(
            f"/s/{token}/unlock",
            data={"csrf_token": csrf_token(page), "pin": "0420", "next": target},
        )
        assert answer.status_code == 303 and answer.headers["Location"] == f"/s/{token}"
        client.delete_cookie("session")
        page = client.get(f"/s/{token}/unlock").get_data(as_text=True)


def test_the_new_session_form_sets_a_pin_and_unlocks_its_own_device(client, app):
    page = client.get("/new").get_data(as_text=True)
    fields = new_session_fields(page)
    refused = client.post("/new", data={**fields, "pin": "12a"})
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    assert (
        "An edit PIN is 4 to 6 digits" in html and 'value="12a"' in html and 'value="Ben"' in html
    )
    assert client.get("/api/sessions", headers=ADMIN).get_json()["sessions"] == []
    created = client.post("/new", data={**fields, "pin": "2468"})
    assert created.status_code == 303
    token = created.headers["Location"].split("/s/")[1].split("?")[0]
    assert client.get(f"/s/{token}/rounds/new").status_code == 200
    assert app.test_client().get(f"/s/{token}/rounds/new").status_code == 303


def test_a_locked_round_form_keeps_the_cards_and_asks_for_the_pin(client, app, round_entry):
    token = make_locked(client)
    phone = app.test_client()
    page = phone.get(f"/s/{token}/unlock").get_data(
        as_text=True
    )  # a page with this phone's CSRF token
    entry, hidden = round_entry.on(phone), {"csrf_token": csrf_token(page)}
    asked, _ = entry.review(token, DRAW, hidden=hidden, pin="1")
    html = asked.get_data(as_text=True)
    assert asked.status_code == 403 and 'id="pin"' in html and "Wrong PIN" in html
    assert 'value="7S 7D 7C"' in html
    reviewed, fields = entry.review(token, DRAW, hidden=hidden, pin="0420")
    assert reviewed.status_code == 200 and 'id="pin"' not in reviewed.get_data(as_text=True)
    saved = entry.confirm(token, reviewed, fields)
    assert saved.status_code == 303
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 1


def test_settle_and_reopen_need_the_pin(client, app):
    token = make_locked(client)
    phone = app.test_client()
    assert "Unlock to settle" in phone.get(f"/s/{token}/settle").get_data(as_text=True)
    page = phone.get(f"/s/{token}/unlock").get_data(as_text=True)
    answer = phone.post(f"/s/{token}/settle", data={"csrf_token": csrf_token(page)})
    assert answer.status_code == 303 and "/unlock" in answer.headers["Location"]
    assert (
        phone.post(f"/s/{token}/reopen", data={"csrf_token": csrf_token(page)}).status_code == 303
    )
    assert client.get(f"/api/sessions/{token}").get_json()["settled"] is False


def test_changing_the_pin_needs_the_current_one_and_locks_other_devices(client, app):
    token = make_locked(client)
    ana, ben = app.test_client(), app.test_client()
    for phone in (ana, ben):
        page = phone.get(f"/s/{token}/unlock").get_data(as_text=True)
        phone.post(f"/s/{token}/unlock", data={"csrf_token": csrf_token(page), "pin": "0420"})
        assert phone.get(f"/s/{token}/rounds/new").status_code == 200
    page = ana.get(f"/s/{token}/pin").get_data(as_text=True)
    assert "Current PIN" in page
    wrong = ana.post(
        f"/s/{token}/pin",
        data={"csrf_token": csrf_token(page), "current_pin": "1111", "new_pin": "5555"},
    )
    assert wrong.status_code == 403 and "Wrong PIN" in wrong.get_data(as_text=True)
    short = ana.post(
        f"/s/{token}/pin",
        data={"csrf_token": csrf_token(page), "current_pin": "0420", "new_pin": "55"},
    )
    assert short.status_code == 422 and "4 to 6 digits" in short.get_data(as_text=True)
    done = ana.post(
        f"/s/{token}/pin",
        data={"csrf_token": csrf_token(page), "current_pin": "0420", "new_pin": "5555"},
    )
    assert done.status_code == 303
    assert ana.get(f"/s/{token}/rounds/new").status_code == 200  # this device knows the new one
    assert ben.get(f"/s/{token}/rounds/new").status_code == 303  # the old unlock no longer holds
    assert (
        client.post(
            f"/api/sessions/{token}/rounds", json=DRAW, headers={"X-Edit-Pin": "5555"}
        ).status_code
        == 201
    )
    # a session without a PIN can get one from its page, no current PIN asked, with the
    # recovery code (not by anyone with the link)
    created = client.post("/api/sessions", json={"players": PLAYERS}).get_json()
    open_token = created["id"]
    page = ben.get(f"/s/{open_token}/pin").get_data(as_text=True)
    assert "Current PIN" not in page and "Set an edit PIN" in page
    assert (
        ben.post(
            f"/s/{open_token}/pin",
            data={
                "csrf_token": csrf_token(page),
                "new_pin": "7777",
                "recovery_code": created["recovery_code"].lower(),
            },
        ).status_code
        == 303
    )
    assert client.get(f"/api/sessions/{open_token}").get_json()["pin"] is True
