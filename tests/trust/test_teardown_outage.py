"""PostgreSQL lost as a request ends, under real gunicorn: the request's teardown (the database
session removed, its transaction rolled back) meets a connection the server closed. The
answer the app had made stands (nothing was lost: what the request saved was committed before),
a request that failed is the app's own 503, and nothing is ever gunicorn's bare "Internal
Server Error" page or a 500.

Two ways: the server ends the request's own backend between its answer and its teardown
(tests/support/cut_app.py: every time), and the whole server stopped (fast shutdown) under a
few hundred requests from several threads, then started again."""

from __future__ import annotations

import itertools
import json
import threading
import time
import urllib.error
import urllib.request

import pytest

from tests.support.cut_app import HEADER
from tests.support.live_server import Gunicorn, migrate
from tests.support.records import DRAW, PLAYERS
from tests.trust.test_postgres_restart import BIN, own_server, pg_ctl  # noqa: F401 (a fixture)

# a server of its own (as test_postgres_restart's), in the PostgreSQL pass only
pytestmark = [
    pytest.mark.postgres,
    pytest.mark.slow,
    pytest.mark.skipif(not BIN, reason="PostgreSQL is not installed"),
]
BARE = "Internal Server Error"  # gunicorn's own page, outside the app


class Answer:
    def __init__(self, status: int, headers, body: bytes):
        self.status, self.headers, self.body = status, headers, body
        self.text = body.decode("utf-8", "replace")

    def json(self):
        return json.loads(self.body)


def send(base: str, path: str, body=None, method: str = "GET", headers=None) -> Answer:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json", **(headers or {})}
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return Answer(response.status, response.headers, response.read())
    except urllib.error.HTTPError as error:
        return Answer(error.code, error.headers, error.read())


def served(url: str, tmp_path, app: str = "tracker:create_app()") -> Gunicorn:
    instance = tmp_path / "instance"
    migrate(url, instance)
    return Gunicorn(url, instance, workers=2, app=app).start()


def new_session(base: str) -> str:
    made = send(base, "/api/sessions", {"players": PLAYERS}, "POST")
    assert made.status == 201, made.text
    return made.json()["id"]


def test_backend_ended_between_answer_and_teardown(own_server, tmp_path):  # noqa: F811
    url, _data, _port = own_server
    server = served(url, tmp_path, "tests.support.cut_app:create()")
    try:
        base = server.url
        token = new_session(base)
        cut = {HEADER: "1"}
        page = send(base, f"/s/{token}", headers=cut)
        assert page.status == 200 and BARE not in page.text, page.text[:300]
        assert "Ana" in page.text
        seat = send(base, f"/api/sessions/{token}/draft/seats/0", DRAW["hands"][0], "PUT", cut)
        assert seat.status == 200, seat.text[:300]
        read = send(base, f"/api/sessions/{token}", headers=cut)
        assert read.status == 200, read.text[:300]
        assert read.json()["round_count"] == 0
        saved = send(
            base,
            f"/api/sessions/{token}/rounds",
            DRAW,
            "POST",
            {**cut, "Idempotency-Key": "cut-1"},
        )
        assert saved.status == 201, saved.text[:300]  # committed before its teardown: it stands
        assert saved.json()["number"] == 1
        again = send(
            base, f"/api/sessions/{token}/rounds", DRAW, "POST", {"Idempotency-Key": "cut-1"}
        )
        assert again.status in (200, 201) and again.json()["number"] == 1  # stored once
        assert send(base, f"/api/sessions/{token}").json()["round_count"] == 1
        draft = send(base, f"/api/sessions/{token}/draft").json()  # the write made before it
        assert draft["version"] >= 1, draft
    finally:
        server.stop()


SESSIONS, THREADS = 4, 8
BEFORE, AFTER = 90, 120  # answers before the server stops, and once it is back
UNAVAILABLE = "Nothing was saved by this request: try again"


class Load:
    """Threads sending a mix of page GETs, API GETs, draft writes and round saves to
    `sessions`, each answer kept as (path, Idempotency-Key or None, Answer), until stopped."""

    def __init__(self, base: str, sessions: list[str]):
        self.base, self.sessions = base, sessions
        self.answers: list[tuple[str, str | None, Answer]] = []
        self.lock, self.stop = threading.Lock(), threading.Event()
        self.keys = itertools.count()

    def one(self, step: int) -> tuple[str, str | None, Answer]:
        token = self.sessions[step % len(self.sessions)]
        kind = step % 5
        if kind == 0:  # the session's page
            return f"/s/{token}", None, send(self.base, f"/s/{token}")
        if kind in (1, 2):  # the session, its round draft
            path = f"/api/sessions/{token}" + ("/draft" if kind == 2 else "")
            return path, None, send(self.base, path)
        if kind == 3:  # a seat's hand written on the draft
            path = f"/api/sessions/{token}/draft/seats/{step % 3}"
            return path, None, send(self.base, path, DRAW["hands"][step % 3], "PUT")
        key = f"load-{next(self.keys)}"  # a round saved
        path = f"/api/sessions/{token}/rounds"
        return path, key, send(self.base, path, DRAW, "POST", {"Idempotency-Key": key})

    def run(self, first: int) -> None:
        step = first
        while not self.stop.is_set():
            answer = self.one(step)
            with self.lock:
                self.answers.append(answer)
            step += THREADS
            time.sleep(0.02 if answer[2].status == 503 else 0.005)  # a phone waits a little

    def wait_for(self, count: int, seconds: float = 20) -> None:
        deadline = time.monotonic() + seconds
        while len(self.answers) < count and time.monotonic() < deadline:
            time.sleep(0.01)


def assert_the_apps_503(path: str, answer: Answer) -> None:
    assert answer.status == 503, (path, answer.status, answer.text[:300])
    assert BARE not in answer.text and answer.headers["Retry-After"] == "30", answer.text[:300]
    if path.startswith("/api/"):  # the app's JSON errors: one problem, of the request
        (problem,) = answer.json()["errors"]
        assert problem["where"] == "request" and UNAVAILABLE in problem["message"], problem
    else:
        assert answer.headers.get_content_type() == "text/html"
        assert UNAVAILABLE in answer.text and "Try again in a moment" in answer.text


def test_server_stopped_under_load(own_server, tmp_path):  # noqa: F811
    url, data, port = own_server
    server = served(url, tmp_path)
    try:
        base = server.url
        load = Load(base, [new_session(base) for _ in range(SESSIONS)])
        threads = [threading.Thread(target=load.run, args=(n,)) for n in range(THREADS)]
        for thread in threads:
            thread.start()
        load.wait_for(BEFORE)
        pg_ctl(data, "-m", "fast", "stop")  # the pool's connections: ended by the server
        time.sleep(0.3)
        pg_ctl(
            data,
            "-l",
            str(data / "server.log"),
            "-o",
            f"-p {port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off",
            "start",
        )
        load.wait_for(len(load.answers) + AFTER)
        load.stop.set()
        for thread in threads:
            thread.join(30)
        answered_honestly(load)
        assert send(base, f"/s/{load.sessions[0]}").status == 200  # back, without a restart
        saved_once(load)
    finally:
        server.stop()


def answered_honestly(load: Load) -> None:
    """Every answer a success or the app's own 503; never a 500, gunicorn's or Flask's."""
    statuses = [answer.status for _path, _key, answer in load.answers]
    print(f"{len(statuses)} answers:", {code: statuses.count(code) for code in set(statuses)})
    assert 500 not in statuses
    for path, _key, answer in load.answers:
        if answer.status >= 300:
            assert_the_apps_503(path, answer)
    assert 503 in statuses  # the server was stopped under the load: some requests failed


def saved_once(load: Load) -> None:
    """Each round save that failed sent again with its key: one round a key, nothing lost and
    nothing stored twice."""
    saved: dict[str, set[int]] = {}
    for path, key, answer in load.answers:
        if key is None:
            continue
        if answer.status != 201:
            answer = send(load.base, path, DRAW, "POST", {"Idempotency-Key": key})
            assert answer.status in (200, 201), answer.text[:300]
        numbers = saved.setdefault(path, set())
        assert answer.json()["number"] not in numbers  # no two keys got the same round
        numbers.add(answer.json()["number"])
    for path, numbers in saved.items():
        assert send(load.base, path.removesuffix("/rounds")).json()["round_count"] == len(numbers)
