"""Forty saves sent to one session at the same moment, against real gunicorn: a save
that only lost the race for the next round number is retried on the server, so every one is
stored (201) under its own number 1..40 and the ledger is the replay of those 40 rounds; a
copy sent again under the same Idempotency-Key is still stored once."""

from __future__ import annotations

import pytest

from tests.support.database import rows
from tests.support.http import burst, send
from tests.support.live_server import Gunicorn, migrate
from tests.support.records import DRAW, PLAYERS, TALON, TONGITS
from tracker.engine import Rules, replay

SAVES = 40
REPEATS = 5  # of the keyed saves, sent twice


@pytest.mark.slow
def test_forty_concurrent_saves_to_one_session_all_succeed(database_url, tmp_path):
    instance = tmp_path / "instance"
    if not database_url.startswith("sqlite"):
        migrate(database_url, instance)
    server = Gunicorn(database_url, instance, workers=2).start()
    try:
        status, made = send(f"{server.url}/api/sessions", {"players": PLAYERS, "rules": {}})
        assert status == 201
        token = made["id"]
        records = [DRAW, TALON, TONGITS]
        requests = [  # half under a key of their own, half with none
            (records[i % 3], f"save-{i}" if i % 2 else None) for i in range(SAVES)
        ]
        repeats = [requests[i] for i in range(1, 2 * REPEATS, 2)]  # same key, same body
        answers = burst(f"{server.url}/api/sessions/{token}/rounds", requests + repeats)
        statuses = [status for status, _ in answers]
        assert statuses == [201] * (SAVES + REPEATS), [a for a in answers if a[0] != 201][:3]
        numbers = [body["number"] for _, body in answers[:SAVES]]
        assert sorted(numbers) == list(range(1, SAVES + 1))
        for index, (_, body) in zip(range(1, 2 * REPEATS, 2), answers[SAVES:], strict=True):
            assert body == answers[index][1]  # the copy got the first one's answer
        session = send(f"{server.url}/api/sessions/{token}", None, method="GET")[1]
    finally:
        server.stop()
    assert rows(database_url) == SAVES and session["round_count"] == SAVES
    stored = [item["record"] for item in session["rounds"]]
    ledger = replay(PLAYERS, Rules.from_dict(session["rules"]), 0, stored)
    assert session["balances"] == ledger.to_dict()["balances"]
    assert session["pot"] == ledger.to_dict()["pot"]
    # each answer's round is the one stored under its number
    for (body, _), (_, answer) in zip(requests, answers, strict=False):
        assert stored[answer["number"] - 1]["ending"] == body["ending"]
