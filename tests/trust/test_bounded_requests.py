"""Bounded work per request: a hand bigger than a deck is refused before any card of it is
read (a 190 KB hand of 65,000 cards took 7 s and left a 6 MB answer of 65,003 errors in the
draft, read again by every poll), and no answer lists more than 50 problems (the rest are
counted in one more)."""

from __future__ import annotations

import fcntl
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest
from werkzeug.test import EnvironBuilder

from tests.support.admin import ADMIN
from tests.support.drafts import url
from tests.support.records import TALON
from tests.support.rounds_factory import random_session
from tests.support.static import static_url
from tracker.core.heavy import one_heavy
from tracker.web.client_limit import ClientLimit

HUGE = "7S " * 65_000


def test_a_hand_bigger_than_a_deck_is_refused_and_the_draft_keeps_nothing(client, make_session):
    token = make_session()
    answer = client.put(url(token, "/seats/0"), json={"melds": [], "hand": HUGE})
    assert answer.status_code == 422
    (error,) = answer.get_json()["errors"]
    assert error["message"] == "the hand has 65000 cards, more than a deck holds"
    assert client.get(url(token)).get_json()["seats"][0]["hand"] is None
    melds = [["2S", "3S", "4S"]] * 19
    many = client.put(url(token, "/seats/1"), json={"melds": melds, "hand": []})
    assert many.status_code == 422
    assert "19 melds, more than a deck makes" in many.get_json()["errors"][0]["message"]


def test_a_round_with_a_huge_hand_is_checked_in_one_problem(client, make_session):
    token = make_session()
    record = {**TALON, "hands": [{"melds": [], "hand": HUGE}, *TALON["hands"][1:]]}
    for path in ("/rounds/check", "/rounds"):
        answer = client.post(f"/api/sessions/{token}{path}", json=record)
        assert answer.status_code == 422
        messages = [e["message"] for e in answer.get_json()["errors"]]
        assert "Ana's hand: 65000 cards, more than a deck holds" in messages
        assert len(messages) <= 3
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 0


def test_no_answer_lists_more_than_fifty_problems(client, make_session):
    token = make_session()
    hand = {f"key{n}": True for n in range(5_000)}  # 5,000 unknown keys
    answer = client.put(url(token, "/seats/0"), json=hand)
    assert answer.status_code == 422
    errors = answer.get_json()["errors"]
    assert len(errors) == 51
    assert errors[-1]["message"] == "and 4950 more problems"
    record = {**TALON, "hands": [hand, *TALON["hands"][1:]]}
    checked = client.post(f"/api/sessions/{token}/rounds/check", json=record)
    assert checked.status_code == 422 and len(checked.get_json()["errors"]) == 51
    # capped once by the engine, carried by the core's refusal: the count is kept
    assert checked.get_json()["errors"][-1]["message"] == "and 4950 more problems"


def test_a_big_session_is_read_a_page_of_rounds_at_a_time(client):
    made = client.post("/api/sessions/import", json=random_session(seed=5, rounds=450))
    assert made.status_code == 201, made.get_json()
    token = made.get_json()["id"]
    seen, link = [], f"/api/sessions/{token}"
    while link:
        page = client.get(link).get_json()
        assert len(page["rounds"]) <= 200 and page["round_count"] == 450
        seen += [r["number"] for r in page["rounds"]]
        link = page["rounds_next"]
    assert seen == list(range(1, 451))
    for bad in ("0", "451", "x", "9" * 20):
        answer = client.get(f"/api/sessions/{token}?from={bad}")
        assert answer.status_code == 400 and answer.get_json()["errors"][0]["where"] == "from"


@pytest.mark.slow
def test_a_session_holds_at_most_a_thousand_rounds(client):
    too_many = client.post("/api/sessions/import", json=random_session(seed=6, rounds=1_001))
    assert too_many.status_code == 422
    assert "1001 rounds is more than the 1,000 a session may hold" in str(too_many.get_json())
    full = client.post("/api/sessions/import", json=random_session(seed=6, rounds=1_000))
    token = full.get_json()["id"]
    refused = client.post(f"/api/sessions/{token}/rounds", json=TALON)
    assert refused.status_code == 409
    assert "at most 1,000 rounds" in refused.get_json()["errors"][0]["message"]


@contextmanager
def another_worker_busy(app):
    """The machine's heavy-work lock held, as another worker holds it during an import."""
    with held(Path(app.instance_path) / "heavy.lock"):
        yield


@contextmanager
def held(path: Path):
    """The file lock at `path` held by this process, as another worker of the machine holds
    it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)


@contextmanager
def another_thread_busy(app):
    """The lock held by another thread of this worker, through the app's own gate."""
    holding, done = threading.Event(), threading.Event()

    def hold():
        with app.app_context(), one_heavy():
            holding.set()
            done.wait(30)

    holder = threading.Thread(target=hold)
    holder.start()
    assert holding.wait(10)
    try:
        yield
    finally:
        done.set()
        holder.join()


def test_one_import_at_a_time_the_second_is_told_to_wait(client, app):
    """An import scores every round it holds: while heavy work runs on this machine (its lock
    held by another process), an import is refused at once with 503 and Retry-After, storing
    nothing."""
    export = random_session(seed=8, rounds=3)
    with another_worker_busy(app):
        busy = client.post("/api/sessions/import", json=export)
        group = client.post("/api/groups/import", json={"format": "tongits-tracker-group/1"})
        unread = client.post(  # refused before its body is parsed: no JSON error
            "/api/groups/import", data=b"{not json", content_type="application/json"
        )
    for answer in (busy, group, unread):
        assert answer.status_code == 503 and answer.headers["Retry-After"] == "30"
        assert "another import is running" in answer.get_json()["errors"][0]["message"]
    assert client.get("/api/sessions", headers=ADMIN).get_json()["sessions"] == []
    assert client.post("/api/sessions/import", json=export).status_code == 201


def test_the_machine_runs_one_heavy_request_at_a_time_and_refuses_the_next(
    client, app, make_session
):
    """While any worker of this machine runs heavy work (an import, here held by the test as
    another process would), an export, the rounds in full or a group's stats answer 503 at once;
    a tap, a poll and the home page do not wait for it. One thread of this worker holding it
    keeps out the others of the same worker too."""
    token = make_session()
    assert client.post(f"/api/sessions/{token}/rounds", json=TALON).status_code == 201
    heavy = [f"/api/sessions/{token}/export", f"/s/{token}/export.csv", f"/s/{token}?all=1"]
    for holder in (another_worker_busy(app), another_thread_busy(app)):
        with holder:
            for path in heavy:
                answer = client.get(path)
                assert answer.status_code == 503 and answer.headers["Retry-After"] == "5", path
            assert (
                "busy with another big request"
                in client.get(heavy[0]).get_json()["errors"][0]["message"]
            )
            for path in ("/", f"/s/{token}", url(token), f"/api/sessions/{token}/revision"):
                assert client.get(path).status_code == 200, path
            assert client.post(f"/api/sessions/{token}/rounds", json=TALON).status_code == 201
        assert [client.get(path).status_code for path in heavy] == [200, 200, 200]


def test_one_address_gets_client_at_once_requests_and_no_more(make_session, app):
    """With CLIENT_AT_ONCE=1, a request of one address still under way (its answer not read
    to the end) makes the next of that address a 429 with Retry-After, answered before Flask;
    another address is served, and the first address again once its request is done."""
    token = make_session()
    limited = ClientLimit(app.wsgi_app, 1)

    def call(address: str, path: str = f"/api/sessions/{token}"):
        seen = {}
        environ = EnvironBuilder(path=path, environ_base={"REMOTE_ADDR": address}).get_environ()
        body = limited(environ, lambda status, headers: seen.update(status=status, h=headers))
        return int(seen["status"][:3]), dict(seen["h"]), body

    status, _, open_answer = call("10.0.0.1")  # not read to its end: still under way
    assert status == 200
    refused, headers, body = call("10.0.0.1")
    assert (refused, headers["Retry-After"]) == (429, "1")
    assert b"too many requests at once" in b"".join(body)
    page, headers, _ = call("10.0.0.1", f"/s/{token}")
    assert page == 429 and headers["Content-Type"].startswith("text/html")
    assert call("10.0.0.2")[0] == 200  # another address
    # the files a page is made of are not counted: a phone asks for a dozen at once
    for path in (static_url(app, "app.css"), "/sw.js", "/manifest.webmanifest"):
        assert call("10.0.0.1", path)[0] == 200, path
    open_answer.close()
    assert call("10.0.0.1")[0] == 200


def test_a_kept_session_answer_follows_every_change(client, make_session):
    """The API's session answer is kept per revision; what moves no revision (its PIN set,
    removed) is part of what it is kept under, so no answer is stale."""
    token = make_session()
    owner = make_session.owner[token]
    api = f"/api/sessions/{token}"
    assert client.get(api).get_json()["pin"] is False
    assert client.put(f"{api}/pin", json={"pin": "2468"}, headers=owner).status_code == 200
    assert client.get(api).get_json()["pin"] is True
    assert client.post(f"{api}/rounds", json=TALON, headers=owner).status_code == 201
    answer = client.get(api).get_json()
    assert answer["round_count"] == 1 and len(answer["rounds"]) == 1
    assert client.put(f"{api}/pin", json={"pin": None}, headers=owner).status_code == 200
    assert client.get(api).get_json()["pin"] is False
