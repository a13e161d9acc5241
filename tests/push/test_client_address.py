"""Behind Pushpin (PUSH=1) the app sees each phone's own address, not Pushpin's loopback one:
wrong PINs from one phone lock out that phone only, and an X-Forwarded-For a phone writes
itself is never believed. Real Pushpin in front of the app, requests sent from loopback
addresses of their own."""

from __future__ import annotations

import http.client
import json
from urllib.parse import urlsplit

import pytest

from tests.support.records import DRAW, PLAYERS
from tracker.core import pins

pytestmark = pytest.mark.slow  # a real Pushpin started


def _post(url: str, source: str, path: str, body: dict, headers: dict) -> int:
    where = urlsplit(url)
    connection = http.client.HTTPConnection(
        where.hostname, where.port, timeout=10, source_address=(source, 0)
    )
    try:
        headers = {"Content-Type": "application/json", **headers}
        connection.request("POST", path, json.dumps(body), headers)
        return connection.getresponse().status
    finally:
        connection.close()


def _rounds(url: str) -> str:
    """A new session's rounds path, its PIN 4321."""
    connection = http.client.HTTPConnection(urlsplit(url).netloc, timeout=10)
    body = json.dumps({"players": PLAYERS, "pin": "4321"})
    connection.request("POST", "/api/sessions", body, {"Content-Type": "application/json"})
    made = json.loads(connection.getresponse().read())
    connection.close()
    return f"/api/sessions/{made['id']}/rounds"


def test_wrong_pins_from_one_phone_behind_pushpin_lock_out_that_phone_only(pushed):
    path = _rounds(pushed.url)
    forged = {"X-Edit-Pin": "0000", "X-Forwarded-For": "127.0.0.3"}  # naming the other phone
    statuses = [_post(pushed.url, "127.0.0.2", path, DRAW, forged) for _ in range(pins.MAX_WRONG)]
    assert statuses == [403] * (pins.MAX_WRONG - 1) + [429]  # the last try allowed, then a wait
    assert _post(pushed.url, "127.0.0.2", path, DRAW, {"X-Edit-Pin": "4321"}) == 429
    # the other phone at the table, through the same Pushpin, is not kept waiting
    assert _post(pushed.url, "127.0.0.3", path, DRAW, {"X-Edit-Pin": "4321"}) == 201


def test_an_x_forwarded_for_that_pushpin_did_not_sign_is_not_believed(pushed):
    path = _rounds(pushed.url)
    forged = {"X-Edit-Pin": "0000", "X-Forwarded-For": "127.0.0.5"}
    statuses = [
        _post(pushed.direct, "127.0.0.4", path, DRAW, forged) for _ in range(pins.MAX_WRONG)
    ]
    assert statuses == [403] * (pins.MAX_WRONG - 1) + [429]  # straight to the app, past Pushpin
    assert _post(pushed.direct, "127.0.0.4", path, DRAW, {"X-Edit-Pin": "4321"}) == 429
    assert _post(pushed.direct, "127.0.0.5", path, DRAW, {"X-Edit-Pin": "4321"}) == 201
