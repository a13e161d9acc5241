"""Issue 10, private and owned: the home page and GET /api/sessions list no other device's
session; only the owner (key or device), the recovery code or the current PIN may set, change
or remove the edit PIN; a repeated create answers the same owner secrets, stored nowhere."""

from __future__ import annotations

import re

import sqlalchemy as sa

from tests.support.admin import ADMIN
from tests.support.forms import csrf_token, new_session_fields
from tests.support.records import DRAW, PLAYERS

CODE = re.compile(r"[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}")


def create(client, **extra):
    response = client.post("/api/sessions", json={"players": PLAYERS, **extra})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def row(database_url, token):
    engine = sa.create_engine(database_url)
    with engine.connect() as connection:
        found = connection.execute(
            sa.text(
                "SELECT pin_hash, owner_key_hash, recovery_hash, revision FROM game_session "
                "WHERE token = :t"
            ),
            {"t": token},
        ).one()
    engine.dispose()
    return found


def new_session_form(client, **changes):
    page = client.get("/new").get_data(as_text=True)
    fields = new_session_fields(page)
    created = client.post("/new", data={**fields, **changes})
    assert created.status_code == 303
    return created.headers["Location"].split("/s/")[1].split("?")[0]


# ------------------------------------------------------------------ private by default


def test_home_and_the_api_list_no_other_devices_session(app, client):
    mine = new_session_form(client)
    theirs = create(app.test_client())["id"]
    stranger = app.test_client()
    home = client.get("/").get_data(as_text=True)
    assert f"/s/{mine}" in home and theirs not in home
    assert theirs not in stranger.get("/").get_data(as_text=True)
    assert mine not in stranger.get("/").get_data(as_text=True)
    # the API lists nothing without the admin token, everything with it, 403 with a wrong one
    assert stranger.get("/api/sessions").get_json() == {"sessions": []}
    assert client.get("/api/sessions").get_json() == {"sessions": []}
    wrong = stranger.get("/api/sessions", headers={"Authorization": "Bearer guess"})
    assert wrong.status_code == 403 and wrong.get_json()["errors"][0]["where"] == "Authorization"
    assert stranger.get("/api/sessions", headers={"Authorization": "Basic x"}).status_code == 403
    listed = stranger.get("/api/sessions", headers=ADMIN).get_json()["sessions"]
    assert {item["id"] for item in listed} == {mine, theirs}


def test_without_an_admin_token_configured_nobody_gets_the_list(app, client):
    create(client)
    app.config["ADMIN_TOKEN"] = None
    for headers in ({}, ADMIN, {"Authorization": "Bearer "}):
        answer = client.get("/api/sessions", headers=headers)
        assert answer.status_code == 200 and answer.get_json() == {"sessions": []}


def test_opened_sessions_are_listed_newest_first_and_a_removed_one_drops(app, client):
    first, second = create(client)["id"], create(client)["id"]
    client.get(f"/s/{first}")
    client.get(f"/s/{second}/rounds/new")
    client.get(f"/s/{first}/rounds/new?seat=1")  # the seat page counts too: first is newest
    home = client.get("/").get_data(as_text=True)
    assert home.index(f"/s/{first}") < home.index(f"/s/{second}")
    from tracker.extensions import db

    with app.app_context():  # the server's owner deletes it (flask sessions prune)
        db.session.execute(sa.text("DELETE FROM game_session WHERE token = :t"), {"t": first})
        db.session.commit()
    answer = client.get("/")
    assert answer.status_code == 200
    assert first not in answer.get_data(as_text=True)
    assert f"/s/{second}" in answer.get_data(as_text=True)


def test_the_device_list_is_bounded(client):
    tokens = [create(client)["id"] for _ in range(32)]
    for token in tokens:
        client.get(f"/s/{token}")
    home = client.get("/").get_data(as_text=True)
    assert sum(token in home for token in tokens) == 30 and tokens[0] not in home


def test_open_a_pasted_link_or_code(client):
    token = create(client)["id"]
    for typed in (f"https://tracker.example/s/{token}", f" /s/{token}/rounds/new ", token):
        answer = client.get("/open", query_string={"link": typed})
        assert answer.status_code == 303 and answer.headers["Location"] == f"/s/{token}", typed
    unknown = client.get("/open", query_string={"link": "<b>nope</b>/s/AAAAAAAAAAAAAAAAAAAA"})
    html = unknown.get_data(as_text=True)
    assert unknown.status_code == 404
    assert "No session has this link or code" in html
    assert (
        'value="&lt;b&gt;nope&lt;/b&gt;/s/AAAAAAAAAAAAAAAAAAAA"' in html and "<b>nope" not in html
    )
    empty = client.get("/open?link=+")
    assert empty.status_code == 422 and "Paste the session&#39;s link" in empty.get_data(
        as_text=True
    )
    home = client.get("/").get_data(as_text=True)
    assert 'action="/open"' in home and 'method="get"' in home and "camera" in home


# ------------------------------------------------------------------ owned sessions


def test_a_stranger_cannot_put_a_pin_on_a_pinless_session(client, app, database_url):
    made = create(client)
    token = made["id"]
    before = row(database_url, token)
    stranger = app.test_client()
    answer = stranger.put(f"/api/sessions/{token}/pin", json={"pin": "1234"})
    assert answer.status_code == 403
    assert answer.get_json()["errors"] == [
        {
            "where": "owner",
            "message": "only the phone that started this session can set its edit PIN: on "
            "another phone, enter the session's recovery code",
        }
    ]
    wrong = stranger.put(
        f"/api/sessions/{token}/pin", json={"pin": "1234"}, headers={"X-Owner-Key": "x" * 43}
    )
    assert wrong.status_code == 403 and wrong.get_json()["errors"][0]["where"] == "owner_key"
    code = stranger.put(
        f"/api/sessions/{token}/pin", json={"pin": "1234"}, headers={"X-Recovery-Code": "AAAA"}
    )
    assert code.status_code == 403 and code.get_json()["errors"][0]["message"].startswith(
        "wrong recovery code: 3 more tries"  # the wrong owner key counted too
    )
    assert row(database_url, token) == before  # nothing changed
    assert client.get(f"/api/sessions/{token}").get_json()["pin"] is False
    # the stranger's HTML PIN page is refused the same way
    page = stranger.get(f"/s/{token}/pin").get_data(as_text=True)
    assert "recovery code" in page
    refused = stranger.post(
        f"/s/{token}/pin", data={"csrf_token": csrf_token(page), "new_pin": "1234"}
    )
    assert refused.status_code == 403 and "Only the phone that started" in refused.get_data(
        as_text=True
    )
    assert row(database_url, token) == before
    # the owner key and the recovery code can
    owner = {"X-Owner-Key": made["owner_key"]}
    assert (
        stranger.put(
            f"/api/sessions/{token}/pin", json={"pin": "123456"}, headers=owner
        ).status_code
        == 200
    )
    recovery = {"X-Recovery-Code": made["recovery_code"].replace("-", " ").lower()}
    assert stranger.put(
        f"/api/sessions/{token}/pin", json={"pin": None}, headers=recovery
    ).get_json() == {"pin": False}


def test_the_create_answers_owner_secrets_once_and_stores_only_hashes(client, database_url):
    made = create(client)
    assert len(made["owner_key"]) >= 43 and CODE.fullmatch(made["recovery_code"])
    assert "owner_key" not in client.get(f"/api/sessions/{made['id']}").get_json()
    stored = row(database_url, made["id"])
    assert made["owner_key"] not in stored.owner_key_hash
    assert made["recovery_code"].replace("-", "") not in stored.recovery_hash
    other = create(client)
    assert other["owner_key"] != made["owner_key"]
    assert other["recovery_code"] != made["recovery_code"]


def test_a_repeated_create_repeats_its_owner_secrets_without_storing_them(client, database_url):
    key = {"Idempotency-Key": "table-7"}
    first = client.post("/api/sessions", json={"players": PLAYERS}, headers=key)
    again = client.post("/api/sessions", json={"players": PLAYERS}, headers=key)
    assert first.status_code == again.status_code == 201
    assert first.get_json() == again.get_json()
    owner = {"X-Owner-Key": again.get_json()["owner_key"]}
    token = first.get_json()["id"]
    assert (
        client.put(f"/api/sessions/{token}/pin", json={"pin": "2468"}, headers=owner).status_code
        == 200
    )
    engine = sa.create_engine(database_url)
    with engine.connect() as connection:
        stored = connection.execute(sa.text("SELECT response FROM idempotent_request")).scalars()
        text = " ".join(str(value) for value in stored)
    engine.dispose()
    assert token in text and owner["X-Owner-Key"] not in text
    assert first.get_json()["recovery_code"] not in text


def test_the_new_session_form_owns_it_and_shows_the_recovery_code_once(client, app):
    token = new_session_form(client)
    page = client.get(f"/s/{token}?new=1").get_data(as_text=True)
    code = CODE.search(page).group(0)
    assert "Write it down" in page
    assert CODE.search(client.get(f"/s/{token}").get_data(as_text=True)) is None  # once
    pin_page = client.get(f"/s/{token}/pin").get_data(as_text=True)
    assert "This phone started the session" in pin_page and "recovery_code" not in pin_page
    assert (
        client.post(
            f"/s/{token}/pin", data={"csrf_token": csrf_token(pin_page), "new_pin": "135790"}
        ).status_code
        == 303
    )
    # the owner is never locked out, and a 6-digit PIN works for everyone else
    assert client.get(f"/s/{token}/rounds/new").status_code == 200
    phone = app.test_client()
    assert phone.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 403
    pin = {"X-Edit-Pin": "135790"}
    assert phone.post(f"/api/sessions/{token}/rounds", json=DRAW, headers=pin).status_code == 201
    # another phone with the recovery code (as written down) removes it from the PIN page
    page = phone.get(f"/s/{token}/pin").get_data(as_text=True)
    assert "Current PIN" in page and "Or the session's recovery code" in page
    done = phone.post(
        f"/s/{token}/pin",
        data={"csrf_token": csrf_token(page), "recovery_code": code, "new_pin": ""},
    )
    assert done.status_code == 303
    assert client.get(f"/api/sessions/{token}").get_json()["pin"] is False
    # and that phone is the owner now: it sets a PIN again without any code
    page = phone.get(f"/s/{token}/pin").get_data(as_text=True)
    assert "This phone started the session" in page
    again = phone.post(f"/s/{token}/pin", data={"csrf_token": csrf_token(page), "new_pin": "2468"})
    assert again.status_code == 303


def test_an_imported_session_belongs_to_who_imported_it(client, app):
    token = create(client)["id"]
    export = client.get(f"/api/sessions/{token}/export").get_json()
    imported = client.post("/api/sessions/import", json=export)
    assert imported.status_code == 201 and CODE.fullmatch(imported.get_json()["recovery_code"])
    new = imported.get_json()["id"]
    owner = {"X-Owner-Key": imported.get_json()["owner_key"]}
    assert (
        client.put(f"/api/sessions/{new}/pin", json={"pin": "1234"}, headers=owner).status_code
        == 200
    )


def test_a_session_made_before_owners_gets_one_from_the_server_owner(app, client, database_url):
    from tracker.commands import owner_command
    from tracker.extensions import db

    token = create(client)["id"]
    with app.app_context():
        db.session.execute(
            sa.text("UPDATE game_session SET owner_key_hash = NULL, recovery_hash = NULL")
        )
        db.session.commit()
    refused = client.put(f"/api/sessions/{token}/pin", json={"pin": "1234"})
    assert refused.status_code == 403
    assert "started before sessions had an owner" in refused.get_json()["errors"][0]["message"]
    result = app.test_cli_runner().invoke(owner_command, [token])
    assert result.exit_code == 0, result.output
    key = re.search(r"owner key: +(\S+)", result.output).group(1)
    code = re.search(r"recovery code: +(\S+)", result.output).group(1)
    assert CODE.fullmatch(code) and "only this once" in result.output
    assert (
        client.put(
            f"/api/sessions/{token}/pin", json={"pin": "1234"}, headers={"X-Owner-Key": key}
        ).status_code
        == 200
    )
    missing = app.test_cli_runner().invoke(owner_command, ["nope"])
    assert missing.exit_code == 2 and "No session" in missing.output
    # a token beginning with "-" (1 in 32 do) is still a token, not an option
    missing = app.test_cli_runner().invoke(owner_command, ["-G" + token[2:]])
    assert missing.exit_code == 2 and "No session" in missing.output


def test_six_digit_pins_on_every_path(client, app):
    """The API's create and PUT, the form's create, the PIN page and the unlock page all take
    4 to 6 digits (an import carries no PIN: the export never holds one)."""
    made = create(client, pin="654321")
    assert made["pin"] is True
    refused = client.post("/api/sessions", json={"players": PLAYERS, "pin": "1234567"})
    assert refused.status_code == 422
    owner = {"X-Owner-Key": made["owner_key"]}
    url = f"/api/sessions/{made['id']}/pin"
    assert client.put(url, json={"pin": "0000001"}, headers=owner).status_code == 422
    assert client.put(url, json={"pin": "000001"}, headers=owner).get_json() == {"pin": True}
    token = new_session_form(client, pin="975310")
    phone = app.test_client()
    unlock = phone.get(f"/s/{token}/unlock").get_data(as_text=True)
    assert 'maxlength="6"' in unlock
    opened = phone.post(
        f"/s/{token}/unlock", data={"csrf_token": csrf_token(unlock), "pin": "975310"}
    )
    assert opened.status_code == 303
    page = client.get(f"/s/{token}/pin").get_data(as_text=True)
    assert "New PIN, 4 to 6 digits" in page and 'maxlength="6"' in page
    assert "pin" not in client.get(f"/api/sessions/{token}/export").get_json()
