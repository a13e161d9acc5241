"""What every folder of tests shares: a real database (a temp SQLite file made by the migrations,
or the server in TEST_DATABASE_URL, whose tables are emptied before each test; under
pytest-xdist each worker has a database of its own there), the app and its test client,
sessions and a barkada made through the API, and the browser fixtures (tests/support/browser.py).

The marks (pyproject.toml): `browser` on every test that starts Chromium (a test asking for the
`browser` fixture, itself or through `phone`, `phones`…, without the mark stops the run at
collection), `slow` on those taking two seconds or more, `postgres` on those needing a PostgreSQL
server: skipped unless TEST_DATABASE_URL is set. Each folder's conftest.py holds its own."""

from __future__ import annotations

import os
import shutil

import pytest

from tests.support.database import close, empty, migrate, worker, worker_database
from tests.support.forms import RoundEntry
from tests.support.groups import two_nights
from tests.support.records import PLAYERS
from tracker import create_app

pytest_plugins = ["tests.support.browser"]  # the browser fixtures: server, browser, phone


def pytest_configure(config):
    """An xdist worker on PostgreSQL: TEST_DATABASE_URL names the worker's own database from
    here on (every fixture and test reading it, and the servers they start, use that one)."""
    url = os.environ.get("TEST_DATABASE_URL")
    worker_id = getattr(config, "workerinput", {}).get("workerid")
    if url and worker_id:
        os.environ["TEST_DATABASE_URL"] = worker_database(url, worker_id)


@pytest.hookimpl(tryfirst=True)  # before -m deselects: an unmarked test is never let through
def pytest_collection_modifyitems(config, items):
    unmarked = [
        item.nodeid
        for item in items
        if "browser" in item.fixturenames and item.get_closest_marker("browser") is None
    ]
    if unmarked:
        raise pytest.UsageError(
            "these tests start Chromium (the `browser` fixture) without the `browser` mark:\n  "
            + "\n  ".join(unmarked)
        )
    if not os.environ.get("TEST_DATABASE_URL"):
        skip = pytest.mark.skip(reason="needs a PostgreSQL server: TEST_DATABASE_URL is not set")
        for item in items:
            if item.get_closest_marker("postgres"):
                item.add_marker(skip)
    if config.getoption("database_only"):
        apart = [item for item in items if not reaches_the_database(item)]
        if apart:
            config.hook.pytest_deselected(items=apart)
            items[:] = [item for item in items if reaches_the_database(item)]


# after -m and --database-only have deselected
@pytest.hookimpl(trylast=True, specname="pytest_collection_modifyitems")
def pytest_longest_files_first(items):  # pytest takes only names starting pytest_
    """The longest files first: those starting Chromium, then those with a slow test, then the
    rest; within each, the files with more tests first. With --dist loadfile pytest-xdist gives
    a worker its next file when it has two tests or fewer left, in this order (scripts/test.sh
    passes --no-loadscope-reorder, else it orders by tests per file alone and a few-test browser
    file can come last): the run ends on short files, not on one worker still in a long one."""
    weight, count = {}, {}
    for item in items:
        slow = 1 if item.get_closest_marker("slow") else 2
        own = 0 if item.get_closest_marker("browser") else slow
        weight[item.path] = min(weight.get(item.path, 2), own)
        count[item.path] = count.get(item.path, 0) + 1
    items.sort(key=lambda item: (weight[item.path], -count[item.path]))  # stable within a file


def pytest_addoption(parser):
    parser.addoption(
        "--database-only",
        action="store_true",
        help="only the tests that reach the database (scripts/test.sh's PostgreSQL pass): "
        "those asking for it (database_url, app, client, server…) or marked postgres",
    )


def reaches_the_database(item) -> bool:
    """Whether a test can tell one database from another: it asks for the test database, itself
    or through another fixture (`app`, `client`, a browser's `server`…), or is marked
    `postgres`. The engine, the code's and the docs' checks and the rest run the same on both."""
    return bool({"database_url", "server"} & set(item.fixturenames)) or bool(
        item.get_closest_marker("postgres")
    )


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
        empty(url)  # what an earlier test left there is emptied now, not after it
        yield url
        return
    template = request.getfixturevalue("_migrated_sqlite")
    path = tmp_path / "tracker.db"
    shutil.copy(template, path)
    yield f"sqlite:///{path}"


@pytest.fixture
def app(database_url, tmp_path):
    app = worker(database_url, tmp_path / "instance")
    if os.environ.get("TEST_DATABASE_URL"):
        migrate(app)
    yield app
    close(app)


@pytest.fixture
def second_worker(app, database_url, tmp_path):
    """Another worker process: its own app (its own ledger memo), the same database."""
    other = worker(database_url, tmp_path / "other")
    yield other
    close(other)


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


@pytest.fixture
def barkada(app, client):
    """A group with two settled nights, every stats figure worked out by hand (tests/support/
    two_nights.py): (token, {member name: id}, night 2's token)."""
    return two_nights(app, client)
