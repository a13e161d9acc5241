"""Issue 10, bounded PDF work against real gunicorn (one gthread worker): a print does not
stay in the worker's memory, and a print whose client left still ends within its bound."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.support.live_server import Gunicorn, migrate
from tests.support.rounds_factory import random_session

pytestmark = [pytest.mark.slow, pytest.mark.printed]

MIB = 1024 * 1024


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def children(pid: int) -> list[int]:
    return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def worker(server: Gunicorn) -> int:
    (pid,) = children(server.process.pid)
    return pid


def prints(pid: int) -> list[int]:
    """The worker's print children (python -m tracker.documents.render)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            command = Path(f"/proc/{child}/cmdline").read_bytes()
            if b"tracker.documents.render" in command:
                found.append(int(child))
    return found


def fetch(url: str, body: dict | None = None, timeout: float = 120):
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if body is not None else {}
    request = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


@pytest.fixture
def server(database_url, tmp_path, monkeypatch):
    def start(**limits) -> Gunicorn:
        for name, value in limits.items():
            monkeypatch.setenv(name, str(value))
        instance = tmp_path / "instance"
        migrate(database_url, instance)
        started.append(Gunicorn(database_url, instance, workers=1).start())
        return started[-1]

    started: list[Gunicorn] = []
    yield start
    for one in started:
        one.stop()


def imported(server: Gunicorn, rounds: int) -> str:
    status, _, body = fetch(
        f"{server.url}/api/sessions/import", random_session(seed=4, rounds=rounds)
    )
    assert status == 201, body
    return json.loads(body)["id"]


def test_a_print_does_not_stay_in_the_worker(server):
    live = server()
    token = imported(live, 200)
    assert fetch(f"{live.url}/s/{token}/export.csv")[0] == 200  # the session read once
    pid = worker(live)
    before = rss_mib(pid)
    status, headers, pdf = fetch(f"{live.url}/s/{token}/summary.pdf")
    assert status == 200 and pdf.startswith(b"%PDF-")
    grown = rss_mib(pid) - before
    assert grown < 30, f"the worker grew by {grown:.0f} MiB"  # in the worker it was ~60 MiB
    assert prints(pid) == []


def test_a_print_whose_client_left_ends_within_its_cpu_bound(server):
    live = server(SUMMARY_RENDER_CPU_SECONDS=2)
    token = imported(live, 400)  # about 7 s of CPU to print
    pid = worker(live)
    with pytest.raises((TimeoutError, urllib.error.URLError)):
        fetch(f"{live.url}/s/{token}/summary.pdf", timeout=1.0)  # the client leaves
    deadline = time.monotonic() + 20
    while not prints(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert prints(pid), "no print was started"
    deadline = time.monotonic() + 60  # 2 s of CPU, on a machine shared with other work
    while prints(pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert prints(pid) == []
    status, headers, page = fetch(f"{live.url}/s/{token}/summary.pdf")
    assert status == 503 and headers["Retry-After"] == "60"
    assert b"too large to print right now" in page
