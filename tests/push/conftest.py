"""The push tests' fixtures: the app on a real database (SQLite or PostgreSQL, as every test),
served by a thread, with a real Pushpin in front of it (tests/support/pushpin.py)."""

from __future__ import annotations

import logging
import os
import secrets
import threading
from dataclasses import dataclass

import pytest

from tests.support.database import close, migrate, worker
from tests.support.pushpin import Pushpin, installed
from tracker.push import courier


@dataclass
class Pushed:
    app: object  # the Flask app
    direct: str  # the app itself, http://127.0.0.1:<port>
    pushpin: Pushpin  # in front of it: pushpin.url

    @property
    def url(self) -> str:
        return self.pushpin.url


def offset() -> int:
    """Pushpin's port offset: one per pytest-xdist worker (gw0, gw1…)."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return 2000 + 10 * int(name.removeprefix("gw") or 0)


@pytest.fixture
def pushed(database_url, tmp_path):
    if not installed():
        pytest.skip("pushpin is not installed (scripts/setup.sh test installs it)")
    from werkzeug.serving import make_server

    key = secrets.token_urlsafe(32)
    httpd = None
    pushpin = None
    app = worker(database_url, tmp_path / "instance", PUSH_KEY=key)
    try:
        if os.environ.get("TEST_DATABASE_URL"):
            migrate(app)
        logging.getLogger("werkzeug").setLevel(logging.WARNING)
        httpd = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        direct = f"http://127.0.0.1:{httpd.server_port}"
        pushpin = Pushpin(tmp_path / "pushpin", direct.removeprefix("http://"), key, offset())
        app.config["PUSH_URL"] = pushpin.publish_url  # before any change is made
        from tracker import push

        push.install(app)
        pushpin.start()
        yield Pushed(app, direct, pushpin)
    finally:
        courier.stop(app)
        if pushpin is not None:
            pushpin.stop()
        if httpd is not None:
            httpd.shutdown()
        close(app)
