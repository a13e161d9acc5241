"""A few addresses trickling round bodies cannot take every thread for as long as they like:
every body is read whole within BODY_SECONDS before its view runs, then answered 408 with
nothing stored, and the threads it held come free for the other tables. Real gunicorn (one
worker, four threads), four trickles from two addresses under CLIENT_AT_ONCE=2, a raw socket."""

from __future__ import annotations

import json
import threading
import time

import pytest

from tests.support.live_server import Gunicorn, migrate
from tests.trust.test_slow_import import request, trickle

DEADLINE = 3  # seconds, for the test (10 by default)


@pytest.mark.slow
def test_round_bodies_trickled_from_two_addresses_hold_the_threads_only_till_the_deadline(
    database_url, tmp_path
):
    instance = tmp_path / "instance"
    if not database_url.startswith("sqlite"):
        migrate(database_url, instance)
    server = Gunicorn(
        database_url,
        instance,
        workers=1,
        CLIENT_AT_ONCE="2",
        TRACKER_BODY_SECONDS=str(DEADLINE),
    ).start()
    try:
        body = b'{"players": ["Ana", "Ben", "Cris"]}'
        status, made = request(server.port, "POST", "/api/sessions", body)
        assert status == 201
        token = made.split(b'"id":"', 1)[1].split(b'"', 1)[0].decode()
        said: list = []
        path = f"/api/sessions/{token}/rounds"
        slow = [
            threading.Thread(target=trickle, args=(server.port, said, path, source))
            for source in ("127.0.0.2", "127.0.0.2", "127.0.0.3", "127.0.0.3")
        ]
        started = time.monotonic()
        for thread in slow:
            thread.start()
        time.sleep(1)  # every thread of the worker is reading a trickle
        status, _ = request(server.port, "GET", "/", source="127.0.0.4")
        waited = time.monotonic() - started
        assert status == 200
        for thread in slow:
            thread.join(timeout=30)
        assert len(said) == 4 and all(a.startswith(b"HTTP/1.1 408") for a in said), said
        assert b"arrived too slowly" in said[0] and b"nothing was saved" in said[0]
        status, answer = request(server.port, "GET", f"/api/sessions/{token}")
        assert status == 200
        assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["rounds"] == []
        print(f"the home page answered after {waited:.1f} s (deadline {DEADLINE} s)")
    finally:
        server.stop()
