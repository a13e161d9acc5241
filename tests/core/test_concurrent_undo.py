"""Undo sent many times at once, against real gunicorn (two workers) on the test's database:
"still the last change" is checked inside the undo's own transaction, so of ten undos of one
restore exactly one takes the round away again and the nine others are refused (409), never a
second round deleted nor a server error. An event id no database can hold is "no such event"."""

from __future__ import annotations

import pytest

from tests.support.http import burst, send
from tests.support.live_server import Gunicorn, migrate
from tests.support.records import DRAW, PLAYERS, TALON, TONGITS

UNDOS = 10
TRIES = 4

pytestmark = pytest.mark.slow


def burst_posts(url: str, bodies: list[dict]) -> list[int]:
    """The statuses of POSTing each body from its own thread, all at the same moment."""
    return [status for status, _ in burst(url, [(body, None) for body in bodies])]


def last_event(url: str, token: str) -> dict:
    return send(f"{url}/api/sessions/{token}/history", None, method="GET")[1]["events"][0]


def test_ten_undos_of_one_restore_take_one_round_away(database_url, tmp_path):
    instance = tmp_path / "instance"
    if not database_url.startswith("sqlite"):
        migrate(database_url, instance)
    server = Gunicorn(database_url, instance, workers=2).start()
    try:
        url = server.url
        token = send(f"{url}/api/sessions", {"players": PLAYERS, "rules": {}})[1]["id"]
        for record in (DRAW, TALON, TONGITS, DRAW):
            assert send(f"{url}/api/sessions/{token}/rounds", record)[0] == 201
        for attempt in range(TRIES):
            assert send(f"{url}/api/sessions/{token}/rounds/2", None, method="DELETE")[0] == 200
            assert send(f"{url}/api/sessions/{token}/rounds/2/restore", {})[0] == 201
            restored = last_event(url, token)
            assert restored["kind"] == "round_restored"
            statuses = burst_posts(
                f"{url}/api/sessions/{token}/undo", [{"event": restored["id"]}] * UNDOS
            )
            assert sorted(statuses) == [200] + [409] * (UNDOS - 1), (attempt, statuses)
            session = send(f"{url}/api/sessions/{token}", None, method="GET")[1]
            assert session["round_count"] == 3, attempt  # the restored round 2 gone, no other
            assert [r["record"]["ending"] for r in session["rounds"]] == ["draw", "tongits", "draw"]
            # round 2 back for the next try, as the history's restore brings it
            assert send(f"{url}/api/sessions/{token}/rounds/2/restore", {})[0] == 201
        huge = send(f"{url}/api/sessions/{token}/undo", {"event": 2**64})
        assert huge[0] == 404 and huge[1]["errors"][0]["where"] == "event"
        for odd in (True, 1.5, "١٢", "1_0", -1):
            assert send(f"{url}/api/sessions/{token}/undo", {"event": odd})[0] == 404, odd
    finally:
        server.stop()
