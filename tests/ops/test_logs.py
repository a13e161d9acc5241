"""Each request's id (tracker/logs.py, web/observe.py): the X-Request-Id sent when sane, else a
new one, echoed in the answer; with LOG_FORMAT=json every line written while it is answered is
one JSON object carrying it, and one access line per request, with no query string."""

from __future__ import annotations

import io
import json
import logging
import re

import pytest

from tests.support.records import PLAYERS
from tracker import logs


@pytest.fixture
def json_lines():
    """The lines the process writes as JSON from now on (the JSON handler's stream), once an
    app with LOG_FORMAT=json made it; plain logging again after the test."""

    def capture():
        (handler,) = [h for h in logging.getLogger().handlers if h.get_name() == "tracker-json"]
        stream = io.StringIO()
        handler.setStream(stream)
        return lambda: [json.loads(line) for line in stream.getvalue().splitlines()]

    yield capture
    logs.configure("plain")  # the next app of this process logs as before
    assert not [h for h in logging.getLogger().handlers if h.get_name() == "tracker-json"]


def test_the_answer_echoes_a_sane_request_id_and_makes_one_otherwise(client):
    for sane in ("abc-123", "A.b_c-9", "x" * 64):
        assert (
            client.get("/healthz", headers={"X-Request-Id": sane}).headers["X-Request-Id"] == sane
        )
    for insane in ("x" * 65, "has space", "semi;colon", "ünïcode", ""):
        made = client.get("/", headers={"X-Request-Id": insane}).headers["X-Request-Id"]
        assert made != insane and re.fullmatch(r"[0-9a-f]{32}", made)
    first, second = (client.get("/healthz").headers["X-Request-Id"] for _ in range(2))
    assert first != second


def test_every_line_of_a_request_carries_its_id_and_one_access_line(json_lines, make_app, tmp_path):
    client = make_app(LOG_FORMAT="json").test_client()
    # and one whose lines say its database is away (tracker/web/errors.py)
    away = make_app(f"sqlite:///{tmp_path / 'gone' / 'tracker.db'}", LOG_FORMAT="json")
    lines = json_lines()
    answer = client.post(
        "/api/sessions?secret=query", json={"players": PLAYERS}, headers={"X-Request-Id": "ops-1"}
    )
    assert answer.status_code == 201 and answer.headers["X-Request-Id"] == "ops-1"
    token = answer.get_json()["id"]
    client.get(f"/s/{token}", headers={"X-Request-Id": "ops-2"})
    for check in ("/healthz", "/readyz"):  # a load balancer's, every 2 s: not logged
        assert client.get(check, headers={"X-Request-Id": "quiet"}).status_code == 200
    assert away.test_client().get("/", headers={"X-Request-Id": "ops-3"}).status_code == 503
    found = lines()
    access = [line for line in found if line["logger"] == "tracker.access"]
    assert [line["request_id"] for line in access] == ["ops-1", "ops-2", "ops-3"]
    first = access[0]
    assert first["method"] == "POST" and first["route"] == "/api/sessions"
    assert first["status"] == 201 and "path" not in first  # a path names a session's token
    assert isinstance(first["duration_ms"], float) and first["remote_addr"] == "127.0.0.1"
    assert first["level"] == "INFO" and first["time"]
    assert access[1]["route"] == "/s/<token>" and access[1]["status"] == 200
    warned = [line for line in found if "database unavailable" in line["message"]]
    assert warned and {line["request_id"] for line in warned} == {"ops-3"}
    assert warned[0]["level"] == "WARNING" and warned[0]["logger"] == "tracker"
    text = json.dumps(found)
    assert "secret=query" not in text and "Ana" not in text  # no query string, no body
    assert token not in text


def test_plain_logs_are_as_before_no_access_lines(app, client, caplog):
    with caplog.at_level(logging.INFO):
        client.get("/healthz")
    assert not [record for record in caplog.records if record.name == "tracker.access"]
    assert not [h for h in logging.getLogger().handlers if h.get_name() == "tracker-json"]


def test_a_log_format_that_is_neither_is_refused_at_the_start(make_app):
    with pytest.raises(ValueError, match="TRACKER_LOG_FORMAT"):
        make_app(LOG_FORMAT="yaml")
