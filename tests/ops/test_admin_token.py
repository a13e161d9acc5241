"""The admin token under a real gunicorn of two workers behind a proxy (TRUST_PROXY=1, every
request from the loopback as through Caddy): wrong tokens are counted per client address in
the database, so past `pins.MAX_WRONG` of them that address is refused 429 with Retry-After by
whichever worker answers, on /api/sessions, /metrics and /readyz alike, the right token
included, while another address's right token goes on; tries sent all at once count too. A
token shorter than 32 characters stops the start, saying so."""

from __future__ import annotations

import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.ops.test_gunicorn import get
from tests.support.admin import ADMIN_TOKEN
from tests.support.live_server import BIN, ROOT, Gunicorn, free_port, migrate
from tracker.core import pins

WRONG = "Bearer " + "w" * len(ADMIN_TOKEN)
RIGHT = f"Bearer {ADMIN_TOKEN}"


@pytest.fixture
def served(database_url, tmp_path):
    instance = tmp_path / "instance"
    migrate(database_url, instance)
    server = Gunicorn(
        database_url, instance, workers=2, TRUST_PROXY="1", TRACKER_ADMIN_TOKEN=ADMIN_TOKEN
    ).start()
    yield server.url
    server.stop()


def asked(base: str, path: str, phone: str, token: str | None = None):
    headers = {"X-Forwarded-For": phone, **({"Authorization": token} if token else {})}
    return get(base, path, **headers)


@pytest.mark.slow
def test_wrong_tokens_are_bounded_per_address_in_every_worker(served):
    phone, owner = "198.51.100.7", "198.51.100.8"
    for _ in range(pins.MAX_WRONG):  # each on a connection of its own: either worker
        status, _, body = asked(served, "/api/sessions", phone, WRONG)
        assert status == 403, body
    for path, token in (("/api/sessions", RIGHT), ("/metrics", WRONG), ("/readyz", RIGHT)):
        status, headers, body = asked(served, path, phone, token)
        assert status == 429, (path, body)
        assert 800 < int(headers["Retry-After"]) <= 900, headers
        assert b"too many wrong admin tokens" in body
        assert ADMIN_TOKEN.encode() not in body
    # another address: the right token is taken, the wrong one only counted
    assert asked(served, "/api/sessions", owner, RIGHT)[0] == 200
    status, _, body = asked(served, "/readyz", owner, RIGHT)
    assert status == 200 and set(json.loads(body)["checks"]) >= {"database", "disk"}
    assert asked(served, "/metrics", owner, RIGHT)[0] == 200
    # anyone else through the proxy is told ready, and nothing more
    status, _, body = asked(served, "/readyz", "198.51.100.9")
    assert (status, json.loads(body)) == (200, {"status": "ready"})
    # gunicorn's own caller on the loopback, through no proxy, is told each check's word
    status, _, body = get(served, "/readyz")
    assert status == 200 and json.loads(body)["checks"]["migrations"] == "ok"


@pytest.mark.slow
def test_tries_sent_all_at_once_are_all_counted(served):
    with ThreadPoolExecutor(8) as pool:
        tries = list(
            pool.map(lambda _: asked(served, "/api/sessions", "198.51.100.20", WRONG), range(16))
        )
    statuses = sorted(status for status, _, _ in tries)
    assert statuses.count(403) <= pins.MAX_WRONG and set(statuses) <= {403, 429}, statuses
    assert asked(served, "/api/sessions", "198.51.100.20", RIGHT)[0] == 429


@pytest.mark.slow
def test_a_short_admin_token_stops_the_start(database_url, tmp_path):
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "TRACKER_INSTANCE": str(tmp_path / "instance"),
        "SECRET_KEY": "short-token-test",
        "TRACKER_ADMIN_TOKEN": "hunter2-but-longer",  # 18 characters
    }
    command = [BIN / "gunicorn", "--bind", f"127.0.0.1:{free_port()}", "tracker:create_app()"]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "TRACKER_ADMIN_TOKEN must be at least 32 characters, not 18" in done.stderr
    assert "hunter2" not in done.stderr  # the token itself is never written to the log
