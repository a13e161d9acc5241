"""Metrics and logs under a real gunicorn, run as scripts/serve.sh runs it (`-c
python:tracker.gunicorn_conf`, PROMETHEUS_MULTIPROC_DIR set): a scrape answered by any worker
adds up every worker's counts, those of workers that have exited too; gunicorn's and the app's
lines are all JSON under TRACKER_LOG_FORMAT=json."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from prometheus_client.multiprocess import MultiProcessCollector

from tests.support.admin import ADMIN_TOKEN
from tests.support.live_server import BIN, ROOT, free_port, migrate
from tests.support.metrics import value
from tests.support.records import DRAW, PLAYERS
from tracker import gunicorn_conf

HEALTHZ = {"route": "/healthz", "method": "GET", "status": "200"}


def get(base: str, path: str, method: str = "GET", body=None, **headers) -> tuple[int, dict, bytes]:
    data = None if body is None else json.dumps(body).encode()
    kind = {"Content-Type": "application/json"} if body is not None else {}
    asked = urllib.request.Request(base + path, data, {**kind, **headers}, method=method)
    try:
        with urllib.request.urlopen(asked, timeout=30) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def workers_of(master: int) -> set[int]:
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == master:
            found.add(int(stat.parent.name))
    return found


def wait_for(check, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.1)


@pytest.fixture
def served(database_url, tmp_path):
    """gunicorn, 2 workers of 2 threads, on the test's database; its stderr kept in a file."""
    instance, folder = tmp_path / "instance", tmp_path / "prometheus"
    migrate(database_url, instance)
    port, log = free_port(), (tmp_path / "gunicorn.log").open("w+")
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "TRACKER_INSTANCE": str(instance),
        "SECRET_KEY": "ops-test",
        "TRACKER_ADMIN_TOKEN": ADMIN_TOKEN,
        "PROMETHEUS_MULTIPROC_DIR": str(folder),  # made by the config's on_starting
        "TRACKER_LOG_FORMAT": "json",
    }
    command = [BIN / "gunicorn", "-c", "python:tracker.gunicorn_conf", "--bind"]
    command += [f"127.0.0.1:{port}", "--workers", "2", "--threads", "2", "tracker:create_app()"]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stderr=log, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: len(workers_of(process.pid)) == 2)
        yield base, process, folder, log
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()


def healthy(base: str) -> bool:
    try:
        return get(base, "/healthz")[0] == 200
    except OSError:
        return False


@pytest.mark.slow
def test_a_scrape_adds_up_every_workers_counts(served):
    base, master, folder, log = served
    asked = 0
    wait_for(lambda: healthy(base))  # each worker answers once it is up
    asked += 1
    with ThreadPoolExecutor(8) as pool:  # new connections, spread over the workers
        asked += sum(s == 200 for s, _, _ in pool.map(lambda _: get(base, "/healthz"), range(40)))
    first = workers_of(master.pid)
    for pid in first:  # every worker ends and is replaced: their counts must stay
        os.kill(pid, signal.SIGTERM)
    wait_for(lambda: len(workers_of(master.pid) - first) == 2)
    wait_for(lambda: healthy(base))
    asked += 1
    with ThreadPoolExecutor(8) as pool:
        asked += sum(s == 200 for s, _, _ in pool.map(lambda _: get(base, "/healthz"), range(30)))
    status, headers, body = get(base, "/api/sessions", "POST", {"players": PLAYERS})
    assert status == 201, body
    token = json.loads(body)["id"]
    assert get(base, f"/api/sessions/{token}/rounds", "POST", DRAW)[0] == 201
    status, headers, text = get(base, "/metrics")
    assert status == 200
    text = text.decode()
    assert value(text, "tracker_http_requests_total", **HEALTHZ) == asked
    assert value(text, "tracker_rounds_saved_total", change="new") == 1
    assert value(text, "tracker_push_outbox_rows") == 0  # no Pushpin: nothing written
    # the counts came from more than one process: the first two workers' files and the new ones'
    counted = set()
    for path in folder.glob("counter_*.db"):
        one = {m.name: m for m in MultiProcessCollector.merge([str(path)], accumulate=False)}
        family = one.get("tracker_http_requests")
        if family and any(s.value for s in family.samples if s.labels.get("route") == "/healthz"):
            counted.add(path.stem.removeprefix("counter_"))
    assert len(counted) >= 2, counted
    refused = get(base, "/metrics", **{"X-Forwarded-For": "203.0.113.9"})
    assert refused[0] == 404
    allowed = get(
        base, "/metrics", **{"X-Forwarded-For": "1.2.3.4", "Authorization": f"Bearer {ADMIN_TOKEN}"}
    )
    assert allowed[0] == 200


@pytest.mark.slow
def test_every_line_is_json_and_the_access_line_has_the_request_id(served):
    base, _master, _folder, log = served
    wait_for(lambda: healthy(base))
    status, headers, _ = get(base, "/api/sessions/nope?key=hidden", **{"X-Request-Id": "lb-42"})
    assert status == 404 and headers["X-Request-Id"] == "lb-42"

    def access():
        log.seek(0)
        lines = [json.loads(line) for line in log.read().splitlines() if line.strip()]
        return [line for line in lines if line.get("request_id") == "lb-42"], lines

    wait_for(lambda: access()[0])
    (line,), every = access()
    assert line["logger"] == "tracker.access" and line["status"] == 404
    assert line["route"] == "/api/sessions/<token>" and "nope" not in json.dumps(line)
    assert "hidden" not in json.dumps(every)
    booted = [entry for entry in every if entry["logger"] == "gunicorn.error"]
    assert booted, "gunicorn's own lines are JSON too"


def test_the_config_empties_the_folder_of_an_earlier_run(tmp_path, monkeypatch):
    folder = tmp_path / "prometheus"
    folder.mkdir()
    (folder / "counter_12345.db").write_bytes(b"old")
    (folder / "notes.txt").write_text("kept")
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(folder))
    gunicorn_conf.on_starting(None)
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt"]
