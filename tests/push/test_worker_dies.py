"""A worker that dies after its commit, behind Pushpin as `PUSH=1 bash scripts/serve.sh` runs
it: the request is not sent again (Pushpin's HTTP client resends one whose kept-alive
connection died unanswered: a payment without a key was recorded twice). The phone gets 502
and the payment is stored once; the phones' own writes carry a key, safe to send again. Real
gunicorn, real Pushpin, both databases."""

from __future__ import annotations

import http.client
import json
import secrets
from urllib.parse import urlsplit

import pytest

from tests.push.conftest import offset
from tests.support.live_server import Gunicorn, migrate
from tests.support.pushpin import Pushpin, installed

pytestmark = pytest.mark.slow  # a gunicorn and a Pushpin started

SERVE_KEEP_ALIVE = "0"  # what scripts/serve.sh gives gunicorn behind Pushpin


def _call(url: str, method: str, path: str, body=None, headers=None) -> tuple[int, dict | None]:
    connection = http.client.HTTPConnection(urlsplit(url).netloc, timeout=30)
    try:
        data = None if body is None else json.dumps(body)
        kind = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, data, {**kind, **(headers or {})})
        answer = connection.getresponse()
        text = answer.read()
        return answer.status, json.loads(text) if text.startswith(b"{") else None
    finally:
        connection.close()


@pytest.fixture
def behind_pushpin(database_url, tmp_path):
    if not installed():
        pytest.skip("pushpin is not installed (scripts/setup.sh test installs it)")
    instance = tmp_path / "instance"
    if not database_url.startswith("sqlite"):
        migrate(database_url, instance)
    server = Gunicorn(
        database_url, instance, app="tests.support.dying_app:app", keep_alive=SERVE_KEEP_ALIVE
    ).start()
    pushpin = Pushpin(
        tmp_path / "pushpin", f"127.0.0.1:{server.port}", secrets.token_urlsafe(32), offset()
    )
    try:
        pushpin.start()
        yield pushpin.url
    finally:
        pushpin.stop()
        server.stop()


def test_a_payment_whose_worker_died_after_its_commit_is_stored_once(behind_pushpin):
    url = behind_pushpin
    status, group = _call(
        url, "POST", "/api/groups", {"name": "Friday", "members": ["Ana", "Ben", "Cris"]}
    )
    assert status == 201
    path = f"/api/groups/{group['id']}"
    for _ in range(3):  # connections to the app used, and kept if they may be
        assert _call(url, "GET", path)[0] == 200
    paid = {"from": "Cris", "to": "Ben", "amount": "50.00"}
    status, _ = _call(url, "POST", f"{path}/payments", paid, {"X-Test-Die": "1"})
    assert status == 502  # the worker died: the phone is told it is not known to be stored
    status, after = _call(url, "GET", path)
    assert status == 200
    assert [(p["from"], p["to"], p["amount"]) for p in after["payments"]] == [
        ("Cris", "Ben", "50.00")
    ]
