"""Fixtures of the web app's tests: a real database (a temp SQLite file made by the migrations,
or the server in TEST_DATABASE_URL, whose tables are dropped and recreated around each test)."""

from __future__ import annotations

import os
import shutil

import pytest

from tests.support.admin import ADMIN_TOKEN
from tests.support.database import drop_everything, migrate
from tests.support.forms import RoundEntry
from tests.support.records import PLAYERS
from tracker import create_app
from tracker.extensions import db

pytest_plugins = ["tests.support.browser"]  # the browser fixtures: server, browser, phone


@pytest.fixture(scope="session")
def _migrated_sqlite(tmp_path_factory):
    """One SQLite file built by running the migrations; each test gets a copy."""
    path = tmp_path_factory.mktemp("template") / "template.db"
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
            "SECRET_KEY": "x",
            "INSTANCE_PATH": str(path.parent / "instance"),
        }
    )
    migrate(app)
    return path


@pytest.fixture
def database_url(tmp_path, request):
    """The one place the tests' database comes from."""
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        from tracker import database_url as normalise

        url = normalise(url)
        drop_everything(url)
        yield url
        drop_everything(url)
        return
    template = request.getfixturevalue("_migrated_sqlite")
    path = tmp_path / "tracker.db"
    shutil.copy(template, path)
    yield f"sqlite:///{path}"


def _worker(database_url: str, instance):
    return create_app(
        {
            "SQLALCHEMY_DATABASE_URI": database_url,
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "INSTANCE_PATH": str(instance),
            "ADMIN_TOKEN": ADMIN_TOKEN,
        }
    )


def _close(app) -> None:
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def app(database_url, tmp_path):
    app = _worker(database_url, tmp_path / "instance")
    if os.environ.get("TEST_DATABASE_URL"):
        migrate(app)
    yield app
    _close(app)


@pytest.fixture
def second_worker(app, database_url, tmp_path):
    """Another worker process: its own app (its own ledger memo), the same database."""
    other = _worker(database_url, tmp_path / "other")
    yield other
    _close(other)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def make_session(client):
    """Start a session through the API; returns its id (the token); `make_session.owner[id]`
    is the header with its owner key."""

    def make(rules=None, players=None, dealer=0):
        response = client.post(
            "/api/sessions",
            json={"players": players or PLAYERS, "dealer": dealer, "rules": rules or {}},
        )
        assert response.status_code == 201, response.get_json()
        made = response.get_json()
        make.owner[made["id"]] = {"X-Owner-Key": made["owner_key"]}
        return made["id"]

    make.owner = {}  # token: the X-Owner-Key header of the session (it may set its PIN)
    return make


@pytest.fixture
def round_entry(client):
    """The round form's review-then-save dance on `client` (`.on(phone)` for another)."""
    return RoundEntry(client)
