"""GET /healthz and /readyz (tracker/web/health.py): JSON, no-store, no cookie, whatever the
Host header; ready only when the database answers, its migrations are the code's head and
every Pushpin node named by PUSH_URL takes a connection. (The test client's requests come from
the loopback: they are told each check's word. tests/ops/test_readiness.py: what anyone else is
told, a database or disk that takes no write.)"""

from __future__ import annotations

import socket

from alembic.script import ScriptDirectory
from flask_migrate import stamp

from tests.support.live_server import free_port
from tracker import MIGRATIONS
from tracker.extensions import db

LOAD_BALANCER = {"Host": "127.0.0.1:8000"}  # a health check sends the upstream's address


def head() -> str:
    (found,) = ScriptDirectory(MIGRATIONS).get_heads()
    return found


def assert_plain_json(answer, status: int) -> dict:
    assert answer.status_code == status, answer.get_data(as_text=True)
    assert answer.mimetype == "application/json"
    assert answer.headers["Cache-Control"] == "no-store"
    assert "Set-Cookie" not in answer.headers
    assert answer.headers["X-Request-Id"]
    return answer.get_json()


def test_alive_and_ready_on_a_migrated_database(client):
    assert assert_plain_json(client.get("/healthz"), 200) == {"status": "alive"}
    assert assert_plain_json(client.get("/readyz"), 200) == {
        "status": "ready",
        "checks": {"database": "ok", "migrations": "ok", "disk": "ok", "pushpin": "skipped"},
    }
    assert client.head("/readyz").status_code == 200
    assert client.post("/healthz").status_code in (404, 405)  # only GET and HEAD answered here


def test_both_answer_a_foreign_host_while_trusted_hosts_is_set(make_app):
    client = make_app(TRUSTED_HOSTS="tongits.example.org").test_client()
    assert client.get("/", headers=LOAD_BALANCER).status_code == 400  # the gate is on
    assert client.get("/api/sessions", headers={"Host": "evil.example"}).status_code == 400
    for host in (LOAD_BALANCER, {"Host": "evil.example"}, {"Host": "10.0.0.7"}):
        assert assert_plain_json(client.get("/healthz", headers=host), 200)["status"] == "alive"
        assert assert_plain_json(client.get("/readyz", headers=host), 200)["status"] == "ready"


def test_a_database_not_migrated_is_not_ready(make_app, tmp_path):
    client = make_app(f"sqlite:///{tmp_path / 'empty.db'}").test_client()
    answer = assert_plain_json(client.get("/readyz"), 503)
    assert answer == {
        "status": "not ready",
        "checks": {
            "database": "ok",
            "migrations": f"behind: none != {head()}",
            "disk": "ok",
            "pushpin": "skipped",
        },
    }
    assert assert_plain_json(client.get("/healthz"), 200) == {"status": "alive"}


def test_a_database_an_older_release_migrated_is_not_ready(app, client):
    older = ScriptDirectory(MIGRATIONS).get_revision(head()).down_revision
    with app.app_context():
        stamp(directory=MIGRATIONS, revision=older)  # the version table says the older head
        db.engine.dispose()
    checks = assert_plain_json(client.get("/readyz"), 503)["checks"]
    assert checks["migrations"] == f"behind: {older} != {head()}"
    assert checks["database"] == "ok"


def test_a_database_out_of_reach_is_503_json_never_a_page(make_app, tmp_path):
    gone = tmp_path / "unmounted" / "tracker.db"  # its folder does not exist
    client = make_app(f"sqlite:///{gone}").test_client()
    answer = assert_plain_json(client.get("/readyz"), 503)
    assert answer["status"] == "not ready"
    assert answer["checks"]["database"] == "unreachable: OperationalError"
    assert answer["checks"]["migrations"] == "unknown"
    # alive touches no database
    assert assert_plain_json(client.get("/healthz"), 200) == {"status": "alive"}


def test_a_pushpin_node_that_does_not_answer_is_not_ready(make_app):
    with socket.socket() as listening:  # a node that takes connections
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        up = f"http://127.0.0.1:{listening.getsockname()[1]}"
        down = f"http://127.0.0.1:{free_port()}"  # nothing listens there
        client = make_app(PUSH_URL=up).test_client()
        checks = assert_plain_json(client.get("/readyz"), 200)["checks"]
        assert checks == {"database": "ok", "migrations": "ok", "disk": "ok", "pushpin": "ok"}
        client = make_app(PUSH_URL=f"{up}, {down}").test_client()
        answer = assert_plain_json(client.get("/readyz"), 503)
    assert answer["status"] == "not ready"
    assert answer["checks"]["pushpin"] == f"{down} unreachable"
    assert answer["checks"]["database"] == "ok"
