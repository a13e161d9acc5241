"""A database out of reach, full or read-only is answered honestly: 503 with
Retry-After, a page (or a JSON problem under /api/) saying nothing was saved and to try again,
never "the tracker hit a bug"; and once the database is back, the same save works, once.

Real failures, no stand-ins: SQLite's own page limit on a real file (disk full), a read-only
URI (tests run as root, so file modes would not stop a write), PostgreSQL's
default_transaction_read_only, a folder that disappears, and a port where nothing listens."""

from __future__ import annotations

import os
import shutil
from urllib.parse import urlsplit

import pytest
import sqlalchemy as sa
from sqlalchemy import event

from tests.support.forms import confirmation
from tests.support.live_server import free_port
from tests.support.outages import api_save, assert_unavailable, round_count
from tests.support.records import DRAW, PLAYERS
from tracker import create_app
from tracker.extensions import db

ON_POSTGRES = bool(os.environ.get("TEST_DATABASE_URL"))
sqlite_only = pytest.mark.skipif(ON_POSTGRES, reason="a SQLite file's own failure")


def reviewed_form(round_entry, token: str) -> dict:
    """The fields of Confirm and save of a DRAW reviewed on the round form."""
    review, fields = round_entry.review(token, DRAW, key=True)
    assert review.status_code == 200
    return confirmation(review, fields)


def form_save(client, token: str, fields: dict):
    return client.post(f"/s/{token}/rounds/new", data=fields)


def fresh_connections(app) -> None:
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@sqlite_only
def test_disk_full_on_sqlite(app, client, make_session, round_entry):
    """PRAGMA max_page_count caps the file at its size: a save needing a new page fails."""
    token = make_session()
    capped = {"on": True}
    with app.app_context():
        engine = db.engine
        with engine.connect() as connection:
            pages = connection.exec_driver_sql("PRAGMA page_count").scalar()

        @event.listens_for(engine, "connect")
        def cap(connection, _record):
            if capped["on"]:
                connection.execute(f"PRAGMA max_page_count = {pages}")

    fresh_connections(app)
    saved = 0
    for attempt in range(60):  # each save fills the last pages a little more
        answer = api_save(client, token, f"full-{attempt}")
        if answer.status_code != 201:
            break
        saved += 1
        assert answer.get_json()["number"] == saved
    assert_unavailable(answer, api=True)
    assert round_count(client, token) == saved  # nothing half-saved
    for _ in range(60):
        fields = reviewed_form(round_entry, token)
        page = form_save(client, token, fields)
        if page.status_code != 303:
            break
        saved += 1
    assert_unavailable(page, api=False)
    assert round_count(client, token) == saved
    capped["on"] = False  # room again
    fresh_connections(app)
    assert form_save(client, token, fields).status_code == 303  # the same form, reviewed
    again = api_save(client, token, f"full-{attempt}")  # the same request, the same key
    assert again.status_code == 201 and again.get_json()["number"] == saved + 2
    assert round_count(client, token) == saved + 2
    assert api_save(client, token, f"full-{attempt}").get_json()["number"] == saved + 2  # once


@sqlite_only
def test_read_only_sqlite(app, client, make_session, round_entry, database_url, tmp_path):
    token = make_session()
    path = database_url.removeprefix("sqlite:///")
    read_only = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///file:{path}?mode=ro&uri=true",
            "SECRET_KEY": app.config["SECRET_KEY"],
            "INSTANCE_PATH": str(tmp_path / "read-only"),
        }
    )
    try:
        fields = reviewed_form(round_entry, token)
        phone = read_only.test_client()
        phone.set_cookie("session", client.get_cookie("session").value)  # the same phone
        assert phone.get(f"/s/{token}").status_code == 200  # reading still works
        assert_unavailable(api_save(phone, token, "ro-1"), api=True)
        assert_unavailable(form_save(phone, token, fields), api=False)
        assert_unavailable(phone.post("/api/sessions", json={"players": PLAYERS}), api=True)
    finally:
        fresh_connections(read_only)
    assert round_count(client, token) == 0
    assert form_save(client, token, fields).status_code == 303  # writable again
    assert api_save(client, token, "ro-1").get_json()["number"] == 2
    assert round_count(client, token) == 2


@pytest.mark.postgres
def test_read_only_postgresql(app, client, make_session, round_entry, database_url):
    token = make_session()
    name = urlsplit(database_url).path.lstrip("/")
    admin = sa.create_engine(database_url, isolation_level="AUTOCOMMIT")

    def read_only(on: bool) -> None:
        with admin.connect() as connection:
            connection.exec_driver_sql("SET default_transaction_read_only = off")
            value = "on" if on else "off"
            connection.exec_driver_sql(
                f'ALTER DATABASE "{name}" SET default_transaction_read_only = {value}'
            )
        fresh_connections(app)  # the setting holds for connections made from now on

    fields = reviewed_form(round_entry, token)
    read_only(True)
    try:
        assert client.get(f"/s/{token}").status_code == 200
        assert_unavailable(api_save(client, token, "ro-1"), api=True)
        assert_unavailable(form_save(client, token, fields), api=False)
    finally:
        read_only(False)
        admin.dispose()
    assert round_count(client, token) == 0
    assert api_save(client, token, "ro-1").get_json()["number"] == 1
    assert form_save(client, token, reviewed_form(round_entry, token)).status_code == 303
    assert round_count(client, token) == 2


def test_postgresql_out_of_reach(tmp_path):
    """Nothing listens at the database's port: every page and API call is a 503."""
    url = f"postgresql://tracker@127.0.0.1:{free_port()}/tracker"
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": url,
            "SECRET_KEY": "x",
            "INSTANCE_PATH": str(tmp_path / "instance"),
        }
    )
    try:
        client = app.test_client()
        assert_unavailable(client.get("/"), api=False)
        assert_unavailable(client.get("/s/abc"), api=False)
        assert_unavailable(client.post("/api/sessions", json={"players": PLAYERS}), api=True)
        assert_unavailable(client.get("/api/sessions/abc/draft"), api=True)
    finally:
        fresh_connections(app)


@sqlite_only
def test_sqlite_file_out_of_reach_then_back(database_url, tmp_path):
    """The folder holding the SQLite file goes away (an unmounted disk), then comes back."""
    folder = tmp_path / "disk"
    folder.mkdir()
    shutil.copy(database_url.removeprefix("sqlite:///"), folder / "tracker.db")
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'tracker.db'}",
            "SECRET_KEY": "x",
            "INSTANCE_PATH": str(tmp_path / "instance"),
        }
    )
    client = app.test_client()
    try:
        token = client.post("/api/sessions", json={"players": PLAYERS}).get_json()["id"]
        fresh_connections(app)
        folder.rename(tmp_path / "gone")
        assert_unavailable(api_save(client, token, "away-1"), api=True)
        assert_unavailable(client.get(f"/s/{token}"), api=False)
        fresh_connections(app)
        (tmp_path / "gone").rename(folder)
        assert api_save(client, token, "away-1").get_json()["number"] == 1
        assert round_count(client, token) == 1
    finally:
        fresh_connections(app)


def test_a_real_bug_is_still_a_500(client, app):
    """Only the database's failures are 503: anything else is still reported as a bug."""

    @app.get("/boom")
    def boom():
        raise RuntimeError("a bug")

    answer = client.get("/boom")
    assert answer.status_code == 500 and "Retry-After" not in answer.headers
