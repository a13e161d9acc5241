"""GET /readyz on a public server (tracker/web/health.py, insiders.py, observe.py): anyone
else than the loopback or the admin token's holder is told ready or not ready and nothing of
what was checked; it is counted under CLIENT_AT_ONCE like any request of its address; a
database that takes no write (a read-only SQLite file, a PostgreSQL session in read-only
mode) and an instance folder on a full disk (a real tmpfs, filled) are not ready."""

from __future__ import annotations

import errno
import os
import subprocess
from pathlib import Path

import pytest
from werkzeug.test import EnvironBuilder

from tests.support.admin import ADMIN, ADMIN_TOKEN
from tests.support.live_server import free_port

STRANGER = {"REMOTE_ADDR": "203.0.113.9"}
PROXIED = {"X-Forwarded-For": "203.0.113.9"}  # the loopback, passing a phone's request on


def ready(client, headers=None, **environ):
    answer = client.get("/readyz", headers=headers or {}, environ_base=environ)
    assert answer.mimetype == "application/json"
    assert answer.headers["Cache-Control"] == "no-store"
    return answer.status_code, answer.get_json()


def test_a_stranger_is_told_ready_or_not_and_nothing_it_checked(make_app):
    down = f"http://127.0.0.1:{free_port()}"  # a Pushpin node that does not answer
    for settings, code, word in (({}, 200, "ready"), ({"PUSH_URL": down}, 503, "not ready")):
        client = make_app(**settings).test_client()
        assert ready(client, **STRANGER) == (code, {"status": word})
        assert ready(client, PROXIED) == (code, {"status": word})  # no detail through a proxy
        wrong = {"Authorization": "Bearer " + "x" * len(ADMIN_TOKEN)}
        assert ready(client, wrong, **STRANGER) == (code, {"status": word})
        # the loopback itself, and the admin token from anywhere, see what was checked
        for told in (ready(client), ready(client, {**ADMIN, **PROXIED}, **STRANGER)):
            assert told[0] == code and told[1]["status"] == word
            assert set(told[1]["checks"]) == {"database", "migrations", "disk", "pushpin"}
        if settings:
            assert told[1]["checks"]["pushpin"] == f"{down} unreachable"
            assert down.encode() not in client.get("/readyz", environ_base=STRANGER).data
    assert client.head("/readyz", environ_base=STRANGER).status_code == 503


def read_only(url: str) -> str:
    """The same database, reached by a connection that may not write to it."""
    if url.startswith("sqlite:///"):
        return f"sqlite:///file:{url.removeprefix('sqlite:///')}?mode=ro&uri=true"
    return f"{url}{'&' if '?' in url else '?'}options=-c%20default_transaction_read_only%3Don"


def test_a_database_that_takes_no_write_is_not_ready(app, database_url, make_app):
    client = make_app(read_only(database_url)).test_client()
    code, answer = ready(client)
    assert code == 503 and answer["status"] == "not ready", answer
    assert answer["checks"]["database"].startswith("not writable: "), answer
    assert answer["checks"]["migrations"] == answer["checks"]["disk"] == "ok"
    assert ready(client, **STRANGER) == (503, {"status": "not ready"})
    # the same database, writable: ready (the check's row was rolled back, none is left)
    writable = make_app().test_client()
    assert ready(writable, **STRANGER) == (200, {"status": "ready"})
    with app.app_context():
        from tracker.extensions import db
        from tracker.models import PinAttempt

        assert db.session.query(PinAttempt).count() == 0


@pytest.fixture
def small_disk(tmp_path):
    """A real 1 MiB file system (tmpfs), mounted for the test: root only."""
    folder = tmp_path / "disk"
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m,mode=0755", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here (root only): {mounted.stderr.strip()}")
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder: Path) -> Path:
    """Write to a file in `folder` until its file system says it is full."""
    filler = folder / "filler"
    with filler.open("wb", buffering=0) as file:
        while True:
            try:
                file.write(b"\0" * 65536)
            except OSError as error:
                assert error.errno == errno.ENOSPC
                break
        while True:  # the last blocks, smaller than a write of 64 KiB
            try:
                file.write(b"\0" * 512)
            except OSError:
                break
    return filler


def test_an_instance_folder_on_a_full_disk_is_not_ready(make_app, small_disk):
    client = make_app(INSTANCE_PATH=str(small_disk)).test_client()
    assert ready(client)[1]["checks"]["disk"] == "ok"
    filler = fill(small_disk)
    code, answer = ready(client)
    assert (code, answer["status"]) == (503, "not ready")
    assert answer["checks"]["disk"] == "not writable: ENOSPC"
    assert answer["checks"]["database"] == "ok"
    assert not [name for name in os.listdir(small_disk) if name != "filler"]  # none left
    filler.unlink()
    code, answer = ready(client)
    assert (code, answer["checks"]["disk"]) == (200, "ok")


def call(app, path: str, peer: str, forwarded: str):
    """A request through the whole app, as gunicorn hands it over: its status, and its answer
    (not closed: the request is still under way until it is)."""
    seen = {}
    environ = EnvironBuilder(
        path=path, headers={"X-Forwarded-For": forwarded}, environ_base={"REMOTE_ADDR": peer}
    ).get_environ()
    body = app.wsgi_app(environ, lambda status, headers: seen.update(status=status, h=headers))
    return int(seen["status"][:3]), dict(seen["h"]), body


def test_readyz_is_counted_with_the_clients_other_requests(make_app):
    """Behind Caddy (TRUST_PROXY=1, every request from the loopback), CLIENT_AT_ONCE=1: while
    a phone's page is under way, its /readyz is refused 429; another phone's is answered."""
    app = make_app(CLIENT_AT_ONCE=1, TRUST_PROXY=1)
    status, _, page = call(app, "/", "127.0.0.1", "198.51.100.1")
    assert status == 200
    refused, headers, body = call(app, "/readyz", "127.0.0.1", "198.51.100.1")
    assert (refused, headers["Retry-After"]) == (429, "1")
    b"".join(body)
    other, _, body = call(app, "/readyz", "127.0.0.1", "198.51.100.2")
    assert other == 200 and b"".join(body) == b'{"status": "ready"}\n'
    page.close()
    assert call(app, "/readyz", "127.0.0.1", "198.51.100.1")[0] == 200


def test_a_loopback_connection_of_its_own_is_the_peers_address_not_a_header(make_app):
    """The loopback is the peer's address: a header naming it tells nothing."""
    client = make_app(TRUST_PROXY=1).test_client()
    for header in ({"X-Forwarded-For": "127.0.0.1"}, {"X-Real-IP": "127.0.0.1"}):
        assert ready(client, header, **STRANGER) == (200, {"status": "ready"})
    assert "checks" in ready(client, **{"REMOTE_ADDR": "::1"})[1]  # IPv6's loopback too
